use proptest::prelude::*;

use super::*;
use crate::calc::{Form, HardwareTable, TpInput, close, tp};

/// A checked input from (field, text) pairs over `defaults`, read as the registry form is.
pub(super) fn parse(
    pairs: &[(&'static str, &str)],
    defaults: &[(&'static str, &str)],
) -> Result<StepInput, crate::calc::CalcError> {
    let form = pairs.iter().fold(Form::of(defaults), |form, (name, text)| {
        form.with(name, text)
    });
    StepInput::from_form(&form, &HardwareTable::bundled())
}

fn fields(extra: &[(&'static str, &str)]) -> StepInput {
    parse(extra, &[("global-batch", "64"), ("gpus", "64")]).expect("valid")
}

/// The step on two pipeline stages of a model with `layers` layers and a `vocab`-word output.
fn two_stages(layers: &str, vocab: &str) -> StepReport {
    let pairs = [
        ("layers", layers),
        ("hidden", "2048"),
        ("heads", "16"),
        ("vocab", vocab),
        ("seq", "2048"),
        ("pp", "2"),
    ];
    step(&parse(&pairs, &[("global-batch", "8"), ("gpus", "2")]).expect("valid"))
}

/// An uneven split runs at its slowest stage: with 9 layers on 2 stages (5 and 4, the last also
/// computing the logits), a large output layer makes the last stage the slower one, so the step
/// computes what 8 layers' last stage does; a small one leaves the 5-layer stage slower, so the
/// step computes 5 layers without the logits, just under 10 layers' 5 plus the logits.
#[test]
fn an_uneven_split_runs_at_its_slowest_stage() {
    let compute = |layers, vocab| two_stages(layers, vocab).breakdown.compute;
    // Logits 2·h·V = 1 GFLOP a token against 24·h² ≈ 0.1 GFLOP a layer: ten layers' worth.
    assert!(close(compute("9", "256000"), compute("8", "256000")));
    // Logits 2·h·V = 4 MFLOP a token: 4% of a layer.
    let (eight, nine, ten) = (
        compute("8", "1000"),
        compute("9", "1000"),
        compute("10", "1000"),
    );
    assert!(nine < ten && nine > eight);
    assert!(ten - nine < 0.1 * (nine - eight), "{eight} {nine} {ten}");
    let report = two_stages("9", "1000");
    let warning = report.warnings[0].en();
    assert!(warning.contains("stages hold 5 or 4 layers"), "{warning}");
}

fn gpt3(extra: &[(&'static str, &str)]) -> StepInput {
    let mut all = vec![
        ("model", "gpt3-175b"),
        ("tp", "8"),
        ("pp", "8"),
        ("gpu", "a100"),
    ];
    all.extend_from_slice(extra);
    fields(&all)
}

#[test]
fn layer_flops_are_24bsh2_over_t() {
    // GPT-3 175B, b = 1, s = 2048, t = 8: 24·s·h²/t forward, causal attention 2·s²·h/t.
    let input = gpt3(&[]);
    let w = work::layer(&input);
    let (s, h) = (2048.0, 12_288.0);
    assert!(close(w.dense_fwd, 24.0 * s * h * h / 8.0));
    assert!(close(w.attn_fwd, 2.0 * s * s * h / 8.0));
    assert!(close(w.attn_bwd, 2.5 * w.attn_fwd), "flash backward");
    let unfused = work::layer(&gpt3(&[("attention", "unfused")]));
    assert!(
        close(unfused.attn_fwd, 4.0 * s * s * h / 8.0),
        "full square"
    );
    assert!(close(
        input.shape.params(),
        96.0 * (12.0 * h * h + 2.0 * h) + 2.0 * 51_200.0 * h
    ));
}

#[test]
fn activations_follow_korthikanti() {
    let (s, h, a, t) = (2048.0, 12_288.0, 96.0, 8.0);
    let sbh = s * h;
    // SP + selective: 34·s·b·h/t per layer.
    let sp = memory::memory(&gpt3(&[
        ("sequence-parallel", "yes"),
        ("recompute", "selective"),
    ]));
    assert!(close(sp.activations_bytes_per_layer, 34.0 * sbh / t));
    // TP only, unfused, nothing recomputed: s·b·h·(10 + 24/t + 5·a·s/(h·t)).
    let tp_only = memory::memory(&gpt3(&[("attention", "unfused")]));
    let expect = sbh * (10.0 + 24.0 / t + 5.0 * a * s / (h * t));
    assert!(close(tp_only.activations_bytes_per_layer, expect));
    // 1F1B: p = 8 micro-batches in flight of L/p = 12 layers; interleaving adds (p-1)/(p·v).
    assert!(close(sp.activations_bytes_per_gpu, 34.0 * sbh / t * 96.0));
    let v2 = memory::memory(&gpt3(&[
        ("sequence-parallel", "yes"),
        ("recompute", "selective"),
        ("interleave", "2"),
    ]));
    assert!(close(v2.microbatches_in_flight, 8.0 * (1.0 + 7.0 / 16.0)));
}

#[test]
fn tp_time_matches_the_tp_calculator() {
    let input = gpt3(&[]);
    let table = HardwareTable::bundled();
    let tp_input = TpInput::from_form(
        &Form::of(&[
            ("micro-batch", "1"),
            ("seq", "2048"),
            ("hidden", "12288"),
            ("tp", "8"),
            ("link", "nvlink3"),
        ]),
        &table,
    )
    .expect("tp");
    let expected = tp(&tp_input).times.expect("link").expected_layer_seconds;
    let (per_layer, again) = comm::tp_per_layer(&input);
    assert!(close(per_layer, expected), "{per_layer} vs {expected}");
    assert!(close(
        comm::tp_per_layer(&gpt3(&[("recompute", "full")])).1,
        expected / 2.0
    ));
    assert!(again.abs() < f64::EPSILON);
}

#[test]
fn breakdown_adds_up_and_bubble_is_p_minus_1_over_v_stages() {
    let one = step(&gpt3(&[("sequence-parallel", "yes")]));
    assert!(close(one.breakdown.total(), one.step_seconds));
    let two = step(&gpt3(&[("sequence-parallel", "yes"), ("interleave", "2")]));
    assert!(close(
        two.breakdown.pp_bubble,
        one.breakdown.pp_bubble / 2.0
    ));
    assert!(close(two.breakdown.pp_p2p, 2.0 * one.breakdown.pp_p2p));
    // (p-1)/v stage times, a stage time being the m micro-batches' layer work over m.
    let b = &one.breakdown;
    let logits = work::logits(&gpt3(&[("sequence-parallel", "yes")]));
    let rate = 271.2e12 * gpu::A100_EFFICIENCY;
    let hbm = 2.039e12 * HBM_EFFICIENCY;
    let per_mb = (b.compute + b.attention + b.recompute + b.memory_bound + b.tp_comm + b.cp_comm)
        / 64.0
        - logits.train_flops() / rate
        - logits.train_bytes() / hbm;
    assert!(
        close(b.pp_bubble, 7.0 * per_mb),
        "{} vs {}",
        b.pp_bubble,
        7.0 * per_mb
    );
}

#[test]
fn optimizer_and_dp_terms() {
    // 8 GPUs of DP with ZeRO-1: Adam touches 30 B of each of its Ψ/8 parameters.
    let input = fields(&[
        ("model", "llama3-8b"),
        ("gpus", "8"),
        ("global-batch", "8"),
        ("zero", "1"),
    ]);
    let r = step(&input);
    let psi = input.shape.params();
    assert!(close(
        r.breakdown.optimizer,
        30.0 * psi / 8.0 / (3.35e12 * HBM_EFFICIENCY)
    ));
    // fp32 reduce-scatter + bf16 all-gather on NVLink 4: 6 B·Ψ·7/8 at 450 GB/s × 0.82.
    let bw = 450e9 * 0.82;
    let expect = 6.0 * psi * 7.0 / 8.0 / bw;
    assert!(
        (r.dp_comm_total - expect).abs() < 1e-3 * expect + 1e-3,
        "{} vs {expect}",
        r.dp_comm_total
    );
    assert!(r.breakdown.dp_comm_exposed <= r.dp_comm_total);
}

#[test]
fn context_parallel_ranks_reduce_and_shard_with_the_data_parallel_ones() {
    // 8 GPUs as CP 2 × DP 4 with ZeRO-1: the 8 ranks hold the same weights, so the optimizer
    // shards over 8 and the gradients are reduced over 8 (6 B·Ψ·7/8 on NVLink 4), exactly as
    // DP 8 does; only the batch split differs.
    let cp = fields(&[
        ("model", "llama3-8b"),
        ("gpus", "8"),
        ("cp", "2"),
        ("global-batch", "8"),
        ("zero", "1"),
    ]);
    assert_eq!((cp.dp, cp.replicas()), (4, 8));
    let r = step(&cp);
    let psi = cp.shape.params();
    assert!(close(
        r.breakdown.optimizer,
        30.0 * psi / 8.0 / (3.35e12 * HBM_EFFICIENCY)
    ));
    let expect = 6.0 * psi * 7.0 / 8.0 / (450e9 * 0.82);
    assert!(
        (r.dp_comm_total - expect).abs() < 1e-3 * expect + 1e-3,
        "{} vs {expect}",
        r.dp_comm_total
    );
    // Optimizer states per GPU: 12 B of Ψ/8 (the first stage holds every layer here).
    let states = r.memory.optimizer_bytes_per_gpu;
    assert!(
        close(states, 12.0 * r.memory.params_per_gpu / 8.0),
        "{states}"
    );
}

#[test]
fn memory_refusal_is_flagged() {
    let r = step(&fields(&[
        ("model", "llama3-70b"),
        ("gpus", "8"),
        ("global-batch", "8"),
    ]));
    assert!(!r.memory.fits);
    assert!(
        r.warnings.iter().any(|w| w.starts_with("does not fit")),
        "{:?}",
        r.warnings
    );
    assert!(r.steps.iter().any(|s| s.contains("DOES NOT FIT")));
}

#[test]
fn bad_layouts_name_the_value_and_the_fix() {
    let base = [
        ("model", "gpt3-175b"),
        ("global-batch", "64"),
        ("gpus", "64"),
    ];
    let cases: [(&[(&'static str, &str)], &str); 8] = [
        (&[("global-batch", "63")], "global batch '63'"),
        (
            &[("tp", "5"), ("gpus", "60"), ("global-batch", "12")],
            "TP '5'",
        ),
        (&[("gpus", "60"), ("tp", "8")], "60 GPUs"),
        (&[("gpu", "a100"), ("dtype", "fp8")], "fp8"),
        (&[("model", "gpt5")], "unknown model 'gpt5'"),
        (&[("dp", "3")], "--dp '3'"),
        (&[("interleave", "2")], "interleave '2'"),
        (&[("model", "")], "--layers"),
    ];
    for (pairs, needle) in cases {
        let err = parse(pairs, &base).expect_err(needle).to_string();
        assert!(err.contains(needle), "{needle}: {err}");
    }
}

proptest! {
    #[test]
    fn properties(
        dp_exp in 0usize..4,
        pp_exp in 1usize..4,
        tp_exp in 0usize..4,
        seq_exp in 10usize..15,
        full in any::<bool>(),
        sp in any::<bool>(),
    ) {
        let (t, p) = (1usize << tp_exp, 1usize << pp_exp);
        let layers = (8 * p).to_string();
        let seq = (1usize << seq_exp).to_string();
        let run = |d: usize, recompute: &str| {
            let gpus = (t * p * d).to_string();
            let (tp_s, pp_s) = (t.to_string(), p.to_string());
            let mut extra = vec![
                ("layers", layers.as_str()), ("hidden", "4096"), ("heads", "32"),
                ("vocab", "50000"), ("seq", seq.as_str()), ("global-batch", "64"),
                ("gpus", gpus.as_str()), ("tp", tp_s.as_str()), ("pp", pp_s.as_str()),
                ("recompute", recompute), ("gpu", "h100"),
            ];
            if sp { extra.push(("sequence-parallel", "yes")); }
            step(&fields(&extra))
        };
        let small = run(1 << dp_exp, if full { "full" } else { "none" });
        let large = run(2 << dp_exp, if full { "full" } else { "none" });
        let share = |r: &StepReport| r.breakdown.pp_bubble / r.step_seconds;
        prop_assert!(share(&large) >= share(&small) - 1e-12);
        prop_assert!(small.mfu <= small.hfu + 1e-12 && small.hfu <= 1.0);
        let selective = run(1 << dp_exp, "selective");
        let full_r = run(1 << dp_exp, "full");
        prop_assert!(full_r.memory.activations_bytes_per_gpu <= selective.memory.activations_bytes_per_gpu + 1.0);
        prop_assert!(close(small.breakdown.total(), small.step_seconds));
    }
}

/// Without `--gpus-per-node`, a GB200 job's node is its NVL72 NVLink domain (or, for a job that
/// is not whole racks, the largest whole share of one that divides it); an HGX part's is its
/// 8-GPU board, and an explicit value always wins.
#[test]
fn the_default_node_follows_the_parts_nvlink_domain() {
    let per_node = |gpu: &str, gpus: &str| {
        parse(
            &[("gpu", gpu), ("gpus", gpus), ("model", "llama3-8b")],
            &[("global-batch", "1152")],
        )
        .map(|i| i.gpus_per_node)
    };
    assert_eq!(per_node("gb200", "144").ok(), Some(72));
    assert_eq!(per_node("gb200", "128").ok(), Some(64));
    assert_eq!(per_node("gb200", "8").ok(), Some(8));
    assert_eq!(per_node("h100", "64").ok(), Some(8));
    assert!(
        per_node("h100", "12").is_err(),
        "12 H100s are not whole boards"
    );
    let explicit = parse(
        &[
            ("gpu", "gb200"),
            ("gpus", "144"),
            ("gpus-per-node", "4"),
            ("model", "llama3-8b"),
        ],
        &[("global-batch", "1152")],
    )
    .expect("valid");
    assert_eq!(explicit.gpus_per_node, 4);
}
