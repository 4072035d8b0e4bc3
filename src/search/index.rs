//! The inverted index: for each term, the cards and fields holding it, and what a card's fields
//! weigh (title > key points > tags > body; a longer field counts each match for less).

use rustc_hash::FxHashMap;

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

/// One card's count of a term in one field.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Posting {
    pub card: u32,
    pub count: u16,
    pub slot: u8,
}

/// Terms, postings and the per-card field weights.
#[derive(Default)]
pub(crate) struct Inverted {
    pub words: FxHashMap<String, u32>,
    pub grams: FxHashMap<u64, u32>,
    pub postings: Vec<Vec<Posting>>,
    /// For each card and slot, what one occurrence there counts as: `1 / (1 - b + b·len/avg)`.
    pub norm: Vec<[f32; SLOTS]>,
    /// How many cards hold each term.
    pub df: Vec<u32>,
}

impl Inverted {
    pub fn build(cards: &[Card]) -> Inverted {
        let mut index = Inverted::default();
        let mut lengths: Vec<[u32; SLOTS]> = Vec::with_capacity(cards.len());
        // Each occurrence as `term id << 8 | slot`; sorted, equal neighbours are one posting.
        let mut occurrences: Vec<u64> = Vec::new();
        for (card_index, card) in cards.iter().enumerate() {
            let card_index = u32::try_from(card_index).unwrap_or(u32::MAX);
            let mut length = [0_u32; SLOTS];
            for_each_field(card, |slot, field| {
                text::for_each_term(field, |term| {
                    let id = index.id(term);
                    length[slot as usize] += 1;
                    occurrences.push((u64::from(id) << 8) | slot as u64);
                });
            });
            occurrences.sort_unstable();
            let mut last_term = u32::MAX;
            for run in occurrences.chunk_by(|a, b| a == b) {
                let id = (run[0] >> 8) as u32;
                index.postings[id as usize].push(Posting {
                    card: card_index,
                    count: u16::try_from(run.len()).unwrap_or(u16::MAX),
                    slot: (run[0] & 0xff) as u8,
                });
                if id != last_term {
                    index.df[id as usize] += 1;
                    last_term = id;
                }
            }
            occurrences.clear();
            lengths.push(length);
        }
        index.norm = norms(&lengths);
        index
    }

    fn id(&mut self, term: TermRef<'_>) -> u32 {
        let next = u32::try_from(self.postings.len()).unwrap_or(u32::MAX);
        let id = match term {
            TermRef::Word(word) => {
                if let Some(&id) = self.words.get(word) {
                    id
                } else {
                    self.words.insert(word.to_owned(), next);
                    next
                }
            }
            TermRef::Gram(key) => *self.grams.entry(key).or_insert(next),
        };
        if id == next {
            self.postings.push(Vec::new());
            self.df.push(0);
        }
        id
    }

    pub fn lookup(&self, term: &Term) -> Option<u32> {
        match term {
            Term::Word(word) => self.words.get(word.as_str()).copied(),
            Term::Gram(key) => self.grams.get(key).copied(),
        }
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
