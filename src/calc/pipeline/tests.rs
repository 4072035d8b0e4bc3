use proptest::prelude::*;

use super::*;
use crate::calc::close;

const MIB: f64 = 1_048_576.0;

fn run(f: &Form) -> Result<PipelineReport, CalcError> {
    PipelineInput::from_form(f, &HardwareTable::bundled()).map(|i| pipeline(&i))
}

fn card() -> Form {
    Form::of(&[("stages", "16"), ("micro-batches", "64")])
}

#[test]
fn the_cards_bubbles() {
    // p = 16, m = 64: 15/64 = 23.4% of ideal compute, 15/79 = 19% of the step.
    let r = run(&card()).expect("valid");
    assert!(close(r.bubble.bubble_fraction, 15.0 / 64.0));
    assert!(close(r.bubble.bubble_share_of_step, 15.0 / 79.0));
    assert!(r.bubble.gpipe_rule_met, "64 ≥ 4 × 16");
    assert!(r.steps[0].contains("23.4%"), "{}", r.steps[0]);
    // v = 4: 15/256 = 5.9%.
    let r = run(&card().with("interleave", "4")).expect("v = 4");
    assert!(close(r.bubble.bubble_fraction, 15.0 / 256.0));
    assert!(close(
        r.bubble.bubble_fraction_without_interleaving,
        15.0 / 64.0
    ));
    assert!(r.steps[1].contains("5.86%"), "{}", r.steps[1]);
    assert_eq!(r.p2p.messages_per_step, 2 * 4 * 64);
    // Plain 1F1B at m = p = 16: 15/16 = 94%, and the GPipe rule fails.
    let r = run(&card().with("micro-batches", "16")).expect("m = 16");
    assert!(close(r.bubble.bubble_fraction, 15.0 / 16.0));
    assert!(!r.bubble.gpipe_rule_met);
}

#[test]
fn seconds_from_stage_times() {
    // t_f = 10 ms, t_b = 2 × 10 ms: ideal 64 × 30 ms = 1.92 s, bubble 15 × 30 ms = 0.45 s.
    let r = run(&card().with("t-fwd", "10 ms")).expect("valid");
    assert!(close(r.times.expect("b").backward_seconds, 0.02));
    assert!(close(r.times.expect("i").ideal_seconds, 1.92));
    assert!(close(r.times.expect("b").bubble_seconds, 0.45));
    assert!(close(r.times.expect("s").step_seconds, 2.37));
    assert!(close(
        r.times.expect("b").bubble_seconds / r.times.expect("s").step_seconds,
        r.bubble.bubble_share_of_step
    ));
    let r = run(&card()
        .with("t-fwd", "10 ms")
        .with("t-bwd", "25 ms")
        .with("interleave", "4"))
    .expect("valid");
    assert!(close(
        r.times.expect("b").bubble_seconds,
        15.0 * 0.035 / 4.0
    ));
}

#[test]
fn point_to_point_over_a_link() {
    // 64 MiB per micro-batch: over a typed 50 GB/s, 1.34 ms; over NVLink 4, α + S / 450 GB/s.
    let base = card()
        .with("micro-batch", "1")
        .with("seq", "4096")
        .with("hidden", "8192");
    let r = run(&base.with("bw", "50 GB/s")).expect("bw");
    assert!(close(r.p2p.message_bytes.expect("m"), 64.0 * MIB));
    assert!(close(r.p2p.seconds.expect("t"), 64.0 * MIB / 50e9));
    assert!(close(r.p2p.bytes_per_step.expect("b"), 128.0 * 64.0 * MIB));
    let r = run(&base.with("link", "nvlink4")).expect("nvlink4");
    assert!(close(r.p2p.seconds.expect("t"), 2e-6 + 64.0 * MIB / 450e9));
    assert!(r.p2p.expected_seconds.expect("e") > r.p2p.seconds.expect("t"));
    assert!(run(&base).expect("no link").p2p.seconds.is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn bubble_shrinks_with_m_and_v_grows_with_p_and_stays_in_range(
        p in 2usize..128, m in 1usize..1024, v in 1usize..8,
    ) {
        let bubble = |p: usize, m: usize, v: usize| {
            let (p, m, v) = (p.to_string(), m.to_string(), v.to_string());
            let f = card().with("stages", &p).with("micro-batches", &m).with("interleave", &v);
            run(&f).expect("valid")
        };
        let r = bubble(p, m, v);
        prop_assert!(r.bubble.bubble_fraction > 0.0);
        prop_assert!(r.bubble.bubble_share_of_step > 0.0 && r.bubble.bubble_share_of_step < 1.0);
        prop_assert!(r.bubble.bubble_share_of_step <= r.bubble.bubble_fraction);
        prop_assert!(bubble(p, m + 1, v).bubble.bubble_fraction < r.bubble.bubble_fraction);
        prop_assert!(bubble(p, m, v + 1).bubble.bubble_fraction < r.bubble.bubble_fraction);
        prop_assert!(bubble(p + 1, m, v).bubble.bubble_fraction > r.bubble.bubble_fraction);
    }
}

#[test]
fn step_times_name_their_json_fields() {
    let r = run(&card().with("t-fwd", "10ms")).expect("times");
    crate::calc::group::assert_fields(&r.times.expect("step times"));
}
