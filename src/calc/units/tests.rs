use super::*;

use crate::calc::close;

#[test]
fn reads_sizes() {
    for (text, want) in [
        ("10GiB", 10_737_418_240.0),
        ("10 GB", 1e10),
        ("1.5TB", 1.5e12),
        ("800 Gb", 1e11),
        ("1 KiB", 1024.0),
        ("70B", 70.0),
    ] {
        assert!(close(parse_size(text).expect(text), want), "{text}");
    }
}

#[test]
fn reads_rates_and_durations() {
    for (text, want) in [
        ("200Gbps", 25e9),
        ("200 Gb/s", 25e9),
        ("25GB/s", 25e9),
        ("3 GB per s", 3e9),
    ] {
        assert!(close(parse_rate(text).expect(text), want), "{text}");
    }
    for (text, want) in [
        ("2us", 2e-6),
        ("1.5µs", 1.5e-6),
        ("3h", 10_800.0),
        ("5 min", 300.0),
    ] {
        assert!(close(parse_duration(text).expect(text), want), "{text}");
    }
}

#[test]
fn reads_params() {
    for (text, want) in [
        ("70B", 70e9),
        ("175e9", 175e9),
        ("7.5M", 7.5e6),
        ("1.2T", 1.2e12),
        ("70 billion", 70e9),
        ("405_000_000_000", 405e9),
    ] {
        assert!(close(parse_params(text).expect(text), want), "{text}");
    }
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
    for bad in [
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
    ] {
        let err = parse_size(bad).expect_err(bad).to_string();
        assert!(err.contains(&format!("'{}'", bad.trim())), "{bad}: {err}");
    }
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
    assert!(close(parse_latency("0").expect("zero"), 0.0));
    assert!(close(parse_latency("0 us").expect("zero us"), 0.0));
    assert!(close(parse_latency("2 us").expect("2us"), 2e-6));
    assert!(parse_latency("-1 us").is_err());
}

#[test]
fn efficiency_accepts_fraction_and_percent() {
    assert!(close(parse_efficiency("0.8").expect("0.8"), 0.8));
    let err = parse_efficiency("1e-300").expect_err("tiny").to_string();
    assert!(err.contains("below 0.001"), "{err}");
    let err = parse_rate("1e-300 B/s").expect_err("tiny").to_string();
    assert!(err.contains("below 1 bit/s"), "{err}");
    assert!(close(parse_rate("1 bit/s").expect("1 bit/s"), 0.125));
    assert!(close(parse_efficiency("80%").expect("80%"), 0.8));
    assert!(close(parse_efficiency("100%").expect("100%"), 1.0));
}

#[test]
fn plain_numbers_with_multipliers() {
    assert!(close(parse_number("n", "819", 1e20).expect("819"), 819.0));
    assert!(close(parse_number("n", "8.4e5", 1e20).expect("e"), 8.4e5));
    assert!(close(parse_number("n", "16M", 1e20).expect("M"), 16e6));
    assert!(close(parse_number("n", "989T", 1e20).expect("T"), 989e12));
    assert!(close(parse_number("n", "1_000", 1e20).expect("_"), 1000.0));
    for bad in ["0", "-3", "NaN", "inf", "", "5x", "1e30"] {
        let err = parse_number("tokens per second", bad, 1e20)
            .expect_err(bad)
            .to_string();
        assert!(err.contains(&format!("'{bad}'")), "{bad}: {err}");
    }
}

#[test]
fn element_bytes_by_number_or_type() {
    assert!(close(parse_element_bytes("2").expect("2"), 2.0));
    assert!(close(parse_element_bytes("BF16").expect("bf16"), 2.0));
    assert!(close(parse_element_bytes("fp32").expect("fp32"), 4.0));
    assert!(close(parse_element_bytes("fp8").expect("fp8"), 1.0));
    for bad in ["0", "-2", "NaN", "bf17", "100"] {
        let err = parse_element_bytes(bad).expect_err(bad).to_string();
        assert!(err.contains(&format!("'{bad}'")), "{bad}: {err}");
    }
}
