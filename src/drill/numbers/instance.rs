//! One variant of a template made concrete: its inputs, the question in both languages, the
//! answer computed by the calculator engine, and the command line that reproduces it.

use serde::Serialize;

use super::report::argv;
use crate::calc::{self, HardwareTable, Kind, format, units};
use crate::calculators::lookup;
use crate::calculators::preset::Opened;
use crate::calculators::{Calculator, Form, calculator};
use crate::content::numbers::{AnswerUnit, NumberTemplate, placeholders};
use crate::content::{Bilingual, Card, Lang};
use crate::text::Bi;

/// The answer to a number question, as the engine computed it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Answer {
    /// The number at the answer path of the command's JSON, in `unit`.
    pub value: f64,
    /// The report's unit: `s`, `B`, `B/s`, `count` or `fraction`.
    pub unit: &'static str,
    /// How a person says it: `426 ms`, `140 GB`, `40.1%`.
    pub text: String,
    #[serde(skip)]
    pub kind: AnswerUnit,
    /// The unit the card shows the answer in, if it chose one.
    #[serde(skip)]
    pub show: Option<String>,
}

impl Answer {
    /// The engine's quantity kind for this answer (a fraction is a plain number).
    pub fn quantity_kind(&self) -> Kind {
        unit_kind(self.kind)
    }

    /// Another value of this answer's kind (a typed one, in SI base units) written the way the
    /// answer is, so the two compare at a glance: `22756 h` beside `23000 h`, not `958 days`.
    pub fn format_like(&self, value: f64) -> String {
        answer_text(value, self.kind, self.show.as_deref())
            .unwrap_or_else(|_| format::sig(value, 4))
    }
}

/// The engine's quantity kind of a report unit.
pub fn unit_kind(unit: AnswerUnit) -> Kind {
    match unit {
        AnswerUnit::Seconds => Kind::Duration,
        AnswerUnit::Bytes => Kind::Size,
        AnswerUnit::BytesPerSecond => Kind::Rate,
        AnswerUnit::Count | AnswerUnit::Fraction => Kind::Count,
    }
}

/// One generated question with everything needed to ask, grade and explain it.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberQuestion {
    /// `card/template#variant`: stable across runs while the card's template is unchanged.
    pub id: String,
    pub card: String,
    pub template: String,
    pub variant: usize,
    /// The calculator id, or `expression`.
    pub calculator: String,
    pub prompt: Bilingual<String>,
    /// The inputs as the calculator form reads them (for opening the calculator).
    pub inputs: Vec<(String, String)>,
    pub answer: Answer,
    /// Relative tolerance of a "close" answer.
    pub tolerance: f64,
    /// How the answer is worked out, shown after it is graded.
    pub working: Working,
}

/// How a question's answer is worked out: the command that prints it, where it stands in that
/// command's report, and the calculator's steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Working {
    /// The argv after `infraprep` that prints the report holding the answer.
    pub command: Vec<String>,
    /// Dotted path of the answer in that report.
    pub answer_path: String,
    /// The calculator's worked steps.
    pub steps: Vec<Bi>,
}

impl NumberQuestion {
    pub fn prompt(&self, lang: Lang) -> &str {
        self.prompt.get(lang)
    }

    /// The calculator with this question's inputs, as the TUI opens it (the `c` key after an
    /// answer): a form for a registry calculator, the filled-in expression otherwise.
    pub fn opened(&self) -> Option<Opened> {
        if self.calculator == "expression" {
            return self.working.command.get(1).cloned().map(Opened::Expression);
        }
        let calc = calculator(&self.calculator)?;
        form(calc, &self.inputs).ok().map(|f| Opened::Form(calc, f))
    }
}

/// Makes variant `variant` of `template` (a template of `card`) concrete, or says why it
/// cannot be: the message names the template, the inputs and what the engine said.
pub fn instantiate(
    card: &Card,
    template: &NumberTemplate,
    variant: usize,
    table: &HardwareTable,
) -> Result<NumberQuestion, String> {
    let variant = variant % template.variant_count().max(1);
    let inputs = template.variant(variant);
    let prompt = Bilingual {
        zh: render(template.prompt.get(Lang::Zh), &inputs, Lang::Zh, table)?,
        en: render(template.prompt.get(Lang::En), &inputs, Lang::En, table)?,
    };
    let (command, json, steps) = if template.calculator == "expression" {
        expression(template, &inputs, table)?
    } else {
        let calc = calculator(&template.calculator).ok_or_else(|| {
            let names: Vec<&str> = crate::calculators::CALCULATORS
                .iter()
                .map(|c| c.id)
                .collect();
            format!(
                "unknown calculator '{}'; use one of: {}, expression",
                template.calculator,
                names.join(", ")
            )
        })?;
        let form = form(calc, &inputs)?;
        let computed = calc.evaluate(&form, table).map_err(|e| {
            let field = e.field.map_or_else(String::new, |f| format!(" ({f})"));
            format!("{}{field}: {e}", describe(&inputs))
        })?;
        (argv(calc, &form), computed.json, computed.outcome.steps)
    };
    let value = lookup(&json, &template.answer)?;
    if !(value.is_finite() && value != 0.0) {
        return Err(format!(
            "{}: the answer at '{}' is {value}; ask for a figure that is not zero",
            describe(&inputs),
            template.answer
        ));
    }
    Ok(NumberQuestion {
        id: format!("{}/{}#{variant}", card.id, template.id),
        card: card.id.clone(),
        template: template.id.clone(),
        variant,
        calculator: template.calculator.clone(),
        prompt,
        inputs,
        answer: Answer {
            value,
            unit: template.unit.code(),
            text: answer_text(value, template.unit, template.show.as_deref())?,
            kind: template.unit,
            show: template.show.clone(),
        },
        tolerance: template.tolerance,
        working: Working {
            command,
            answer_path: template.answer.clone(),
            steps,
        },
    })
}

