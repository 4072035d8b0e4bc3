//! Units as the grader reads them: canonical spellings, and the value of a figure in SI base
//! units, through the calculator engine.
//!
//! `calc::units` (fend) is the one definition of what `Tb/s`, `GiB` or `us` is worth. Asking it
//! for every figure of every answer would cost about 50 µs each, so the grader asks it once per
//! unit, for the value of `1 UNIT`, and keeps the factor for the life of the process.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::calc::Kind;
use crate::calc::units::parse_quantity;

/// A data size or rate with its meaningful case: the SI prefix upper-cased (`k` = `K`), the base
/// letter kept (`B` byte, `b` bit), `ps` written `/s`. `None` for anything else.
pub fn data_unit(text: &str) -> Option<String> {
    let (body, rate) = if let Some(b) = text.strip_suffix("/s") {
        (b, true)
    } else if let Some(b) = text.strip_suffix("ps").filter(|b| b.ends_with(['b', 'B'])) {
        (b, true)
    } else {
        (text, false)
    };
    let mut chars: Vec<char> = body.chars().collect();
    let base @ ('B' | 'b') = chars.pop()? else {
        return None;
    };
    let binary = chars.last() == Some(&'i');
    if binary {
        chars.pop();
    }
    let prefix = match chars.as_slice() {
        [] if !binary => String::new(),
        [p] if "kKmMgGtTpPeE".contains(*p) => p.to_ascii_uppercase().to_string(),
        _ => return None,
    };
    let i = if binary { "i" } else { "" };
    let rate = if rate { "/s" } else { "" };
    Some(format!("{prefix}{i}{base}{rate}"))
}

/// Any unit written after a number: data units keep their case, others are lowercased and
/// spelled one way (`secs` = `s`, `times` = `x`, `TFLOP/s` = `tflops`).
pub fn canonical_unit(text: &str) -> Option<String> {
    if let Some(unit) = data_unit(text) {
        return Some(unit);
    }
    let lower = text.to_ascii_lowercase();
    let same = match lower.as_str() {
        "sec" | "secs" | "second" | "seconds" => "s",
        "min" | "mins" | "minute" | "minutes" => "min",
        "h" | "hr" | "hrs" | "hour" | "hours" => "h",
        "times" => "x",
        "bit" | "bits" => "b",
        "byte" | "bytes" => "B",
        "gbit" | "gbits" => "Gb",
        "tbit" | "tbits" => "Tb",
        other => other,
    };
    let known = [
        "%", "x", "s", "ms", "us", "ns", "min", "h", "hz", "khz", "mhz", "ghz", "w", "kw", "mw",
        "gw", "gt/s", "flops", "tflops", "pflops", "gflops", "flop/s", "tflop/s", "pflop/s",
        "gflop/s", "k", "m", "g", "t", "b", "B", "Gb", "Tb",
    ];
    known
        .contains(&same)
        .then(|| same.replace("flop/s", "flops"))
}

/// What a figure measures, for the units the calculator engine knows.
pub type Dimension = Kind;

/// The value of one `unit` in SI base units and its dimension, from the calculator engine;
/// `None` for units it does not measure (`%`, `x`, `tflops`), which compare by spelling.
pub fn si_factor(unit: &str) -> Option<(f64, Dimension)> {
    type Factors = HashMap<String, Option<(f64, Dimension)>>;
    static CACHE: OnceLock<Mutex<Factors>> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    if let Some(found) = cache.lock().ok().and_then(|c| c.get(unit).copied()) {
        return found;
    }
    let factor = engine_factor(unit);
    if let Ok(mut cache) = cache.lock() {
        cache.insert(unit.to_owned(), factor);
    }
    factor
}

fn engine_factor(unit: &str) -> Option<(f64, Dimension)> {
    // fend spells the kilo prefix `k`; the grader's canonical form upper-cases it.
    let spelled = unit
        .strip_prefix('K')
        .map_or_else(|| unit.to_owned(), |rest| format!("k{rest}"));
    let spelled = match spelled.as_str() {
        "b" => "bit".to_owned(),
        "b/s" => "bit/s".to_owned(),
        _ => spelled,
    };
    let measured = matches!(unit.trim_end_matches("/s").chars().last(), Some('B' | 'b'))
        || ["s", "ms", "us", "ns", "min", "h"].contains(&unit);
    if !measured {
        return None;
    }
    let quantity = parse_quantity(&format!("1 {spelled}")).ok()?;
    matches!(quantity.kind, Kind::Size | Kind::Rate | Kind::Duration)
        .then_some((quantity.value, quantity.kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_gives_bits_bytes_and_binary_prefixes_their_worth() {
        let (gb, kind) = si_factor("GB/s").expect("GB/s");
        assert_eq!(kind, Kind::Rate);
        assert!((gb - 1e9).abs() < 1.0);
        let (tbit, _) = si_factor("Tb/s").expect("Tb/s");
        assert!((tbit - 1e12 / 8.0).abs() < 1.0);
        let (gib, kind) = si_factor("GiB").expect("GiB");
        assert_eq!(kind, Kind::Size);
        assert!((gib - f64::from(1u32 << 30)).abs() < 1.0);
        assert!((si_factor("KB").expect("KB").0 - 1e3).abs() < 1e-9);
        assert!((si_factor("us").expect("us").0 - 1e-6).abs() < 1e-15);
        assert!((si_factor("min").expect("min").0 - 60.0).abs() < 1e-9);
        assert_eq!(si_factor("%"), None);
        assert_eq!(si_factor("x"), None);
    }

    #[test]
    fn spellings_of_one_unit_agree() {
        assert_eq!(canonical_unit("Gbps"), canonical_unit("Gb/s"));
        assert_eq!(canonical_unit("gbps"), Some("Gb/s".to_owned()));
        assert_eq!(canonical_unit("kB"), canonical_unit("KB"));
        assert_eq!(canonical_unit("secs"), Some("s".to_owned()));
        assert_eq!(canonical_unit("TFLOP/s"), canonical_unit("tflops"));
        assert_eq!(canonical_unit("GPUs"), None);
    }
}
