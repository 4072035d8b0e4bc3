//! The varying inputs of a number template: lists of choices and ranges with a step.

use std::fmt::Write as _;

use serde::Deserialize;

use super::{MAX_VARIANTS, input_text};

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

pub(super) fn read_vary(
    name: &str,
    table: toml::Table,
    problems: &mut Vec<String>,
) -> Vec<(String, Vary)> {
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