/// `size = 10 GiB, links = pcie4`: a variant's inputs for messages.
fn describe(inputs: &[(String, String)]) -> String {
    let list: Vec<String> = inputs.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    format!("with {}", list.join(", "))
}

/// A quick-arithmetic template: its `expr` with the placeholders filled in.
fn expression(
    template: &NumberTemplate,
    inputs: &[(String, String)],
    table: &HardwareTable,
) -> Result<(Vec<String>, serde_json::Value, Vec<Bi>), String> {
    let expr = inputs
        .iter()
        .find(|(k, _)| k == "expr")
        .map(|(_, v)| v.as_str())
        .ok_or("an expression template needs inputs.expr, e.g. expr = \"{size} / {link}\"")?;
    let expr = render(expr, inputs, Lang::En, table)?;
    let value = calc::eval_expression(&expr, table).map_err(|e| format!("'{expr}': {e}"))?;
    let wanted = unit_kind(template.unit);
    if value.kind != wanted {
        return Err(format!(
            "'{expr}' is {}, but the template's unit '{}' asks for {}",
            value.kind.describe(),
            template.unit.code(),
            wanted.describe()
        ));
    }
    let json = serde_json::to_value(&value).map_err(|e| e.to_string())?;
    let command = vec!["calc".to_owned(), expr, "--json".to_owned()];
    Ok((command, json, value.steps))
}

/// The calculator's form with the variant's inputs; an unknown key names the fields.
fn form(calc: &Calculator, inputs: &[(String, String)]) -> Result<Form, String> {
    let mut form = calc.empty_form();
    for (key, value) in inputs {
        if !form.set(key, value) {
            let names: Vec<&str> = calc.fields.iter().map(|f| f.name).collect();
            return Err(format!(
                "'{key}' is not a field of the {} calculator; its fields are: {}",
                calc.id,
                names.join(", ")
            ));
        }
    }
    Ok(form)
}

/// The answer as a person says it, in `show` when given (`ms`, `GB`, `%`).
pub fn answer_text(value: f64, unit: AnswerUnit, show: Option<&str>) -> Result<String, String> {
    if let Some(show) = show {
        let scale = if show == "%" && unit == AnswerUnit::Fraction {
            0.01
        } else {
            let quantity = units::parse_quantity(&format!("1 {show}"))
                .map_err(|e| format!("show '{show}': {e}"))?;
            if quantity.kind != unit_kind(unit) || quantity.kind == Kind::Count {
                return Err(format!(
                    "show '{show}' is {}, but the answer is {}; show a unit of the answer's kind \
                     ('%' for a fraction)",
                    quantity.kind.describe(),
                    unit_kind(unit).describe()
                ));
            }
            quantity.value
        };
        let space = if show == "%" { "" } else { " " };
        return Ok(format!("{}{space}{show}", format::sig(value / scale, 4)));
    }
    Ok(match unit {
        AnswerUnit::Seconds => format::duration(value),
        AnswerUnit::Bytes => format::bytes_short(value),
        AnswerUnit::BytesPerSecond => format::rate_short(value),
        AnswerUnit::Count => format::sig(value, 4),
        AnswerUnit::Fraction => format::percent(value),
    })
}

/// Fills `{key}` with the input's text and `{key:name}` with the link's name (ids in a list are
/// joined). An unknown key or a `:name` of something that is not a link is an error.
pub fn render(
    text: &str,
    inputs: &[(String, String)],
    lang: Lang,
    table: &HardwareTable,
) -> Result<String, String> {
    let mut out = String::with_capacity(text.len() + 16);
    for piece in placeholders(text)? {
        match piece {
            Ok(literal) => out.push_str(literal),
            Err(placeholder) => {
                let value = inputs
                    .iter()
                    .find(|(k, _)| k == placeholder.key)
                    .map(|(_, v)| v.as_str())
                    .ok_or_else(|| format!("'{{{}}}' is not an input", placeholder.key))?;
                if placeholder.filter.is_some() {
                    let names = value
                        .split_whitespace()
                        .map(|id| {
                            table
                                .get(id)
                                .map(|l| l.display_name().to_owned())
                                .ok_or_else(|| {
                                    format!(
                                        "'{{{}:name}}': '{id}' is not a link id",
                                        placeholder.key
                                    )
                                })
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    out.push_str(&names.join(if lang == Lang::Zh { "、" } else { ", " }));
                } else {
                    out.push_str(value);
                }
            }
        }
    }
    Ok(out)
}
