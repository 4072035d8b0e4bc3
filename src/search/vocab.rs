//! The index's vocabulary, arranged for expanding a query word: the longer words it starts (so
//! results come as you type) and the words one typo away (insert, delete, replace or swap).

use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use rustc_hash::FxHasher;

use super::index::Inverted;
use super::text::{gram_chars, root, root_prefix};

/// Words shorter than this are never matched with a typo: too many short words are one edit apart.
pub(crate) const TYPO_MIN_CHARS: usize = 5;

#[derive(Default)]
pub(crate) struct Vocabulary {
    /// Latin words, sorted, for prefix ranges.
    sorted: Vec<(String, u32)>,
    /// Hashes of each word (of four letters or more) with one char deleted, sorted: two words
    /// one edit apart share such a variant, or one is a variant of the other. Built on the first
    /// typo, so that a deck loads without paying for it.
    deletes: OnceLock<Vec<(u64, u32)>>,
    /// Every CJK key, for finding the bigrams that hold one character.
    grams: Vec<(u64, u32)>,
    /// For each term id, its place in `sorted` (`u32::MAX` for CJK keys).
    place: Vec<u32>,
}

impl Vocabulary {
    pub fn build(index: &Inverted) -> Vocabulary {
        let mut sorted: Vec<(String, u32)> = index
            .words
            .iter()
            .map(|(word, &id)| (word.to_string(), id))
            .collect();
        sorted.sort_unstable();
        // By key, so that ties among bigrams of equal frequency go the same way in every
        // index of the deck (a query's own, or the whole one).
        let mut grams: Vec<(u64, u32)> = index.grams.iter().map(|(&k, &id)| (k, id)).collect();
        grams.sort_unstable();
        let mut place = vec![u32::MAX; index.term_count()];
        for (at, (_, id)) in sorted.iter().enumerate() {
            place[*id as usize] = u32::try_from(at).unwrap_or(u32::MAX);
        }
        Vocabulary {
            sorted,
            deletes: OnceLock::new(),
            grams,
            place,
        }
    }

    fn deletes(&self) -> &[(u64, u32)] {
        self.deletes.get_or_init(|| {
            let mut deletes = Vec::new();
            for (word, id) in &self.sorted {
                let chars: Vec<char> = word.chars().collect();
                if chars.len() + 1 >= TYPO_MIN_CHARS {
                    for skip in 0..chars.len() {
                        deletes.push((hash_without(&chars, skip), *id));
                    }
                }
            }
            deletes.sort_unstable();
            deletes.dedup();
            deletes
        })
    }

    /// Words that start with `prefix` and are longer, with their ids.
    pub fn prefixed<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = (&'a str, u32)> {
        self.starting(prefix)
            .filter(move |(w, _)| w.len() > prefix.len())
    }

    /// Words that start with `prefix`, `prefix` itself included, with their ids.
    pub fn starting<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = (&'a str, u32)> {
        let start = self.sorted.partition_point(|(w, _)| w.as_str() < prefix);
        self.sorted[start..]
            .iter()
            .take_while(move |(w, _)| w.starts_with(prefix))
            .map(|(w, id)| (w.as_str(), *id))
    }

    /// The ids of the other forms of `word`: words with the same [`root`] (`calculation` finds
    /// `calculate` and `calculated`; `latencies` finds `latency`).
    pub fn forms(&self, word: &str) -> Vec<u32> {
        let Some(stem) = root(word) else {
            return Vec::new();
        };
        self.starting(root_prefix(&stem))
            .filter(|&(w, _)| w != word && root(w).as_ref() == Some(&stem))
            .map(|(_, id)| id)
            .collect()
    }

    /// The ids of words one edit from `word` (not `word` itself).
    pub fn near(&self, word: &str, index: &Inverted) -> Vec<u32> {
        let chars: Vec<char> = word.chars().collect();
        if chars.len() < TYPO_MIN_CHARS {
            return Vec::new();
        }
        let mut found: Vec<u32> = Vec::new();
        let deletes = self.deletes();
        let probe = |hash: u64, found: &mut Vec<u32>| {
            let start = deletes.partition_point(|(h, _)| *h < hash);
            found.extend(
                deletes[start..]
                    .iter()
                    .take_while(|(h, _)| *h == hash)
                    .map(|(_, id)| *id),
            );
        };
        probe(hash_str(word), &mut found);
        for skip in 0..chars.len() {
            probe(hash_without(&chars, skip), &mut found);
            let shorter: String = chars
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, c)| c)
                .collect();
            if let Some(&id) = index.words.get(shorter.as_str()) {
                found.push(id);
            }
        }
        found.sort_unstable();
        found.dedup();
        found.retain(|&id| {
            self.word(id)
                .is_some_and(|w| w != word && strsim::osa_distance(w, word) == 1)
        });
        found
    }

    /// The Latin word with this id.
    pub fn word(&self, id: u32) -> Option<&str> {
        let at = *self.place.get(id as usize)?;
        self.sorted.get(at as usize).map(|(w, _)| w.as_str())
    }

    /// The CJK keys holding `c`.
    pub fn grams_with(&self, c: char) -> impl Iterator<Item = u32> + '_ {
        self.grams.iter().filter_map(move |&(key, id)| {
            let (first, second) = gram_chars(key);
            (first == c || second == Some(c)).then_some(id)
        })
    }
}

fn hash_str(word: &str) -> u64 {
    let mut hasher = FxHasher::default();
    word.chars().for_each(|c| c.hash(&mut hasher));
    hasher.finish()
}

fn hash_without(chars: &[char], skip: usize) -> u64 {
    let mut hasher = FxHasher::default();
    chars
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != skip)
        .for_each(|(_, c)| c.hash(&mut hasher));
    hasher.finish()
}
