//! Communication of one step: tensor-parallel collectives, context-parallel ring exchanges,
//! pipeline sends and the data-parallel gradient reduction with ZeRO's gathers. Collective times
//! come from the collective model (`calc collective`'s ring at the links' expected bandwidth).

use super::input::{Recompute, StepInput};
use super::work::{ACT_BYTES, local_tokens};
use crate::calc::collective::{self, Algorithm, CollectiveInput, Op};
use crate::calc::link::LinkSpec;
use crate::calc::memory::Stage;

/// Expected seconds of one ring collective of `bytes` (per-rank buffer, nccl-tests' size) over
/// `ranks` GPUs with `per_node` of them in each node.
fn ring(op: Op, bytes: f64, ranks: usize, per_node: usize, nics: usize, input: &StepInput) -> f64 {
    if ranks < 2 || bytes <= 0.0 {
        return 0.0;
    }
    let per_node = per_node.clamp(1, ranks);
    let per_node = if ranks.is_multiple_of(per_node) {
        per_node
    } else {
        1
    };
    let collective = CollectiveInput {
        op,
        size_bytes: bytes,
        ranks,
        gpus_per_node: per_node,
        nics_per_node: nics.max(1),
        intra: Some(input.intra.clone()),
        inter: (ranks > per_node).then(|| input.inter.clone()),
        algorithm: Algorithm::Ring,
        latency: None,
    };
    collective::times(&collective, Algorithm::Ring).1
}

/// GPUs of a TP group in one node (all of them unless TP spans nodes).
fn tp_per_node(input: &StepInput) -> usize {
    input.tp.min(input.gpus_per_node)
}

/// One TP collective pair (all-reduce, or all-gather + reduce-scatter with SP) of b·s·h/c.
fn tp_one(input: &StepInput) -> f64 {
    let bytes = ACT_BYTES * local_tokens(input) * input.shape.hidden as f64;
    let nics = input.nics_per_node * tp_per_node(input) / input.gpus_per_node;
    let on = |op| ring(op, bytes, input.tp, tp_per_node(input), nics, input);
    if input.sequence_parallel {
        on(Op::AllGather) + on(Op::ReduceScatter)
    } else {
        on(Op::AllReduce)
    }
}

/// TP seconds per layer and micro-batch: (training, recomputation). Megatron: 2 forward and
/// 2 backward all-reduces; full recomputation repeats the forward 2. Not overlapped.
pub fn tp_per_layer(input: &StepInput) -> (f64, f64) {
    let one = tp_one(input);
    let again = if input.recompute == Recompute::Full {
        2.0
    } else {
        0.0
    };
    (4.0 * one, again * one)
}

/// Share of the SMs the TP collectives hold while they run behind a GEMM (`--tp-overlap`): their
/// bus bandwidth (the TP link's expected bandwidth) / `NCCL_BYTES_PER_SM` SMs, out of the GPU's.
/// Zero without overlap, without TP, or where the GPU's SM count is not bundled.
pub fn tp_sm_share(input: &StepInput) -> f64 {
    let Some(sms) = input.gpu.sms else {
        return 0.0;
    };
    if !input.overlap.tp || input.tp < 2 {
        return 0.0;
    }
    let (_, bw) = group_link(input, input.tp);
    (bw / NCCL_BYTES_PER_SM).ceil().min(sms) / sms
}

/// Exposed seconds of `comm` TP seconds run against `gemm` seconds of the layer's GEMMs: all of it
/// without overlap; with it, what outlasts the GEMMs plus the SM share × the hidden part, as the
/// GEMMs run on the SMs the collectives leave.
pub fn tp_exposed(input: &StepInput, comm: f64, gemm: f64) -> f64 {
    if !input.overlap.tp {
        return comm;
    }
    let hidden = comm.min(gemm);
    (comm - hidden) + tp_sm_share(input) * hidden
}

/// The link a group of `span` consecutive GPUs (TP, then CP, then DP) talks over, with the
/// bandwidth one GPU gets on it.
fn group_link(input: &StepInput, span: usize) -> (LinkSpec, f64) {
    if span <= input.gpus_per_node {
        let bw = input.intra.expected_bandwidth();
        (input.intra.clone(), bw)
    } else {
        let share = input.nics_per_node as f64 / input.gpus_per_node as f64;
        let bw = input.inter.expected_bandwidth() * share;
        (input.inter.clone(), bw)
    }
}

