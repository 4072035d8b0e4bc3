//! Reading sizes, rates, durations and parameter counts from text, in SI base units.
//!
//! Sizes, rates and durations go through fend-core (GB = 1e9 B, GiB = 2^30 B, Gb = 1e9 bit).
//! Parameter counts have their own reader because fend reads `70B` as 70 bytes. Every reader
//! rejects zero, negative, non-finite and absurdly large values with a message naming the value.

use crate::calc::fend_bridge::{self, Kind};
use crate::calc::{CalcError, guard, lexer};
use crate::text::Bi;

/// Largest size accepted: 1 ZB. Anything above is a typo, and keeps the maths finite.
const MAX_BYTES: f64 = 1e21;
/// Smallest rate accepted: 1 bit/s. Below it transfer times overflow to infinity.
const MIN_RATE: f64 = 0.125;
/// Smallest efficiency accepted: 0.1%.
const MIN_EFFICIENCY: f64 = 0.001;
/// Largest rate accepted: 1 PB/s per link.
const MAX_RATE: f64 = 1e15;
/// Longest duration accepted: 100 years.
const MAX_SECONDS: f64 = 100.0 * 365.25 * 86_400.0;
/// Largest parameter count accepted: 1e15 (a thousand times the largest models).
const MAX_PARAMS: f64 = 1e15;

/// A value read from text: its magnitude in SI base units and what kind of quantity it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Quantity {
    pub value: f64,
    pub kind: Kind,
    /// fend's rendering of the value (useful for [`Kind::Other`]).
    pub text: String,
}

/// Evaluates `text` with fend after the unit checks and quantity grouping.
pub fn parse_quantity(text: &str) -> Result<Quantity, CalcError> {
    parse_quantity_expecting(text, Kind::Size)
}

/// [`parse_quantity`], faster when the text is of the `likely` kind.
pub(crate) fn parse_quantity_expecting(text: &str, likely: Kind) -> Result<Quantity, CalcError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(CalcError::Unreadable {
            input: text.to_owned(),
            reason: Bi::new("it is empty", "内容为空"),
            hint: value_hint(),
        });
    }
    if let Some((value, kind)) = fast::read(trimmed) {
        return Ok(Quantity {
            value,
            kind,
            text: trimmed.to_owned(),
        });
    }
    guard::check(trimmed)?;
    lexer::check_unit_words(trimmed)?;
    let grouped = lexer::group_quantities(trimmed);
    let evaluated = fend_bridge::evaluate_expecting(&grouped, likely)
        .map_err(|message| unreadable(trimmed, &message))?;
    if !evaluated.value.is_finite() {
        return Err(CalcError::range(
            "value",
            trimmed,
            Bi::new("is too large to compute with", "太大，无法计算"),
        ));
    }
    Ok(Quantity {
        value: evaluated.value,
        kind: evaluated.kind,
        text: evaluated.text,
    })
}

pub(crate) fn unreadable(input: &str, fend_message: &Bi) -> CalcError {
    let (reason, hint) = if let Some(word) = fend_message.strip_prefix("unknown identifier ") {
        (
            crate::bi!("{word} is not a known unit", "{word} 不是已知单位"),
            Bi::new(
                "use units such as B, KB, MB, GB, GiB, Gb, GB/s, Gb/s, Gbps, ns, us, ms, s, min, h",
                "请使用 B、KB、MB、GB、GiB、Gb、GB/s、Gb/s、Gbps、ns、us、ms、s、min、h 等单位",
            ),
        )
    } else {
        (fend_message.clone(), value_hint())
    };
    CalcError::Unreadable {
        input: input.to_owned(),
        reason,
        hint,
    }
}

/// The usual hint for text that is not a quantity.
fn value_hint() -> Bi {
    Bi::new(
        "write a value with its unit, such as '10 GiB', '25 GB/s' or '2 us'",
        "请写出带单位的数值，如 '10 GiB'、'25 GB/s' 或 '2 us'",
    )
}

/// Reads `text` as `wanted` and checks it is positive and below `max`.
fn parse_kind(text: &str, wanted: Kind, what: &'static str, max: f64) -> Result<f64, CalcError> {
    let quantity = parse_quantity_expecting(text, wanted)?;
    let input = text.trim();
    if quantity.kind != wanted {
        return Err(CalcError::WrongKind {
            input: input.to_owned(),
            found: quantity.kind.describe_bi(),
            wanted: wanted.describe_bi(),
            hint: example_for(wanted, quantity.kind),
        });
    }
    check_range(what, input, quantity.value, max)
}

