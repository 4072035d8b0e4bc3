//! Human-readable rendering of quantities for steps and text output.
//!
//! Four significant figures everywhere: enough to check a hand calculation, short enough to say
//! out loud. Sizes show decimal and binary units side by side and rates show bytes and bits,
//! because that is exactly where GB/GiB and GB/s vs Gb/s get confused.

/// `x` with `digits` significant figures, trailing zeros dropped (`0.4295`, `25`, `1.75`).
pub fn sig(x: f64, digits: usize) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let magnitude = x.abs().log10().floor();
    if !(-6.0..15.0).contains(&magnitude) {
        return format!("{:.*e}", digits.saturating_sub(1), x);
    }
    // `magnitude` is in -6..15 here, so the count is a small non-negative integer.
    let wanted = i32::try_from(digits).unwrap_or(4);
    let decimals = usize::try_from((wanted - 1 - magnitude as i32).max(0)).unwrap_or(0);
    let text = format!("{x:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

fn scaled(x: f64, base: f64, units: &[&str]) -> String {
    scaled_to(x, base, units, 4)
}

fn scaled_to(x: f64, base: f64, units: &[&str], digits: usize) -> String {
    let mut value = x;
    let mut index = 0;
    while value.abs() >= base && index + 1 < units.len() {
        value /= base;
        index += 1;
    }
    format!("{} {}", sig(value, digits), units[index])
}

const DECIMAL_BYTES: [&str; 8] = ["B", "KB", "MB", "GB", "TB", "PB", "EB", "ZB"];

/// A size and the capacity it is held against, in decimal units, with as many digits as it
/// takes to tell them apart: 80.04 GB does not fit in 80 GB, and "80 GB of 80 GB: does not
/// fit" would read as a contradiction.
pub fn bytes_against(used: f64, capacity: f64) -> (String, String) {
    let mut digits = 4;
    loop {
        let pair = (
            scaled_to(used, 1000.0, &DECIMAL_BYTES, digits),
            scaled_to(capacity, 1000.0, &DECIMAL_BYTES, digits),
        );
        if pair.0 != pair.1 || digits >= 9 {
            return pair;
        }
        digits += 1;
    }
}

/// A size in decimal and binary units: `10.74 GB (10 GiB)`.
pub fn bytes(b: f64) -> String {
    let decimal = scaled(b, 1000.0, &DECIMAL_BYTES);
    if b.abs() < 1024.0 {
        return decimal;
    }
    let binary = scaled(
        b,
        1024.0,
        &["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB"],
    );
    format!("{decimal} ({binary})")
}

/// A size in decimal units only, for dense formulas.
pub fn bytes_short(b: f64) -> String {
    scaled(b, 1000.0, &DECIMAL_BYTES)
}

/// A rate in bytes and bits per second: `25 GB/s (200 Gb/s)`.
pub fn rate(bytes_per_s: f64) -> String {
    let bits = scaled(
        bytes_per_s * 8.0,
        1000.0,
        &["b/s", "Kb/s", "Mb/s", "Gb/s", "Tb/s", "Pb/s"],
    );
    format!("{} ({bits})", rate_short(bytes_per_s))
}

/// A rate in bytes per second only: `25 GB/s`.
pub fn rate_short(bytes_per_s: f64) -> String {
    scaled(
        bytes_per_s,
        1000.0,
        &["B/s", "KB/s", "MB/s", "GB/s", "TB/s", "PB/s", "EB/s"],
    )
}

/// A duration in the unit that keeps the number readable: `2 µs`, `429.5 ms`, `1.945 h`.
pub fn duration(seconds: f64) -> String {
    let abs = seconds.abs();
    let (value, unit) = match abs {
        _ if abs == 0.0 => (seconds, "s"),
        _ if abs < 1e-6 => (seconds * 1e9, "ns"),
        _ if abs < 1e-3 => (seconds * 1e6, "µs"),
        _ if abs < 1.0 => (seconds * 1e3, "ms"),
        _ if abs < 120.0 => (seconds, "s"),
        _ if abs < 7200.0 => (seconds / 60.0, "min"),
        _ if abs < 172_800.0 => (seconds / 3600.0, "h"),
        _ => (seconds / 86_400.0, "days"),
    };
    format!("{} {unit}", sig(value, 4))
}

/// A count of floating-point operations: `484.4 GFLOP`.
pub fn flops(x: f64) -> String {
    scaled(
        x,
        1000.0,
        &[
            "FLOP", "KFLOP", "MFLOP", "GFLOP", "TFLOP", "PFLOP", "EFLOP", "ZFLOP", "YFLOP",
        ],
    )
}

/// A rate of floating-point operations: `989 TFLOP/s`.
pub fn flop_rate(x: f64) -> String {
    format!("{}/s", flops(x))
}

/// A parameter count in words: `70 billion`.
pub fn count(n: f64) -> String {
    match n.abs() {
        a if a >= 1e12 => format!("{} trillion", sig(n / 1e12, 4)),
        a if a >= 1e9 => format!("{} billion", sig(n / 1e9, 4)),
        a if a >= 1e6 => format!("{} million", sig(n / 1e6, 4)),
        _ => sig(n, 6),
    }
}

/// [`count`] in both languages: Chinese counts in 万 (10⁴), 亿 (10⁸) and 万亿 (10¹²), so
/// 175.2 billion reads 1752 亿, as a Chinese reader says it.
pub fn count_bi(n: f64) -> crate::text::Bi {
    let zh = match n.abs() {
        a if a >= 1e12 => format!("{} 万亿", sig(n / 1e12, 4)),
        a if a >= 1e8 => format!("{} 亿", sig(n / 1e8, 4)),
        a if a >= 1e6 => format!("{} 万", sig(n / 1e4, 4)),
        _ => sig(n, 6),
    };
    crate::text::Bi::new(count(n), zh)
}

/// A fraction as a percentage: `78%`.
pub fn percent(fraction: f64) -> String {
    format!("{}%", sig(fraction * 100.0, 3))
}

/// A bilingual text built around bilingual parts: `en` and `zh` each get the parts in their own
/// language, so a line can embed a translated phrase (a tier, a source, a ZeRO stage).
pub fn around<const N: usize>(
    parts: [&crate::text::Bi; N],
    en: impl FnOnce([&str; N]) -> String,
    zh: impl FnOnce([&str; N]) -> String,
) -> crate::text::Bi {
    use crate::content::Lang;
    crate::text::Bi::new(
        en(parts.map(|p| p.get(Lang::En))),
        zh(parts.map(|p| p.get(Lang::Zh))),
    )
}

/// `text` put into a phrase of each language: `en` and `zh` hold one `{}` where it goes
/// (`wrap(&sources, "factors: {}", "参数来源：{}")`).
pub fn wrap(text: &crate::text::Bi, en: &str, zh: &str) -> crate::text::Bi {
    use crate::content::Lang;
    crate::text::Bi::build(|lang| {
        let pattern = if lang == Lang::Zh { zh } else { en };
        pattern.replacen("{}", text.get(lang), 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::assert_maps;

    /// Used and capacity print with the digits that tell them apart, never as the same figure.
    #[test]
    fn a_size_against_its_capacity_never_reads_equal() {
        assert_eq!(bytes_against(70e9, 80e9), ("70 GB".into(), "80 GB".into()));
        assert_eq!(
            bytes_against(80.04e9, 80e9),
            ("80.04 GB".into(), "80 GB".into())
        );
        assert_eq!(
            bytes_against(79.9996e9, 80e9),
            ("79.9996 GB".into(), "80 GB".into())
        );
        assert_eq!(bytes_against(80e9, 80e9), ("80 GB".into(), "80 GB".into()));
        assert_eq!(bytes_against(141e9, 141e9 + 1.0).0, "141 GB");
    }

    #[test]
    fn significant_figures() {
        assert_maps(
            |(x, figures)| sig(x, figures),
            &[
                ((0.429_496_729_6, 4), "0.4295"),
                ((25.0, 4), "25"),
                ((1234.6, 4), "1235"),
                ((1.75, 4), "1.75"),
                ((-2.5e-9, 3), "-2.50e-9"),
            ],
        );
    }

    #[test]
    fn units_never_mix_bits_and_bytes() {
        assert_maps(
            bytes,
            &[(10_737_418_240.0, "10.74 GB (10 GiB)"), (512.0, "512 B")],
        );
        assert_maps(
            duration,
            &[(0.429_5, "429.5 ms"), (2e-6, "2 µs"), (7001.4, "116.7 min")],
        );
        assert_eq!(rate(25e9), "25 GB/s (200 Gb/s)");
        assert_eq!(count(70e9), "70 billion");
        let zh = |n| count_bi(n).get(crate::content::Lang::Zh).to_owned();
        assert_maps(
            zh,
            &[
                (175.2e9, "1752 亿"),
                (1.2e12, "1.2 万亿"),
                (16_777_216.0, "1678 万"),
                (4096.0, "4096"),
            ],
        );
        assert_eq!(flops(484.4e9), "484.4 GFLOP");
        assert_eq!(flop_rate(989e12), "989 TFLOP/s");
    }
}