/// CP ring-attention seconds per layer and micro-batch, (forward, backward) before overlap: each
/// rank passes K and V of its b·s/c tokens round the ring c-1 times forward; backward passes
/// them again with their gradients (Megatron-Core context parallelism; Liu et al. 2023).
pub fn cp_per_layer(input: &StepInput) -> (f64, f64) {
    if input.cp < 2 {
        return (0.0, 0.0);
    }
    let sh = &input.shape;
    let kv_width = (sh.kv_heads as f64 / input.tp as f64).max(1.0) * sh.head_dim();
    let chunk = ACT_BYTES * local_tokens(input) * 2.0 * kv_width;
    let (link, bw) = group_link(input, input.tp * input.cp);
    let hops = (input.cp - 1) as f64;
    let forward = hops * (chunk / bw + link.latency);
    (forward, 2.0 * forward)
}

/// Seconds of the pipeline sends of one micro-batch and chunk: the activation forward and its
/// gradient backward, b·s·h/(c t) each (Megatron's scatter-gather sends 1/t per TP rank).
pub fn p2p_per_microbatch(input: &StepInput) -> f64 {
    if input.pp < 2 {
        return 0.0;
    }
    let bytes = ACT_BYTES * local_tokens(input) * input.shape.hidden as f64 / input.tp as f64;
    // Stages are outermost in the rank order: neighbours share a node only when a whole
    // stage (t·c·d GPUs) takes less than one.
    let stage = input.tp * input.cp * input.dp;
    let span = if stage < input.gpus_per_node {
        1
    } else {
        input.gpus_per_node + 1
    };
    let (link, bw) = group_link(input, span);
    2.0 * (bytes / bw + link.latency)
}

/// Data-parallel traffic of one step before overlap, seconds.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DpTimes {
    /// Gradient all-reduce (ZeRO 0) or reduce-scatter, fp32 (fp16 in fp16 training).
    pub grads: f64,
    /// bf16 parameter all-gather after the optimizer (ZeRO 1, 2) or per micro-batch (ZeRO 3).
    pub params: f64,
    /// For ZeRO 3: the per-micro-batch gathers happen m times, forward and backward.
    pub per_microbatch: bool,
}

/// Gradients are reduced in fp32 (Megatron forces it for bf16; Llama 3 §3.3.4 does the same).
pub const GRAD_BYTES: f64 = 4.0;

/// Bytes per gradient element on the DP wire: fp16 training reduces the fp16 gradients
/// (Megatron-LM's `arguments.py` turns `accumulate_allreduce_grads_in_fp32` on only for bf16, and
/// `torch` DDP reduces the module's fp16 `.grad`), bf16 and fp8 recipes reduce in fp32.
pub fn grad_bytes(input: &StepInput) -> f64 {
    if input.dtype == super::gpu::Dtype::Fp16 {
        ACT_BYTES
    } else {
        GRAD_BYTES
    }
}

/// HBM bytes per parameter that FSDP's gradient path moves each micro-batch besides the
/// reduce-scatter itself: the bf16 unsharded gradient is cast into the fp32 reduce buffer (read
/// 2 B, write 4 B: FSDP1's `_post_backward_hook` does `flat_param.grad.to(handle._reduce_dtype)`,
/// FSDP2's `foreach_reduce` copies the gradients into an fp32 `reduce_scatter_input`).
pub const FSDP_CAST_BYTES: f64 = 6.0;

/// FSDP1 then divides that fp32 gradient in place by the pre-divide factor before the
/// reduce-scatter (`_reduce_grad`: `_div_if_needed(padded_unsharded_grad, ...)`, read and write
/// 4 B); FSDP2 skips it for fp32 and bf16 ("use NCCL's built-in division to avoid separate div
/// kernels", `_get_gradient_divide_factors`).
pub const FSDP_PREDIVIDE_BYTES: f64 = 8.0;

/// HBM bytes of FSDP's gradient cast (and FSDP1's pre-divide) per micro-batch for `params`
/// unsharded parameters per GPU; zero without ZeRO-3 or data parallelism. FSDP2's copy-in runs
/// on the compute stream ("Only after the copy-in finishes can we free the gradients",
/// `_fsdp_collectives.py`); FSDP1's cast and divide run on its post-backward stream but share the
/// SMs and HBM with the backward. Both are costed as memory-bound time, not hidden.
pub fn fsdp_grad_bytes(input: &StepInput, params: f64) -> f64 {
    if input.zero != Stage::Zero3 || input.replicas() < 2 {
        return 0.0;
    }
    let predivide = if input.fsdp_predivide {
        FSDP_PREDIVIDE_BYTES
    } else {
        0.0
    };
    params * (FSDP_CAST_BYTES + predivide)
}

