//! Fuzzy search over cards: titles, tags, key points and sections, in both languages.
//!
//! Query words are `ANDed` in any order, as in fzf. Instead of fuzzy-matching every card's full text
//! on each keystroke, the index fuzzy-matches the query against the deck's distinct words (its
//! vocabulary) and follows postings lists to the cards, which keeps a search over 10,000 cards
//! within one frame. Chinese has no spaces, so a run of CJK characters counts as one word and
//! fuzzy matching finds `张量` inside `张量并行`.

use fuzzy_matcher::FuzzyMatcher;
use fuzzy_matcher::skim::SkimMatcherV2;
use rustc_hash::FxHashMap;

use crate::content::{Card, Lang, Section};

/// How much a match in each kind of field counts: a title match outranks one deep in a section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Field {
    Section = 1,
    KeyPoint = 2,
    Tag = 3,
    Title = 4,
}

/// One search result: the card's position in the slice the index was built from, and its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    pub card: usize,
    pub score: i64,
}

/// Words and, for each word, the cards holding it with the best field it appears in.
#[derive(Default)]
struct WordIndex {
    vocabulary: Vec<String>,
    /// A bit per character class in each word, to skip words that cannot match before the
    /// (much slower) fuzzy matcher runs.
    masks: Vec<u64>,
    postings: Vec<Vec<(u32, Field)>>,
    ids: FxHashMap<String, u32>,
}

impl WordIndex {
    fn add(&mut self, word: &str, card: u32, field: Field) {
        let id = if let Some(&id) = self.ids.get(word) {
            id as usize
        } else {
            let id = self.vocabulary.len();
            self.ids.insert(word.to_owned(), id as u32);
            self.vocabulary.push(word.to_owned());
            self.masks.push(char_mask(word));
            self.postings.push(Vec::new());
            id
        };
        let list = &mut self.postings[id];
        match list.last_mut() {
            Some((previous, best)) if *previous == card => *best = (*best).max(field),
            _ => list.push((card, field)),
        }
    }

    /// For each card, the best weighted score of `atom` against its words (0: no match).
    fn best_scores(&self, atom: &str, matcher: &SkimMatcherV2, cards: usize) -> Vec<i64> {
        let mut best = vec![0_i64; cards];
        let mask = char_mask(atom);
        for (id, word) in self.vocabulary.iter().enumerate() {
            if self.masks[id] & mask != mask {
                continue;
            }
            let Some(score) = matcher.fuzzy_match(word, atom) else {
                continue;
            };
            let score = score.max(1);
            for &(card, field) in &self.postings[id] {
                let slot = &mut best[card as usize];
                *slot = (*slot).max(score * field as i64);
            }
        }
        best
    }
}

/// A deck's search index: every word of every field, and a smaller index of the words in
/// titles, tags and key points.
pub struct SearchIndex {
    all: WordIndex,
    /// For each card, the distinct characters of its titles, tags and key points, sorted. A
    /// one-character word matches almost every card's text, so it looks only here, which keeps
    /// the first keystroke of a search as fast as the rest.
    head_chars: Vec<Vec<char>>,
    card_count: usize,
    matcher: SkimMatcherV2,
}

impl SearchIndex {
    pub fn build(cards: &[Card]) -> SearchIndex {
        let mut all = WordIndex::default();
        let mut head_chars = Vec::with_capacity(cards.len());
        let mut buffer = String::new();
        for (card_index, card) in cards.iter().enumerate() {
            let card_index = u32::try_from(card_index).unwrap_or(u32::MAX);
            let mut chars = Vec::new();
            for (field, text) in card_fields(card) {
                if field > Field::Section {
                    chars.extend(text.chars().map(lower_char));
                }
                for_each_word(text, &mut buffer, |word| all.add(word, card_index, field));
            }
            chars.sort_unstable();
            chars.dedup();
            head_chars.push(chars);
        }
        all.ids = FxHashMap::default();
        SearchIndex {
            all,
            head_chars,
            card_count: cards.len(),
            matcher: SkimMatcherV2::default().respect_case(),
        }
    }

    /// The cards matching every word of `query`, best first; ties keep deck order.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit> {
        let atoms = query_atoms(query);
        if atoms.is_empty() {
            return Vec::new();
        }
        let mut total = vec![0_i64; self.card_count];
        let mut matched = vec![0_usize; self.card_count];
        for atom in &atoms {
            let scores = match single_char(atom) {
                Some(c) => self
                    .head_chars
                    .iter()
                    .map(|chars| i64::from(chars.binary_search(&c).is_ok()))
                    .collect(),
                None => self.all.best_scores(atom, &self.matcher, self.card_count),
            };
            for (card, score) in scores.into_iter().enumerate() {
                if score > 0 {
                    total[card] += score;
                    matched[card] += 1;
                }
            }
        }
        let mut hits: Vec<Hit> = (0..self.card_count)
            .filter(|&card| matched[card] == atoms.len())
            .map(|card| Hit {
                card,
                score: total[card],
            })
            .collect();
        hits.sort_by(|a, b| b.score.cmp(&a.score).then(a.card.cmp(&b.card)));
        hits.truncate(limit);
        hits
    }

    /// How many distinct words the deck holds (reported by the benchmark).
    pub fn vocabulary_len(&self) -> usize {
        self.all.vocabulary.len()
    }
}

