//! Number templates: the `[[numbers]]` tables of a card's front matter, read and checked on
//! their own (shape, placeholders, ranges), so every problem is reported at its own line.
//!
//! A template names a calculator, the inputs that stay fixed and those that vary, the path of
//! the asked figure in the calculator's `--json` report and the question in both languages.
//! Whether the calculator exists and every variant computes is checked by the drill's number
//! module, which knows the calculators; this module is plain data.

use std::fmt::Write as _;
use std::str::FromStr;

use serde::Deserialize;

use super::Bilingual;

/// Most variants one template may have, so validation and generation stay quick.
pub const MAX_VARIANTS: usize = 1000;

/// Default relative tolerance of a "close" answer.
pub const DEFAULT_TOLERANCE: f64 = 0.15;

/// What the number at the answer path measures, in the report's own base units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.trim() {
            "s" => AnswerUnit::Seconds,
            "B" => AnswerUnit::Bytes,
            "B/s" => AnswerUnit::BytesPerSecond,
            "count" => AnswerUnit::Count,
            "fraction" => AnswerUnit::Fraction,
            other => {
                return Err(format!(
                    "unit '{other}' is not a report unit; use s, B, B/s, count or fraction \
                     (the unit of the number at the answer path, not the one to show: use \
                     'show' for that)"
                ));
            }
        })
    }
}

/// The values one input takes across a template's variants.
#[derive(Debug, Clone, PartialEq)]
pub enum Vary {
    /// The values as written, e.g. `["pcie4", "pcie5"]` or `["7B", "70B"]`.
    Choices(Vec<String>),
    /// `from`, `from + step`, … up to `to`, each followed by `unit` when given (`"4 GiB"`).
    Range {
        from: f64,
        to: f64,
        step: f64,
        unit: Option<String>,
    },
}

impl Vary {
    /// Every value as the text a user would type, in order.
    pub fn values(&self) -> Vec<String> {
        match self {
            Vary::Choices(values) => values.clone(),
            Vary::Range {
                from,
                to,
                step,
                unit,
            } => {
                let count = range_len(*from, *to, *step);
                (0..count)
                    .map(|i| {
                        let x = from + step * i as f64;
                        let number = plain_number(x);
                        unit.as_ref()
                            .map_or(number.clone(), |u| format!("{number} {u}"))
                    })
                    .collect()
            }
        }
    }

