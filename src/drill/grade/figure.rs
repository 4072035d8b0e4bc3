//! Figures compared by value, and the direction (per direction or both directions) a rate is
//! said to be.
//!
//! `3.6 Tb/s`, `450GB/s` and `0.45 TB/s` are one value; `450 Gb/s` (bits) and `900 GB/s` (a
//! factor 2) are not. Two figures are equal when they agree to the precision either was
//! written in (`0.45 TB/s` is 450 ± 5 GB/s), never looser than 5%, so a rounding slip passes
//! and a wrong figure does not.

use super::text::{Tok, Token};
use super::units::{Dimension, si_factor};

/// The loosest agreement ever accepted, as a share of the expected value.
const MAX_RELATIVE: f64 = 0.05;

/// A direction word tied to a rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// "per direction", "each way", "单向".
    One,
    /// "bidirectional", "both directions", "双向".
    Both,
}

/// A number and what it measures.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    /// In SI base units when `dimension` is known, else as written.
    pub value: f64,
    /// Half the last written digit's place, in the units of `value`.
    pub precision: f64,
    pub dimension: Option<Dimension>,
    /// The canonical unit as written, `None` for a bare number.
    pub unit: Option<String>,
}

impl Figure {
    /// The figure of a `Num` token; `None` for other tokens.
    pub fn of(tok: &Tok) -> Option<Figure> {
        let Tok::Num(number, unit) = tok else {
            return None;
        };
        let written: f64 = number.parse().ok()?;
        let (factor, dimension) = match unit.as_deref().and_then(si_factor) {
            Some((factor, dimension)) => (factor, Some(dimension)),
            None => (1.0, None),
        };
        Some(Figure {
            value: written * factor,
            precision: half_last_place(number) * factor,
            dimension,
            unit: unit.clone(),
        })
    }

    pub fn is_rate(&self) -> bool {
        self.dimension == Some(Dimension::Rate)
    }

    /// True when the answer's figure `self` states the term's figure `term`.
    ///
    /// A term without a unit matches that number with any unit (`20.6` finds `20.6%`); a term
    /// with a unit needs the same dimension (or, for units the engine does not measure, the
    /// same unit) and the same value.
    pub fn states(&self, term: &Figure) -> bool {
        match (&term.unit, &self.unit) {
            (None, _) => (self.written_value() - term.value).abs() <= 1e-9 * term.value.abs(),
            (Some(_), None) => false,
            (Some(t), Some(a)) => {
                let comparable = match (term.dimension, self.dimension) {
                    (Some(td), Some(ad)) => td == ad,
                    (None, None) => t == a,
                    _ => false,
                };
                comparable && self.agrees(term)
            }
        }
    }

    /// The number as written, before units were applied.
    fn written_value(&self) -> f64 {
        let factor = self
            .unit
            .as_deref()
            .and_then(si_factor)
            .map_or(1.0, |f| f.0);
        self.value / factor
    }

    fn agrees(&self, term: &Figure) -> bool {
        let loosest = MAX_RELATIVE * term.value.abs();
        let tolerance = self.precision.max(term.precision).min(loosest);
        (self.value - term.value).abs() <= tolerance + 1e-9 * term.value.abs()
    }
}

/// Half of the last significant digit's place value: `0.45` -> 0.005, `450` -> 5, `1800` -> 50
/// (trailing zeros of a whole number are not significant, as in `calc::figure_matches`).
fn half_last_place(number: &str) -> f64 {
    let place = if let Some((_, fraction)) = number.split_once('.') {
        -i32::try_from(fraction.len()).unwrap_or(0)
    } else {
        let zeros = number.len() - number.trim_end_matches('0').len();
        i32::try_from(zeros.min(number.len().saturating_sub(1))).unwrap_or(0)
    };
    0.5 * 10f64.powi(place)
}

/// The phrases that say a rate is per direction or for both directions, as token runs.
#[derive(Debug, Clone, Default)]
pub struct DirectionWords {
    pub phrases: Vec<(Vec<Tok>, Direction)>,
}

/// The direction said of each rate in `tokens` (indexed like `tokens`; `None` when no direction
/// word is tied to it, or words of both kinds are).
///
/// Each direction word goes to the nearest rate of its clause: the fewest chars between them,
/// a bracket counting as 20 chars so that "300 GB/s per direction (600 GB/s both ways)" ties
/// each word to its own figure; on a tie, the figure before the word.
pub fn directions(
    tokens: &[Token],
    figures: &[Option<Figure>],
    text: &[char],
    words: &DirectionWords,
) -> Vec<Option<Direction>> {
    let mut said: Vec<Option<Option<Direction>>> = vec![None; tokens.len()];
    for (start, end, direction) in find_phrases(tokens, words) {
        let clause = tokens[start].clause;
        let nearest = (0..tokens.len())
            .filter(|&i| {
                tokens[i].clause == clause && figures[i].as_ref().is_some_and(Figure::is_rate)
            })
            .filter(|&i| i < start || i >= end)
            .min_by_key(|&i| {
                let (from, to) = if i < start {
                    (tokens[i].end, tokens[start].start)
                } else {
                    (tokens[end - 1].end, tokens[i].start)
                };
                let gap = text.get(from..to).unwrap_or_default();
                let brackets = gap.iter().filter(|c| "()[]（）".contains(**c)).count();
                (gap.len() + 20 * brackets, usize::from(i > start))
            });
        if let Some(i) = nearest {
            said[i] = match said[i] {
                None => Some(Some(direction)),
                Some(Some(d)) if d == direction => Some(Some(d)),
                Some(_) => Some(None),
            };
        }
    }
    said.into_iter().map(Option::flatten).collect()
}

/// Every run of tokens that is a direction phrase: (first token, end, direction).
fn find_phrases(tokens: &[Token], words: &DirectionWords) -> Vec<(usize, usize, Direction)> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let hit = words.phrases.iter().find(|(phrase, _)| {
            !phrase.is_empty()
                && tokens
                    .get(i..i + phrase.len())
                    .is_some_and(|window| window.iter().zip(phrase).all(|(a, p)| a.tok == *p))
        });
        if let Some((phrase, direction)) = hit {
            found.push((i, i + phrase.len(), *direction));
            i += phrase.len();
        } else {
            i += 1;
        }
    }
    found
}
