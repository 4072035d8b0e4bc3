//! Numbers about the progress: reviews per day, retention, the due forecast, strength per tag,
//! answer times, cards never seen. Pure: computed from the progress, the deck and `now`.
//! Days are UTC days.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use chrono::{DateTime, Days, NaiveDate, Utc};
use serde::Serialize;

use super::progress::Tally;
use super::scheduler::{Grade, Memory};
use super::store::{self, Progress, Store, StoreError};
use crate::content::Card;

/// Days shown in the review history and the due forecast.
pub const DAYS: usize = 14;

/// A count on one day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DayCount {
    pub date: NaiveDate,
    pub count: usize,
}

/// How well the cards of one tag are held.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TagStrength {
    pub tag: String,
    pub cards: usize,
    pub seen: usize,
    /// Mean [`card_strength`] over the tag's cards, never-seen cards counting 0.
    pub strength: f64,
}

/// How far ahead [`card_strength`] looks: a week, the gap between two study weekends.
const HORIZON_DAYS: u64 = 7;

/// How well one card is held, from 0 to 1: half the FSRS probability of recall a week from
/// now, half the last grade (again 0, hard 1/3, good 2/3, easy 1).
///
/// Recall *now* is close to 1 for any card just reviewed, even one just failed, so it cannot
/// tell a fresh failure from a fresh success; a week ahead the memory state (a failed card has a
/// stability of hours) tells them apart, and the grade says what the user judged.
pub fn card_strength(memory: &Memory, last: Grade, now: DateTime<Utc>) -> f64 {
    let ahead = now.checked_add_days(Days::new(HORIZON_DAYS)).unwrap_or(now);
    let grade = f64::from(last.number() - 1) / 3.0;
    0.5 * memory.retrievability(ahead) + 0.5 * grade
}

/// Everything `infraprep stats` shows. The JSON field names are stable.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stats {
    /// Total reviews, including those of cards no longer in the deck.
    pub reviews: usize,
    #[serde(flatten)]
    pub coverage: Coverage,
    /// Cards due by the end of today, overdue ones included.
    pub due_today: usize,
    /// Share of reviews of already-seen cards graded above Again; `None` before any.
    pub retention: Option<f64>,
    /// Reviews on each of the last [`DAYS`] days, oldest first, today last.
    pub reviews_per_day: Vec<DayCount>,
    /// Cards falling due on each of the next [`DAYS`] days, today (with overdue) first.
    pub forecast: Vec<DayCount>,
    /// Weakest first.
    pub tags: Vec<TagStrength>,
    #[serde(flatten)]
    pub times: AnswerTimes,
    pub drills: usize,
}

/// How much of the deck has been reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Coverage {
    /// Cards in the deck.
    pub cards: usize,
    /// Cards in the deck reviewed at least once.
    pub cards_seen: usize,
    /// Ids of the cards never reviewed, in deck order.
    pub never_seen: Vec<String>,
}

/// How long answers took, against the time they were given; `None` before any review.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnswerTimes {
    pub average_seconds: Option<f64>,
    pub average_limit_seconds: Option<f64>,
    /// Reviews whose answer took longer than its limit.
    pub over_time: usize,
}

/// The stats of the progress in the data dir `dir`: from the store's memo and log when they
/// hold every review ([`crate::drill::store::quick_tally`]), else from the whole progress.
pub fn stats_of(dir: &Path, cards: &[&Card], now: DateTime<Utc>) -> Result<Stats, StoreError> {
    if let Some((tally, drills)) = store::quick_tally(dir)? {
        return Ok(from_tally(&tally, drills, cards, now));
    }
    let progress = Store::open(dir)?.into_progress();
    Ok(stats(&progress, cards, now))
}

pub fn stats(progress: &Progress, cards: &[&Card], now: DateTime<Utc>) -> Stats {
    let mut tally = Tally::default();
    for review in &progress.reviews {
        tally.count(review);
    }
    tally.memories = progress.memories();
    from_tally(&tally, progress.drills.len(), cards, now)
}

