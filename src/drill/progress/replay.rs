//! A cache of replayed memory states, so a long history is not replayed on every load.
//!
//! A card's memory state comes from replaying its reviews through FSRS in time order; at
//! 100,000 reviews that replay took as long as reading the file. The store keeps the result
//! of the last replay next to the progress file ([`Replayed`]), saying how many reviews it
//! covers and a fingerprint of them. Reviews are only ever added (merges are unions), so when
//! the first `count` reviews of the sorted history still have that fingerprint, the cached
//! states are exactly what replaying them would give, and only the reviews after them are
//! replayed. Any other change (a review merged in earlier, a hand edit) changes the
//! fingerprint and the whole history is replayed, as before. The reviews stay the source of
//! truth; the cache is never needed.

use std::collections::HashMap;
use std::hash::Hasher;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::Review;
use crate::drill::scheduler::{CardState, Memory};

/// Memory states after the first `count` reviews (sorted by time, then id).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(from = "Stored", into = "Stored")]
pub struct Replayed {
    pub count: usize,
    /// [`fingerprint`] of those reviews, in hex.
    pub fingerprint: String,
    pub cards: HashMap<String, Memory>,
}

/// [`Replayed`] as written: each float as its bits, so the states read back are bit for bit
/// those a replay gives (a decimal float may not read back exactly).
#[derive(Serialize, Deserialize)]
struct Stored {
    count: usize,
    fingerprint: String,
    cards: Vec<StoredMemory>,
}

/// A card's memory state as the memo writes it (each float as its bits).
#[derive(Serialize, Deserialize)]
pub struct StoredMemory {
    card: String,
    due: DateTime<Utc>,
    stability: u64,
    difficulty: u64,
    reps: u32,
    lapses: u32,
    state: CardState,
    last_review: DateTime<Utc>,
}

impl From<Replayed> for Stored {
    fn from(replayed: Replayed) -> Stored {
        let cards = replayed
            .cards
            .into_iter()
            .map(|(card, m)| StoredMemory::new(card, &m))
            .collect();
        Stored {
            count: replayed.count,
            fingerprint: replayed.fingerprint,
            cards,
        }
    }
}

impl From<Stored> for Replayed {
    fn from(stored: Stored) -> Replayed {
        Replayed {
            count: stored.count,
            fingerprint: stored.fingerprint,
            cards: stored
                .cards
                .into_iter()
                .map(StoredMemory::into_memory)
                .collect(),
        }
    }
}

impl StoredMemory {
    pub fn new(card: String, m: &Memory) -> StoredMemory {
        StoredMemory {
            card,
            due: m.due,
            stability: m.stability.to_bits(),
            difficulty: m.difficulty.to_bits(),
            reps: m.reps,
            lapses: m.lapses,
            state: m.state,
            last_review: m.last_review,
        }
    }

    pub fn into_memory(self) -> (String, Memory) {
        let memory = Memory {
            due: self.due,
            stability: f64::from_bits(self.stability),
            difficulty: f64::from_bits(self.difficulty),
            reps: self.reps,
            lapses: self.lapses,
            state: self.state,
            last_review: self.last_review,
        };
        (self.card, memory)
    }
}

/// The cache as a [`super::Progress`] field: ignored when comparing progress, which it never
/// changes the meaning of.
#[derive(Debug, Clone, Default)]
pub struct Cached(pub Option<std::sync::Arc<Replayed>>);

impl PartialEq for Cached {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// A fingerprint of what replaying `reviews` depends on: each review's id, card, grade and time.
/// Stable across runs and builds (no random keys).
pub fn fingerprint(reviews: &[&Review]) -> String {
    let mut hasher = rustc_hash::FxHasher::default();
    for review in reviews {
        hasher.write(review.id.as_bytes());
        hasher.write_u8(0xff);
        hasher.write(review.card_id.as_bytes());
        hasher.write_u8(review.grade.number());
        hasher.write_i64(review.at.timestamp_micros());
    }
    hasher.write_usize(reviews.len());
    format!("{:016x}", hasher.finish())
}

impl Replayed {
    /// Whether this cache holds the states after the first `self.count` of `sorted`.
    pub fn fits(&self, sorted: &[&Review]) -> bool {
        self.count <= sorted.len()
            && self.count > 0
            && fingerprint(&sorted[..self.count]) == self.fingerprint
    }
}
