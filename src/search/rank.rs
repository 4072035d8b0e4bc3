//! Running a compiled query: BM25F per concept, coverage of the query, then tiers.
//!
//! Each concept scores like one BM25 term whose frequency in a card is its best spelling's
//! weighted count over the card's fields (a spelling of several words counts as often as its
//! rarest word). A card must match more than half of the query (by concept share) to show, so
//! one missing word does not hide a card (and where no card does, the cards matching any of it
//! show, best first); in a query of three or more words, the concepts a card's title holds
//! count twice towards that half. Cards holding the query as a phrase in a title come first,
//! then cards whose title holds every concept, then the rest; ties go by relevance, then deck
//! order.

use super::index::{Inverted, SLOTS, Slot};
use super::query::{Concept, Expand, Query, SYNONYM};
use super::text::Term;
use super::vocab::Vocabulary;
use super::{Hit, SearchIndex};
use crate::content::glossary::TermGroup;

/// BM25 term-frequency saturation.
const K1: f32 = 1.2;
/// A longer word the typed one starts, counted for less than the word itself.
const PREFIX: f32 = 0.6;
/// Another form of the typed word (same English root: `calculation`, `calculate`).
const FORM: f32 = 0.9;
/// A word one typo from the typed one.
const TYPO: f32 = 0.7;
/// A lone Chinese character found inside a bigram.
const CHAR: f32 = 0.8;
/// At most this many longer words per prefix (the most common ones).
const MAX_PREFIXED: usize = 16;

/// One spelling resolved to term ids.
struct Resolved {
    ids: Vec<u32>,
    weight: f32,
}

/// Dense per-card buffers for one spelling: its length-normalised count in each field.
struct Buffer {
    value: Vec<[f32; SLOTS]>,
    touched: Vec<u32>,
}

impl Buffer {
    fn new(cards: usize) -> Buffer {
        Buffer {
            value: vec![[0.0; SLOTS]; cards],
            touched: Vec::new(),
        }
    }

    fn is_empty_at(&self, card: usize) -> bool {
        self.value[card].iter().all(|&v| v == 0.0)
    }

    /// Adds a term's normalised count per card and field.
    fn add_term(&mut self, index: &Inverted, id: u32) {
        for p in index.postings.of(id) {
            let card = p.card as usize;
            // Only a damaged cache file could name a card past the deck: skip it, never panic.
            if card >= self.value.len() || card >= index.norm.len() {
                continue;
            }
            if self.is_empty_at(card) {
                self.touched.push(p.card);
            }
            let slot = p.slot as usize;
            self.value[card][slot] += f32::from(p.count) * index.norm[card][slot];
        }
    }

    /// Keeps, per card and field, the smaller of this and `other`: a spelling of several words
    /// counts in a field as often as its rarest word there.
    fn keep_min(&mut self, other: &Buffer) {
        for &card in &self.touched {
            let c = card as usize;
            for (mine, theirs) in self.value[c].iter_mut().zip(other.value[c]) {
                *mine = mine.min(theirs);
            }
        }
    }

    /// Keeps, per card and field, the larger of this and `other` weighted.
    fn keep_max(&mut self, other: &Buffer, weight: f32) {
        for &card in &other.touched {
            let c = card as usize;
            if other.is_empty_at(c) {
                continue;
            }
            if self.is_empty_at(c) {
                self.touched.push(card);
            }
            for (mine, theirs) in self.value[c].iter_mut().zip(other.value[c]) {
                *mine = mine.max(theirs * weight);
            }
        }
    }

    fn clear(&mut self) {
        for &card in &self.touched {
            self.value[card as usize] = [0.0; SLOTS];
        }
        self.touched.clear();
    }
}

/// Per-card totals over the whole query.
struct Totals {
    score: Vec<f32>,
    covered: Vec<f32>,
    titled: Vec<f32>,
    /// The summed share of the concepts that some card matches.
    possible: f32,
}

pub(crate) fn run(index: &SearchIndex, query: &Query, limit: usize) -> Vec<Hit> {
    let cards = index.card_count;
    if cards == 0 || query.is_empty() {
        return Vec::new();
    }
    let mut totals = Totals {
        score: vec![0.0; cards],
        covered: vec![0.0; cards],
        titled: vec![0.0; cards],
        possible: 0.0,
    };
    let mut best = Buffer::new(cards);
    let mut first = Buffer::new(cards);
    let mut other = Buffer::new(cards);
    for concept in &query.concepts {
        for alt in resolve(index, concept) {
            let Some((&head, rest)) = alt.ids.split_first() else {
                continue;
            };
            first.add_term(&index.inverted, head);
            for &id in rest {
                other.add_term(&index.inverted, id);
                first.keep_min(&other);
                other.clear();
            }
            best.keep_max(&first, alt.weight);
            first.clear();
        }
        add_concept(&mut totals, &best, concept.share, cards);
        best.clear();
    }
    rank(index, query, &totals, limit)
}

