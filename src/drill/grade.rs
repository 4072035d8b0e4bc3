//! The grader: which key points of a card a typed answer states, in either language.
//!
//! One grader serves the drill session and `infraprep grade`. A card's key points come in
//! pairs by position (point 3 in zh is point 3 in en); a point counts when the answer states its
//! zh or its en version, whatever the UI language, so answers in either language or a mix of
//! both are graded alike. Each term also matches every spelling of its glossary group
//! (`TP` = `张量并行` = `tensor parallel`). Text is folded (full-width, case, punctuation,
//! spacing); formulas compare in one compact spelling (`√(2δM)` = `sqrt(2*delta*M)`); figures
//! compare by value through the calculator engine (`3.6 Tb/s` = `450 GB/s`), and a rate's
//! direction must agree with the point's (`450 GB/s per direction` is not `450 GB/s
//! bidirectional`). A wrong figure never earns the point that names the right one.
//!
//! Whether a point was revealed as a hint is the drill's business (`session::Answer`), not the
//! grader's. Pure: no disk, no UI.

mod figure;
mod formula;
mod point;
mod text;
mod units;

use serde::Serialize;

use crate::content::glossary::Glossary;
use crate::content::{Bilingual, Card, KeyPoint, Lang};
pub use figure::Direction;
use figure::DirectionWords;
use point::{Answer, CompiledPoint};
pub use point::{PointMatch, TermMatch};

/// The longest answer graded, in bytes; a longer text is graded on its first this-many bytes.
/// About 20 pages of prose: far beyond a spoken answer, small enough to grade at once.
pub const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// A card's key points, ready to grade answers against.
#[derive(Debug, Clone)]
pub struct Grader {
    points: Vec<PointKey>,
    words: DirectionWords,
}

/// Both language versions of one point.
#[derive(Debug, Clone)]
struct PointKey {
    zh: Option<(String, CompiledPoint)>,
    en: Option<(String, CompiledPoint)>,
}

/// The outcome for one key point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PointGrade {
    /// The point's 0-based position in the card's key points.
    pub index: usize,
    pub covered: bool,
    /// The language whose version the answer stated (the preferred one when both were).
    #[serde(skip)]
    pub by: Option<Lang>,
    /// The point's text in each language (empty when the card lacks that version).
    pub zh: String,
    pub en: String,
    /// The answer's words that matched a term, in term order (of the covering version, or of
    /// the version that came closest).
    #[serde(serialize_with = "matched_texts")]
    pub matched: Vec<TermMatch>,
    /// Positions of the needed terms the answer did not state (of the version that came
    /// closest), for a review that says what was missing.
    #[serde(skip)]
    pub missing: Vec<usize>,
}

fn matched_texts<S: serde::Serializer>(m: &[TermMatch], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(m.iter().map(|m| &m.text))
}

/// The outcome for every key point of a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Grading {
    pub points: Vec<PointGrade>,
}

impl Grading {
    pub fn covered(&self) -> usize {
        self.points.iter().filter(|p| p.covered).count()
    }

    pub fn total(&self) -> usize {
        self.points.len()
    }

    /// Whether each point was covered, by position (what a stored review keeps).
    pub fn flags(&self) -> Vec<bool> {
        self.points.iter().map(|p| p.covered).collect()
    }
}

impl Grader {
    /// Prepares both languages' key points, widened by `glossary`.
    pub fn new(points: &Bilingual<Vec<KeyPoint>>, glossary: &Glossary) -> Grader {
        let words = direction_words(glossary);
        let count = points.zh.len().max(points.en.len());
        let compile = |p: Option<&KeyPoint>| {
            p.map(|p| (p.point.clone(), CompiledPoint::new(p, glossary, &words)))
        };
        let points = (0..count)
            .map(|i| PointKey {
                zh: compile(points.zh.get(i)),
                en: compile(points.en.get(i)),
            })
            .collect();
        Grader { points, words }
    }

    pub fn for_card(card: &Card, glossary: &Glossary) -> Grader {
        Grader::new(&card.key_points, glossary)
    }

    /// Grades `answer` against every point. `prefer` picks whose matches are reported when both
    /// versions of a point are stated.
    pub fn grade(&self, answer: &str, prefer: Lang) -> Grading {
        let answer = Answer::new(truncate(answer), &self.words);
        let points = self
            .points
            .iter()
            .enumerate()
            .map(|(index, key)| {
                let result = |lang: Lang| {
                    let version = match lang {
                        Lang::Zh => &key.zh,
                        Lang::En => &key.en,
                    };
                    version.as_ref().map(|(_, p)| (lang, p.grade(&answer)))
                };
                let first = result(prefer);
                let second = result(prefer.other());
                let best = [first, second]
                    .into_iter()
                    .flatten()
                    .max_by_key(|(lang, m)| (m.covered, m.matched.len(), *lang == prefer));
                let text = |v: &Option<(String, CompiledPoint)>| {
                    v.as_ref().map(|(t, _)| t.clone()).unwrap_or_default()
                };
                let covered = best.as_ref().is_some_and(|(_, m)| m.covered);
                PointGrade {
                    index,
                    covered,
                    by: best.as_ref().filter(|_| covered).map(|(lang, _)| *lang),
                    zh: text(&key.zh),
                    en: text(&key.en),
                    missing: best
                        .as_ref()
                        .map(|(_, m)| m.missing.clone())
                        .unwrap_or_default(),
                    matched: best.map(|(_, m)| m.matched).unwrap_or_default(),
                }
            })
            .collect();
        Grading { points }
    }
}

/// Grades `answer` against `card` in one call (a [`Grader`] is worth keeping when one card
/// grades many answers).
pub fn grade(card: &Card, answer: &str, glossary: &Glossary, prefer: Lang) -> Grading {
    Grader::for_card(card, glossary).grade(answer, prefer)
}

/// The first [`MAX_ANSWER_BYTES`] of `text`, cut at a char boundary.
fn truncate(text: &str) -> &str {
    if text.len() <= MAX_ANSWER_BYTES {
        return text;
    }
    let mut end = MAX_ANSWER_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// The direction phrases: every spelling of the glossary's "per direction" and "bidirectional"
/// groups, longest first so "both directions" wins over a shorter phrase inside it.
fn direction_words(glossary: &Glossary) -> DirectionWords {
    let mut phrases = Vec::new();
    for (key, direction) in [
        ("per direction", Direction::One),
        ("bidirectional", Direction::Both),
    ] {
        for spelling in glossary.equivalents(key) {
            let toks: Vec<text::Tok> = text::tokens(spelling).into_iter().map(|t| t.tok).collect();
            if !phrases.iter().any(|(p, _)| *p == toks) {
                phrases.push((toks, direction));
            }
        }
    }
    phrases.sort_by_key(|(p, _)| std::cmp::Reverse(p.len()));
    DirectionWords { phrases }
}

#[cfg(test)]
mod legacy_tests;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
