//! Reading sizes, rates, durations and parameter counts from text, in SI base units.
//!
//! Sizes, rates and durations go through fend-core (GB = 1e9 B, GiB = 2^30 B, Gb = 1e9 bit).
//! Parameter counts have their own reader because fend reads `70B` as 70 bytes. Every reader
//! rejects zero, negative, non-finite and absurdly large values with a message naming the value.

use crate::calc::fend_bridge::{self, Kind};
use crate::calc::{CalcError, guard, lexer};

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
            reason: "it is empty".to_owned().into(),
            hint: "write a value with its unit, such as '10 GiB', '25 GB/s' or '2 us'"
                .to_owned()
                .into(),
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
            "is too large to compute with",
        ));
    }
    Ok(Quantity {
        value: evaluated.value,
        kind: evaluated.kind,
        text: evaluated.text,
    })
}

pub(crate) fn unreadable(input: &str, fend_message: &str) -> CalcError {
    let (reason, hint) = if let Some(word) = fend_message.strip_prefix("unknown identifier ") {
        (
            format!("{word} is not a known unit"),
            "use units such as B, KB, MB, GB, GiB, Gb, GB/s, Gb/s, Gbps, ns, us, ms, s, min, h"
                .to_owned(),
        )
    } else {
        (
            fend_message.to_owned(),
            "write a value with its unit, such as '10 GiB', '25 GB/s' or '2 us'".to_owned(),
        )
    };
    CalcError::Unreadable {
        input: input.to_owned(),
        reason: reason.into(),
        hint: hint.into(),
    }
}

/// Reads `text` as `wanted` and checks it is positive and below `max`.
fn parse_kind(text: &str, wanted: Kind, what: &'static str, max: f64) -> Result<f64, CalcError> {
    let quantity = parse_quantity_expecting(text, wanted)?;
    let input = text.trim();
    if quantity.kind != wanted {
        return Err(CalcError::WrongKind {
            input: input.to_owned(),
            found: quantity.kind.describe().to_owned().into(),
            wanted: wanted.describe().into(),
            hint: example_for(wanted, quantity.kind).into(),
        });
    }
    check_range(what, input, quantity.value, max)
}

fn example_for(wanted: Kind, found: Kind) -> String {
    let example = match wanted {
        Kind::Size => {
            "write a size such as '10 GiB' (2^30 bytes each) or '10 GB' (10^9 bytes each)"
        }
        Kind::Rate => "write a rate such as '25 GB/s' or '200 Gbps' (bits)",
        Kind::Duration => "write a duration such as '2 us', '5 min' or '3 h'",
        Kind::Count | Kind::Other => "write a plain number",
    };
    if found == Kind::Count {
        format!("add a unit: {example}")
    } else {
        example.to_owned()
    }
}

fn check_range(what: &'static str, input: &str, value: f64, max: f64) -> Result<f64, CalcError> {
    if value.is_nan() {
        Err(CalcError::range(
            what,
            input,
            "is not a number; write a positive value",
        ))
    } else if value <= 0.0 {
        Err(CalcError::range(what, input, "must be greater than zero"))
    } else if value > max {
        Err(CalcError::range(
            what,
            input,
            format!("is too large (the limit is {max:e} in SI base units); check the unit"),
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
            "is below 1 bit/s (0.125 B/s); check the unit",
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
            "is not a number; write a fraction such as '0.8' or a percentage such as '80%'",
        )
    })?;
    if !(value > 0.0 && value <= 1.0) {
        return Err(CalcError::range(
            "efficiency",
            input,
            "must be above 0 and at most 1 (or 100%)",
        ));
    }
    if value < MIN_EFFICIENCY {
        return Err(CalcError::range(
            "efficiency",
            input,
            "is below 0.001 (0.1%); check the value: 0.8 means 80%",
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
            reason: "it is not a parameter count".to_owned().into(),
            hint: "write a count such as '70B' (70 billion), '175e9' or '7.5M'"
                .to_owned()
                .into(),
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
            "is not a number; write e.g. '819', '8.4e5' or '16M'",
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
                "is not a size in bytes from 1 to 64 or a type: write 2, bf16, fp16, fp32 or fp8",
            )
        })
}

/// A whole count such as a number of ranks, GPUs or nodes, at least `min`.
pub fn parse_count(what: &'static str, text: &str, min: usize) -> Result<usize, CalcError> {
    let input = text.trim();
    let value: usize = input
        .parse()
        .map_err(|_| CalcError::range(what, input, "is not a whole number; write e.g. '8'"))?;
    if value < min {
        return Err(CalcError::range(
            what,
            input,
            format!("must be at least {min}"),
        ));
    }
    if value > 10_000_000 {
        return Err(CalcError::range(
            what,
            input,
            "is too large (the limit is 10 million)",
        ));
    }
    Ok(value)
}

mod fast;

#[cfg(test)]
mod tests;
