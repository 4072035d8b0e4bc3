//! Grading a typed number against the engine's answer, by value and unit, and naming the
//! classic slip when the ratio gives it away.
//!
//! The typed text goes through the calculator's own unit parsing (`calc::units`), so `430ms`,
//! `0.43 s`, `4.3e-1 s` and `430 毫秒` are one value. Verdicts: exact within 5%, close within the
//! template's tolerance, off otherwise. A slip is named when the answer is of the wrong kind
//! (a size where a time is asked) or the ratio is one of the known factors: ×2 (per direction
//! against both directions), ×8 (bits for bytes), ×1.074 (GiB against GB), ×10 and ×1000.

use serde::{Deserialize, Serialize};

use crate::calc::{Kind, format, units};
use crate::content::Lang;
use crate::text::messages as m;

/// Within this relative error an answer is exact.
pub const EXACT: f64 = 0.05;

/// 2^30 / 10^9: the ratio of a GiB to a GB.
const GIB_PER_GB: f64 = 1.073_741_824;

/// How far the 1.074 slip may be from its factor: tight, because it sits inside "close".
const GIB_WINDOW: f64 = 0.015;

/// How good a typed answer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Exact,
    Close,
    Off,
}

/// A named mistake.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Diagnosis {
    /// ×2 or ÷2: a bidirectional figure used as per direction, or the reverse.
    Direction,
    /// ×8 or ÷8: bits taken for bytes, or the reverse.
    BitsBytes,
    /// ×1.074 or ÷1.074: GiB taken for GB, or the reverse.
    GibGb,
    /// ×10 or ÷10: an order of magnitude.
    OrderOfMagnitude,
    /// ×1000 or ÷1000: a unit prefix (ms for s, MB for GB).
    Prefix,
    /// A quantity of another kind: a size where a time is asked.
    WrongKind,
    /// A bare number where a unit is needed.
    MissingUnit,
}

impl Diagnosis {
    /// The known factors, tried from the tightest. The window is relative, in log space.
    const FACTORS: [(f64, Diagnosis); 5] = [
        (GIB_PER_GB, Diagnosis::GibGb),
        (2.0, Diagnosis::Direction),
        (8.0, Diagnosis::BitsBytes),
        (10.0, Diagnosis::OrderOfMagnitude),
        (1000.0, Diagnosis::Prefix),
    ];

    /// A stable code for JSON and statistics.
    pub const fn code(self) -> &'static str {
        match self {
            Diagnosis::Direction => "direction",
            Diagnosis::BitsBytes => "bits-bytes",
            Diagnosis::GibGb => "gib-gb",
            Diagnosis::OrderOfMagnitude => "order-of-magnitude",
            Diagnosis::Prefix => "prefix",
            Diagnosis::WrongKind => "wrong-kind",
            Diagnosis::MissingUnit => "missing-unit",
        }
    }

    /// What the slip usually is, in a sentence.
    pub const fn explain(self, lang: Lang) -> &'static str {
        match self {
            Diagnosis::Direction => m::DIAG_DIRECTION,
            Diagnosis::BitsBytes => m::DIAG_BITS_BYTES,
            Diagnosis::GibGb => m::DIAG_GIB_GB,
            Diagnosis::OrderOfMagnitude => m::DIAG_ORDER_OF_MAGNITUDE,
            Diagnosis::Prefix => m::DIAG_PREFIX,
            Diagnosis::WrongKind => m::DIAG_WRONG_KIND,
            Diagnosis::MissingUnit => m::DIAG_MISSING_UNIT,
        }
        .get(lang)
    }
}

/// The grade of one typed answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Graded {
    pub verdict: Verdict,
    pub diagnosis: Option<Diagnosis>,
    /// Typed value over the right one, when both are of the same kind.
    pub ratio: Option<f64>,
    #[serde(flatten)]
    pub typed: Typed,
    /// What kind of quantity was asked.
    pub expected_kind: Kind,
}

/// The typed answer as the engine read it. The JSON keys are `typed`, `value` and
/// `typed_kind`, beside the grade's own.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Typed {
    /// The answer as read (`430 ms`).
    #[serde(rename = "typed")]
    pub text: String,
    /// Its value in SI base units.
    pub value: f64,
    /// What kind of quantity it is.
    #[serde(rename = "typed_kind")]
    pub kind: Kind,
}

/// What an answer should be: its value in SI base units and its kind.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Expected {
    pub value: f64,
    pub kind: Kind,
}

impl Expected {
    /// Reads an expected figure written with its unit (`0.4295 s`, `40%`).
    pub fn parse(text: &str) -> Result<Expected, String> {
        let quantity = read(text)?;
        if quantity.value == 0.0 || !quantity.value.is_finite() {
            return Err(format!(
                "expected value '{}' must be a non-zero number with its unit",
                text.trim()
            ));
        }
        Ok(Expected {
            value: quantity.value,
            kind: quantity.kind,
        })
    }
}

