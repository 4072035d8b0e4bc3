//! What `stats` needs of the reviews, gathered in one pass in time order.
//!
//! The sums are added in review order, so a tally kept for the first reviews and continued
//! with the later ones is bit for bit the tally of all of them: the store keeps one for the
//! reviews of `progress.json` in its memo (`store/memo.rs`), and `stats` on a long history then
//! reads only the memo and the log, never the 57 MB snapshot.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::Review;
use super::replay::StoredMemory;
use crate::drill::scheduler::{Grade, Memory, review};

/// The reviews so far, summed up.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    pub reviews: usize,
    /// Each reviewed card's latest grade.
    pub last_grades: HashMap<String, Grade>,
    /// Each reviewed card's memory state; see [`Tally::add`] and [`Tally::count`].
    pub memories: HashMap<String, Memory>,
    /// Reviews of a card seen before, and how many of them were graded above Again.
    pub repeats: usize,
    pub recalled: usize,
    /// Reviews per UTC day.
    pub per_day: BTreeMap<NaiveDate, usize>,
    pub seconds: f64,
    pub limit_seconds: f64,
    /// Reviews whose answer took longer than its limit.
    pub over_time: usize,
}

impl Tally {
    /// Counts the next review in time order, and replays it into the card's memory state.
    pub fn add(&mut self, r: &Review) {
        let memory = review(self.memories.get(&r.card_id), r.grade, r.at);
        self.memories.insert(r.card_id.clone(), memory);
        self.count(r);
    }

    /// Counts the next review in time order without replaying it (for a caller that has the
    /// memory states from elsewhere).
    pub fn count(&mut self, r: &Review) {
        self.reviews += 1;
        if self
            .last_grades
            .insert(r.card_id.clone(), r.grade)
            .is_some()
        {
            self.repeats += 1;
            self.recalled += usize::from(r.grade > Grade::Again);
        }
        *self.per_day.entry(r.at.date_naive()).or_default() += 1;
        self.seconds += r.seconds;
        self.limit_seconds += r.limit_seconds;
        self.over_time += usize::from(r.seconds > r.limit_seconds);
    }
}

/// [`Tally`] as the memo writes it: floats as their bits, so it reads back exactly.
#[derive(Serialize, Deserialize)]
pub struct StoredTally {
    reviews: usize,
    cards: Vec<(StoredMemory, Grade)>,
    repeats: usize,
    recalled: usize,
    per_day: Vec<(NaiveDate, usize)>,
    seconds: u64,
    limit_seconds: u64,
    over_time: usize,
}

impl From<&Tally> for StoredTally {
    fn from(tally: &Tally) -> StoredTally {
        let cards = tally
            .memories
            .iter()
            .filter_map(|(card, memory)| {
                let grade = *tally.last_grades.get(card)?;
                Some((StoredMemory::new(card.clone(), memory), grade))
            })
            .collect();
        StoredTally {
            reviews: tally.reviews,
            cards,
            repeats: tally.repeats,
            recalled: tally.recalled,
            per_day: tally.per_day.iter().map(|(d, n)| (*d, *n)).collect(),
            seconds: tally.seconds.to_bits(),
            limit_seconds: tally.limit_seconds.to_bits(),
            over_time: tally.over_time,
        }
    }
}

impl From<StoredTally> for Tally {
    fn from(stored: StoredTally) -> Tally {
        let mut tally = Tally {
            reviews: stored.reviews,
            repeats: stored.repeats,
            recalled: stored.recalled,
            per_day: stored.per_day.into_iter().collect(),
            seconds: f64::from_bits(stored.seconds),
            limit_seconds: f64::from_bits(stored.limit_seconds),
            over_time: stored.over_time,
            ..Tally::default()
        };
        for (memory, grade) in stored.cards {
            let (card, memory) = memory.into_memory();
            tally.last_grades.insert(card.clone(), grade);
            tally.memories.insert(card, memory);
        }
        tally
    }
}
