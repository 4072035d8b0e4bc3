//! Cards meet the calculators: a card's `[[calc]]` preset becomes a [`Form`] checked against the
//! calculator's fields, and its `[[figures]]` are recomputed, so content and engine never
//! disagree.

use super::{Calculator, Computed, Form, FormError, calculator};
use crate::calc::{self, HardwareTable};
use crate::content::{CalcPreset, Card, Figure, Lang, Problem};
use crate::text::messages as m;

/// What a preset opens: a calculator with its form, or a quick-arithmetic expression.
pub enum Opened {
    Form(&'static Calculator, Form),
    Expression(String),
}

/// The calculator a preset opens and the preset's values as that form's text. An unknown
/// calculator or key is an error naming it and what is allowed.
pub fn open(preset: &CalcPreset) -> Result<Opened, FormError> {
    let error = |message: String| FormError {
        message: message.into(),
        field: None,
    };
    if preset.calculator == "expression" {
        return match (preset.get("expr"), preset.values.len()) {
            (Some(expr), 1) => Ok(Opened::Expression(expr.to_owned())),
            _ => Err(error(
                "an expression preset has one key, expr, e.g. expr = \"10 GiB / nvlink3\""
                    .to_owned(),
            )),
        };
    }
    let Some(calc) = calculator(&preset.calculator) else {
        let names: Vec<&str> = super::CALCULATORS.iter().map(|c| c.id).collect();
        return Err(error(format!(
            "unknown calculator '{}'; use one of: {}, expression",
            preset.calculator,
            names.join(", ")
        )));
    };
    let mut form = calc.empty_form();
    for (key, value) in &preset.values {
        if !form.set(key, value) {
            let names: Vec<&str> = calc.fields.iter().map(|f| f.name).collect();
            return Err(error(format!(
                "'{key}' is not a field of the {} calculator; its fields are: {}",
                calc.id,
                names.join(", ")
            )));
        }
    }
    Ok(Opened::Form(calc, form))
}

/// Computes a preset the way the TUI form and the command line would.
pub fn compute(preset: &CalcPreset, table: &HardwareTable) -> Result<Option<Computed>, FormError> {
    match open(preset)? {
        Opened::Form(calc, form) => calc.evaluate(&form, table).map(Some),
        Opened::Expression(expr) => {
            calc::eval_expression(&expr, table)
                .map(|_| None)
                .map_err(|e| FormError {
                    field: None,
                    message: e.text(),
                })
        }
    }
}

/// Checks that a preset is input its calculator accepts.
pub fn check_preset(preset: &CalcPreset, table: &HardwareTable) -> Result<(), FormError> {
    compute(preset, table).map(drop)
}

/// What computing a preset gave: a report, nothing (an expression preset) or an error.
type Computation = Result<Option<Computed>, FormError>;

/// Recomputes a figure, from its expression or from one of `presets`' results; the error says
/// what the engine got instead.
pub fn check_figure(
    figure: &Figure,
    presets: &[CalcPreset],
    table: &HardwareTable,
) -> Result<(), String> {
    let wanted = figure
        .calc
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| presets.get(i));
    let computed = wanted.map(|preset| compute(preset, table));
    figure_against(figure, computed.as_ref(), presets.len(), table)
}

/// [`check_figure`] with the figure's preset already computed (`None`: there is no such
/// preset), so a card's checks compute each preset once however many figures read it.
fn figure_against(
    figure: &Figure,
    computed: Option<&Computation>,
    presets: usize,
    table: &HardwareTable,
) -> Result<(), String> {
    // Ratios are written like "12x" or "9×"; the engine sees a plain number.
    let expect = figure.expect.trim();
    let expect = expect
        .strip_suffix(['x', '×'])
        .filter(|n| n.ends_with(|c: char| c.is_ascii_digit()))
        .unwrap_or(expect);
    let preset = figure.calc.zip(figure.field.as_deref());
    let value = match preset {
        Some((index, field)) => preset_value(index, field, computed, presets, table, expect)?,
        None => calc::eval_expression(&figure.expr, table).map_err(|e| {
            m::PROBLEM_FIGURE_UNCOMPUTABLE.fill(Lang::En, &[("expr", &figure.expr), ("detail", &e)])
        })?,
    };
    let mismatch = || {
        let (shown, said) = (&value.display, &figure.expect);
        match preset {
            Some((calc, field)) => m::PROBLEM_FIGURE_PRESET_MISMATCH.fill(
                Lang::En,
                &[
                    ("calc", &calc),
                    ("field", &field),
                    ("value", shown),
                    ("expect", said),
                ],
            ),
            None => m::PROBLEM_FIGURE_MISMATCH.fill(
                Lang::En,
                &[("expr", &figure.expr), ("value", shown), ("expect", said)],
            ),
        }
    };
    match calc::figure_matches(&value, expect) {
        Ok(true) => Ok(()),
        Ok(false) => Err(mismatch()),
        Err(e) => Err(expect_problem(&figure.expect, &e)),
    }
}