/// Grades `typed` against `expected`; `tolerance` is the relative error of "close". The error
/// is for text that is no quantity at all, and says how to write one.
pub fn grade(expected: Expected, typed: &str, tolerance: f64) -> Result<Graded, String> {
    let quantity = if expected.kind == Kind::Count {
        read(&plain_count(&normalize(typed)))?
    } else {
        read(typed)?
    };
    let typed = Typed {
        text: show(quantity.value, quantity.kind, &quantity.text),
        value: quantity.value,
        kind: quantity.kind,
    };
    if typed.kind != expected.kind {
        let diagnosis = if typed.kind == Kind::Count {
            Diagnosis::MissingUnit
        } else {
            Diagnosis::WrongKind
        };
        return Ok(Graded {
            verdict: Verdict::Off,
            diagnosis: Some(diagnosis),
            ratio: None,
            typed,
            expected_kind: expected.kind,
        });
    }
    let ratio = typed.value / expected.value;
    let error = (ratio - 1.0).abs();
    let verdict = if ratio.is_nan() || ratio <= 0.0 {
        Verdict::Off
    } else if error <= EXACT {
        Verdict::Exact
    } else if error <= tolerance.max(EXACT) {
        Verdict::Close
    } else {
        Verdict::Off
    };
    let diagnosis = (verdict != Verdict::Exact && ratio > 0.0)
        .then(|| slip(ratio, tolerance, expected.kind))
        .flatten();
    Ok(Graded {
        verdict,
        diagnosis,
        ratio: Some(ratio),
        typed,
        expected_kind: expected.kind,
    })
}

/// The known factor nearest to `ratio` (or its inverse) within its window, if any. Direction,
/// bits and GiB are slips of bytes and links: a plain number (a share, a count of GPUs) that is
/// off by two has no direction to mix up, so only the prefix and magnitude slips apply to it.
fn slip(ratio: f64, tolerance: f64, kind: Kind) -> Option<Diagnosis> {
    let off = ratio.ln().abs();
    let of_bytes = matches!(kind, Kind::Size | Kind::Rate | Kind::Duration);
    Diagnosis::FACTORS
        .iter()
        .filter(|(_, diagnosis)| {
            of_bytes
                || !matches!(
                    diagnosis,
                    Diagnosis::Direction | Diagnosis::BitsBytes | Diagnosis::GibGb
                )
        })
        .filter_map(|&(factor, diagnosis)| {
            let window = if diagnosis == Diagnosis::GibGb {
                GIB_WINDOW
            } else {
                tolerance.max(EXACT)
            };
            let distance = (off - factor.ln()).abs();
            (distance <= (1.0 + window).ln()).then_some((distance, diagnosis))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, diagnosis)| diagnosis)
}

/// The typed text through the engine's unit reader, after Chinese units and full-width
/// characters are written the engine's way.
fn read(text: &str) -> Result<units::Quantity, String> {
    let normalized = normalize(text);
    units::parse_quantity(&normalized).map_err(|e| e.to_string())
}

/// A count as people say it: `14x`, `14 倍`, `16M`, `8.2k` become plain numbers. Only for
/// answers that are counts, where `16M` cannot mean 16 metres and `70B` cannot mean bytes.
fn plain_count(text: &str) -> String {
    let text = text
        .trim()
        .trim_end_matches(['x', 'X', '×', '*', '倍'])
        .trim_end();
    let Some(last) = text.chars().last() else {
        return text.to_owned();
    };
    let exponent = match last {
        'k' | 'K' => "e3",
        'M' => "e6",
        'B' | 'G' => "e9",
        'T' => "e12",
        _ => return text.to_owned(),
    };
    let number = text[..text.len() - last.len_utf8()].trim_end();
    if number.parse::<f64>().is_ok() {
        format!("{number}{exponent}")
    } else {
        text.to_owned()
    }
}

/// How a typed value reads back: `430 ms`, `3.4 Tb/s` as `425 GB/s`.
fn show(value: f64, kind: Kind, fend_text: &str) -> String {
    match kind {
        Kind::Duration => format::duration(value),
        Kind::Size => format::bytes_short(value),
        Kind::Rate => format::rate_short(value),
        Kind::Count => format::sig(value, 4),
        Kind::Other => fend_text.trim_start_matches("approx. ").to_owned(),
    }
}

/// Chinese unit words and full-width characters, in the order they must be replaced (longer
/// words first, so `毫秒` is not read as `毫` + `秒`).
const REPLACEMENTS: &[(&str, &str)] = &[
    ("每秒", "/s"),
    ("毫秒", " ms"),
    ("微秒", " us"),
    ("纳秒", " ns"),
    ("分钟", " min"),
    ("小时", " h"),
    ("秒", " s"),
    ("天", " days"),
    ("字节", " B"),
    ("比特", " bit"),
    ("万亿", "e12"),
    ("亿", "e8"),
    ("万", "e4"),
    ("／", "/"),
    ("％", "%"),
    ("．", "."),
    ("×", "*"),
    ("，", ""),
    (",", ""),
];

/// Writes Chinese units and full-width characters the way the engine reads them.
pub fn normalize(text: &str) -> String {
    let mut out: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c),
            _ => c,
        })
        .collect();
    for (from, to) in REPLACEMENTS {
        out = out.replace(from, to);
    }
    out.replace("/ ", "/").trim().to_owned()
}
