//! A query compiled into concepts: what the user asked for, each with the spellings that count.
//!
//! A concept is a query word, a glossary term (`检查点` brings `checkpoint` and `ckpt` along), or
//! one bigram of a Chinese phrase the glossary does not know. Chinese stop words (的, 和, 怎么,
//! 什么) split a pasted question into phrases; English stop words are dropped. The index expands
//! Latin words further (prefixes as you type, one typo) from its vocabulary when it runs a query.

use super::text::{
    self, SOFT_SHARE, Segment, Term, gram, is_soft_word, is_stop_word, soft_zh_at, stem, stop_zh_at,
};
use crate::content::glossary::{Glossary, TermGroup};

/// How much a spelling counts compared with the word as typed.
pub(crate) const SYNONYM: f32 = 0.9;
/// Glossary phrases are matched up to this many words or characters long.
const LONGEST_TERM: usize = 10;
/// The most concepts a query keeps, the first ones typed: a search is a question, not a
/// document, and a pasted page (thousands of words) would otherwise take seconds to rank and
/// highlight on every keystroke. A repeated word or bigram counts once.
pub(crate) const MAX_CONCEPTS: usize = 64;
/// The longest word that finds longer words, other forms and typos: no word of a deck is
/// longer (`NCCL_IB_GID_INDEX` joined is 15), and finding the typos of a word costs the square
/// of its length, so a 100,000-letter paste took half a minute. A longer word matches only as
/// written.
const MAX_EXPANDED_CHARS: usize = 40;

/// One spelling of a concept: terms that must all appear in a card, and its weight.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Alt {
    pub terms: Vec<Term>,
    pub weight: f32,
}

/// What the index may add from its vocabulary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Expand {
    None,
    /// A Latin word (stemmed): longer words it starts, and words one typo away.
    Latin(String),
    /// A lone Chinese character: every bigram holding it.
    Char(char),
}

/// One thing the query asks for.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Concept {
    pub alts: Vec<Alt>,
    /// How much this concept counts towards "most of the query": 1 for a word or term, an even
    /// share of 1 for each bigram of a Chinese phrase.
    pub share: f32,
    pub expand: Expand,
}

/// A compiled query.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Query {
    pub(crate) concepts: Vec<Concept>,
    /// The query's letters and digits, for the exact-phrase check; empty when too short to mean
    /// a phrase.
    pub(crate) phrase: String,
}

/// A query word before glossary matching: a Latin word (or compound) or a Chinese run.
enum Unit {
    Latin {
        /// As typed (folded), e.g. `all-reduce`.
        raw: String,
        parts: Vec<String>,
        joined: Option<String>,
    },
    Cjk(Vec<char>),
}

impl Expand {
    /// A Latin word's expansions, unless it is longer than [`MAX_EXPANDED_CHARS`].
    fn latin(word: String) -> Expand {
        if word.chars().count() > MAX_EXPANDED_CHARS {
            Expand::None
        } else {
            Expand::Latin(word)
        }
    }
}

impl Concept {
    /// One character gram (a bigram, or a lone character) worth `share` of a word.
    fn gram(key: u64, share: f32, expand: Expand) -> Concept {
        let alt = Alt {
            terms: vec![Term::Gram(key)],
            weight: 1.0,
        };
        Concept {
            alts: vec![alt],
            share,
            expand,
        }
    }
}

impl Query {
    /// Compiles `query` with the glossary's synonyms.
    pub fn parse(query: &str, glossary: &Glossary) -> Query {
        // A pasted escape sequence is not words: its parameters (`52;c;…`) would be searched.
        let query = &*crate::text::sanitize::strip_escapes(query);
        let mut builder = Builder {
            glossary,
            concepts: Vec::new(),
            groups: Vec::new(),
            lone_chars: Vec::new(),
        };
        let units = units(query);
        let mut i = 0;
        while i < units.len() && !builder.is_full() {
            i += match &units[i] {
                Unit::Latin { .. } => builder.latin(&units[i..]),
                Unit::Cjk(chars) => {
                    builder.cjk(chars);
                    1
                }
            };
        }
        if builder.concepts.is_empty() {
            for c in std::mem::take(&mut builder.lone_chars) {
                builder.add(Concept::gram(gram(c, None), 1.0, Expand::Char(c)));
            }
        }
        let phrase = text::compact(query);
        let long_enough =
            query.split_whitespace().nth(1).is_some() || phrase.chars().any(text::is_cjk);
        Query {
            concepts: builder.concepts,
            phrase: if long_enough && phrase.chars().count() >= 3 {
                phrase
            } else {
                String::new()
            },
        }
    }