    /// How many values, without building them.
    pub fn len(&self) -> usize {
        match self {
            Vary::Choices(values) => values.len(),
            Vary::Range { from, to, step, .. } => range_len(*from, *to, *step),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Values in `from..=to` by `step`, forgiving the float error of the last step.
fn range_len(from: f64, to: f64, step: f64) -> usize {
    if !(step > 0.0 && to >= from && from.is_finite() && to.is_finite()) {
        return 0;
    }
    let steps = ((to - from) / step + 1e-9).floor();
    (0..=MAX_VARIANTS)
        .find(|n| *n as f64 > steps)
        .unwrap_or(MAX_VARIANTS + 1)
}

/// `4`, `0.5`, `1.25`: a range value as a person writes it, without float noise.
fn plain_number(x: f64) -> String {
    let rounded = (x * 1e9).round() / 1e9;
    let mut text = String::new();
    let _ = write!(text, "{rounded}");
    text
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

fn read_vary(name: &str, table: toml::Table, problems: &mut Vec<String>) -> Vec<(String, Vary)> {
    let mut vary = Vec::new();
    for (key, value) in table {
        let read = match value {
            toml::Value::Array(items) => items
                .iter()
                .map(input_text)
                .collect::<Option<Vec<_>>>()
                .map(Vary::Choices)
                .ok_or_else(|| "its choices must be text, numbers or true/false".to_owned()),
            toml::Value::Table(range) => read_range(range),
            other => Err(format!(
                "a {} does not vary; write a list of choices or {{ from, to, step }}",
                other.type_str()
            )),
        };
        match read {
            Ok(v) if v.is_empty() => {
                problems.push(format!("{name}: vary '{key}' has no values"));
            }
            Ok(v) => vary.push((key, v)),
            Err(message) => problems.push(format!("{name}: vary '{key}': {message}")),
        }
    }
    vary
}

fn read_range(table: toml::Table) -> Result<Vary, String> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawRange {
        from: f64,
        to: f64,
        step: f64,
        unit: Option<String>,
    }
    let raw: RawRange = toml::Value::Table(table)
        .try_into()
        .map_err(|e: toml::de::Error| {
            format!(
                "{}; a range is {{ from = 1, to = 16, step = 1, unit = \"GiB\" }}",
                e.message().trim()
            )
        })?;
    if !(raw.step > 0.0 && raw.to >= raw.from && raw.from.is_finite() && raw.to.is_finite()) {
        return Err(format!(
            "range from {} to {} by {} is empty: 'to' must be at least 'from' and 'step' above 0",
            raw.from, raw.to, raw.step
        ));
    }
    Ok(Vary::Range {
        from: raw.from,
        to: raw.to,
        step: raw.step,
        unit: raw.unit,
    })
}

/// An input value as the text a user would type (as in a `[[calc]]` preset).
fn input_text(value: &toml::Value) -> Option<String> {
    Some(match value {
        toml::Value::String(s) => s.clone(),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(f) => f.to_string(),
        toml::Value::Boolean(b) => if *b { "yes" } else { "no" }.to_owned(),
        toml::Value::Array(items) => items
            .iter()
            .map(|item| match item {
                toml::Value::Array(_) | toml::Value::Table(_) => None,
                other => input_text(other),
            })
            .collect::<Option<Vec<_>>>()?
            .join(" "),
        toml::Value::Datetime(_) | toml::Value::Table(_) => return None,
    })
}

/// A placeholder of a prompt: the key and the optional `:name` filter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placeholder<'a> {
    pub key: &'a str,
    pub filter: Option<&'a str>,
}

/// The pieces of a prompt: literal text and placeholders, or a message about a stray brace.
pub fn placeholders(prompt: &str) -> Result<Vec<Result<&str, Placeholder<'_>>>, String> {
    let mut pieces = Vec::new();
    let mut rest = prompt;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err(format!("a '}}' without its '{{' in '{prompt}'"));
        }
        let close = rest[open + 1..]
            .find(['{', '}'])
            .filter(|at| rest[open + 1 + at..].starts_with('}'))
            .map(|at| at + 1)
            .ok_or_else(|| format!("a '{{' is not closed in '{prompt}'"))?;
        pieces.push(Ok(&rest[..open]));
        let inner = rest[open + 1..open + close].trim();
        let (key, filter) = match inner.split_once(':') {
            Some((k, f)) => (k.trim(), Some(f.trim())),
            None => (inner, None),
        };
        pieces.push(Err(Placeholder { key, filter }));
        rest = &rest[open + close + 1..];
    }
    pieces.push(Ok(rest));
    Ok(pieces)
}

/// Every placeholder names an input; `:name` is the only filter; the text is not empty.
fn check_prompts(name: &str, template: &NumberTemplate, problems: &mut Vec<String>) {
    let known = |key: &str| {
        template.inputs.iter().any(|(k, _)| k == key) || template.vary.iter().any(|(k, _)| k == key)
    };
    for lang in super::Lang::ALL {
        let prompt = template.prompt.get(lang);
        if prompt.trim().is_empty() {
            problems.push(format!("{name}: prompt.{lang} is empty"));
            continue;
        }
        match placeholders(prompt) {
            Err(message) => problems.push(format!("{name}: prompt.{lang}: {message}")),
            Ok(pieces) => {
                for placeholder in pieces.iter().filter_map(|p| p.as_ref().err()) {
                    if !known(placeholder.key) {
                        problems.push(format!(
                            "{name}: prompt.{lang} names '{{{}}}', which is not an input or a \
                             varying input of the template",
                            placeholder.key
                        ));
                    }
                    if let Some(filter) = placeholder.filter.filter(|f| *f != "name") {
                        problems.push(format!(
                            "{name}: prompt.{lang}: '{{{}:{filter}}}': the only filter is \
                             ':name' (a link's name)",
                            placeholder.key
                        ));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
