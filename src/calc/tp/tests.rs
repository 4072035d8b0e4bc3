use proptest::prelude::*;

use super::*;
use crate::calc::close;

const MIB: f64 = 1_048_576.0;

fn run(f: &Form) -> Result<TpReport, CalcError> {
    TpInput::from_form(f, &HardwareTable::bundled()).map(|i| tp(&i))
}

/// The card's example: h = 8192, s = 4096, b = 1, bf16, t = 8.
fn megatron() -> Form {
    Form::of(&[
        ("micro-batch", "1"),
        ("seq", "4096"),
        ("hidden", "8192"),
        ("tp", "8"),
    ])
}

#[test]
fn bytes_of_the_megatron_example() {
    // 64 MiB per all-reduce; 2 × 7/8 × 64 MiB = 112 MiB per GPU; 4 per layer = 448 MiB.
    let r = run(&megatron()).expect("valid");
    assert!(close(r.message_bytes, 64.0 * MIB));
    assert!(close(r.ring_bytes_per_allreduce, 112.0 * MIB));
    assert!(close(r.layer_bytes, 448.0 * MIB));
    assert!(close(r.step_bytes, r.layer_bytes), "L = m = 1 by default");
    assert_eq!(r.collectives, "allreduce");
    assert!(r.times.is_none());
    assert!(r.steps[0].contains("64 MiB"), "{}", r.steps[0]);
}

#[test]
fn step_bytes_scale_with_layers_and_micro_batches() {
    let r = run(&megatron()
        .with("layers", "80")
        .with("micro-batches", "8")
        .with("bytes", "fp32"))
    .expect("valid");
    assert!(close(r.step_bytes, 896.0 * MIB * 80.0 * 8.0));
}

#[test]
fn time_on_nvlink4_uses_the_ring_model() {
    // NCCL's 8.4 µs base + 14 steps × 3.4 µs + 112 MiB / 450 GB/s; expected at 0.82 × 450 GB/s.
    let r = run(&megatron().with("link", "nvlink4")).expect("valid");
    let spec = 56e-6 + 112.0 * MIB / 450e9;
    let times = r.times.expect("times on a link");
    crate::calc::group::assert_fields(&times);
    assert!(close(times.allreduce_seconds, spec));
    assert!(close(
        times.expected_allreduce_seconds,
        56e-6 + 112.0 * MIB / (450e9 * 0.82)
    ));
    assert!(close(times.layer_seconds, 4.0 * spec));
    assert_eq!(times.link, "nvlink4");
}

#[test]
fn a_typed_rate_gives_the_cards_nic_figure() {
    // Every hop through one 400 Gb/s NIC: 112 MiB / 50 GB/s = 2.35 ms, plus NCCL's latency
    // for a link of unknown class (PCI: 8.4 + 14 × 5.7 = 88.2 µs); expected at the typed-rate 0.8.
    let r = run(&megatron().with("bw", "400 Gb/s")).expect("valid");
    let times = r.times.expect("times on a typed rate");
    let t = times.allreduce_seconds;
    assert!(close(t, 88.2e-6 + 112.0 * MIB / 50e9), "{t}");
    assert!(close(
        times.expected_allreduce_seconds,
        88.2e-6 + 112.0 * MIB / 40e9
    ));
}

#[test]
fn sequence_parallelism_moves_the_same_bytes_in_the_same_time() {
    let plain = run(&megatron().with("link", "nvlink4")).expect("plain");
    let sp = run(&megatron()
        .with("link", "nvlink4")
        .with("sequence-parallel", "yes"))
    .expect("sp");
    assert_eq!(sp.collectives, "allgather+reducescatter");
    assert!(close(sp.step_bytes, plain.step_bytes));
    // Same bytes; the two collectives pay NCCL's 8.4 µs base latency twice instead of once.
    assert!(close(
        sp.times.as_ref().expect("sp").allreduce_seconds,
        plain.times.as_ref().expect("plain").allreduce_seconds + 8.4e-6
    ));
    assert!(sp.steps[1].contains("reduce-scatter"), "{}", sp.steps[1]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn traffic_grows_with_t_and_hidden_and_is_never_negative(
        t in 2usize..64, h in 1usize..65_536, layers in 1usize..200,
    ) {
        let bytes = |t: usize, h: usize| {
            let (t, h, l) = (t.to_string(), h.to_string(), layers.to_string());
            let f = megatron().with("tp", &t).with("hidden", &h).with("layers", &l).with("link", "nvlink4");
            run(&f).expect("valid")
        };
        let (small, more_t, more_h) = (bytes(t, h), bytes(t + 1, h), bytes(t, h + 1));
        prop_assert!(small.step_bytes > 0.0);
        prop_assert!(more_t.step_bytes >= small.step_bytes);
        prop_assert!(more_h.step_bytes > small.step_bytes);
        prop_assert!(small.ring_bytes_per_allreduce < 2.0 * small.message_bytes);
        let times = small.times.as_ref().expect("times on nvlink4");
        let (spec, expected) = (times.step_seconds, times.expected_step_seconds);
        prop_assert!(spec > 0.0 && expected >= spec);
    }
}