/// Adds one concept's score to every card that has it: BM25 saturation in each field, weighted
/// by field, so a title match always counts for more than any number of body matches. Each
/// kind of field counts in its better language, so a term one translation words differently
/// loses nothing.
fn add_concept(totals: &mut Totals, best: &Buffer, share: f32, cards: usize) {
    let df = best.touched.len();
    if df == 0 {
        return;
    }
    totals.possible += share;
    let n = cards as f32;
    let df = df as f32;
    let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
    let saturate = |tf: f32| tf * (K1 + 1.0) / (tf + K1);
    for &card in &best.touched {
        let c = card as usize;
        let tf = |slot: Slot| best.value[c][slot as usize];
        let sum: f32 = Slot::PAIRS
            .iter()
            .map(|&(zh, en)| zh.weight() * saturate(tf(zh)).max(saturate(tf(en))))
            .sum::<f32>()
            + Slot::Tags.weight() * saturate(tf(Slot::Tags));
        totals.score[c] += share * idf * sum;
        totals.covered[c] += share;
        if tf(Slot::TitleZh) > 0.0 || tf(Slot::TitleEn) > 0.0 {
            totals.titled[c] += share;
        }
    }
}

/// The cards covering most of the query, in order.
fn rank(index: &SearchIndex, query: &Query, totals: &Totals, limit: usize) -> Vec<Hit> {
    let possible = totals.possible;
    if possible <= 0.0 {
        return Vec::new();
    }
    let enough = possible * 0.5 + 1e-4;
    // In a question of three or more words, the words a card's title holds count twice: people
    // pad questions with words no card uses, and the card whose title names the subject should
    // not drop out for them. Two-word queries keep the plain rule, so both words matter.
    let title_bonus = if possible >= 3.0 - 1e-4 { 1.0 } else { 0.0 };
    let credited = |c: usize| (totals.covered[c] + title_bonus * totals.titled[c]).min(possible);
    // When no card covers most of the query, the cards covering part of it, best first, rather
    // than nothing: "MFU calculation" on a deck whose MFU card says "compute" still finds it.
    let enough = if (0..index.card_count).any(|c| credited(c) > enough) {
        enough
    } else {
        0.0
    };
    let mut hits: Vec<(u8, f32, usize)> = (0..index.card_count)
        .filter(|&c| credited(c) > enough)
        .map(|c| {
            let coverage = credited(c) / possible;
            let relevance = totals.score[c] * coverage * coverage;
            let tier = if !query.phrase.is_empty()
                && index.titles[c].iter().any(|t| t.contains(&query.phrase))
            {
                2
            } else {
                u8::from(totals.titled[c] >= possible - 1e-4)
            };
            (tier, relevance, c)
        })
        .collect();
    hits.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.total_cmp(&a.1)).then(a.2.cmp(&b.2)));
    hits.truncate(limit);
    hits.into_iter()
        .map(|(tier, relevance, card)| Hit {
            card,
            score: i64::from(tier) * 1_000_000 + (f64::from(relevance) * 1000.0).round() as i64,
        })
        .collect()
}

/// A concept's spellings as term ids, with what the vocabulary adds; spellings with a term the
/// deck lacks are left out.
fn resolve(index: &SearchIndex, concept: &Concept) -> Vec<Resolved> {
    let inverted = &index.inverted;
    let mut out: Vec<Resolved> = concept
        .alts
        .iter()
        .filter_map(|alt| {
            let ids = alt
                .terms
                .iter()
                .map(|t| inverted.lookup(t))
                .collect::<Option<Vec<u32>>>()?;
            Some(Resolved {
                ids,
                weight: alt.weight,
            })
        })
        .collect();
    let vocabulary: &Vocabulary = &index.vocabulary;
    let single = |id: u32, weight: f32| Resolved {
        ids: vec![id],
        weight,
    };
    match &concept.expand {
        Expand::None => {}
        Expand::Latin(word) => {
            if word.chars().count() >= 2 {
                let mut longer: Vec<u32> = vocabulary.prefixed(word).map(|(_, id)| id).collect();
                longer.sort_by_key(|&id| std::cmp::Reverse(inverted.df(id)));
                out.extend(
                    longer
                        .into_iter()
                        .take(MAX_PREFIXED)
                        .map(|id| single(id, PREFIX)),
                );
            }
            out.extend(
                vocabulary
                    .forms(word)
                    .into_iter()
                    .map(|id| single(id, FORM)),
            );
            if inverted.lookup(&Term::Word(word.clone())).is_none() {
                for id in vocabulary.near(word, inverted) {
                    out.push(single(id, TYPO));
                    let group = vocabulary.word(id).and_then(|w| index.glossary.group_of(w));
                    for spelling in group.into_iter().flat_map(TermGroup::spellings) {
                        let ids = super::query::alt_terms(spelling)
                            .iter()
                            .map(|t| inverted.lookup(t))
                            .collect::<Option<Vec<u32>>>();
                        if let Some(ids) = ids.filter(|ids| !ids.is_empty()) {
                            out.push(Resolved {
                                ids,
                                weight: TYPO * SYNONYM,
                            });
                        }
                    }
                }
            }
        }
        Expand::Char(c) => {
            let mut ids: Vec<u32> = vocabulary.grams_with(*c).collect();
            ids.sort_by_key(|&id| std::cmp::Reverse(inverted.df(id)));
            out.extend(ids.into_iter().take(64).map(|id| single(id, CHAR)));
        }
    }
    out
}
