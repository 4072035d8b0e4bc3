//! The progress data: every review ever graded and every drill's summary.
//!
//! Reviews are the source of truth. A card's memory state is derived by replaying its reviews in
//! time order, so two progress files merge by taking the union of their reviews (by review id),
//! and reviews of cards that no longer exist are simply kept. Plain data; no disk access here.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::scheduler::{Grade, Memory, review};
use super::session::DrillMode;
use crate::content::Lang;

/// Seconds, as a plain number in JSON.
pub type Seconds = f64;

/// Fields this build does not know (written by a newer build, or added by hand, such as a
/// `note` on a review). They are kept as they are and written back, so a save never drops data.
pub type Extra = serde_json::Map<String, serde_json::Value>;

/// One graded answer. Read by hand (`progress/de.rs`), not derived, for speed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Review {
    /// Unique across every instance and machine; merging keys on it.
    pub id: String,
    pub card_id: String,
    /// When the answer was graded (RFC 3339 in JSON).
    pub at: DateTime<Utc>,
    pub grade: Grade,
    /// Time spent answering, pauses excluded.
    pub seconds: Seconds,
    pub limit_seconds: Seconds,
    /// For each key point of the card (in `lang`), whether the typed answer covered it.
    #[serde(default)]
    pub covered: Vec<bool>,
    /// The typed answer; empty when the user answered aloud.
    #[serde(default)]
    pub answer: String,
    #[serde(default)]
    pub hint_used: bool,
    /// The main card this was asked as a follow-up of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_up_of: Option<String>,
    pub lang: Lang,
    /// The drill this review was part of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drill_id: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl Review {
    /// Key points covered, out of how many.
    pub fn coverage(&self) -> Coverage {
        Coverage::of(&self.covered)
    }
}

/// Key points covered by an answer (or a drill's answers), and their total.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coverage {
    pub covered: usize,
    pub total: usize,
}

impl Coverage {
    /// From one flag per key point: true where the answer covered it.
    pub fn of(flags: &[bool]) -> Self {
        Coverage {
            covered: flags.iter().filter(|c| **c).count(),
            total: flags.len(),
        }
    }

    /// The covered share, 0 when there is nothing to cover.
    pub fn share(self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.covered as f64 / self.total as f64
        }
    }
}

impl std::ops::Add for Coverage {
    type Output = Coverage;

    fn add(self, other: Coverage) -> Coverage {
        Coverage {
            covered: self.covered + other.covered,
            total: self.total + other.total,
        }
    }
}

impl std::iter::Sum for Coverage {
    fn sum<I: Iterator<Item = Coverage>>(iter: I) -> Coverage {
        iter.fold(Coverage::default(), |sum, c| sum + c)
    }
}

/// One submitted answer (or a draft left in the box), saved the moment it is given, before any
/// grade: an interview grades at the end, and a drill cut short by a closed terminal or
/// `kill -9` must not lose what was typed. Attempts never move the scheduler; only reviews do.
/// A review of the same card in the same drill is the attempt's grade.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub id: String,
    pub card_id: String,
    /// When the answer was submitted (or the draft saved).
    pub at: DateTime<Utc>,
    pub answer: String,
    pub seconds: Seconds,
    pub limit_seconds: Seconds,
    pub mode: DrillMode,
    pub lang: Lang,
    #[serde(default)]
    pub covered: Vec<bool>,
    #[serde(default)]
    pub hint_used: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_up_of: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drill_id: Option<String>,
    /// True for text left in the answer box, never submitted (saved on quit or a signal).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub draft: bool,
    #[serde(flatten)]
    pub extra: Extra,
}

impl Attempt {
    /// Whether `review` grades this attempt: same card, same drill.
    pub fn graded_by(&self, review: &Review) -> bool {
        review.card_id == self.card_id
            && self.drill_id.is_some()
            && review.drill_id == self.drill_id
    }
}

/// How one question of a drill went.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QuestionSummary {
    pub card_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_up_of: Option<String>,
    pub seconds: Seconds,
    pub limit_seconds: Seconds,
    /// `None` when the question was skipped or the drill ended before it was graded.
    pub grade: Option<Grade>,
    #[serde(flatten)]
    pub coverage: Coverage,
    pub hint_used: bool,
    pub skipped: bool,
    /// True when the answer took longer than the limit.
    pub over_time: bool,
    #[serde(flatten)]
    pub extra: Extra,
}