/// The number at `field` in the report of the card's `index`-th preset (1 is the first), read
/// as the kind of quantity the card's `expect` is (a duration for "12.8 s", a size for
/// "10 GB", a plain number for "51%"): the report's numbers are in base units, so the value
/// needs no conversion, only its kind.
fn preset_value(
    index: usize,
    field: &str,
    computed: Option<&Computation>,
    count: usize,
    table: &HardwareTable,
    expect: &str,
) -> Result<calc::ExprValue, String> {
    let problem = |msg: m::Msg, detail: &dyn std::fmt::Display| {
        msg.fill(
            Lang::En,
            &[("calc", &index), ("count", &count), ("detail", detail)],
        )
    };
    let computed = computed
        .ok_or_else(|| problem(m::PROBLEM_FIGURE_NO_PRESET, &""))?
        .as_ref()
        .map_err(|e| problem(m::PROBLEM_FIGURE_PRESET_FAILS, e))?
        .as_ref()
        .ok_or_else(|| problem(m::PROBLEM_FIGURE_EXPRESSION_PRESET, &""))?;
    let number =
        super::lookup(&computed.json, field).map_err(|e| problem(m::PROBLEM_FIGURE_PATH, &e))?;
    let kind = calc::eval_expression(expect, table)
        .map_err(|e| expect_problem(expect, &e))?
        .kind;
    Ok(calc::ExprValue {
        value: number,
        kind,
        display: shown(number, kind),
        steps: Vec::new(),
    })
}

/// A card's `expect` that is not a figure the engine can read.
fn expect_problem(expect: &str, detail: &dyn std::fmt::Display) -> String {
    m::PROBLEM_FIGURE_EXPECT.fill(Lang::En, &[("expect", &expect), ("detail", detail)])
}

/// Every preset and figure problem in `card`, at the lines of its front matter.
pub fn check_card(card: &Card, table: &HardwareTable) -> Vec<Problem> {
    let at = |lines: &[usize], i: usize| lines.get(i).copied().unwrap_or(card.origin.id_line);
    let mut problems = Vec::new();
    let computed: Vec<Computation> = card.calc.iter().map(|p| compute(p, table)).collect();
    for (i, (preset, result)) in card.calc.iter().zip(&computed).enumerate() {
        if let Err(e) = result {
            let line = at(&card.origin.calc_lines, i);
            let what = e
                .field
                .as_ref()
                .map_or_else(String::new, |f| format!(" {f}"));
            problems.push(Problem::new(
                &card.origin.path,
                line,
                format!("'{}' calculator preset{what}: {e}", preset.name()),
            ));
        }
    }
    for (i, figure) in card.figures.iter().enumerate() {
        let preset = figure.calc.and_then(|n| n.checked_sub(1));
        let result = preset.and_then(|i| computed.get(i));
        if let Err(message) = figure_against(figure, result, card.calc.len(), table) {
            problems.push(Problem::new(
                &card.origin.path,
                at(&card.origin.figure_lines, i),
                message,
            ));
        }
    }
    problems
}

/// A report number as a reader would write it, for the mismatch message.
fn shown(number: f64, kind: calc::Kind) -> String {
    use calc::{Kind, format};
    match kind {
        Kind::Size => format::bytes(number),
        Kind::Rate => format::rate(number),
        Kind::Duration => format::duration(number),
        Kind::Count | Kind::Other => format::sig(number, 4),
    }
}
