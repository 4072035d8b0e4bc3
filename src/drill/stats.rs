//! Numbers about the progress: reviews per day, retention, the due forecast, strength per tag,
//! answer times, cards never seen. Pure: computed from the progress, the deck and `now`.
//! Days are UTC days.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::{DateTime, Days, NaiveDate, Utc};
use serde::Serialize;

use super::scheduler::{Grade, Memory};
use super::store::Progress;
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
    pub cards: usize,
    /// Cards in the deck reviewed at least once.
    pub cards_seen: usize,
    /// Ids of the cards never reviewed, in deck order.
    pub never_seen: Vec<String>,
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
    pub average_seconds: Option<f64>,
    pub average_limit_seconds: Option<f64>,
    /// Reviews whose answer took longer than its limit.
    pub over_time: usize,
    pub drills: usize,
}

pub fn stats(progress: &Progress, cards: &[&Card], now: DateTime<Utc>) -> Stats {
    let memories = progress.memories();
    let last_grades: HashMap<&str, Grade> = progress
        .reviews
        .iter()
        .map(|r| (r.card_id.as_str(), r.grade))
        .collect();
    let today = now.date_naive();
    let in_deck: Vec<(&Card, Option<&Memory>)> =
        cards.iter().map(|c| (*c, memories.get(&c.id))).collect();
    let forecast = forecast(in_deck.iter().filter_map(|(_, m)| *m), today);
    let seconds: Vec<(f64, f64)> = progress
        .reviews
        .iter()
        .map(|r| (r.seconds, r.limit_seconds))
        .collect();
    let count = seconds.len() as f64;
    let mean = |f: fn(&(f64, f64)) -> f64| {
        (!seconds.is_empty()).then(|| seconds.iter().map(f).sum::<f64>() / count)
    };
    Stats {
        reviews: progress.reviews.len(),
        cards: cards.len(),
        cards_seen: in_deck.iter().filter(|(_, m)| m.is_some()).count(),
        never_seen: in_deck
            .iter()
            .filter(|(_, m)| m.is_none())
            .map(|(c, _)| c.id.clone())
            .collect(),
        due_today: forecast.first().map_or(0, |d| d.count),
        retention: retention(progress),
        reviews_per_day: reviews_per_day(progress, today),
        forecast,
        tags: tag_strengths(&in_deck, &last_grades, now),
        average_seconds: mean(|s| s.0),
        average_limit_seconds: mean(|s| s.1),
        over_time: seconds.iter().filter(|(s, limit)| s > limit).count(),
        drills: progress.drills.len(),
    }
}

/// Share of reviews after a card's first that were graded above Again.
fn retention(progress: &Progress) -> Option<f64> {
    let mut seen: HashSet<&str> = HashSet::new();
    let (mut recalled, mut total) = (0usize, 0usize);
    for review in &progress.reviews {
        if !seen.insert(&review.card_id) {
            total += 1;
            recalled += usize::from(review.grade > Grade::Again);
        }
    }
    (total > 0).then(|| recalled as f64 / total as f64)
}

fn reviews_per_day(progress: &Progress, today: NaiveDate) -> Vec<DayCount> {
    let mut counts: BTreeMap<NaiveDate, usize> = BTreeMap::new();
    for review in &progress.reviews {
        *counts.entry(review.at.date_naive()).or_default() += 1;
    }
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
    last_grades: &HashMap<&str, Grade>,
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
