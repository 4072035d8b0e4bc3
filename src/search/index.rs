//! The inverted index: for each term, the cards and fields holding it, and what a card's fields
//! weigh (title > key points > tags > body; a longer field counts each match for less).

use rustc_hash::FxHashMap;

use super::postings::{Postings, PostingsBuilder};
use super::text::{self, Term, TermRef};
use crate::content::{Card, Lang, Section};

/// The fields a card is indexed in; each language has its own, so lengths compare fairly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    TitleZh,
    TitleEn,
    PointsZh,
    PointsEn,
    Tags,
    BodyZh,
    BodyEn,
}

pub(crate) const SLOTS: usize = 7;

impl Slot {
    /// How much a match in this field counts.
    pub(crate) const fn weight(self) -> f32 {
        match self {
            Slot::TitleZh | Slot::TitleEn => 6.0,
            Slot::PointsZh | Slot::PointsEn => 3.0,
            Slot::Tags => 2.0,
            Slot::BodyZh | Slot::BodyEn => 1.0,
        }
    }

    /// BM25 length normalisation: how much a longer field dilutes each match.
    const fn length_weight(self) -> f32 {
        match self {
            Slot::TitleZh | Slot::TitleEn | Slot::Tags => 0.3,
            Slot::PointsZh | Slot::PointsEn => 0.5,
            Slot::BodyZh | Slot::BodyEn => 0.75,
        }
    }

    /// The fields that come in both languages, as (zh, en).
    pub(crate) const PAIRS: [(Slot, Slot); 3] = [
        (Slot::TitleZh, Slot::TitleEn),
        (Slot::PointsZh, Slot::PointsEn),
        (Slot::BodyZh, Slot::BodyEn),
    ];

    const ALL: [Slot; SLOTS] = [
        Slot::TitleZh,
        Slot::TitleEn,
        Slot::PointsZh,
        Slot::PointsEn,
        Slot::Tags,
        Slot::BodyZh,
        Slot::BodyEn,
    ];

    fn of(kind: Kind, lang: Lang) -> Slot {
        match (kind, lang) {
            (Kind::Title, Lang::Zh) => Slot::TitleZh,
            (Kind::Title, Lang::En) => Slot::TitleEn,
            (Kind::Points, Lang::Zh) => Slot::PointsZh,
            (Kind::Points, Lang::En) => Slot::PointsEn,
            (Kind::Body, Lang::Zh) => Slot::BodyZh,
            (Kind::Body, Lang::En) => Slot::BodyEn,
        }
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Title,
    Points,
    Body,
}

/// Terms, postings and the per-card field weights.
#[derive(Default)]
pub(crate) struct Inverted {
    pub words: FxHashMap<Box<str>, u32>,
    pub grams: FxHashMap<u64, u32>,
    pub postings: Postings,
    /// For each card and slot, what one occurrence there counts as: `1 / (1 - b + b·len/avg)`.
    pub norm: Vec<[f32; SLOTS]>,
}

impl Inverted {
    /// The index of every term of `cards`.
    pub fn build(cards: &[Card]) -> Inverted {
        Inverted::build_with(cards, |_| true)
    }

