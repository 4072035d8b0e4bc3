//! Unit-aware quick arithmetic (`10 GiB / nvlink3`) and checking figures written on cards.

use serde::Serialize;

use crate::calc::fend_bridge::{self, Kind};
use crate::calc::{CalcError, HardwareTable, LinkPreset, format, guard, lexer, units};
use crate::text::Bi;

/// The value of an expression.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExprValue {
    /// In SI base units (bytes, bytes/s, s) for sizes, rates and durations; plain for counts;
    /// in fend's printed units for [`Kind::Other`].
    pub value: f64,
    pub kind: Kind,
    /// Human rendering: decimal and binary sizes, bytes and bits per second.
    pub display: String,
    pub steps: Vec<Bi>,
}

fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// Replaces link ids with their per-direction bandwidth in bytes/s; returns the ids used.
fn substitute_links<'t>(expr: &str, table: &'t HardwareTable) -> (String, Vec<&'t LinkPreset>) {
    let mut ids: Vec<&LinkPreset> = table.iter().collect();
    ids.sort_by_key(|l| std::cmp::Reverse(l.id.len()));
    let (mut out, mut used) = (String::with_capacity(expr.len()), Vec::new());
    let mut rest = expr;
    let mut previous: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        let at_boundary = !previous.is_some_and(is_id_char);
        let hit = at_boundary
            .then(|| {
                ids.iter().find(|l| {
                    rest.get(..l.id.len())
                        .is_some_and(|head| head.eq_ignore_ascii_case(&l.id))
                        && !rest[l.id.len()..].starts_with(is_id_char)
                })
            })
            .flatten();
        if let Some(link) = hit {
            out.push('(');
            out.push_str(&link.bandwidth.to_string());
            out.push_str(" bytes / s)");
            if !used.contains(link) {
                used.push(*link);
            }
            rest = &rest[link.id.len()..];
            previous = Some('x');
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            previous = Some(c);
        }
    }
    (out, used)
}

/// Evaluates `expr` with fend; link ids stand for their per-direction bandwidth.
pub fn eval_expression(expr: &str, table: &HardwareTable) -> Result<ExprValue, CalcError> {
    let original = expr.trim();
    let cleaned = target::drop_digit_groups(original);
    if original.is_empty() {
        return Err(CalcError::Unreadable {
            input: String::new(),
            reason: Bi::new("it is empty", "内容为空"),
            hint: Bi::new(
                "write an expression such as '10 GiB / 25 GB/s' or '10 GiB / nvlink4'",
                "请写表达式，如 '10 GiB / 25 GB/s' 或 '10 GiB / nvlink4'",
            ),
        });
    }
    guard::check(original)?;
    lexer::check_unit_words(original)?;
    let (substituted, used) = substitute_links(&cleaned, table);
    let grouped = lexer::group_quantities(&substituted);
    let evaluated =
        fend_bridge::evaluate_expecting(&grouped, Kind::Duration).map_err(|message| {
            let mut err = units::unreadable(original, &message);
            if let CalcError::Unreadable { hint, .. } = &mut err {
                *hint = format::around(
                    [hint],
                    |[h]| {
                        format!(
                            "{h}; link ids such as 'nvlink4' or 'ib-ndr' stand for their per-direction bandwidth"
                        )
                    },
                    |[h]| format!("{h}；'nvlink4'、'ib-ndr' 等链路 id 代表其单向带宽"),
                );
            }
            err
        })?;
    if !evaluated.value.is_finite() {
        return Err(CalcError::range(
            "value",
            original,
            Bi::new("is too large to compute with", "太大，无法计算"),
        ));
    }
    let mut display = display(evaluated.value, evaluated.kind, &evaluated.text);
    let mut shown = Bi::same(format!("= {display}"));
    if let Some(target) = target::conversion_target(&cleaned) {
        // The value stays in SI base units; the answer is shown in the unit asked for.
        if let Ok(text) = fend_bridge::render(&grouped) {
            display = format!("{} = {display}", text.trim_start_matches("approx. "));
            shown = Bi::same(format!("= {display}"));
        } else {
            shown = crate::bi!(
                "= {display} (could not show it in '{target}')",
                "= {display}（无法以 '{target}' 显示）"
            );
            display = format!("{display} (could not show it in '{target}')");
        }
    }
    let mut steps = vec![crate::bi!("input: {original}", "输入：{original}")];
    for link in &used {
        steps.push(crate::bi!(
            "{id} = {rate} per direction ({source})",
            "{id} = 单向 {rate}（{source}）",
            id = &link.id,
            rate = format::rate(link.bandwidth),
            source = &link.bandwidth_source
        ));
    }
    steps.push(crate::bi!("read as: {grouped}", "解读为：{grouped}"));
    steps.push(shown);
    Ok(ExprValue {
        value: evaluated.value,
        kind: evaluated.kind,
        display,
        steps,
    })
}

