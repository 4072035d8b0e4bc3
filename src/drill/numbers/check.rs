//! What `infraprep validate` checks on number templates beyond their shape: the calculator
//! exists, every variant renders in both languages and computes a non-zero answer of the
//! template's unit at the answer path.

use super::instance::instantiate;
use crate::calc::HardwareTable;
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
pub struct TemplateChecks(Memo<String, Option<String>>);

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
        let failure = done.0.get_or(format!("{template:?}"), || {
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