    /// The index of the terms of `cards` that `keep` accepts; field lengths (and so the weights)
    /// count every term. A query's terms, kept this way, rank exactly as in the whole index.
    pub fn build_with(cards: &[Card], keep: impl Fn(TermRef<'_>) -> bool) -> Inverted {
        let mut builder = Builder::default();
        for card in cards {
            let mut length = [0_u32; SLOTS];
            for_each_field(card, |slot, field| {
                text::for_each_term(field, |term| {
                    length[slot as usize] += 1;
                    if keep(term) {
                        builder.occurrence(term, slot);
                    }
                });
            });
            builder.end_card(length);
        }
        builder.finish()
    }

    pub fn lookup(&self, term: &Term) -> Option<u32> {
        match term {
            Term::Word(word) => self.words.get(word.as_str()).copied(),
            Term::Gram(key) => self.grams.get(key).copied(),
        }
    }

    /// How many distinct terms the index holds.
    pub fn term_count(&self) -> usize {
        self.postings.len()
    }

    /// How many cards hold term `id`.
    pub fn df(&self, id: u32) -> u32 {
        self.postings.df(id)
    }
}

/// An index being built, card by card.
#[derive(Default)]
pub(crate) struct Builder {
    index: Inverted,
    postings: PostingsBuilder,
    terms: u32,
    cards: u32,
    lengths: Vec<[u32; SLOTS]>,
    /// The current card's occurrences as `term id << 8 | slot`; sorted, equal neighbours are
    /// one count.
    occurrences: Vec<u64>,
    counts: Vec<(u8, u16)>,
}

impl Builder {
    /// One occurrence of `term` in `slot` of the current card.
    pub fn occurrence(&mut self, term: TermRef<'_>, slot: Slot) {
        let id = self.id(term);
        self.occurrences.push((u64::from(id) << 8) | slot as u64);
    }

    /// Ends the current card, whose fields hold `length` terms each.
    pub fn end_card(&mut self, length: [u32; SLOTS]) {
        self.occurrences.sort_unstable();
        for term in self.occurrences.chunk_by(|a, b| a >> 8 == b >> 8) {
            self.counts.clear();
            self.counts.extend(term.chunk_by(|a, b| a == b).map(|run| {
                (
                    (run[0] & 0xff) as u8,
                    u16::try_from(run.len()).unwrap_or(u16::MAX),
                )
            }));
            self.postings
                .push((term[0] >> 8) as u32, self.cards, &self.counts);
        }
        self.occurrences.clear();
        self.lengths.push(length);
        self.cards += 1;
    }

    pub fn finish(mut self) -> Inverted {
        self.index.norm = norms(&self.lengths);
        self.index.postings = self.postings.finish();
        self.index
    }

    fn id(&mut self, term: TermRef<'_>) -> u32 {
        let next = self.terms;
        let id = match term {
            TermRef::Word(word) => {
                if let Some(&id) = self.index.words.get(word) {
                    id
                } else {
                    self.index.words.insert(word.into(), next);
                    next
                }
            }
            TermRef::Gram(key) => *self.index.grams.entry(key).or_insert(next),
        };
        if id == next {
            self.postings.add_term();
            self.terms += 1;
        }
        id
    }
}

/// BM25 length normalisation per card and field.
fn norms(lengths: &[[u32; SLOTS]]) -> Vec<[f32; SLOTS]> {
    let cards = lengths.len().max(1) as f32;
    let mut average = [0_f32; SLOTS];
    for length in lengths {
        for (sum, &len) in average.iter_mut().zip(length) {
            *sum += len as f32 / cards;
        }
    }
    lengths
        .iter()
        .map(|length| {
            let mut out = [0_f32; SLOTS];
            for slot in Slot::ALL {
                let b = slot.length_weight();
                let i = slot as usize;
                let relative = length[i] as f32 / average[i].max(1.0);
                out[i] = 1.0 / (1.0 - b + b * relative);
            }
            out
        })
        .collect()
}

/// Calls `f` with each indexed field of the card: titles, key points and their terms, id and
/// tags, and the four sections, in both languages.
/// A user card's sections are read from its file here and not kept.
pub(crate) fn for_each_field(card: &Card, mut f: impl FnMut(Slot, &str)) {
    let body = card.body_text();
    f(Slot::Tags, &card.id);
    for tag in &card.tags {
        f(Slot::Tags, tag);
    }
    for lang in Lang::ALL {
        f(Slot::of(Kind::Title, lang), card.title(lang));
        for point in card.key_points.get(lang) {
            f(Slot::of(Kind::Points, lang), &point.point);
            for term in &point.terms {
                f(Slot::of(Kind::Points, lang), term);
            }
        }
        for section in Section::ALL {
            f(Slot::of(Kind::Body, lang), body.section(lang, section));
        }
    }
}
