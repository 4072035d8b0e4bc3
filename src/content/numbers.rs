//! Number templates: the `[[numbers]]` tables of a card's front matter, read and checked on
//! their own (shape, placeholders, ranges), so every problem is reported at its own line.
//!
//! A template names a calculator, the inputs that stay fixed and those that vary, the path of
//! the asked figure in the calculator's `--json` report and the question in both languages.
//! Whether the calculator exists and every variant computes is checked by the drill's number
//! module, which knows the calculators; this module is plain data.

mod prompt;
mod vary;

use std::str::FromStr;

use serde::Deserialize;

use super::Bilingual;
use prompt::check_prompts;
pub use prompt::{Placeholder, placeholders};
pub use vary::Vary;
use vary::read_vary;

/// Most variants one template may have, so validation and generation stay quick.
pub const MAX_VARIANTS: usize = 1000;

/// Default relative tolerance of a "close" answer.
pub const DEFAULT_TOLERANCE: f64 = 0.15;

/// What the number at the answer path measures, in the report's own base units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnswerUnit {
    /// Seconds (`s`).
    Seconds,
    /// Bytes (`B`).
    Bytes,
    /// Bytes per second (`B/s`).
    BytesPerSecond,
    /// A plain number (`count`).
    Count,
    /// A fraction of one, shown as a percentage (`fraction`).
    Fraction,
}

impl AnswerUnit {
    const ALL: [AnswerUnit; 5] = [
        AnswerUnit::Seconds,
        AnswerUnit::Bytes,
        AnswerUnit::BytesPerSecond,
        AnswerUnit::Count,
        AnswerUnit::Fraction,
    ];

    /// How a card writes it.
    pub const fn code(self) -> &'static str {
        match self {
            AnswerUnit::Seconds => "s",
            AnswerUnit::Bytes => "B",
            AnswerUnit::BytesPerSecond => "B/s",
            AnswerUnit::Count => "count",
            AnswerUnit::Fraction => "fraction",
        }
    }
}

impl FromStr for AnswerUnit {
    type Err = String;

    /// Reads a unit as [`AnswerUnit::code`] writes it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let code = s.trim();
        AnswerUnit::ALL
            .into_iter()
            .find(|unit| unit.code() == code)
            .ok_or_else(|| {
                format!(
                    "unit '{code}' is not a report unit; use s, B, B/s, count or fraction \
                     (the unit of the number at the answer path, not the one to show: use \
                     'show' for that)"
                )
            })
    }
}

/// One `[[numbers]]` table.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberTemplate {
    /// Unique within the card, e.g. `pcie-copy`.
    pub id: String,
    /// A registry id (`transfer`) or `expression`.
    pub calculator: String,
    /// Inputs that stay fixed: calculator fields (or `expr`) and their text.
    pub inputs: Vec<(String, String)>,
    /// Inputs that vary, in the order written; variants enumerate them last-key-fastest.
    pub vary: Vec<(String, Vary)>,
    /// Dotted path of the asked number in the report, e.g. `results.0.seconds`.
    pub answer: String,
    pub unit: AnswerUnit,
    /// The unit the answer is shown in (`ms`, `GB`), when the default reading is not the one
    /// an interviewer would say.
    pub show: Option<String>,
    /// Relative tolerance of a "close" answer.
    pub tolerance: f64,
    /// The question, with `{key}` (the input's text) and `{key:name}` (a link's name).
    pub prompt: Bilingual<String>,
}

impl NumberTemplate {
    /// The number of variants: the product of the varying inputs' lengths (1 if none vary).
    pub fn variant_count(&self) -> usize {
        self.vary
            .iter()
            .map(|(_, v)| v.len())
            .fold(1usize, usize::saturating_mul)
    }

    /// The inputs of variant `index` (taken modulo the count): fixed ones, then varying ones.
    pub fn variant(&self, index: usize) -> Vec<(String, String)> {
        let mut rest = index % self.variant_count().max(1);
        let mut chosen = Vec::with_capacity(self.vary.len());
        for (key, vary) in self.vary.iter().rev() {
            let values = vary.values();
            let len = values.len().max(1);
            let value = values.get(rest % len).cloned().unwrap_or_default();
            chosen.push((key.clone(), value));
            rest /= len;
        }
        chosen.reverse();
        self.inputs.iter().cloned().chain(chosen).collect()
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct RawTemplate {
    id: String,
    calculator: String,
    #[serde(default)]
    inputs: toml::Table,
    #[serde(default)]
    vary: toml::Table,
    answer: String,
    unit: String,
    show: Option<String>,
    tolerance: Option<f64>,
    prompt: Bilingual<String>,
}

/// Reads one `[[numbers]]` table; every problem is a message (the caller adds the line).
pub fn read_template(table: toml::Table) -> Result<NumberTemplate, Vec<String>> {
    let raw: RawTemplate = toml::Value::Table(table)
        .try_into()
        .map_err(|e: toml::de::Error| vec![format!("number template: {}", e.message().trim())])?;
    let mut problems = Vec::new();
    let id = raw.id.clone();
    let name = format!("number template '{id}'");
    if !super::front_matter::is_slug(&id) {
        problems.push(format!(
            "{name}: id must be a slug: lower-case letters, digits and single '-'"
        ));
    }
    let unit = raw.unit.parse().unwrap_or_else(|e| {
        problems.push(format!("{name}: {e}"));
        AnswerUnit::Count
    });
    let tolerance = raw.tolerance.unwrap_or(DEFAULT_TOLERANCE);
    if !(tolerance > 0.0 && tolerance < 1.0) {
        problems.push(format!(
            "{name}: tolerance {tolerance} must be a fraction above 0 and below 1, e.g. 0.15"
        ));
    }
    if raw.answer.trim().is_empty() || raw.answer.split('.').any(str::is_empty) {
        problems.push(format!(
            "{name}: answer '{}' must be a dotted path into the report, e.g. results.0.seconds",
            raw.answer
        ));
    }
    let inputs = read_inputs(&name, raw.inputs, &mut problems);
    let vary = read_vary(&name, raw.vary, &mut problems);
    for (key, _) in &vary {
        if inputs.iter().any(|(k, _)| k == key) {
            problems.push(format!(
                "{name}: '{key}' is both in inputs and in vary; keep it in one"
            ));
        }
    }
    let template = NumberTemplate {
        id,
        calculator: raw.calculator,
        inputs,
        vary,
        answer: raw.answer,
        unit,
        show: raw.show,
        tolerance,
        prompt: raw.prompt,
    };
    let count = template.variant_count();
    if count > MAX_VARIANTS {
        problems.push(format!(
            "{name}: {count} variants is more than {MAX_VARIANTS}; use fewer choices or a larger step"
        ));
    }
    check_prompts(&name, &template, &mut problems);
    if problems.is_empty() {
        Ok(template)
    } else {
        Err(problems)
    }
}

fn read_inputs(
    name: &str,
    table: toml::Table,
    problems: &mut Vec<String>,
) -> Vec<(String, String)> {
    table
        .into_iter()
        .filter_map(|(key, value)| {
            let text = input_text(&value);
            if text.is_none() {
                problems.push(format!(
                    "{name}: input '{key}' is a {}; write text, a number, true/false or a list",
                    value.type_str()
                ));
            }
            text.map(|text| (key, text))
        })
        .collect()
}

/// An input value as the text a user would type: the same reading as a `[[calc]]` preset's.
pub(super) use super::card::preset_text as input_text;

#[cfg(test)]
mod tests;
