//! Cards meet the calculators: a card's `[[calc]]` preset becomes a [`Form`] checked against the
//! calculator's fields, and its `[[figures]]` are recomputed, so content and engine never
//! disagree.

use super::{Calculator, Computed, Form, FormError, calculator};
use crate::calc::{self, HardwareTable};
use crate::content::{CalcPreset, Card, Figure, Problem};

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

/// Recomputes a figure, from its expression or from one of `presets`' results; the error says
/// what the engine got instead.
pub fn check_figure(
    figure: &Figure,
    presets: &[CalcPreset],
    table: &HardwareTable,
) -> Result<(), String> {
    // Ratios are written like "12x" or "9×"; the engine sees a plain number.
    let expect = figure.expect.trim();
    let expect = expect
        .strip_suffix(['x', '×'])
        .filter(|n| n.ends_with(|c: char| c.is_ascii_digit()))
        .unwrap_or(expect);
    let (value, what) = match (figure.calc, figure.field.as_deref()) {
        (Some(index), Some(field)) => (
            preset_value(index, field, presets, table, expect)?,
            format!("calc = {index}, field '{field}'"),
        ),
        _ => (
            calc::eval_expression(&figure.expr, table)
                .map_err(|e| format!("cannot compute '{}': {e}", figure.expr))?,
            format!("figure '{}'", figure.expr),
        ),
    };
    match calc::figure_matches(&value, expect) {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!(
            "{what} computes to {}, but the card says '{}'",
            value.display, figure.expect
        )),
        Err(e) => Err(format!("figure '{}': {e}", figure.expect)),
    }
}

/// The number at `field` in the report of the card's `index`-th preset (1 is the first), read
/// as the kind of quantity the card's `expect` is (a duration for "12.8 s", a size for
/// "10 GB", a plain number for "51%"): the report's numbers are in base units, so the value
/// needs no conversion, only its kind.
fn preset_value(
    index: usize,
    field: &str,
    presets: &[CalcPreset],
    table: &HardwareTable,
    expect: &str,
) -> Result<calc::ExprValue, String> {
    let preset = index
        .checked_sub(1)
        .and_then(|i| presets.get(i))
        .ok_or_else(|| {
            format!(
                "figure calc = {index}: the card has {} [[calc]] presets (1 is the first)",
                presets.len()
            )
        })?;
    let computed = compute(preset, table)
        .map_err(|e| format!("figure calc = {index}: the preset does not compute: {e}"))?
        .ok_or_else(|| {
            format!("figure calc = {index}: an expression preset has no report; use 'expr'")
        })?;
    let number =
        super::lookup(&computed.json, field).map_err(|e| format!("figure calc = {index}: {e}"))?;
    let kind = calc::eval_expression(expect, table)
        .map_err(|e| format!("figure '{expect}': {e}"))?
        .kind;
    Ok(calc::ExprValue {
        value: number,
        kind,
        display: shown(number, kind),
        steps: Vec::new(),
    })
}

/// Every preset and figure problem in `card`, at the lines of its front matter.
pub fn check_card(card: &Card, table: &HardwareTable) -> Vec<Problem> {
    let at = |lines: &[usize], i: usize| lines.get(i).copied().unwrap_or(card.origin.id_line);
    let mut problems = Vec::new();
    for (i, preset) in card.calc.iter().enumerate() {
        if let Err(e) = check_preset(preset, table) {
            let line = at(&card.origin.calc_lines, i);
            let what = e.field.map_or_else(String::new, |f| format!(" {f}"));
            problems.push(Problem::new(
                &card.origin.path,
                line,
                format!("'{}' calculator preset{what}: {e}", preset.name()),
            ));
        }
    }
    for (i, figure) in card.figures.iter().enumerate() {
        if let Err(message) = check_figure(figure, &card.calc, table) {
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