    /// True when the query holds nothing to look for (blank, or only stop words).
    pub fn is_empty(&self) -> bool {
        self.concepts.is_empty()
    }
}

/// The query's words and Chinese runs, in order.
fn units(query: &str) -> Vec<Unit> {
    let folded: Vec<char> = query.chars().map(text::fold).collect();
    let mut units: Vec<(Unit, usize)> = Vec::new();
    for segment in text::segments(query) {
        match segment {
            Segment::Cjk { chars, start } => units.push((Unit::Cjk(chars), start)),
            Segment::Word {
                text,
                span,
                joined: false,
            } => units.push((
                Unit::Latin {
                    raw: text.clone(),
                    parts: vec![text],
                    joined: None,
                },
                span.start,
            )),
            Segment::Word { text, span, .. } => {
                // A compound follows its parts: fold them back into one unit.
                let first = units
                    .iter()
                    .position(|(_, start)| *start >= span.start)
                    .unwrap_or(units.len());
                let parts = units
                    .drain(first..)
                    .flat_map(|(unit, _)| match unit {
                        Unit::Latin { parts, .. } => parts,
                        Unit::Cjk(_) => Vec::new(),
                    })
                    .collect();
                units.push((
                    Unit::Latin {
                        raw: folded[span.clone()].iter().collect(),
                        parts,
                        joined: Some(text),
                    },
                    span.start,
                ));
            }
        }
    }
    units.into_iter().map(|(unit, _)| unit).collect()
}

struct Builder<'g> {
    glossary: &'g Glossary,
    concepts: Vec<Concept>,
    /// Glossary groups already asked for, so `IB InfiniBand` counts once.
    groups: Vec<&'g TermGroup>,
    lone_chars: Vec<char>,
}

impl<'g> Builder<'g> {
    /// A word or term with its alternative spellings, as one whole concept; nothing when no
    /// spelling was left.
    fn push_word(&mut self, alts: Vec<Alt>, expand: Expand) {
        self.push_shared(alts, expand, 1.0);
    }

    /// [`Builder::push_word`] for a word worth `share` of one towards the query's coverage.
    fn push_shared(&mut self, alts: Vec<Alt>, expand: Expand, share: f32) {
        if !alts.is_empty() {
            self.add(Concept {
                alts,
                share,
                expand,
            });
        }
    }

    /// Keeps `concept` unless the query already has it or is full ([`MAX_CONCEPTS`]).
    fn add(&mut self, concept: Concept) {
        let known = self
            .concepts
            .iter()
            .any(|c| c.alts == concept.alts && c.expand == concept.expand);
        if !known && !self.is_full() {
            self.concepts.push(concept);
        }
    }

    fn is_full(&self) -> bool {
        self.concepts.len() >= MAX_CONCEPTS
    }

    /// Adds the concept starting at `units[0]` (a Latin word); returns how many units it used.
    fn latin(&mut self, units: &[Unit]) -> usize {
        let raws: Vec<&str> = units
            .iter()
            .map_while(|u| match u {
                Unit::Latin { raw, .. } => Some(raw.as_str()),
                Unit::Cjk(_) => None,
            })
            .take(LONGEST_TERM)
            .collect();
        for len in (1..=raws.len()).rev() {
            let spelling = raws[..len].join(" ");
            if len == 1 && is_stop_word(&spelling) {
                return 1;
            }
            if let Some(group) = self.glossary.group_of(&spelling) {
                self.add_group(group, &spelling);
                return len;
            }
        }
        let Some(Unit::Latin { parts, joined, .. }) = units.first() else {
            return 1;
        };
        let mut alts = Vec::new();
        if let Some(joined) = joined {
            alts.push(Alt {
                terms: vec![Term::Word(joined.clone())],
                weight: 1.0,
            });
        }
        let words: Vec<Term> = parts
            .iter()
            .filter(|p| !is_stop_word(p))
            .map(|p| Term::Word(stem(p).to_owned()))
            .collect();
        if !words.is_empty() {
            alts.push(Alt {
                terms: words,
                weight: if joined.is_some() { SYNONYM } else { 1.0 },
            });
        }
        let expand = match (joined, parts.as_slice()) {
            (Some(joined), _) => Expand::latin(joined.clone()),
            (None, [only]) => Expand::latin(stem(only).to_owned()),
            _ => Expand::None,
        };
        let share = match parts.as_slice() {
            [only] if joined.is_none() && is_soft_word(only) => SOFT_SHARE,
            _ => 1.0,
        };
        self.push_shared(alts, expand, share);
        1
    }