fn display(value: f64, kind: Kind, fend_text: &str) -> String {
    match kind {
        Kind::Size => format::bytes(value),
        Kind::Rate => format::rate(value),
        Kind::Duration if !(1.0..120.0).contains(&value.abs()) => {
            format!("{} = {} s", format::duration(value), format::sig(value, 4))
        }
        Kind::Duration => format::duration(value),
        Kind::Count => format::sig(value, 6),
        Kind::Other => fend_text.trim_start_matches("approx. ").to_owned(),
    }
}

/// True when `value`, shown to the precision `expect` is written in, equals `expect`.
///
/// `"0.43 s"` accepts 0.425..0.435 s; units are converted (`"430 ms"` checks a value in seconds).
pub fn figure_matches(value: &ExprValue, expect: &str) -> Result<bool, CalcError> {
    let cleaned = target::drop_digit_groups(expect.trim());
    let written = cleaned.as_str();
    let literals = lexer::number_literals(written);
    let [literal] = literals[..] else {
        return Err(CalcError::invalid(crate::bi!(
            "expected figure '{written}' must be one number with its unit, like '0.43 s' or '980 GB'",
            "期望数值 '{written}' 必须是一个带单位的数，如 '0.43 s' 或 '980 GB'"
        )));
    };
    let wanted = units::parse_quantity_expecting(written, value.kind)?;
    if wanted.kind != value.kind || value.kind == Kind::Other {
        return Err(CalcError::WrongKind {
            input: written.to_owned(),
            found: wanted.kind.describe_bi(),
            wanted: value.kind.describe_bi(),
            hint: crate::bi!("the value is {d}", "算出的值是 {d}", d = &value.display),
        });
    }
    let number: f64 = literal.parse().map_err(|_| {
        CalcError::range(
            "figure",
            written,
            Bi::new("has an unreadable number", "含有无法读取的数字"),
        )
    })?;
    if number == 0.0 {
        return Err(CalcError::range(
            "figure",
            written,
            Bi::new(
                "is zero, so its precision is unknown; write a non-zero figure",
                "为零，无法判断精度；请写非零数值",
            ),
        ));
    }
    let tolerance = half_unit_in_last_place(literal) * (wanted.value / number).abs();
    Ok((value.value - wanted.value).abs() <= tolerance * (1.0 + 1e-9))
}

/// Half of the last significant digit's place value: `0.43` → 0.005, `1.2e9` → 5e7, and, as
/// in the usual significant-figure convention, `980` → 5 and `430` → 5 (trailing zeros of a
/// whole number are not significant; write `980.` or `0.980 TB` to claim more).
fn half_unit_in_last_place(literal: &str) -> f64 {
    let lower = literal.to_ascii_lowercase();
    let (mantissa, exponent) = lower.split_once('e').unwrap_or((&lower, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let place = if let Some((_, frac)) = mantissa.split_once('.') {
        -i32::try_from(frac.len()).unwrap_or(0)
    } else {
        let zeros = mantissa.len() - mantissa.trim_end_matches('0').len();
        i32::try_from(zeros.min(mantissa.len().saturating_sub(1))).unwrap_or(0)
    };
    0.5 * 10f64.powi(exponent + place)
}

mod target;

#[cfg(test)]
mod tests;
