//! One search over a deck without its whole index: `infraprep search` asks one question and
//! exits, so it reads each card once and keeps only the terms the query can use.
//!
//! Ranking needs, besides the query's own terms, every term the query may expand to (longer
//! words it starts, words one typo away and the glossary spellings of those, bigrams holding a
//! lone Chinese character) and each field's length. All of these are decided per term while
//! reading, so the index of the kept terms holds the same postings, document frequencies and
//! field weights for them as the deck's whole index, and the ranking code gives the same hits.
//! Keeping a term the query cannot use is harmless; missing one would not be, so [`Wanted`]
//! errs on keeping.

use rustc_hash::FxHashSet;

use super::index::{Builder, Slot, for_each_field};
use super::query::{Expand, Query, alt_terms};
use super::text::{self, Term, TermRef, gram_chars};
use super::vocab::TYPO_MIN_CHARS;
use crate::content::Card;
use crate::content::glossary::{Glossary, normalize};
use crate::content::parallel;

/// The terms a query can use, decided one term at a time.
#[derive(Debug, Default)]
pub(crate) struct Wanted {
    words: FxHashSet<String>,
    grams: FxHashSet<u64>,
    /// Latin words whose longer forms count (typing `nvl` finds `nvlink`).
    prefixes: Vec<String>,
    /// Latin words (of [`TYPO_MIN_CHARS`] or more) whose one-typo neighbours count.
    typos: Vec<Vec<char>>,
    /// Lone Chinese characters: every bigram holding one counts.
    chars: Vec<char>,
}

impl Wanted {
    /// What `query` (compiled with `glossary`) can use.
    pub fn of(query: &Query, glossary: &Glossary) -> Wanted {
        let mut wanted = Wanted::default();
        for concept in &query.concepts {
            for alt in &concept.alts {
                wanted.add_terms(&alt.terms);
            }
            match &concept.expand {
                Expand::None => {}
                Expand::Latin(word) => {
                    wanted.words.insert(word.clone());
                    let chars: Vec<char> = word.chars().collect();
                    if chars.len() >= 2 {
                        wanted.prefixes.push(word.clone());
                    }
                    // The word's other forms all start with this.
                    if let Some(root) = text::root(word) {
                        wanted.prefixes.push(text::root_prefix(&root).to_owned());
                    }
                    if chars.len() >= TYPO_MIN_CHARS {
                        wanted.typo_synonyms(&chars, glossary);
                        wanted.typos.push(chars);
                    }
                }
                Expand::Char(c) => wanted.chars.push(*c),
            }
        }
        wanted
    }

    fn add_terms(&mut self, terms: &[Term]) {
        for term in terms {
            match term {
                Term::Word(word) => {
                    self.words.insert(word.clone());
                }
                Term::Gram(key) => {
                    self.grams.insert(*key);
                }
            }
        }
    }

    /// A word one typo from the query's brings its glossary group's spellings along: keep the
    /// terms of the group of every spelling one typo from `typed`. (A deck's words are folded
    /// and lower-case, so a word is the glossary key it looks itself up by.)
    fn typo_synonyms(&mut self, typed: &[char], glossary: &Glossary) {
        let keys: Vec<String> = glossary
            .groups()
            .iter()
            .flat_map(|group| group.spellings().map(normalize))
            .filter(|key| one_edit(key, typed))
            .collect();
        for key in keys {
            if let Some(group) = glossary.group_of(&key) {
                for spelling in group.spellings() {
                    self.add_terms(&alt_terms(spelling));
                }
            }
        }
    }

    /// True when the query may use `term`.
    pub fn keeps(&self, term: TermRef<'_>) -> bool {
        match term {
            TermRef::Word(word) => {
                self.words.contains(word)
                    || self.prefixes.iter().any(|p| word.starts_with(p.as_str()))
                    || self.typos.iter().any(|typed| one_edit(word, typed))
            }
            TermRef::Gram(key) => {
                self.grams.contains(&key) || {
                    let (first, second) = gram_chars(key);
                    self.chars.iter().any(|&c| c == first || Some(c) == second)
                }
            }
        }
    }
}

