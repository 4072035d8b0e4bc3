use proptest::prelude::*;

use super::*;
use crate::calc::close;
use crate::calc::test_support::assert_says;

fn run(f: &Form) -> Result<MemoryReport, CalcError> {
    MemoryInput::from_form(f).map(|i| memory(&i))
}

fn seventy_b(stage: &'static str) -> Form {
    Form::of(&[("params", "70B"), ("gpus", "64"), ("stage", stage)])
}

fn total(r: &MemoryReport, stage: Stage) -> f64 {
    r.stages
        .iter()
        .find(|row| row.stage == stage)
        .expect("every stage")
        .total_bytes
}

#[test]
fn the_cards_70b_on_64_gpus() {
    // 16Ψ / 64 = 17.5 GB; ZeRO-1 4Ψ + 12Ψ/64 = 293.1 GB; ZeRO-2 2Ψ + 14Ψ/64 = 155.3 GB.
    let r = run(&seventy_b("3")).expect("valid");
    assert_eq!(r.stage, Stage::Zero3);
    assert!(close(r.bytes_per_gpu, 17.5e9));
    assert!(close(total(&r, Stage::Dp), 1.12e12));
    assert!(close(total(&r, Stage::Zero1), 280e9 + 840e9 / 64.0));
    assert!(close(total(&r, Stage::Zero2), 140e9 + 980e9 / 64.0));
    assert!(close(r.stages[3].traffic_bytes, 420e9));
    assert!(close(r.stages[0].traffic_bytes, 280e9));
    assert_says(&r.steps, "17.5 GB");
}

#[test]
fn stage_names_and_default() {
    for (name, stage) in [
        ("dp", Stage::Dp),
        ("0", Stage::Dp),
        ("zero-1", Stage::Zero1),
        ("Z2", Stage::Zero2),
        ("shard_grad_op", Stage::Zero2),
        ("fsdp", Stage::Zero3),
    ] {
        assert_eq!(name.parse::<Stage>().expect(name), stage);
    }
    let r = run(&seventy_b("").with("stage", "")).expect("default");
    assert_eq!(r.stage, Stage::Zero3);
}

#[test]
fn hsdp_divides_by_the_shard_group() {
    // Shard group of 8 (one node): 16Ψ / 8 = 140 GB; of 32: 35 GB.
    for (group, want) in [("8", 140e9), ("32", 35e9), ("64", 17.5e9)] {
        let r = run(&seventy_b("zero-3").with("shard-group", group)).expect(group);
        assert!(close(r.bytes_per_gpu, want), "{group}");
        assert_eq!(r.replicas * r.shard_ways, 64);
    }
}

#[test]
fn optimizer_bytes_change_k() {
    // K = 4 (e.g. fp32 master only): DP is (2 + 2 + 4)Ψ = 8Ψ.
    let r = run(&seventy_b("dp").with("optimizer-bytes", "4")).expect("k");
    assert!(close(r.bytes_per_gpu, 8.0 * 70e9));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn more_gpus_never_cost_memory_and_stages_are_ordered(
        params in 1e6f64..1e13, n in 1usize..4096, k in 1.0f64..32.0,
    ) {
        let report = |n: usize| {
            let (p, n, k) = (format!("{params}"), n.to_string(), format!("{k}"));
            run(&seventy_b("3").with("params", &p).with("gpus", &n).with("optimizer-bytes", &k))
                .expect("valid")
        };
        let (few, many) = (report(n), report(n + 1));
        for (a, b) in few.stages.iter().zip(&many.stages) {
            prop_assert!(a.total_bytes > 0.0 && b.total_bytes <= a.total_bytes);
        }
        for pair in few.stages.windows(2) {
            prop_assert!(pair[1].total_bytes <= pair[0].total_bytes * (1.0 + 1e-12));
        }
    }
}

#[test]
fn deepspeed_convention_follows_its_estimators() {
    // estimate_zero2: 4Ψ + 16Ψ/N; estimate_zero3: 18Ψ/N + 4 × largest layer (no offload).
    let ds = |stage| {
        seventy_b(stage)
            .with("convention", "deepspeed")
            .with("largest-layer", "1B")
    };
    let r = run(&ds("zero-2")).expect("zero-2");
    assert!(close(r.bytes_per_gpu, 4.0 * 70e9 + 16.0 * 70e9 / 64.0));
    assert_eq!(r.convention, Convention::Deepspeed);
    let r = run(&ds("zero-3")).expect("zero-3");
    assert!(close(r.bytes_per_gpu, 18.0 * 70e9 / 64.0 + 4.0 * 1e9));
    // DP and ZeRO-1 have no DeepSpeed estimator: the paper's count, marked as such.
    let dp = r.stages.iter().find(|s| s.stage == Stage::Dp).expect("dp");
    assert_eq!(dp.convention, Convention::Paper);
    assert!(r.steps[0].starts_with("convention: deepspeed"));
    // The default is the paper, and says so.
    let paper = run(&seventy_b("zero-2")).expect("paper");
    assert!(close(paper.bytes_per_gpu, 2.0 * 70e9 + 14.0 * 70e9 / 64.0));
    assert!(paper.steps[0].starts_with("convention: paper"));
    // DeepSpeed fixes K at 12.
    let err = run(&ds("zero-2").with("optimizer-bytes", "8"))
        .expect_err("k")
        .to_string();
    assert!(err.contains("--convention paper"), "{err}");
    assert!(
        run(&seventy_b("zero-2").with("convention", "megatron"))
            .expect_err("unknown")
            .to_string()
            .contains("'megatron'")
    );
}