pub(crate) fn example_for(wanted: Kind, found: Kind) -> Bi {
    let example = match wanted {
        Kind::Size => Bi::new(
            "write a size such as '10 GiB' (2^30 bytes each) or '10 GB' (10^9 bytes each)",
            "请写大小，如 '10 GiB'（每 GiB 为 2^30 字节）或 '10 GB'（每 GB 为 10^9 字节）",
        ),
        Kind::Rate => Bi::new(
            "write a rate such as '25 GB/s' or '200 Gbps' (bits)",
            "请写速率，如 '25 GB/s' 或 '200 Gbps'（按比特）",
        ),
        Kind::Duration => Bi::new(
            "write a duration such as '2 us', '5 min' or '3 h'",
            "请写时长，如 '2 us'、'5 min' 或 '3 h'",
        ),
        Kind::Count | Kind::Other => Bi::new("write a plain number", "请写一个纯数字"),
    };
    if found == Kind::Count {
        example.map(|e| {
            if e.is_ascii() {
                format!("add a unit: {e}")
            } else {
                format!("加上单位：{e}")
            }
        })
    } else {
        example
    }
}

fn check_range(what: &'static str, input: &str, value: f64, max: f64) -> Result<f64, CalcError> {
    if value.is_nan() {
        Err(CalcError::range(
            what,
            input,
            Bi::new(
                "is not a number; write a positive value",
                "不是数字；请写一个正数",
            ),
        ))
    } else if value <= 0.0 {
        Err(CalcError::range(
            what,
            input,
            Bi::new("must be greater than zero", "必须大于零"),
        ))
    } else if value > max {
        Err(CalcError::range(
            what,
            input,
            crate::bi!(
                "is too large (the limit is {max:e} in SI base units); check the unit",
                "太大（上限为 {max:e} 个 SI 基本单位）；请检查单位"
            ),
        ))
    } else {
        Ok(value)
    }
}

/// A size in bytes: `10GiB`, `10 GB`, `1.5TB`, `800 Gb`.
pub fn parse_size(text: &str) -> Result<f64, CalcError> {
    parse_kind(text, Kind::Size, "size", MAX_BYTES)
}

/// A rate in bytes per second: `25GB/s`, `200Gbps`, `200 Gb/s`; at least 1 bit/s, so the
/// times computed from it stay finite.
pub fn parse_rate(text: &str) -> Result<f64, CalcError> {
    let rate = parse_kind(text, Kind::Rate, "rate", MAX_RATE)?;
    if rate < MIN_RATE {
        return Err(CalcError::range(
            "rate",
            text.trim(),
            Bi::new(
                "is below 1 bit/s (0.125 B/s); check the unit",
                "低于 1 bit/s（0.125 B/s）；请检查单位",
            ),
        ));
    }
    Ok(rate)
}

/// A positive duration in seconds: `2us`, `1.5µs`, `3h`.
pub fn parse_duration(text: &str) -> Result<f64, CalcError> {
    parse_kind(text, Kind::Duration, "duration", MAX_SECONDS)
}

/// A latency in seconds; unlike [`parse_duration`] it may be zero (`0 s`).
pub fn parse_latency(text: &str) -> Result<f64, CalcError> {
    let quantity = parse_quantity_expecting(text, Kind::Duration)?;
    if quantity.kind == Kind::Count && quantity.value == 0.0 {
        return Ok(0.0);
    }
    if quantity.kind == Kind::Duration && quantity.value == 0.0 {
        return Ok(0.0);
    }
    parse_duration(text)
}

/// An efficiency as a fraction in (0, 1]: `0.8` or `80%`.
pub fn parse_efficiency(text: &str) -> Result<f64, CalcError> {
    let input = text.trim();
    let value = match input.strip_suffix('%') {
        Some(percent) => percent.trim().parse::<f64>().map(|p| p / 100.0),
        None => input.parse::<f64>(),
    }
    .map_err(|_| {
        CalcError::range(
            "efficiency",
            input,
            Bi::new(
                "is not a number; write a fraction such as '0.8' or a percentage such as '80%'",
                "不是数字；请写小数如 '0.8' 或百分比如 '80%'",
            ),
        )
    })?;
    if !(value > 0.0 && value <= 1.0) {
        return Err(CalcError::range(
            "efficiency",
            input,
            Bi::new(
                "must be above 0 and at most 1 (or 100%)",
                "必须大于 0 且不超过 1（或 100%）",
            ),
        ));
    }
    if value < MIN_EFFICIENCY {
        return Err(CalcError::range(
            "efficiency",
            input,
            Bi::new(
                "is below 0.001 (0.1%); check the value: 0.8 means 80%",
                "低于 0.001（0.1%）；请检查数值：0.8 表示 80%",
            ),
        ));
    }
    Ok(value)
}