/// [`stats`] from a tally of every review and the number of drills.
pub fn from_tally(tally: &Tally, drills: usize, cards: &[&Card], now: DateTime<Utc>) -> Stats {
    let today = now.date_naive();
    let in_deck: Vec<(&Card, Option<&Memory>)> = cards
        .iter()
        .map(|c| (*c, tally.memories.get(&c.id)))
        .collect();
    let forecast = forecast(in_deck.iter().filter_map(|(_, m)| *m), today);
    let count = tally.reviews as f64;
    let mean = |sum: f64| (tally.reviews > 0).then(|| sum / count);
    Stats {
        reviews: tally.reviews,
        coverage: Coverage {
            cards: cards.len(),
            cards_seen: in_deck.iter().filter(|(_, m)| m.is_some()).count(),
            never_seen: in_deck
                .iter()
                .filter(|(_, m)| m.is_none())
                .map(|(c, _)| c.id.clone())
                .collect(),
        },
        due_today: forecast.first().map_or(0, |d| d.count),
        // Share of reviews after a card's first that were graded above Again.
        retention: (tally.repeats > 0).then(|| tally.recalled as f64 / tally.repeats as f64),
        reviews_per_day: reviews_per_day(&tally.per_day, today),
        forecast,
        tags: tag_strengths(&in_deck, &tally.last_grades, now),
        times: AnswerTimes {
            average_seconds: mean(tally.seconds),
            average_limit_seconds: mean(tally.limit_seconds),
            over_time: tally.over_time,
        },
        drills,
    }
}

fn reviews_per_day(counts: &BTreeMap<NaiveDate, usize>, today: NaiveDate) -> Vec<DayCount> {
    (0..DAYS as u64)
        .rev()
        .filter_map(|back| today.checked_sub_days(Days::new(back)))
        .map(|date| DayCount {
            date,
            count: counts.get(&date).copied().unwrap_or(0),
        })
        .collect()
}

fn forecast<'a>(memories: impl Iterator<Item = &'a Memory>, today: NaiveDate) -> Vec<DayCount> {
    let mut days: Vec<DayCount> = (0..DAYS as u64)
        .filter_map(|ahead| today.checked_add_days(Days::new(ahead)))
        .map(|date| DayCount { date, count: 0 })
        .collect();
    for memory in memories {
        let offset = (memory.due.date_naive() - today).num_days().max(0);
        if let Some(day) = usize::try_from(offset).ok().and_then(|i| days.get_mut(i)) {
            day.count += 1;
        }
    }
    days
}

/// Strength per tag, weakest first. `last_grades` holds each card's latest grade.
fn tag_strengths(
    in_deck: &[(&Card, Option<&Memory>)],
    last_grades: &HashMap<String, Grade>,
    now: DateTime<Utc>,
) -> Vec<TagStrength> {
    let mut by_tag: BTreeMap<&str, (usize, usize, f64)> = BTreeMap::new();
    for (card, memory) in in_deck {
        let strength = memory
            .zip(last_grades.get(card.id.as_str()))
            .map(|(memory, grade)| card_strength(memory, *grade, now));
        for tag in &card.tags {
            let entry = by_tag.entry(tag).or_default();
            entry.0 += 1;
            if let Some(strength) = strength {
                entry.1 += 1;
                entry.2 += strength;
            }
        }
    }
    let mut tags: Vec<TagStrength> = by_tag
        .into_iter()
        .map(|(tag, (cards, seen, sum))| TagStrength {
            tag: tag.to_owned(),
            cards,
            seen,
            strength: sum / cards as f64,
        })
        .collect();
    tags.sort_by(|a, b| a.strength.total_cmp(&b.strength).then(a.tag.cmp(&b.tag)));
    tags
}

mod missed;
pub use missed::{MissedPoint, missed_points};

#[cfg(test)]
mod tests;
