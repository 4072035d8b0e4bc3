//! Spaced repetition: FSRS memory states, and which cards are due.
//!
//! We use rs-fsrs (FSRS-5, default weights, no fuzz) rather than fsrs 6: it is a few small crates
//! instead of a training stack, and its card-level API gives due dates directly. Our own `Memory`
//! type is what gets stored (derived by replaying reviews), so switching to fsrs 6 later means
//! replaying the same review log with another function, with no change to the progress file.
//! This module is pure: no clock, no disk.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Days, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::store::Progress;

/// How well an answer went, as the user judges it after the reveal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum Grade {
    Again = 1,
    Hard = 2,
    Good = 3,
    Easy = 4,
}

impl Grade {
    pub const ALL: [Grade; 4] = [Grade::Again, Grade::Hard, Grade::Good, Grade::Easy];

    pub const fn number(self) -> u8 {
        self as u8
    }

    pub const fn label(self) -> &'static str {
        match self {
            Grade::Again => "again",
            Grade::Hard => "hard",
            Grade::Good => "good",
            Grade::Easy => "easy",
        }
    }

    const fn rating(self) -> rs_fsrs::Rating {
        match self {
            Grade::Again => rs_fsrs::Rating::Again,
            Grade::Hard => rs_fsrs::Rating::Hard,
            Grade::Good => rs_fsrs::Rating::Good,
            Grade::Easy => rs_fsrs::Rating::Easy,
        }
    }
}

impl From<Grade> for u8 {
    fn from(grade: Grade) -> u8 {
        grade.number()
    }
}

impl TryFrom<u8> for Grade {
    type Error = String;

    fn try_from(value: u8) -> Result<Self, Self::Error> {
        match value {
            1 => Ok(Grade::Again),
            2 => Ok(Grade::Hard),
            3 => Ok(Grade::Good),
            4 => Ok(Grade::Easy),
            other => Err(format!(
                "grade '{other}' is not 1-4 (1 again, 2 hard, 3 good, 4 easy)"
            )),
        }
    }
}

impl FromStr for Grade {
    type Err = String;

    /// Reads `1`..`4` or the names `again`, `hard`, `good`, `easy`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if let Some(grade) = Grade::ALL
            .into_iter()
            .find(|g| g.label().eq_ignore_ascii_case(s))
        {
            return Ok(grade);
        }
        s.parse::<u8>()
            .map_err(|_| format!("grade '{s}' is not 1-4 (1 again, 2 hard, 3 good, 4 easy)"))
            .and_then(Grade::try_from)
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Where a card is in the FSRS life cycle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardState {
    #[default]
    New,
    Learning,
    Review,
    Relearning,
}

/// What FSRS knows about one card after its reviews so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Memory {
    /// When the card should be asked again.
    pub due: DateTime<Utc>,
    /// Days until recall probability falls to 90%.
    pub stability: f64,
    /// 1 (easy) to 10 (hard).
    pub difficulty: f64,
    pub reps: u32,
    /// Times the card was forgotten (graded Again) after it had been learned.
    pub lapses: u32,
    pub state: CardState,
    pub last_review: DateTime<Utc>,
}

impl Memory {
    /// Probability of recall at `now` (0 for a card never learned), from the FSRS forgetting curve.
    pub fn retrievability(&self, now: DateTime<Utc>) -> f64 {
        self.to_fsrs().get_retrievability(now)
    }

    fn to_fsrs(&self) -> rs_fsrs::Card {
        rs_fsrs::Card {
            due: self.due,
            stability: self.stability,
            difficulty: self.difficulty,
            elapsed_days: 0,
            scheduled_days: (self.due - self.last_review).num_days(),
            reps: i32::try_from(self.reps).unwrap_or(i32::MAX),
            lapses: i32::try_from(self.lapses).unwrap_or(i32::MAX),
            state: match self.state {
                CardState::New => rs_fsrs::State::New,
                CardState::Learning => rs_fsrs::State::Learning,
                CardState::Review => rs_fsrs::State::Review,
                CardState::Relearning => rs_fsrs::State::Relearning,
            },
            last_review: self.last_review,
        }
    }