/// A parameter count: `70B`, `175e9`, `7.5M`, `1.2T`, `70 billion`.
pub fn parse_params(text: &str) -> Result<f64, CalcError> {
    let input = text.trim();
    let cleaned: String = input.chars().filter(|c| *c != '_' && *c != ',').collect();
    // The suffix is the trailing run of letters, so an exponent (`175e9`) stays in the number.
    let split = cleaned.trim_end_matches(|c: char| c.is_alphabetic()).len();
    let (number, suffix) = cleaned.split_at(split);
    let scale = match suffix.trim() {
        "" => Some(1.0),
        "K" | "k" | "thousand" => Some(1e3),
        "M" | "m" | "million" => Some(1e6),
        "B" | "b" | "G" | "billion" => Some(1e9),
        "T" | "t" | "trillion" => Some(1e12),
        _ => None,
    };
    let parsed = number.trim().parse::<f64>().ok();
    let (Some(scale), Some(number)) = (scale, parsed) else {
        return Err(CalcError::Unreadable {
            input: input.to_owned(),
            reason: Bi::new("it is not a parameter count", "不是参数量"),
            hint: Bi::new(
                "write a count such as '70B' (70 billion), '175e9' or '7.5M'",
                "请写参数量，如 '70B'（700 亿）、'175e9' 或 '7.5M'",
            ),
        });
    };
    check_range("parameter count", input, number * scale, MAX_PARAMS)
}

/// A positive plain number with an optional multiplier: `819`, `8.4e5`, `16M`, `989T`.
///
/// For counts that are not whole or not small (tokens per second, FLOP/s), where a unit would
/// only get in the way. `K`, `M`, `G` or `B` (billion), `T` and `P` scale by powers of 1000.
pub fn parse_number(what: &'static str, text: &str, max: f64) -> Result<f64, CalcError> {
    let input = text.trim();
    let cleaned: String = input.chars().filter(|c| *c != '_' && *c != ',').collect();
    let split = cleaned.trim_end_matches(char::is_alphabetic).len();
    let (number, suffix) = cleaned.split_at(split);
    let scale = match suffix.trim() {
        "" => Some(1.0),
        "K" | "k" => Some(1e3),
        "M" => Some(1e6),
        "G" | "B" => Some(1e9),
        "T" => Some(1e12),
        "P" => Some(1e15),
        _ => None,
    };
    let (Some(scale), Ok(number)) = (scale, number.trim().parse::<f64>()) else {
        return Err(CalcError::range(
            what,
            input,
            Bi::new(
                "is not a number; write e.g. '819', '8.4e5' or '16M'",
                "不是数字；请写如 '819'、'8.4e5' 或 '16M'",
            ),
        ));
    };
    check_range(what, input, number * scale, max)
}

/// Bytes per tensor element: a number (`2`) or a type name (`bf16`, `fp16`, `fp32`, `fp8`).
pub fn parse_element_bytes(text: &str) -> Result<f64, CalcError> {
    let input = text.trim();
    match input.to_ascii_lowercase().as_str() {
        "fp8" | "int8" | "e4m3" | "e5m2" => return Ok(1.0),
        "bf16" | "fp16" | "half" => return Ok(2.0),
        "fp32" | "tf32" | "float" => return Ok(4.0),
        _ => {}
    }
    input
        .parse::<f64>()
        .ok()
        .filter(|b| *b > 0.0 && *b <= 64.0)
        .ok_or_else(|| {
            CalcError::range(
                "bytes per element",
                input,
                Bi::new(
                    "is not a size in bytes from 1 to 64 or a type: write 2, bf16, fp16, fp32 or fp8",
                    "既不是 1 到 64 的字节数也不是类型名：请写 2、bf16、fp16、fp32 或 fp8",
                ),
            )
        })
}

/// A whole count such as a number of ranks, GPUs or nodes, at least `min`.
pub fn parse_count(what: &'static str, text: &str, min: usize) -> Result<usize, CalcError> {
    let input = text.trim();
    let value: usize = input.parse().map_err(|_| {
        CalcError::range(
            what,
            input,
            Bi::new(
                "is not a whole number; write e.g. '8'",
                "不是整数；请写如 '8'",
            ),
        )
    })?;
    if value < min {
        return Err(CalcError::range(
            what,
            input,
            crate::bi!("must be at least {min}", "至少为 {min}"),
        ));
    }
    if value > 10_000_000 {
        return Err(CalcError::range(
            what,
            input,
            Bi::new(
                "is too large (the limit is 10 million)",
                "太大（上限为 1000 万）",
            ),
        ));
    }
    Ok(value)
}

mod fast;

#[cfg(test)]
mod tests;