/// The atom's only character, when it has just one.
fn single_char(atom: &str) -> Option<char> {
    let mut chars = atom.chars();
    let first = chars.next()?;
    chars.next().is_none().then_some(first)
}

/// The char positions in `text` that the query's words match, for highlighting.
pub fn match_indices(text: &str, query: &str) -> Vec<usize> {
    let matcher = SkimMatcherV2::default().respect_case();
    let lowered: String = text.chars().map(lower_char).collect();
    let mut indices: Vec<usize> = query_atoms(query)
        .iter()
        .filter_map(|atom| matcher.fuzzy_indices(&lowered, atom))
        .flat_map(|(_, found)| found)
        .collect();
    indices.sort_unstable();
    indices.dedup();
    indices
}

/// Lower-cases one char to one char, so char positions survive (rare multi-char folds keep the first).
fn lower_char(c: char) -> char {
    if c.is_ascii() {
        c.to_ascii_lowercase()
    } else {
        c.to_lowercase().next().unwrap_or(c)
    }
}

fn card_fields(card: &Card) -> Vec<(Field, &str)> {
    let mut fields: Vec<(Field, &str)> = vec![(Field::Tag, &card.id)];
    for lang in Lang::ALL {
        fields.push((Field::Title, card.title(lang)));
        fields.extend(
            card.key_points
                .get(lang)
                .iter()
                .map(|k| (Field::KeyPoint, k.point.as_str())),
        );
        fields.extend(
            card.key_points
                .get(lang)
                .iter()
                .flat_map(|k| &k.terms)
                .map(|t| (Field::KeyPoint, t.as_str())),
        );
        let body = card.body.get(lang);
        fields.extend(
            Section::ALL
                .iter()
                .map(|&s| (Field::Section, body.section(s))),
        );
    }
    fields.extend(card.tags.iter().map(|t| (Field::Tag, t.as_str())));
    fields
}

/// What counts as a word: a run of ASCII letters and digits, or a run of other letters (CJK
/// text has no spaces, so a run of it is one word). Everything else separates words.
#[derive(PartialEq, Eq, Clone, Copy)]
enum Script {
    Ascii,
    Other,
}

fn script(c: char) -> Option<Script> {
    if c.is_ascii_alphanumeric() {
        Some(Script::Ascii)
    } else if c.is_alphanumeric() {
        Some(Script::Other)
    } else {
        None
    }
}

/// Calls `f` with each lower-cased word of `text`, reusing `buffer` so that no word allocates.
fn for_each_word(text: &str, buffer: &mut String, mut f: impl FnMut(&str)) {
    let mut current: Option<Script> = None;
    buffer.clear();
    for c in text.chars() {
        let kind = script(c);
        if kind != current && !buffer.is_empty() {
            f(buffer);
            buffer.clear();
        }
        current = kind;
        if kind.is_some() {
            buffer.push(lower_char(c));
        }
    }
    if !buffer.is_empty() {
        f(buffer);
    }
}

/// Splits text into lower-cased words.
pub fn words(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for_each_word(text, &mut String::new(), |w| found.push(w.to_owned()));
    found
}

/// One bit for each letter and digit, and hashed bits for other characters: a word can only
/// match an atom whose bits are all set in the word's mask.
fn char_mask(word: &str) -> u64 {
    word.chars().fold(0, |mask, c| {
        let bit = match c {
            'a'..='z' => c as u32 - 'a' as u32,
            '0'..='9' => 26 + c as u32 - '0' as u32,
            _ => 36 + (c as u32).wrapping_mul(2_654_435_761) % 28,
        };
        mask | (1 << bit)
    })
}

/// The query's atoms: each whitespace-separated word, split further where it changes script
/// (`ib带宽` is `ib` and `带宽`), because the index splits text the same way.
fn query_atoms(query: &str) -> Vec<String> {
    query.split_whitespace().flat_map(words).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_on_script_and_punctuation() {
        let found = words("NVLink 3 的单向带宽是 300 GB/s，IB带宽");
        assert_eq!(
            found,
            [
                "nvlink",
                "3",
                "的单向带宽是",
                "300",
                "gb",
                "s",
                "ib",
                "带宽"
            ]
        );
    }

    #[test]
    fn query_atoms_split_mixed_words() {
        assert_eq!(query_atoms("  ib带宽  NVL "), ["ib", "带宽", "nvl"]);
        assert!(query_atoms("  ， ").is_empty());
    }

    #[test]
    fn match_indices_are_char_positions() {
        assert_eq!(match_indices("请解释张量并行", "张量"), [3, 4]);
        assert_eq!(match_indices("NVLink and IB", "nvl ib"), [0, 1, 2, 11, 12]);
    }
}