    fn from_fsrs(card: &rs_fsrs::Card) -> Memory {
        Memory {
            due: card.due,
            stability: card.stability,
            difficulty: card.difficulty,
            reps: u32::try_from(card.reps).unwrap_or(0),
            lapses: u32::try_from(card.lapses).unwrap_or(0),
            state: match card.state {
                rs_fsrs::State::New => CardState::New,
                rs_fsrs::State::Learning => CardState::Learning,
                rs_fsrs::State::Review => CardState::Review,
                rs_fsrs::State::Relearning => CardState::Relearning,
            },
            last_review: card.last_review,
        }
    }
}

/// Built once: the default parameters are the same for every review, and a long history replays
/// every review on each load.
static FSRS: std::sync::LazyLock<rs_fsrs::FSRS> = std::sync::LazyLock::new(rs_fsrs::FSRS::default);

/// The memory after grading a card at `now`; `None` is a card never reviewed.
pub fn review(memory: Option<&Memory>, grade: Grade, now: DateTime<Utc>) -> Memory {
    let card = memory.map_or_else(
        || rs_fsrs::Card {
            due: now,
            last_review: now,
            ..rs_fsrs::Card::default()
        },
        Memory::to_fsrs,
    );
    let next = FSRS.next(card, now, grade.rating());
    Memory::from_fsrs(&next.card)
}

/// How many days before the exam the final pass starts: seen cards that would next come up only
/// after the exam are brought forward once, spread over these days.
pub const FINAL_PASS_DAYS: u64 = 7;

/// The cards to drill at `now`, most urgent first.
///
/// Cards due now come first, most overdue first. With an exam date, the queue also takes, each
/// day, enough never-seen cards (in `ids` order) that all are introduced by the day before the
/// exam; and during the last [`FINAL_PASS_DAYS`] days, enough seen cards whose next due date falls
/// on or after the exam (and that were not reviewed since the final pass began) that each gets one
/// refresher before it. Dates are UTC days.
pub fn due_queue(
    ids: &[&str],
    progress: &Progress,
    now: DateTime<Utc>,
    exam: Option<NaiveDate>,
) -> Vec<String> {
    let memories = progress.memories();
    let mut due: Vec<(&str, DateTime<Utc>)> = ids
        .iter()
        .filter_map(|id| memories.get(*id).map(|m| (*id, m.due)))
        .filter(|(_, when)| *when <= now)
        .collect();
    due.sort_by_key(|(_, when)| *when);
    let mut queue: Vec<String> = due.into_iter().map(|(id, _)| id.to_owned()).collect();
    if let Some(exam) = exam {
        for id in exam_extras(ids, &memories, now, exam) {
            if !queue.iter().any(|q| q == id) {
                queue.push(id.to_owned());
            }
        }
    }
    queue
}

/// The cards an exam date adds today (see [`due_queue`]).
fn exam_extras<'a>(
    ids: &[&'a str],
    memories: &HashMap<String, Memory>,
    now: DateTime<Utc>,
    exam: NaiveDate,
) -> Vec<&'a str> {
    let today = now.date_naive();
    let days_left = (exam - today).num_days();
    if days_left <= 0 {
        return Vec::new();
    }
    let per_day = |n: usize| n.div_ceil(usize::try_from(days_left).unwrap_or(usize::MAX));
    let unseen: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|id| !memories.contains_key(*id))
        .collect();
    let mut extras: Vec<&str> = unseen.iter().copied().take(per_day(unseen.len())).collect();
    let pass_start = exam
        .checked_sub_days(Days::new(FINAL_PASS_DAYS))
        .unwrap_or(exam);
    if today >= pass_start {
        let pass_start_at = pass_start.and_time(chrono::NaiveTime::MIN).and_utc();
        let mut late: Vec<(&str, DateTime<Utc>)> = ids
            .iter()
            .filter_map(|id| memories.get(*id).map(|m| (*id, m)))
            .filter(|(_, m)| m.due.date_naive() >= exam && m.last_review < pass_start_at)
            .map(|(id, m)| (id, m.last_review))
            .collect();
        late.sort_by_key(|(_, last)| *last);
        let days_in_pass = (exam - today).num_days().max(1);
        let take = late
            .len()
            .div_ceil(usize::try_from(days_in_pass).unwrap_or(1));
        extras.extend(late.into_iter().take(take).map(|(id, _)| id));
    }
    extras
}

#[cfg(test)]
mod tests;
