//! The registry's example is card 21: a 170 ms DP sync as 170 buckets of 2 × 25 MB on a 50 GB/s
//! NIC (1 ms each), hidden under a backward pass of a given length.

use proptest::prelude::*;

use super::*;
use crate::calc::close;
use crate::calc::test_support::{assert_says, example};

fn run(f: &Form) -> Result<OverlapReport, CalcError> {
    OverlapInput::from_form(f, &HardwareTable::bundled()).map(|i| overlap(&i))
}

#[test]
fn a_long_backward_exposes_only_the_last_bucket() {
    // 250 ms of backward over 170 buckets: c = 1.47 ms > m = 1 ms, so only the 1 ms tail shows.
    let r = run(&example("overlap").with("compute-total", "250 ms")).expect("valid");
    assert!(close(r.comm_per_window_seconds, 1e-3));
    assert!(close(r.comm_seconds, 0.170));
    assert!(close(r.exposed_seconds, 1e-3));
    assert!(close(r.step_seconds, 0.251));
    assert!(!r.comm_bound);
    assert!(close(r.hidden_fraction, 169.0 / 170.0));
}

#[test]
fn a_short_backward_exposes_at_least_the_difference() {
    // 120 ms: (170 - 1) × (1 - 120/170) ms + 1 ms = 50.7 ms ≥ 170 - 120 = 50 ms.
    let r = run(&example("overlap").with("compute-total", "120 ms")).expect("valid");
    let want = 169.0 * (1e-3 - 0.120 / 170.0) + 1e-3;
    assert!(close(r.exposed_seconds, want), "{}", r.exposed_seconds);
    assert!(r.exposed_seconds >= 0.050);
    assert!(r.comm_bound);
    assert!(close(r.step_seconds, 0.120 + want));
    assert_says(&r.steps, "50.71 ms");
}

#[test]
fn typed_times_and_a_separate_tail() {
    // 32 layers of 10 ms compute and 4 ms all-gather; the first all-gather is a 4 ms tail.
    let r = run(&Form::of(&[
        ("compute", "10 ms"),
        ("comm", "4 ms"),
        ("windows", "32"),
    ]))
    .expect("valid");
    assert!(close(r.exposed_seconds, 4e-3));
    assert!(close(r.serial_step_seconds, 0.32 + 0.128));
    let r = run(&Form::of(&[
        ("compute", "10 ms"),
        ("comm-total", "480 ms"),
        ("windows", "32"),
        ("tail", "2 ms"),
    ]))
    .expect("valid");
    // m = 15 ms: 31 × 5 ms + 2 ms.
    assert!(close(r.exposed_seconds, 0.157));
    assert!(close(r.comm_seconds, 31.0 * 0.015 + 0.002));
}

#[test]
fn a_preset_link_has_latency_and_an_expected_figure() {
    let r = run(&Form::of(&[
        ("compute", "2 ms"),
        ("bytes", "50 MB"),
        ("link", "ib-ndr"),
        ("windows", "10"),
    ]))
    .expect("valid");
    let link = HardwareTable::bundled()
        .require("ib-ndr")
        .expect("ndr")
        .clone();
    assert!(close(
        r.comm_per_window_seconds,
        link.latency + 50e6 / link.bandwidth
    ));
    assert!(r.expected_exposed_seconds > r.exposed_seconds);
    assert_eq!(r.link.as_deref(), Some("ib-ndr"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn exposed_is_between_the_tail_and_all_communication(
        n in 1usize..500, c in 1e-6f64..1.0, m in 1e-6f64..1.0, tail in 0.0f64..1.0,
    ) {
        let e = exposed(n, c, m, tail);
        let all = (n - 1) as f64 * m + tail;
        prop_assert!(e >= tail - 1e-15);
        prop_assert!(e <= all + 1e-12);
        prop_assert!(e >= all - (n - 1) as f64 * c - 1e-12, "at least comm minus the compute it can hide under");
        prop_assert!(exposed(n, c * 2.0, m, tail) <= e, "more compute never exposes more");
        prop_assert!(exposed(n, c, m * 2.0, tail) >= e, "more communication never exposes less");
    }
}
