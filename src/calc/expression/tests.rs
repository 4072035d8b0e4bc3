use super::*;
use crate::calc::close;

fn eval(expr: &str) -> ExprValue {
    eval_expression(expr, &HardwareTable::bundled()).expect(expr)
}

#[test]
fn transfer_arithmetic() {
    let v = eval("10 GiB / 25 GB/s");
    assert_eq!(v.kind, Kind::Duration);
    assert!(close(v.value, 0.429_496_729_6));
    assert!(
        v.display.contains("429.5 ms") && v.display.contains("0.4295 s"),
        "{}",
        v.display
    );
    let v = eval("10 GiB / 200 Gbps");
    assert!(close(v.value, 0.429_496_729_6));
}

#[test]
fn link_ids_mean_per_direction_bandwidth() {
    let v = eval("10 GiB / nvlink3");
    assert!(close(v.value, 10.0 * 1_073_741_824.0 / 300e9));
    assert!(
        v.steps.iter().any(|s| s.starts_with("nvlink3 = 300 GB/s")),
        "{:?}",
        v.steps
    );
    let v = eval("10 GiB / ib-hdr");
    assert!(close(v.value, 0.429_496_729_6));
    let v = eval("nvlink4 / pcie5");
    assert_eq!(v.kind, Kind::Count);
    assert!(close(v.value, 450.0 / 63.015));
    assert!(close(eval("8 * ib-ndr").value, 400e9));
}

#[test]
fn sizes_rates_and_counts() {
    let v = eval("70e9 * 14 B");
    assert_eq!(v.kind, Kind::Size);
    assert!(close(v.value, 980e9));
    assert_eq!(eval("2 * 25 GB/s").kind, Kind::Rate);
    assert!(close(eval("2 * (8 - 1) / 8").value, 1.75));
    assert!(eval("1.5 TB").display.contains("1.364 TiB"));
}

/// A ratio of two lengths in units fend keeps side by side (`light year / km`) is a plain
/// number, not the 1 in front of those units.
#[test]
fn ratios_of_mixed_units_cancel_to_a_number() {
    let v = eval("1 light year / 1 km");
    assert_eq!(v.kind, Kind::Count);
    assert!((v.value / 9.460_528e12 - 1.0).abs() < 1e-6, "{}", v.value);
    assert!(close(eval("1 ft / 1 m").value, 0.3048));
    assert!(close(eval("1 hour / 1 minute").value, 60.0));
    assert!(close(eval("50%").value, 0.5));
}

#[test]
fn errors_name_the_input() {
    let table = HardwareTable::bundled();
    for (bad, needle) in [
        ("10 GBs / 3", "'10 GBs / 3'"),
        ("10 GiB / nvlink9", "link ids"),
        ("", "empty"),
        ("1 / 0", "'1 / 0'"),
    ] {
        let err = eval_expression(bad, &table).expect_err(bad).to_string();
        assert!(err.contains(needle), "{bad}: {err}");
    }
}

#[test]
fn figures_match_to_their_written_precision() {
    let t = eval("10 GiB / ib-hdr");
    assert!(figure_matches(&t, "0.43 s").expect("s"));
    assert!(figure_matches(&t, "430 ms").expect("ms"));
    assert!(figure_matches(&t, "0.4295 s").expect("4 dp"));
    assert!(!figure_matches(&t, "0.42 s").expect("wrong"));
    assert!(figure_matches(&t, "0.4 s").expect("0.4295 shown to 1 dp is 0.4"));
    assert!(!figure_matches(&t, "0.5 s").expect("0.5"));
    assert!(!figure_matches(&t, "431 ms").expect("431 ms"));
    let size = eval("70e9 * 14 B");
    assert!(figure_matches(&size, "980 GB").expect("980"));
    assert!(figure_matches(&size, "0.98 TB").expect("0.98"));
    // 980e9 B = 912.696 GiB.
    assert!(figure_matches(&size, "912.7 GiB").expect("GiB"));
    assert!(!figure_matches(&size, "912.6 GiB").expect("GiB off by one digit"));
    assert!(!figure_matches(&size, "990 GB").expect("990"));
    assert!(figure_matches(&eval("75e9 * 14 B"), "1.05 TB").expect("1.05"));
}

#[test]
fn significant_digits_of_a_literal() {
    for (literal, half) in [
        ("0.43", 0.005),
        ("980", 5.0),
        ("430", 5.0),
        ("1000", 500.0),
        ("7", 0.5),
        ("1.2e9", 5e7),
        ("980.0", 0.05),
    ] {
        assert!(close(half_unit_in_last_place(literal), half), "{literal}");
    }
}

#[test]
fn figure_errors() {
    let t = eval("10 GiB / ib-hdr");
    assert!(figure_matches(&t, "980 GB").is_err(), "size vs duration");
    assert!(figure_matches(&t, "0.43").is_err(), "no unit");
    assert!(figure_matches(&t, "1 s + 2 s").is_err(), "two numbers");
    assert!(figure_matches(&t, "0 s").is_err(), "zero");
}

#[test]
fn powers_take_the_unit_after_them() {
    for (expr, want) in [
        ("2^30 B", 1_073_741_824.0),
        ("1024^3 B", 1_073_741_824.0),
        ("8 * 2^30 bytes", 8.0 * 1_073_741_824.0),
        ("2^10 KiB", 1_048_576.0),
    ] {
        let v = eval(expr);
        assert_eq!(v.kind, Kind::Size, "{expr}");
        assert!(close(v.value, want), "{expr}: {}", v.value);
    }
}

#[test]
fn digit_group_commas_are_read() {
    let v = eval("1,000 GB");
    assert!(close(v.value, 1e12), "{}", v.value);
    assert!(close(eval("1,048,576 B").value, 1_048_576.0));
    assert!(figure_matches(&eval("1000 GB"), "1,000 GB").expect("grouped figure"));
}

#[test]
fn conversion_targets_are_shown() {
    let v = eval("10 GiB / 25 GB/s in us");
    assert!(close(v.value, 0.429_496_729_6), "value stays in seconds");
    assert!(v.display.starts_with("429496.7296 "), "{}", v.display);
    let v = eval("25 GB/s to Gbps");
    assert!(close(v.value, 25e9));
    assert!(v.display.starts_with("200 Gbps"), "{}", v.display);
    assert!(eval("1 TB to GB").display.starts_with("1000 GB"));
}
