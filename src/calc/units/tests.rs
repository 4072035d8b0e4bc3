use super::*;

use crate::calc::close;

/// `parse` reads each case's text as the case's value.
fn reads(parse: impl Fn(&str) -> Result<f64, CalcError>, cases: &[(&str, f64)]) {
    for &(text, want) in cases {
        assert!(close(parse(text).expect(text), want), "{text}");
    }
}

/// `parse` refuses each text with an error that quotes it.
fn refuses_quoting(parse: impl Fn(&str) -> Result<f64, CalcError>, bad: &[&str]) {
    for bad in bad {
        let err = parse(bad).expect_err(bad).to_string();
        assert!(err.contains(&format!("'{}'", bad.trim())), "{bad}: {err}");
    }
}

#[test]
fn reads_sizes() {
    reads(
        parse_size,
        &[
            ("10GiB", 10_737_418_240.0),
            ("10 GB", 1e10),
            ("1.5TB", 1.5e12),
            ("800 Gb", 1e11),
            ("1 KiB", 1024.0),
            ("70B", 70.0),
        ],
    );
}

#[test]
fn reads_rates_and_durations() {
    reads(
        parse_rate,
        &[
            ("200Gbps", 25e9),
            ("200 Gb/s", 25e9),
            ("25GB/s", 25e9),
            ("3 GB per s", 3e9),
        ],
    );
    reads(
        parse_duration,
        &[
            ("2us", 2e-6),
            ("1.5µs", 1.5e-6),
            ("3h", 10_800.0),
            ("5 min", 300.0),
        ],
    );
}

#[test]
fn reads_params() {
    reads(
        parse_params,
        &[
            ("70B", 70e9),
            ("175e9", 175e9),
            ("7.5M", 7.5e6),
            ("1.2T", 1.2e12),
            ("70 billion", 70e9),
            ("405_000_000_000", 405e9),
        ],
    );
}

#[test]
fn wrong_kind_names_value_and_fix() {
    let err = parse_size("25 GB/s").expect_err("rate as size").to_string();
    assert!(
        err.contains("'25 GB/s'") && err.contains("rate") && err.contains("10 GiB"),
        "{err}"
    );
    let err = parse_size("10").expect_err("no unit").to_string();
    assert!(err.contains("'10'") && err.contains("add a unit"), "{err}");
    let err = parse_rate("10 GB").expect_err("size as rate").to_string();
    assert!(err.contains("'10 GB'") && err.contains("GB/s"), "{err}");
    let err = parse_params("70 GB")
        .expect_err("size as params")
        .to_string();
    assert!(err.contains("'70 GB'") && err.contains("70B"), "{err}");
}

#[test]
fn bad_values_are_errors_not_panics() {
    refuses_quoting(
        parse_size,
        &[
            "",
            "0 GB",
            "-5 GB",
            "NaN GB",
            "1e400 GB",
            "1e30 GB",
            "10 GBs",
            "abc",
            "1 / 0",
            "2^2^2^2^2 GB",
        ],
    );
    for bad in ["0", "-1B", "NaN", "inf", "1e20T"] {
        assert!(parse_params(bad).is_err(), "{bad}");
    }
    for bad in ["0", "1.5", "-0.2", "abc", "150%"] {
        assert!(parse_efficiency(bad).is_err(), "{bad}");
    }
    assert!(parse_count("ranks", "0", 2).is_err());
    assert!(parse_count("ranks", "-3", 2).is_err());
}

#[test]
fn latency_may_be_zero() {
    reads(parse_latency, &[("0", 0.0), ("0 us", 0.0), ("2 us", 2e-6)]);
    assert!(parse_latency("-1 us").is_err());
}

#[test]
fn efficiency_accepts_fraction_and_percent() {
    reads(
        parse_efficiency,
        &[("0.8", 0.8), ("80%", 0.8), ("100%", 1.0)],
    );
    let err = parse_efficiency("1e-300").expect_err("tiny").to_string();
    assert!(err.contains("below 0.001"), "{err}");
    let err = parse_rate("1e-300 B/s").expect_err("tiny").to_string();
    assert!(err.contains("below 1 bit/s"), "{err}");
    assert!(close(parse_rate("1 bit/s").expect("1 bit/s"), 0.125));
}

#[test]
fn plain_numbers_with_multipliers() {
    reads(
        |text| parse_number("n", text, 1e20),
        &[
            ("819", 819.0),
            ("8.4e5", 8.4e5),
            ("16M", 16e6),
            ("989T", 989e12),
            ("1_000", 1000.0),
        ],
    );
    refuses_quoting(
        |text| parse_number("tokens per second", text, 1e20),
        &["0", "-3", "NaN", "inf", "", "5x", "1e30"],
    );
}

#[test]
fn element_bytes_by_number_or_type() {
    reads(
        parse_element_bytes,
        &[("2", 2.0), ("BF16", 2.0), ("fp32", 4.0), ("fp8", 1.0)],
    );
    refuses_quoting(parse_element_bytes, &["0", "-2", "NaN", "bf17", "100"]);
}