/// Bus bandwidth one SM of NCCL's kernels carries: "If you are on DGX with 8 NICs and a top
/// speed of 190 GB/s, then it would use 16 SMs", as NCCL "uses the minimal number of SMs to
/// achieve the performance of the platform" (NCCL maintainer, NVIDIA/nccl#689): 190/16 GB/s.
pub const NCCL_BYTES_PER_SM: f64 = 190e9 / 16.0;

/// Share of the GPU's SMs the DP collectives hold while they run, so that compute overlapped
/// with them runs on the rest ("NCCL CTAs won't share an SM with compute kernels",
/// NVIDIA/nccl#689): the gradient collective's bus bandwidth (its (d-1)/d of the buffer, twice
/// for an all-reduce, over its time) / `NCCL_BYTES_PER_SM` SMs, out of the GPU's SMs. Zero
/// without DP or where the GPU's SM count is not bundled.
pub fn nccl_sm_share(input: &StepInput, dp: &DpTimes, params: f64) -> f64 {
    let Some(sms) = input.gpu.sms else {
        return 0.0;
    };
    if input.replicas() < 2 || dp.grads <= 0.0 {
        return 0.0;
    }
    let d = input.replicas() as f64;
    let passes = if input.zero == Stage::Dp { 2.0 } else { 1.0 };
    let bus_bandwidth = passes * (d - 1.0) / d * grad_bytes(input) * params / dp.grads;
    (bus_bandwidth / NCCL_BYTES_PER_SM).ceil().min(sms) / sms
}

/// DP collectives for `params` parameters per GPU.
pub fn dp(input: &StepInput, params: f64) -> DpTimes {
    let d = input.replicas();
    let inner = input.tp;
    let per_node = if inner < input.gpus_per_node {
        (input.gpus_per_node / inner).min(d)
    } else {
        1
    };
    let nics = input.nics_per_node * per_node / input.gpus_per_node;
    let on = |op, bytes| ring(op, bytes, d, per_node, nics, input);
    let grads = grad_bytes(input) * params;
    let weights = ACT_BYTES * params;
    match input.zero {
        Stage::Dp => DpTimes {
            grads: on(Op::AllReduce, grads),
            ..DpTimes::default()
        },
        Stage::Zero1 | Stage::Zero2 => DpTimes {
            grads: on(Op::ReduceScatter, grads),
            params: on(Op::AllGather, weights),
            per_microbatch: false,
        },
        Stage::Zero3 => DpTimes {
            grads: on(Op::ReduceScatter, grads),
            params: on(Op::AllGather, weights),
            per_microbatch: true,
        },
    }
}

/// Exposed seconds of one micro-batch's ZeRO-3 / FSDP traffic, layer by layer (each layer is one
/// FSDP unit; the embedding and output layer form the root unit).
///
/// FSDP prefetches the next unit's all-gather behind the current unit's compute, forward and
/// backward, and reduce-scatters each unit's gradients behind the next unit's backward (`PyTorch`
/// FSDP `forward_prefetch` / `BackwardPrefetch.BACKWARD_PRE`; FSDP2 does both by default). What
/// cannot hide: the root's and the first layer's all-gathers before any compute, the last
/// layer's and the root's reduce-scatters after all of it, and in every other layer the part of
/// the traffic longer than the layer's compute (all-gather and reduce-scatter share the link in
/// the backward). With `BACKWARD_POST` the next all-gather is issued only after the current
/// layer's gradients, so it overlaps the reduce-scatter but no compute ("enables less overlap",
/// `PyTorch` `BackwardPrefetch` docs): every backward gather is exposed.
pub fn zero3_exposed(
    input: &StepInput,
    dp: &DpTimes,
    params: f64,
    forward: f64,
    backward: f64,
) -> f64 {
    let layers = input.layers_per_stage();
    let share = (input.shape.layer_params() / input.tp as f64 / params).min(1.0 / layers);
    let root = (1.0 - layers * share).max(0.0);
    let (gather, reduce) = (dp.params * share, dp.grads * share);
    let inner = (layers - 1.0).max(0.0);
    let forward_exposed = dp.params * root + gather + inner * (gather - forward / layers).max(0.0);
    let per_layer = if input.backward_prefetch_pre {
        (gather + reduce - backward / layers).max(0.0)
    } else {
        gather + (reduce - backward / layers).max(0.0)
    };
    let backward_exposed = reduce + dp.grads * root + inner * per_layer;
    forward_exposed + backward_exposed
}