/// The summary shown at the end of a drill and kept in the history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DrillSummary {
    pub id: String,
    pub started_at: DateTime<Utc>,
    pub ended_at: DateTime<Utc>,
    pub mode: DrillMode,
    pub lang: Lang,
    pub questions: Vec<QuestionSummary>,
    pub total_seconds: Seconds,
    pub total_limit_seconds: Seconds,
    pub graded: usize,
    pub skipped: usize,
    /// Key points covered and their total, over every answered question.
    #[serde(flatten)]
    pub coverage: Coverage,
    /// Tags of the questions graded lowest, weakest first.
    pub weakest_tags: Vec<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// Everything the progress file holds. Read by hand (`progress/de.rs`), not derived, for speed;
/// the `serde` attributes below say what is written.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Progress {
    /// Sorted by time, then id.
    #[serde(default)]
    pub reviews: Vec<Review>,
    #[serde(default)]
    pub drills: Vec<DrillSummary>,
    /// Answers submitted and drafts saved, graded or not (absent from files of older builds).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attempts: Vec<Attempt>,
    /// Top-level keys this build does not know; see [`Progress::unknown_keys`].
    #[serde(flatten)]
    pub extra: Extra,
    /// Memory states of an earlier replay, used by [`Progress::memories`] when they still fit
    /// the reviews. Kept by the store in its own file, never in this one.
    #[serde(skip)]
    pub replayed: replay::Cached,
}

impl Progress {
    /// The card's memory state, by replaying its reviews in time order; `None` if never reviewed.
    pub fn memory(&self, card_id: &str) -> Option<Memory> {
        self.reviews_of(card_id).fold(None, |memory, r| {
            Some(review(memory.as_ref(), r.grade, r.at))
        })
    }

    /// The memory state of every reviewed card (including cards no longer in the deck).
    ///
    /// Replays the reviews after those [`Progress::replayed`] covers, or all of them when it
    /// does not fit.
    pub fn memories(&self) -> HashMap<String, Memory> {
        let sorted: Vec<&Review> = self.sorted_reviews().collect();
        let cached = self.replayed.0.as_deref().filter(|c| c.fits(&sorted));
        let mut memories: HashMap<&str, Memory> = cached
            .map(|c| {
                c.cards
                    .iter()
                    .map(|(id, m)| (id.as_str(), m.clone()))
                    .collect()
            })
            .unwrap_or_default();
        for r in &sorted[cached.map_or(0, |c| c.count)..] {
            let next = review(memories.get(r.card_id.as_str()), r.grade, r.at);
            memories.insert(&r.card_id, next);
        }
        memories
            .into_iter()
            .map(|(id, memory)| (id.to_owned(), memory))
            .collect()
    }

    /// Whether [`Progress::replayed`] holds the states after some first reviews of this history.
    pub fn replayed_fits(&self) -> bool {
        let sorted: Vec<&Review> = self.sorted_reviews().collect();
        self.replayed.0.as_deref().is_some_and(|c| c.fits(&sorted))
    }

    /// Every card's memory state with what it covers, for the store to cache; `None` when the
    /// cache already covers every review.
    pub fn replay_for_cache(&self) -> Option<Replayed> {
        let sorted: Vec<&Review> = self.sorted_reviews().collect();
        if sorted.is_empty()
            || self
                .replayed
                .0
                .as_deref()
                .is_some_and(|c| c.count == sorted.len() && c.fits(&sorted))
        {
            return None;
        }
        Some(Replayed {
            count: sorted.len(),
            fingerprint: replay::fingerprint(&sorted),
            cards: self.memories(),
        })
    }