    /// Adds the concepts of a run of Chinese characters: glossary terms, and the bigrams of the
    /// phrases between them and the stop words.
    fn cjk(&mut self, chars: &[char]) {
        let mut piece: Vec<char> = Vec::new();
        let mut at = 0;
        while at < chars.len() && !self.is_full() {
            if let Some(len) = self.glossary_at(chars, at) {
                self.flush(&mut piece);
                let spelling: String = chars[at..at + len].iter().collect();
                if let Some(group) = self.glossary.group_of(&spelling) {
                    self.add_group(group, &spelling);
                }
                at += len;
            } else if let Some(len) = stop_zh_at(chars, at) {
                self.flush(&mut piece);
                at += len;
            } else if let Some(len) = soft_zh_at(chars, at) {
                self.flush(&mut piece);
                let share = SOFT_SHARE / (len - 1) as f32;
                for pair in chars[at..at + len].windows(2) {
                    self.add(Concept::gram(
                        gram(pair[0], Some(pair[1])),
                        share,
                        Expand::None,
                    ));
                }
                at += len;
            } else {
                piece.push(chars[at]);
                at += 1;
            }
        }
        self.flush(&mut piece);
    }

    /// The length of the longest glossary spelling at `chars[at..]`.
    fn glossary_at(&self, chars: &[char], at: usize) -> Option<usize> {
        let longest = LONGEST_TERM.min(chars.len() - at);
        (2..=longest).rev().find(|&len| {
            let spelling: String = chars[at..at + len].iter().collect();
            self.glossary.group_of(&spelling).is_some()
        })
    }

    /// Turns a phrase of Chinese characters into one concept per bigram.
    fn flush(&mut self, piece: &mut Vec<char>) {
        match piece.len() {
            0 => {}
            1 => self.lone_chars.push(piece[0]),
            len => {
                let share = 1.0 / (len - 1) as f32;
                for pair in piece.windows(2) {
                    let bigram = gram(pair[0], Some(pair[1]));
                    self.add(Concept::gram(bigram, share, Expand::None));
                }
            }
        }
        piece.clear();
    }

    /// Adds a glossary group as one concept: every spelling is an alternative.
    fn add_group(&mut self, group: &'g TermGroup, typed: &str) {
        if self.groups.iter().any(|g| std::ptr::eq(*g, group)) {
            return;
        }
        self.groups.push(group);
        let typed_terms = alt_terms(typed);
        let mut alts: Vec<Alt> = Vec::new();
        for spelling in std::iter::once(typed).chain(group.spellings()) {
            let terms = alt_terms(spelling);
            if terms.is_empty() || alts.iter().any(|a| a.terms == terms) {
                continue;
            }
            let weight = if terms == typed_terms { 1.0 } else { SYNONYM };
            alts.push(Alt { terms, weight });
        }
        let expand = match typed_terms.as_slice() {
            [Term::Word(word)] => Expand::latin(word.clone()),
            _ => Expand::None,
        };
        self.push_word(alts, expand);
    }
}

/// The index terms a spelling must all have: a hyphenated compound as its joined word.
pub(crate) fn alt_terms(spelling: &str) -> Vec<Term> {
    let segments = text::segments(spelling);
    let joined_spans: Vec<std::ops::Range<usize>> = segments
        .iter()
        .filter_map(|s| match s {
            Segment::Word {
                span, joined: true, ..
            } => Some(span.clone()),
            _ => None,
        })
        .collect();
    let mut terms = Vec::new();
    for segment in segments {
        match segment {
            Segment::Word { text, span, joined } => {
                let part_of_compound =
                    !joined && joined_spans.iter().any(|j| j.contains(&span.start));
                if !part_of_compound && !is_stop_word(&text) {
                    terms.push(Term::Word(stem(&text).to_owned()));
                }
            }
            Segment::Cjk { chars, .. } => {
                if let [only] = chars[..] {
                    terms.push(Term::Gram(gram(only, None)));
                }
                terms.extend(chars.windows(2).map(|p| Term::Gram(gram(p[0], Some(p[1])))));
            }
        }
    }
    terms.dedup();
    terms
}

#[cfg(test)]
mod tests;
