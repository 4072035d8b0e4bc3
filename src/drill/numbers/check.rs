//! What `infraprep validate` checks on number templates beyond their shape: the calculator
//! exists, every variant renders in both languages and computes a non-zero answer of the
//! template's unit at the answer path.

use std::hash::{Hash, Hasher};

use super::instance::instantiate;
use crate::calc::HardwareTable;
use crate::content::numbers::{NumberTemplate, Vary};
use crate::content::parallel::Memo;
use crate::content::{Card, Problem};

/// Every template problem of `card`, at the line of its `[[numbers]]` table. A template reports
/// its first failing variant only, so one typo does not print a thousand lines.
pub fn check_card(card: &Card, table: &HardwareTable) -> Vec<Problem> {
    check_card_with(card, table, &TemplateChecks::default())
}

/// Template checks already done, by the template's whole content: a check's outcome depends
/// on nothing else (the card's id is not in any message), and a big deck repeats templates in
/// many cards. Good for one hardware table only.
#[derive(Default)]
pub struct TemplateChecks(Memo<TemplateKey, Option<String>>);

/// A template as a memo key: its whole content, decimals compared by their bits. Keying by the
/// `Debug` text did the same but formatted every template of a big deck (3% of `validate`).
/// Bits keep apart what `Debug` keeps apart (`-0.0` and `0.0`), so no two templates share a
/// check that they did not share before.
#[derive(Debug, Clone)]
pub(crate) struct TemplateKey(pub(crate) NumberTemplate);

/// The values a varying input takes, decimals as bits.
#[derive(PartialEq, Eq, Hash)]
enum VaryKey<'a> {
    Choices(&'a [String]),
    Range(u64, u64, u64, Option<&'a str>),
}

impl TemplateKey {
    /// Every field, decimals as bits: what equality and the hash read. The template is
    /// destructured whole, so a field added to it later does not compile until it is keyed.
    fn parts(&self) -> impl Hash + Eq + '_ {
        let NumberTemplate {
            id,
            calculator,
            inputs,
            vary,
            answer,
            unit,
            show,
            tolerance,
            prompt,
        } = &self.0;
        let vary: Vec<(&str, VaryKey<'_>)> = vary
            .iter()
            .map(|(key, vary)| {
                let vary = match vary {
                    Vary::Choices(values) => VaryKey::Choices(values),
                    Vary::Range {
                        from,
                        to,
                        step,
                        unit,
                    } => VaryKey::Range(
                        from.to_bits(),
                        to.to_bits(),
                        step.to_bits(),
                        unit.as_deref(),
                    ),
                };
                (key.as_str(), vary)
            })
            .collect();
        (
            (id, calculator, inputs, vary, answer),
            (*unit, show, tolerance.to_bits()),
            (&prompt.zh, &prompt.en),
        )
    }
}

impl PartialEq for TemplateKey {
    fn eq(&self, other: &Self) -> bool {
        self.parts() == other.parts()
    }
}

impl Eq for TemplateKey {}

impl Hash for TemplateKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.parts().hash(state);
    }
}

/// [`check_card`], reusing (and filling) `done`.
pub fn check_card_with(card: &Card, table: &HardwareTable, done: &TemplateChecks) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (i, template) in card.numbers.iter().enumerate() {
        let line = card
            .origin
            .number_lines
            .get(i)
            .copied()
            .unwrap_or(card.origin.id_line);
        let failure = done.0.get_or(TemplateKey(template.clone()), || {
            (0..template.variant_count())
                .find_map(|variant| instantiate(card, template, variant, table).err())
        });
        if let Some(message) = failure {
            problems.push(Problem::new(
                &card.origin.path,
                line,
                format!("number template '{}': {message}", template.id),
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use std::hash::BuildHasher;

    use proptest::prelude::*;
    use rustc_hash::FxBuildHasher;

    use super::TemplateKey;
    use crate::content::Bilingual;
    use crate::content::numbers::{AnswerUnit, NumberTemplate, Vary};

    /// Templates drawn from few values, so that equal ones are common.
    fn template() -> impl Strategy<Value = NumberTemplate> {
        let text = || prop::sample::select(vec!["a", "b", "链路"]).prop_map(str::to_owned);
        let decimal = prop::sample::select(vec![0.0, -0.0, 0.15, 1.0, f64::NAN]);
        let vary = prop_oneof![
            prop::collection::vec(text(), 0..2).prop_map(Vary::Choices),
            (decimal.clone(), decimal.clone(), prop::option::of(text())).prop_map(
                |(from, step, unit)| Vary::Range {
                    from,
                    to: 4.0,
                    step,
                    unit,
                }
            ),
        ];
        let unit = prop::sample::select(vec![AnswerUnit::Seconds, AnswerUnit::Bytes]);
        (
            (
                text(),
                text(),
                prop::collection::vec((text(), text()), 0..2),
            ),
            (prop::collection::vec((text(), vary), 0..2), text(), unit),
            (prop::option::of(text()), decimal, text(), text()),
        )
            .prop_map(
                |((id, calculator, inputs), (vary, answer, unit), (show, tolerance, zh, en))| {
                    NumberTemplate {
                        id,
                        calculator,
                        inputs,
                        vary,
                        answer,
                        unit,
                        show,
                        tolerance,
                        prompt: Bilingual { zh, en },
                    }
                },
            )
    }

    proptest! {
        /// The key tells templates apart exactly as their `Debug` text (the old key) did, and
        /// equal keys hash alike. NaN is the one exception: every NaN prints the same, but
        /// these are all the same NaN, which the key also finds equal.
        #[test]
        fn the_key_agrees_with_the_debug_text(a in template(), b in template()) {
            let same_text = format!("{a:?}") == format!("{b:?}");
            let (a, b) = (TemplateKey(a), TemplateKey(b));
            prop_assert_eq!(a == b, same_text);
            prop_assert!(a == a.clone());
            if a == b {
                prop_assert_eq!(FxBuildHasher.hash_one(&a), FxBuildHasher.hash_one(&b));
            }
        }
    }
}
