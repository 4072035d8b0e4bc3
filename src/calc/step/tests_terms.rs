//! Hand-worked cases for the framework terms: attention-kernel rates, torchtitan's per-op
//! recomputation, FSDP exposure layer by layer and the fp8 casts.

use proptest::prelude::*;

use super::comm::{DpTimes, nccl_sm_share, zero3_exposed};
use super::*;
use crate::calc::close;

fn input(pairs: &[(&'static str, &str)]) -> StepInput {
    super::tests::parse(pairs, &[("global-batch", "8"), ("gpus", "8")]).expect("valid")
}

fn llama8b(extra: &[(&'static str, &str)]) -> StepInput {
    let mut all = vec![("model", "llama3-8b"), ("zero", "3")];
    all.extend_from_slice(extra);
    input(&all)
}

#[test]
fn attention_runs_at_the_kernels_published_share_of_peak() {
    let h100 = gpu::gpu("h100").expect("h100");
    let gemm = 794.5e12 * gpu::H100_EFFICIENCY;
    assert!(close(
        h100.attention_rate(AttentionKernel::Flash, gemm),
        0.35 * 989.4e12
    ));
    assert!(close(
        h100.attention_rate(AttentionKernel::Flash3, gemm),
        0.6 * 989.4e12
    ));
    assert!(close(
        h100.attention_rate(AttentionKernel::Unfused, gemm),
        gemm
    ));
    let a100 = gpu::gpu("a100").expect("a100");
    // No FA3 on Ampere: flash3 falls back to FA2's share; FA1 is 25-40%, taken as 0.325.
    assert!(close(
        a100.attention_rate(AttentionKernel::Flash3, 1e15),
        0.6 * 312e12
    ));
    assert!(close(
        a100.attention_rate(AttentionKernel::Flash1, 1e15),
        0.325 * 312e12
    ));
    // No published share: the GEMM rate.
    let mi = gpu::gpu("mi300x").expect("mi300x");
    assert!(close(mi.attention_rate(AttentionKernel::Flash, 5e14), 5e14));

    // The breakdown's attention term: (2 + 2.5)·2·s²·h causal FLOPs per layer at that rate.
    let run = llama8b(&[("gpu", "h100")]);
    let report = step(&run);
    let (s, h) = (8192.0, 4096.0);
    let flops = 32.0 * 3.5 * 2.0 * s * s * h;
    assert!(close(report.breakdown.attention, flops / (0.35 * 989.4e12)));
    let faster = step(&llama8b(&[("gpu", "h100"), ("attention", "flash3")]));
    assert!(close(faster.breakdown.attention, flops / (0.6 * 989.4e12)));
    assert!(faster.step_seconds < report.step_seconds);
}

#[test]
fn op_recompute_redoes_every_second_matmul() {
    let (s, h, kd, f) = (8192.0, 4096.0, 1024.0, 14_336.0);
    let layer = work::layer(&llama8b(&[("recompute", "op")]));
    // wk (k·d), wo (h), w3 (F): 2·s·h·(kd + h + F); every elementwise byte again.
    assert!(close(layer.recompute_flops, 2.0 * s * h * (kd + h + f)));
    assert!(close(layer.recompute_bytes, layer.bytes_fwd));
    // A GPT layer (fused QKV, GeLU): out (h) and down (F).
    let gpt = work::layer(&input(&[
        ("layers", "4"),
        ("hidden", "2048"),
        ("heads", "16"),
        ("vocab", "50304"),
        ("seq", "2048"),
        ("recompute", "op"),
    ]));
    assert!(close(
        gpt.recompute_flops,
        2.0 * 2048.0 * 2048.0 * (2048.0 + 4.0 * 2048.0)
    ));
    // Memory: input, wq, wv, w1, w2 and attention outputs, 2 B each.
    let op = memory::memory(&llama8b(&[("recompute", "op")]));
    assert!(close(
        op.activations_bytes_per_layer,
        2.0 * s * (h + 2.0 * h + kd + f + h)
    ));
    let full = memory::memory(&llama8b(&[("recompute", "full")]));
    let selective = memory::memory(&llama8b(&[("recompute", "selective")]));
    assert!(full.activations_bytes_per_gpu < op.activations_bytes_per_gpu);
    assert!(op.activations_bytes_per_gpu < selective.activations_bytes_per_gpu);
}

#[test]
fn fsdp_exposes_the_ends_and_the_excess() {
    let run = llama8b(&[]);
    let params = memory::params_per_gpu(&run);
    let dp = DpTimes {
        grads: 4.0,
        params: 2.0,
        per_microbatch: true,
    };
    let layers = 32.0;
    let share = run.shape.layer_params() / params;
    let root = 1.0 - layers * share;
    // Compute far longer than any layer's traffic: only the ends show.
    let ends = 2.0 * root + 2.0 * share + 4.0 * share + 4.0 * root;
    assert!(close(zero3_exposed(&run, &dp, params, 1e9, 1e9), ends));
    // No compute to hide behind: all the traffic is exposed, and in the backward each gather
    // queues behind the reduce-scatter it shares the link with, (L-1) gathers more.
    let bare = zero3_exposed(&run, &dp, params, 0.0, 0.0);
    assert!(close(bare, 2.0 + 4.0 + (layers - 1.0) * 2.0 * share));
    // BACKWARD_POST: each backward gather waits for the layer before it.
    let post = llama8b(&[("fsdp-prefetch", "post")]);
    assert!(close(
        zero3_exposed(&post, &dp, params, 1e9, 1e9),
        ends + (layers - 1.0) * 2.0 * share
    ));
}

#[test]
fn fsdp_gradient_passes_cost_hbm_time_per_micro_batch() {
    // Llama 3 8B on 8 GPUs, one sequence each: one micro-batch; every parameter's gradient is
    // unsharded on each GPU once per micro-batch.
    let two = llama8b(&[]);
    let one = llama8b(&[("fsdp", "1")]);
    let params = step(&two).memory.params_per_gpu;
    let hbm = two.gpu.hbm.bandwidth * HBM_EFFICIENCY;
    assert!(close(comm::fsdp_grad_bytes(&two, params), 6.0 * params));
    assert!(close(comm::fsdp_grad_bytes(&one, params), 14.0 * params));
    // FSDP1's pre-divide is the only difference between the two: 8 B per parameter.
    let extra = step(&one).breakdown.memory_bound - step(&two).breakdown.memory_bound;
    assert!(close(extra, 8.0 * params / hbm), "{extra}");
    // Twice the micro-batches (same tokens per GPU each), twice the passes.
    let twice = llama8b(&[("global-batch", "16"), ("fsdp", "1")]);
    assert_eq!(twice.micro_batches(), 2);
    let passes = |i: &StepInput| comm::fsdp_grad_bytes(i, params) * i.micro_batches() as f64;
    assert!(close(passes(&twice), 2.0 * passes(&one)));
    // Nothing without ZeRO-3; a bad version names the choices.
    assert!(close(
        comm::fsdp_grad_bytes(&input(&[("model", "llama3-8b"), ("zero", "2")]), params),
        0.0
    ));
    let bad = super::tests::parse(
        &[("model", "llama3-8b"), ("fsdp", "3")],
        &[("global-batch", "64"), ("gpus", "64")],
    )
    .expect_err("fsdp 3");
    assert!(
        bad.to_string().contains("'3'") && bad.to_string().contains("1 (FullyShardedDataParallel)")
    );
}

#[test]
fn nccl_holds_one_sm_per_190_16_gb_s_of_bus_bandwidth() {
    // 8 GPUs, ZeRO-3: the reduce-scatter moves 7/8 of 4 B per parameter; at 1 s for 8e9 B of
    // bus traffic that is 8 GB/s, under one SM's 11.875 GB/s: one SM of the H100's 132.
    let run = llama8b(&[]);
    let params = 8e9 / (7.0 / 8.0 * 4.0);
    let slow = DpTimes {
        grads: 1.0,
        params: 0.5,
        per_microbatch: true,
    };
    assert!(close(nccl_sm_share(&run, &slow, params), 1.0 / 132.0));
    // 40x faster: 320 GB/s of bus bandwidth, ceil(320/11.875) = 27 SMs.
    let fast = DpTimes {
        grads: 1.0 / 40.0,
        ..slow
    };
    assert!(close(nccl_sm_share(&run, &fast, params), 27.0 / 132.0));
    // No SM count bundled (B200), or no data parallelism: nothing.
    assert!(close(
        nccl_sm_share(&llama8b(&[("gpu", "b200")]), &fast, params),
        0.0
    ));
    let alone = input(&[
        ("model", "llama3-8b"),
        ("zero", "3"),
        ("gpus", "1"),
        ("global-batch", "1"),
    ]);
    assert!(close(nccl_sm_share(&alone, &fast, params), 0.0));
    // In the step: the hidden traffic costs that share of itself.
    let r = step(&run);
    assert!(r.breakdown.dp_comm_exposed <= r.dp_comm_total + 1e-12);
}

#[test]
fn fp8_casts_cost_hbm_time_and_keep_the_speedup_below_the_matmul_ratio() {
    let (s, h, f) = (8192.0, 4096.0, 14_336.0);
    let fp8 = llama8b(&[("gpu", "h100"), ("dtype", "fp8")]);
    let (forward, backward) = work::fp8_casts(&fp8);
    assert!(close(forward, 4.0 * s * (2.0 * h + h + f)));
    // QKV (h + 2kd) and w1, w3 (2F) output gradients, and the h-wide wo and w2 ones.
    assert!(close(
        backward,
        4.0 * s * ((h + 2.0 * 1024.0) + 2.0 * f + 2.0 * h)
    ));
    assert_eq!(work::fp8_casts(&llama8b(&[("gpu", "h100")])), (0.0, 0.0));
    let bf16 = step(&llama8b(&[("gpu", "h100")])).step_seconds;
    let eight = step(&fp8).step_seconds;
    assert!(eight < bf16);
    assert!(eight > bf16 * 794.5 / 1402.6, "{eight} vs {bf16}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Issuing the backward gather later never makes a step faster, and exposure never
    /// exceeds the traffic itself.
    #[test]
    fn backward_post_is_never_faster(
        gpus_exp in 0usize..4,
        micro in 1usize..4,
        layers in 2usize..40,
    ) {
        let gpus = (8usize << gpus_exp).to_string();
        let batch = ((8 << gpus_exp) * micro * 2).to_string();
        let (micro, layers) = (micro.to_string(), layers.to_string());
        let base = [
            ("layers", layers.as_str()), ("hidden", "2048"), ("heads", "16"),
            ("vocab", "32000"), ("seq", "2048"), ("global-batch", batch.as_str()),
            ("micro-batch", micro.as_str()), ("gpus", gpus.as_str()), ("zero", "3"),
            ("gpu", "a100"),
        ];
        let pre = step(&input(&base));
        let mut with_post = base.to_vec();
        with_post.push(("fsdp-prefetch", "post"));
        let post = step(&input(&with_post));
        prop_assert!(post.step_seconds >= pre.step_seconds - 1e-12);
        prop_assert!(post.breakdown.dp_comm_exposed <= post.dp_comm_total + 1e-12);
    }
}

#[test]
fn bad_kernel_recompute_and_prefetch_values_name_the_choices() {
    let try_with = |pair: (&'static str, &str)| {
        super::tests::parse(
            &[pair],
            &[("model", "llama3-8b"), ("global-batch", "8"), ("gpus", "8")],
        )
        .expect_err("rejected")
        .to_string()
    };
    let prefetch = try_with(("fsdp-prefetch", "sideways"));
    assert!(prefetch.contains("sideways") && prefetch.contains("pre or post"));
    let recompute = try_with(("recompute", "some"));
    assert!(recompute.contains("some") && recompute.contains("op"));
    let kernel = try_with(("attention", "flash9"));
    assert!(kernel.contains("flash9") && kernel.contains("flash1, flash3"));
    let kernels = try_with(("kernels", "jit"));
    assert!(kernels.contains("'jit'") && kernels.contains("eager"));
}

#[test]
fn eager_llama_ops_cost_their_hbm_passes() {
    let (s, h, kd, f) = (8192.0, 4096.0, 1024.0, 14_336.0);
    let fused = work::layer(&llama8b(&[]));
    let eager = work::layer(&llama8b(&[("kernels", "eager")]));
    // Norms 32h, RoPE 10(h + k·d), repeat_kv 2(k·d + h), transpose 2h, SwiGLU 2F; 2 B each.
    let extra = 2.0 * s * (32.0 * h + 10.0 * (h + kd) + 2.0 * (kd + h) + 2.0 * h + 2.0 * f);
    assert!(close(eager.bytes_fwd - fused.bytes_fwd, extra));
    assert!(
        step(&llama8b(&[("kernels", "eager")])).step_seconds > step(&llama8b(&[])).step_seconds
    );
    // A GeLU block's eager ops are single kernels already: nothing changes.
    let gpt = |kernels| {
        work::layer(&input(&[
            ("layers", "4"),
            ("hidden", "2048"),
            ("heads", "16"),
            ("vocab", "50304"),
            ("seq", "2048"),
            ("kernels", kernels),
        ]))
        .bytes_fwd
    };
    assert!(close(gpt("eager"), gpt("fused")));
}

#[test]
fn logits_are_held_on_a_single_stage_and_full_recompute_adds_one_layer() {
    // Llama 3 8B, one 8192-token sequence, no PP: 10 B per logit of the 128,256 vocabulary.
    let one = memory::memory(&llama8b(&[("recompute", "full")]));
    assert!(close(one.logits_bytes_per_gpu, 10.0 * 8192.0 * 128_256.0));
    assert!(close(
        one.recompute_working_bytes_per_gpu,
        one.activations_bytes_per_layer
    ));
    assert!(close(
        one.total_bytes_per_gpu,
        one.model_states_bytes_per_gpu
            + one.activations_bytes_per_gpu
            + one.recompute_working_bytes_per_gpu
            + one.logits_bytes_per_gpu
    ));
    // The first of two stages holds no logits; without recompute no working layer.
    let staged = memory::memory(&input(&[
        ("model", "llama3-8b"),
        ("pp", "2"),
        ("global-batch", "8"),
        ("gpus", "8"),
    ]));
    assert!(close(staged.logits_bytes_per_gpu, 0.0));
    assert!(close(staged.recompute_working_bytes_per_gpu, 0.0));
}
