//! Number drills: back-of-envelope questions generated from the cards' `[[numbers]]` templates,
//! answered by the calculator engine and graded by value with units.
//!
//! [`generate`] picks questions from a deck by seed (the same seed gives the same questions),
//! [`instantiate`] makes one template variant concrete (prompt in both languages, answer, the
//! command that reproduces it, the calculator's steps), [`grade`] grades a typed answer and
//! names the classic slip, and [`check_card`] is what `infraprep validate` runs on every
//! template. Front ends ask and show; nothing here reads the terminal or the clock.

mod asked;
mod check;
mod grade;
mod instance;
mod report;
pub mod tally;

pub use crate::calculators::lookup;
pub use asked::{due_first, follow_up, grade_typed, unanswered};
pub use check::{TemplateChecks, check_card, check_card_with};
pub use grade::{Diagnosis, EXACT, Expected, Graded, Typed, Verdict, grade, normalize};
pub use instance::{Answer, NumberQuestion, Working, answer_text, instantiate, render, unit_kind};
pub use report::{argv, shell_words};

use crate::calc::HardwareTable;
use crate::content::Card;

/// Which templates a drill draws from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NumberFilter {
    /// Only this card (its id).
    pub card: Option<String>,
    /// Only cards with this tag.
    pub tag: Option<String>,
}

impl NumberFilter {
    fn admits(&self, card: &Card) -> bool {
        self.card.as_ref().is_none_or(|id| &card.id == id)
            && self
                .tag
                .as_ref()
                .is_none_or(|tag| card.tags.iter().any(|t| t.eq_ignore_ascii_case(tag)))
    }
}

/// `count` questions from the templates of `cards` that pass `filter`, chosen by `seed`.
///
/// Templates are shuffled, then taken in turn with a random variant each, so a short drill
/// spreads over many templates and a long one revisits them with other inputs; the same
/// (template, variant) is not asked twice while others remain. A variant that does not compute
/// is skipped (validation reports it).
pub fn generate<'c>(
    cards: impl IntoIterator<Item = &'c Card>,
    filter: &NumberFilter,
    count: usize,
    seed: u64,
    table: &HardwareTable,
) -> Vec<NumberQuestion> {
    let mut templates: Vec<(&Card, usize)> = cards
        .into_iter()
        .filter(|card| filter.admits(card))
        .flat_map(|card| (0..card.numbers.len()).map(move |i| (card, i)))
        .collect();
    let mut rng = SplitMix(seed);
    shuffle(&mut templates, &mut rng);
    let total: usize = templates
        .iter()
        .map(|(card, i)| card.numbers[*i].variant_count())
        .sum();
    let mut asked: Vec<(usize, usize)> = Vec::new();
    let mut questions = Vec::with_capacity(count);
    let mut turn = 0;
    // Every turn either asks or marks a pair as asked, so this ends after at most `total` turns
    // beyond `count`.
    while questions.len() < count.min(total) && turn < count + total {
        let slot = turn % templates.len().max(1);
        turn += 1;
        let Some(&(card, i)) = templates.get(slot) else {
            break;
        };
        let template = &card.numbers[i];
        let variants = template.variant_count();
        let mut variant = rng.below(variants);
        // Walk to the next variant not yet asked, if this one was.
        for _ in 0..variants {
            if !asked.contains(&(slot, variant)) {
                break;
            }
            variant = (variant + 1) % variants;
        }
        if asked.contains(&(slot, variant)) {
            continue;
        }
        asked.push((slot, variant));
        if let Ok(question) = instantiate(card, template, variant, table) {
            questions.push(question);
        }
    }
    questions
}

/// splitmix64: small, fast and the same on every platform, which is all a seed needs.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next() % n as u64) as usize
    }
}

/// Fisher-Yates.
fn shuffle<T>(items: &mut [T], rng: &mut SplitMix) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i + 1);
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests;
