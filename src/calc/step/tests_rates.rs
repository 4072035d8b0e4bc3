//! Hand-worked cases for the rate limits that depend on the kernels' shape and data type: the
//! HBM roofline of unfused attention and the width of fp16 gradients on the DP wire.

use super::comm::{dp, grad_bytes};
use super::*;

fn input(pairs: &[(&'static str, &str)]) -> StepInput {
    super::tests::parse(pairs, &[("global-batch", "64"), ("gpus", "64")]).expect("valid")
}

/// A GPT layer shape with head dimension `hidden / heads`, unfused attention on an A100.
fn unfused(hidden: &'static str, heads: &'static str) -> StepInput {
    input(&[
        ("layers", "8"),
        ("hidden", hidden),
        ("heads", heads),
        ("vocab", "51200"),
        ("seq", "2048"),
        ("gpu", "a100"),
        ("attention", "unfused"),
    ])
}

#[test]
fn unfused_attention_runs_no_faster_than_its_hbm_roofline() {
    let hbm = 2.039e12 * HBM_EFFICIENCY;
    let gemm = 271.2e12 * gpu::A100_EFFICIENCY;
    // d = 96: 2·96 FLOPs per 2-byte score → 96 × 1.33 TB/s = 127 TFLOP/s, below the GEMM rate.
    let narrow = unfused("3072", "32");
    let roof = unfused_attention_roofline(&narrow, hbm);
    assert!(crate::calc::close(roof, 96.0 * hbm));
    assert!(roof < gemm);
    let report = step(&narrow);
    // One sequence per GPU (DP 64), 8 layers; unfused: 4·s²·h forward (the full square), twice
    // that backward.
    let flops_per_layer = 3.0 * 4.0 * 2048.0 * 2048.0 * 3072.0;
    let expected = 8.0 * flops_per_layer / roof;
    assert!(
        crate::calc::close(report.breakdown.attention, expected),
        "{} against {expected}",
        report.breakdown.attention
    );
    // d = 256: the roofline (339 TFLOP/s) is above the GEMM rate, which then binds.
    let wide = unfused("4096", "16");
    assert!(unfused_attention_roofline(&wide, hbm) > gemm);
    let report = step(&wide);
    let flops_per_layer = 3.0 * 4.0 * 2048.0 * 2048.0 * 4096.0;
    assert!(crate::calc::close(
        report.breakdown.attention,
        8.0 * flops_per_layer / gemm
    ));
    // FlashAttention keeps the scores on chip: its published share, no roofline.
    let mut flash = unfused("3072", "32");
    flash.attention = AttentionKernel::Flash1;
    assert!(crate::calc::close(
        attention_rate(&flash, gemm, hbm),
        0.325 * 312e12
    ));
}

#[test]
fn fp16_training_reduces_fp16_gradients() {
    let base = [
        ("layers", "24"),
        ("hidden", "2304"),
        ("heads", "24"),
        ("vocab", "51200"),
        ("seq", "2048"),
        ("gpu", "a100"),
    ];
    let with = |dtype: &'static str| {
        let mut pairs = base.to_vec();
        pairs.push(("dtype", dtype));
        input(&pairs)
    };
    let (half, bf16) = (with("fp16"), with("bf16"));
    assert!(crate::calc::close(grad_bytes(&half), 2.0));
    assert!(crate::calc::close(grad_bytes(&bf16), 4.0));
    // Half the bytes on the same ring: less than the fp32 all-reduce, and at least half of it
    // (the ring's latency terms do not shrink).
    let params = 1.7e9;
    let (t16, t32) = (dp(&half, params).grads, dp(&bf16, params).grads);
    assert!(t16 < t32 && 2.0 * t16 >= t32 * 0.999, "{t16} against {t32}");
    let report = step(&half);
    assert!(report.dp_comm_total < step(&bf16).dp_comm_total);
    assert!(report.steps.iter().any(|s| s.en().contains("in fp16")));
}