    /// The card's reviews, oldest first.
    pub fn reviews_of<'a>(&'a self, card_id: &'a str) -> impl Iterator<Item = &'a Review> + 'a {
        self.sorted_reviews().filter(move |r| r.card_id == card_id)
    }

    /// Reviews oldest first, whatever order a hand-edited file had them in.
    fn sorted_reviews(&self) -> impl Iterator<Item = &Review> {
        let mut sorted: Vec<&Review> = self.reviews.iter().collect();
        if !sorted.is_sorted_by(|a, b| (a.at, &a.id) <= (b.at, &b.id)) {
            sorted.sort_by(|a, b| (a.at, &a.id).cmp(&(b.at, &b.id)));
        }
        sorted.into_iter()
    }

    /// Sorts a list read from a file and keeps each id once (a hand-merged file may repeat
    /// one), without the id sets of [`Progress::merge`]: a repeated review has the same time, so
    /// its copies end up next to each other.
    pub fn normalize(&mut self) {
        self.sort();
        self.reviews.dedup_by(|a, b| a.id == b.id);
        let mut ids: HashSet<&str> = HashSet::new();
        let repeated: Vec<bool> = self.drills.iter().map(|d| !ids.insert(&d.id)).collect();
        let mut repeated = repeated.into_iter();
        self.drills.retain(|_| !repeated.next().unwrap_or(false));
    }

    /// Adds a review unless one with its id is already here.
    ///
    /// The list is kept sorted, so this is a binary search and one insert (usually at the end):
    /// recording stays cheap with a long history.
    pub fn add_review(&mut self, review: Review) {
        let key = (review.at, review.id.as_str());
        if let Err(at) = self
            .reviews
            .binary_search_by(|r| (r.at, r.id.as_str()).cmp(&key))
        {
            self.reviews.insert(at, review);
        }
    }

    /// Adds a drill summary unless one with its id is already here.
    pub fn add_drill(&mut self, drill: DrillSummary) {
        if !self.drills.iter().any(|d| d.id == drill.id) {
            self.drills.push(drill);
        }
        self.sort();
    }

    /// Adds an attempt unless one with its id is already here.
    pub fn add_attempt(&mut self, attempt: Attempt) {
        if !self.attempts.iter().any(|a| a.id == attempt.id) {
            self.attempts.push(attempt);
        }
        self.sort();
    }

    /// Submitted answers no review has graded yet, oldest first.
    pub fn ungraded(&self) -> impl Iterator<Item = &Attempt> {
        self.attempts
            .iter()
            .filter(|a| !a.draft && !self.reviews.iter().any(|r| a.graded_by(r)))
    }

    /// Drafts not overtaken by a later answer or review of the same card, oldest first.
    pub fn open_drafts(&self) -> impl Iterator<Item = &Attempt> {
        self.attempts.iter().filter(|d| {
            d.draft
                && !self
                    .attempts
                    .iter()
                    .any(|a| a.card_id == d.card_id && a.at > d.at)
                && !self
                    .reviews
                    .iter()
                    .any(|r| r.card_id == d.card_id && r.at >= d.at)
        })
    }

    /// The newest open draft of `card_id`, to offer back in its answer box.
    pub fn draft_of(&self, card_id: &str) -> Option<&Attempt> {
        self.open_drafts().filter(|d| d.card_id == card_id).last()
    }

    /// Top-level keys of the file this build does not know (kept, but not understood), so a
    /// front end can say so instead of showing an empty history without a word.
    pub fn unknown_keys(&self) -> Vec<&str> {
        self.extra.keys().map(String::as_str).collect()
    }

    /// The union of both: nothing either side recorded is lost, and each id is kept once
    /// (also when `other` repeats one, as a hand-merged file may). Unknown top-level keys are
    /// kept from both sides, this side's value winning.
    pub fn merge(&mut self, other: Progress) {
        if other.reviews.is_empty()
            && other.drills.is_empty()
            && other.attempts.is_empty()
            && other.extra.is_empty()
        {
            return;
        }
        for (key, value) in other.extra {
            self.extra.entry(key).or_insert(value);
        }
        union(&mut self.reviews, other.reviews, |r| &r.id);
        union(&mut self.drills, other.drills, |d| &d.id);
        union(&mut self.attempts, other.attempts, |a| &a.id);
        self.sort();
    }

    fn sort(&mut self) {
        self.reviews
            .sort_by(|a, b| (a.at, &a.id).cmp(&(b.at, &b.id)));
        self.drills
            .sort_by(|a, b| (a.started_at, &a.id).cmp(&(b.started_at, &b.id)));
        self.attempts
            .sort_by(|a, b| (a.at, &a.id).cmp(&(b.at, &b.id)));
    }
}

/// Adds to `mine` the records of `theirs` whose id it does not hold yet, each id once.
fn union<T>(mine: &mut Vec<T>, theirs: Vec<T>, id: impl Fn(&T) -> &String) {
    let mut ids: HashSet<String> = mine.iter().map(|x| id(x).clone()).collect();
    mine.extend(theirs.into_iter().filter(|x| ids.insert(id(x).clone())));
}

mod de;
pub mod replay;
pub mod tally;
pub use replay::Replayed;
pub use tally::Tally;

/// A fresh id for a review or drill: the time, then 16 hex digits that differ between calls,
/// processes and machines (from the process id, a counter and std's randomly keyed hasher).
pub fn new_id(at: DateTime<Utc>) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    hasher.write_i64(at.timestamp_nanos_opt().unwrap_or_default());
    if let Ok(elapsed) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(elapsed.as_nanos());
    }
    format!(
        "{}-{:016x}",
        at.format("%Y%m%dT%H%M%S%.3fZ"),
        hasher.finish()
    )
}