/// True when `word` is one edit from `typed` (insert, delete, replace, or swap of neighbours;
/// `strsim::osa_distance` of 1), without allocating: it runs on every word of the deck.
pub(crate) fn one_edit(word: &str, typed: &[char]) -> bool {
    let len = word.chars().count();
    if len.abs_diff(typed.len()) > 1 {
        return false;
    }
    let mut chars = word.chars();
    let mut at = 0;
    // The first char of `word` that differs from `typed` (past the common prefix).
    let first = loop {
        match chars.next() {
            None => return typed.len() == at + 1,
            Some(c) if typed.get(at) == Some(&c) => at += 1,
            Some(c) => break c,
        }
    };
    let rest = chars;
    let typed_rest = &typed[at..];
    let same = |chars: std::str::Chars<'_>, typed: &[char]| chars.eq(typed.iter().copied());
    match len.cmp(&typed.len()) {
        std::cmp::Ordering::Equal => {
            let replaced = same(rest.clone(), &typed_rest[1..]);
            let swapped = typed_rest.len() >= 2 && first == typed_rest[1] && {
                let mut after = rest.clone();
                after.next() == Some(typed_rest[0]) && same(after, &typed_rest[2..])
            };
            replaced || swapped
        }
        std::cmp::Ordering::Greater => same(rest, typed_rest),
        std::cmp::Ordering::Less => std::iter::once(first)
            .chain(rest)
            .eq(typed_rest[1..].iter().copied()),
    }
}

/// The index of the deck's terms that `wanted` keeps, reading the cards on all cores.
pub(crate) fn index_for(cards: &[Card], wanted: &Wanted) -> super::index::Inverted {
    /// A card's kept terms in the order read, and its field lengths.
    struct Read {
        terms: Vec<(Term, Slot)>,
        length: [u32; super::index::SLOTS],
    }
    let read = parallel::map(cards, |card| {
        let mut out = Read {
            terms: Vec::new(),
            length: [0; super::index::SLOTS],
        };
        for_each_field(card, |slot, field| {
            text::for_each_term(field, |term| {
                out.length[slot as usize] += 1;
                if wanted.keeps(term) {
                    let owned = match term {
                        TermRef::Word(word) => Term::Word(word.to_owned()),
                        TermRef::Gram(key) => Term::Gram(key),
                    };
                    out.terms.push((owned, slot));
                }
            });
        });
        out
    });
    let mut builder = Builder::default();
    for card in read {
        for (term, slot) in &card.terms {
            let term = match term {
                Term::Word(word) => TermRef::Word(word),
                Term::Gram(key) => TermRef::Gram(*key),
            };
            builder.occurrence(term, *slot);
        }
        builder.end_card(card.length);
    }
    builder.finish()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The allocation-free check agrees with the edit distance the vocabulary uses.
        #[test]
        fn one_edit_is_an_osa_distance_of_one(
            a in "[abc]{0,7}",
            b in "[abc]{0,7}",
        ) {
            let typed: Vec<char> = b.chars().collect();
            prop_assert_eq!(one_edit(&a, &typed), strsim::osa_distance(&a, &b) == 1, "{} {}", a, b);
        }
    }

    #[test]
    fn one_edit_covers_each_kind_of_typo() {
        let typed: Vec<char> = "nvlink".chars().collect();
        for near in [
            "nvlinks", "nvlnk", "nvlimk", "nvilnk", "vnlink", "nvlikn", "mvlink",
        ] {
            assert!(one_edit(near, &typed), "{near}");
        }
        for far in ["nvlink", "nlvikn", "nvl", "infiniband", "nvlinkss"] {
            assert!(!one_edit(far, &typed), "{far}");
        }
    }
}
