//! Hand-worked cases for the overlap switches and the later calibrations: DP reduction after
//! the whole backward (`--dp-overlap no`), each interleaved chunk reducing as soon as it is done,
//! TP collectives behind the GEMMs (`--tp-overlap yes`), Blackwell's attention shares and the fp8
//! efficiencies.

use super::comm::{tp_exposed, tp_sm_share};
use super::*;
use crate::calc::close;

fn input(pairs: &[(&'static str, &str)]) -> StepInput {
    super::tests::parse(pairs, &[("global-batch", "64"), ("gpus", "512")]).expect("valid")
}

/// GPT-3 175B on 512 A100 with SP and selective recomputation, TP 8 × PP 8 × DP 8, batch 64:
/// DP spans nodes over IB.
fn gpt3(extra: &[(&'static str, &str)]) -> StepInput {
    let layout = [("sequence-parallel", "yes"), ("recompute", "selective")];
    let all: Vec<_> = [
        ("model", "gpt3-175b"),
        ("tp", "8"),
        ("pp", "8"),
        ("gpu", "a100"),
    ]
    .into_iter()
    .chain(layout)
    .chain(extra.iter().copied())
    .collect();
    input(&all)
}

#[test]
fn without_dp_overlap_the_whole_reduction_is_exposed() {
    let late = step(&gpt3(&[("dp-overlap", "no")]));
    assert!(close(late.breakdown.dp_comm_exposed, late.dp_comm_total));
    let overlapped = step(&gpt3(&[]));
    assert!(close(overlapped.dp_comm_total, late.dp_comm_total));
    // Hidden behind one micro-batch's backward; A100 NCCL SMs add a share of the hidden part.
    assert!(overlapped.breakdown.dp_comm_exposed < late.breakdown.dp_comm_exposed);
    assert!(
        close(
            late.step_seconds - overlapped.step_seconds,
            late.breakdown.dp_comm_exposed - overlapped.breakdown.dp_comm_exposed
        ),
        "only the DP term moves"
    );
}

#[test]
fn interleaved_chunks_reduce_as_soon_as_each_is_done() {
    // v = 4, p = 8, m = 8: P = min(p, m) = 8 micro-batches per group. The chunk k-th from the end
    // has k·8 chunk backwards (stage/4 each) after it, plus its own; the link carries G/4 per
    // chunk in turn: exposed = max over k of (k+1)·G/4 - (8k + 1)·stage/4.
    let run = gpt3(&[("interleave", "4")]);
    let stage = 1.0;
    let per_k = |g: f64| {
        (0..4)
            .map(|k| {
                let k = f64::from(k);
                (k + 1.0) * g / 4.0 - (8.0 * k + 1.0) * stage / 4.0
            })
            .fold(0.0, f64::max)
    };
    for g in [0.1, 0.5, 3.0, 12.0, 40.0] {
        assert!(close(chunked_exposed(&run, g, stage), per_k(g)), "{g}");
    }
    // Under one chunk's pass nothing is exposed; far above, all but 25 chunk passes' worth.
    assert!(close(chunked_exposed(&run, 0.2, stage), 0.0));
    assert!(close(chunked_exposed(&run, 40.0, stage), 40.0 - 25.0 / 4.0));
    // Without interleaving: the traffic less one stage pass, as Megatron's overlap-grad-reduce.
    assert!(close(chunked_exposed(&gpt3(&[]), 3.0, stage), 2.0));
    // In the step: interleaving hides more of the same traffic.
    let (one, four) = (step(&gpt3(&[])), step(&run));
    assert!(close(one.dp_comm_total, four.dp_comm_total));
    assert!(four.breakdown.dp_comm_exposed < one.breakdown.dp_comm_exposed);
}

#[test]
fn tp_overlap_hides_behind_the_gemms_at_the_sm_share() {
    // H100 TP 8 over NVLink 4: the link's expected bandwidth / (190/16 GB/s) SMs of 132.
    let run = input(&[
        ("model", "llama3-70b"),
        ("tp", "8"),
        ("sequence-parallel", "yes"),
        ("tp-overlap", "yes"),
        ("gpus", "8"),
        ("global-batch", "8"),
    ]);
    let bw = run.intra.expected_bandwidth();
    let share = (bw / comm::NCCL_BYTES_PER_SM).ceil() / 132.0;
    assert!(close(tp_sm_share(&run), share));
    assert!(share > 0.0 && share < 1.0);
    // Under the GEMMs: only the share; beyond them, the excess in full.
    assert!(close(tp_exposed(&run, 0.4, 1.0), share * 0.4));
    assert!(close(tp_exposed(&run, 1.5, 1.0), 0.5 + share));
    // Off: all of it, and no SMs held.
    let plain = StepInput {
        overlap: Overlap {
            tp: false,
            ..run.overlap
        },
        ..run.clone()
    };
    assert!(close(tp_exposed(&plain, 1.5, 1.0), 1.5));
    assert!(close(tp_sm_share(&plain), 0.0));
    // In the step: less TP time, nothing else moves.
    let (on, off) = (step(&run), step(&plain));
    assert!(on.breakdown.tp_comm < off.breakdown.tp_comm);
    assert!(close(on.breakdown.compute, off.breakdown.compute));
    // No SM count bundled (B200): hidden for free.
    let b200 = StepInput {
        gpu: gpu::gpu("b200").expect("b200"),
        ..run
    };
    assert!(close(tp_sm_share(&b200), 0.0));
}

#[test]
fn blackwell_attention_takes_the_flashattention_4_shares() {
    // cuDNN through Transformer Engine: 71% / 1.3 × 0.8; Triton class and FA2: 71% / 2.7 × 0.8;
    // a share of the part's own bf16 peak, under its GEMM rate.
    let cases = [
        ("b200", AttentionKernel::Flash3, 0.44 * 2250e12),
        ("b200", AttentionKernel::Flash, 0.21 * 2250e12),
        ("b200", AttentionKernel::Flash1, 0.21 * 2250e12),
        ("gb200", AttentionKernel::Flash3, 0.44 * 2500e12),
    ];
    for (id, kernel, rate) in cases {
        let part = gpu::gpu(id).expect("bundled");
        let gemm = part.bf16.mamf * MATMUL_EFFICIENCY;
        assert!(
            close(part.attention_rate(kernel, gemm), rate),
            "{id} {kernel:?}"
        );
    }
}

#[test]
fn fp8_runs_at_its_own_fitted_share_of_the_fp8_mamf() {
    let h100 = gpu::gpu("h100").expect("h100");
    assert!(close(h100.efficiency(Dtype::Fp8), gpu::H100_FP8_EFFICIENCY));
    assert!(close(h100.efficiency(Dtype::Bf16), gpu::H100_EFFICIENCY));
    assert!(close(
        gpu::gpu("h200").expect("h200").efficiency(Dtype::Fp8),
        gpu::H100_FP8_EFFICIENCY
    ));
    assert!(close(
        gpu::gpu("b200").expect("b200").efficiency(Dtype::Fp8),
        gpu::B200_FP8_EFFICIENCY
    ));
    // The layers' matmuls at fp8 MAMF × that share; the logits stay bf16.
    let llama = |dtype| {
        input(&[
            ("model", "llama3-8b"),
            ("gpus", "8"),
            ("global-batch", "8"),
            ("dtype", dtype),
        ])
    };
    let (bf16, fp8) = (llama("bf16"), llama("fp8"));
    let logits = work::logits(&bf16).train_flops() / (794.5e12 * gpu::H100_EFFICIENCY);
    let layers = |r: &StepReport| r.breakdown.compute - logits;
    let ratio = layers(&step(&bf16)) / layers(&step(&fp8));
    let expected = (1402.6 * gpu::H100_FP8_EFFICIENCY) / (794.5 * gpu::H100_EFFICIENCY);
    assert!(close(ratio, expected), "{ratio} vs {expected}");
    let text = step(&fp8)
        .steps
        .iter()
        .map(|b| b.en().to_owned())
        .collect::<Vec<_>>();
    assert!(
        text.iter()
            .any(|l| l.contains(&format!("MAMF × {}", gpu::H100_FP8_EFFICIENCY))),
        "the steps quote the fp8 share"
    );
}

#[test]
fn bad_overlap_values_name_the_choices() {
    for key in ["dp-overlap", "tp-overlap"] {
        let err = super::tests::parse(
            &[(key, "sometimes")],
            &[("model", "llama3-8b"), ("global-batch", "8"), ("gpus", "8")],
        )
        .expect_err("rejected")
        .to_string();
        assert!(
            err.contains(key) && err.contains("'sometimes'") && err.contains("yes or no"),
            "{err}"
        );
    }
}

/// Overlap never slows a step: TP behind the GEMMs is never slower than between them, a DP
/// reduction after the whole backward is never faster than one behind it, and more model chunks
/// never expose more of the same DP traffic. Every layout of a small grid, not a sample of it.
#[test]
fn overlap_never_costs_time() {
    for (tp, pp, v, dp) in (1..4).flat_map(|t| {
        (1..3).flat_map(move |p| (1..4).flat_map(move |v| (1..3).map(move |d| (t, p, v, d))))
    }) {
        let (tp, pp, dp) = (1usize << tp, 1usize << pp, 1usize << dp);
        let (gpus, batch) = ((tp * pp * dp).to_string(), (dp * pp * 2).to_string());
        let (tp, pp, v) = (tp.to_string(), pp.to_string(), v.to_string());
        let base = [
            ("layers", "24"),
            ("hidden", "4096"),
            ("heads", "32"),
            ("vocab", "50304"),
            ("seq", "2048"),
            ("global-batch", batch.as_str()),
            ("gpus", gpus.as_str()),
            ("tp", tp.as_str()),
            ("pp", pp.as_str()),
            ("gpu", "h100"),
        ];
        let with = |extra: &[(&'static str, &str)]| {
            let all: Vec<_> = base.iter().chain(extra).copied().collect();
            step(&input(&all))
        };
        let plain = with(&[]);
        let layout = format!("tp {tp} pp {pp} v {v} gpus {gpus}");
        assert!(
            with(&[("tp-overlap", "yes")]).step_seconds <= plain.step_seconds + 1e-12,
            "{layout}"
        );
        assert!(
            with(&[("dp-overlap", "no")]).step_seconds >= plain.step_seconds - 1e-12,
            "{layout}"
        );
        let more = with(&[("interleave", v.as_str())]);
        assert!(
            more.breakdown.dp_comm_exposed <= plain.breakdown.dp_comm_exposed + 1e-12,
            "{layout}"
        );
    }
}
