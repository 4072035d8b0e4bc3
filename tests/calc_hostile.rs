//! Hostile calculator input: deep nesting, long chains and self-applying functions must give an
//! error naming the limit, quickly, from every entry point (expressions, unit fields, figures,
//! config `[[links]]` values). Before the guard, these aborted the whole test binary with a stack
//! overflow or ran for minutes.

use std::time::{Duration, Instant};

use infraprep::calc::units::{parse_latency, parse_rate, parse_size};
use infraprep::calc::{
    HardwareTable, MAX_EXPRESSION_CHARS, MAX_NESTING, eval_expression, figure_matches,
};
use infraprep::settings::read_config;
use proptest::prelude::*;

fn nested(depth: usize, inner: &str) -> String {
    format!("{}{inner}{}", "(".repeat(depth), ")".repeat(depth))
}

fn eval(text: &str) -> Result<String, String> {
    eval_expression(text, &HardwareTable::bundled())
        .map(|v| v.display)
        .map_err(|e| e.to_string())
}

#[test]
fn deep_nesting_is_an_error_naming_the_limit() {
    for depth in [100, 1_000, 10_000] {
        let err = eval(&nested(depth, "1")).expect_err("too deep");
        assert!(
            err.contains(&format!(
                "nests {depth} parentheses deep; the limit is {MAX_NESTING}"
            )),
            "{err}"
        );
        let err = parse_size(&nested(depth, "1 GiB"))
            .expect_err("too deep")
            .to_string();
        assert!(err.contains("the limit is 64"), "{err}");
    }
    assert!(eval(&nested(MAX_NESTING, "1 GiB")).is_ok());
}

#[test]
fn self_application_is_refused() {
    for lambda in [
        "(x: x x)(x: x x)",
        "(x => x x)(x => x x)",
        "(\\x.x x)(\\x.x x)",
        "(\u{3bb}x.x x)(\u{3bb}x.x x)",
    ] {
        let err = eval(lambda).expect_err(lambda);
        assert!(err.contains("functions are not supported"), "{err}");
        assert!(parse_rate(lambda).is_err(), "{lambda}");
    }
}

#[test]
fn long_chains_are_refused_quickly() {
    for chain in [
        "2*".repeat(8_000) + "2",
        "1+".repeat(12_000) + "1",
        "2^".repeat(5_000) + "2",
        "nvlink3 / ".repeat(5_000) + "1",
    ] {
        let start = Instant::now();
        let err = eval(&chain).expect_err("too long");
        assert!(
            err.contains(&format!("the limit is {MAX_EXPRESSION_CHARS}")),
            "{err}"
        );
        assert!(err.len() < 300, "the message must not echo the input");
        assert!(start.elapsed() < Duration::from_secs(1));
    }
}

/// The slowest inputs within the limits come back, with an answer or the time-limit error, well
/// within the 1 s budget per evaluation even on a loaded machine: a hang guard, not a benchmark
/// (release timings are in `benches/calc.rs`).
#[test]
fn the_worst_allowed_inputs_finish_in_time() {
    let fit = |unit: &str| unit.repeat(MAX_EXPRESSION_CHARS / unit.len() - 1) + "1";
    for text in [
        fit("1+"),
        fit("2*"),
        fit("1!"),
        fit("1 GiB + "),
        fit("2^-"),
        fit("sqrt "),
        format!("{}1{}", "-(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING)),
        "nvlink3+".repeat(MAX_EXPRESSION_CHARS / 8),
        nested(MAX_NESTING, &"1+".repeat(60)),
    ] {
        let start = Instant::now();
        let _ = eval(&text);
        let _ = parse_size(&text);
        let took = start.elapsed();
        assert!(took < Duration::from_secs(5), "{took:?} for {text}");
    }
}

#[test]
fn figures_and_config_links_get_the_same_guard() {
    let value = eval_expression("10 GiB / 25 GB/s", &HardwareTable::bundled()).expect("ok");
    let err = figure_matches(&value, &nested(1_000, "0.43 s")).expect_err("deep figure");
    assert!(err.to_string().contains("the limit is 64"), "{err}");

    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join("config.toml");
    let bandwidth = nested(1_000, "25 GB/s");
    std::fs::write(
        &config,
        format!("[[links]]\nid = \"mine\"\nbandwidth = \"{bandwidth}\"\n"),
    )
    .expect("write");
    let err = read_config(&config)
        .expect_err("deep bandwidth")
        .to_string();
    assert!(err.contains("the limit is 64"), "{err}");
    assert!(parse_latency("(x: x x)(x: x x)").is_err());
}

/// Pieces that stress fend's recursion: groupings, operators, units, functions, link ids.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "(", ")", "1", "2", "+", "-", "*", "/", "^", "!", " ", "GiB", "s", "to", "sqrt", ":", "x",
        "=", ";", "nvlink4", ".", "e9", "\\", "%",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any mix of the pieces, short or far over the limits, gives Ok or Err: never an abort.
    #[test]
    fn random_text_never_aborts(parts in prop::collection::vec(piece(), 0..1_500)) {
        let text = parts.concat();
        let _ = eval(&text);
        let _ = parse_size(&text);
    }

    /// Deeply nested and long repeated structures give Ok or Err, never an abort.
    #[test]
    fn nested_and_chained_text_never_aborts(
        depth in 0usize..2_000,
        repeat in 0usize..3_000,
        unit in prop::sample::select(vec!["1+", "2*", "2^", "-", "1!", "sqrt ", "(x: x x)", "GiB "]),
    ) {
        let text = nested(depth, &(unit.repeat(repeat) + "1"));
        let _ = eval(&text);
        let _ = parse_rate(&text);
    }
}
