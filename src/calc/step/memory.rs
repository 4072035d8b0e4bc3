//! Memory per GPU on the first pipeline stage, which holds the embedding and the most
//! micro-batches in flight.
//!
//! Model states follow ZeRO (`calc memory`): 2 + 2 + 12 bytes per parameter, sharded over the
//! DP group by stage. Activations follow Korthikanti et al. 2022 (arXiv:2205.05198, §4): per
//! layer s·b·h·(34 + 5·a·s/h) bytes, of which 10·s·b·h (norm inputs, the QKV and MLP inputs,
//! dropout masks) stay on every TP rank without sequence parallelism and the rest splits by t;
//! here generalised to K/V heads, F and `SwiGLU`. `FlashAttention` and selective recomputation drop
//! the 5·a·s/h term; full recomputation stores only each layer's 2·s·b·h input, and the layer
//! being rebuilt in the backward is working memory on top (not in Korthikanti's figure). 1F1B keeps min(m, p) micro-batches in flight on the first stage; interleaving
//! multiplies by 1 + (p-1)/(p·v).

use serde::Serialize;

use super::input::{AttentionKernel, Recompute, StepInput};
use super::work::local_tokens;

/// Optimizer bytes per parameter: fp32 master weights, Adam momentum and variance.
pub const OPTIMIZER_BYTES: f64 = 12.0;

/// Share of HBM above which a run is flagged: allocator fragmentation, NCCL buffers and the
/// CUDA context typically take several GB that are not modelled.
pub const HEADROOM: f64 = 0.9;

/// Memory per GPU (JSON `memory`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MemoryReport {
    /// Parameters held by one GPU of the first stage before ZeRO sharding.
    pub params_per_gpu: f64,
    pub weights_bytes_per_gpu: f64,
    pub gradients_bytes_per_gpu: f64,
    pub optimizer_bytes_per_gpu: f64,
    /// Weights + gradients + optimizer (+ ZeRO-3's gathered layers).
    pub model_states_bytes_per_gpu: f64,
    /// One layer's activations for one micro-batch.
    pub activations_bytes_per_layer: f64,
    /// Micro-batches whose activations the first stage holds at once.
    pub microbatches_in_flight: f64,
    /// Activations stored for the backward (Korthikanti et al.'s Table 2 figure).
    pub activations_bytes_per_gpu: f64,
    /// The output layer's logits while the loss runs, when the first stage is also the last
    /// (p = 1): `LOGIT_BYTES` per logit; zero with pipeline stages.
    pub logits_bytes_per_gpu: f64,
    /// With full recomputation, the one layer whose activations are rebuilt during the backward:
    /// working memory on top of the stored layer inputs; zero otherwise.
    pub recompute_working_bytes_per_gpu: f64,
    pub total_bytes_per_gpu: f64,
    pub capacity_bytes: f64,
    pub fits: bool,
}

/// Bytes per logit held while the loss runs: the bf16 logits (2 B), the fp32 softmax the loss
/// computes from them (4 B: autocast runs `log_softmax`, `nll_loss` and `cross_entropy` in fp32,
/// `PyTorch` autocast op reference) and its fp32 gradient (4 B).
pub const LOGIT_BYTES: f64 = 10.0;

/// Parameters on one GPU of the first stage: its layers and the embedding, split by t.
pub fn params_per_gpu(input: &StepInput) -> f64 {
    let sh = &input.shape;
    let layers = input.layers_per_stage() * sh.layer_params();
    let embeddings = if input.pp == 1 { 2.0 } else { 1.0 } * sh.embedding_params();
    (layers + embeddings) / input.tp as f64
}

/// Activation bytes of one layer and micro-batch with no recomputation.
fn layer_activations(input: &StepInput) -> f64 {
    let sh = &input.shape;
    let (h, t) = (sh.hidden as f64, input.tp as f64);
    let kv = sh.kv_heads as f64 * sh.head_dim();
    let shared = if input.sequence_parallel { t } else { 1.0 };
    let mlp_inner = if sh.swiglu { 6.0 } else { 4.0 } * sh.ffn as f64;
    // Q, K, V, the output projection's input and the MLP's inner tensors split by t.
    let split = 2.0 * h + 4.0 * kv + 2.0 * h + mlp_inner;
    let tokens = local_tokens(input);
    let mut bytes = tokens * (10.0 * h / shared + split / t);
    if input.attention == AttentionKernel::Unfused && input.recompute == Recompute::None {
        bytes += 5.0 * sh.heads as f64 * tokens * input.seq as f64 / t;
    }
    bytes
}

/// Activation bytes of one layer and micro-batch under torchtitan's per-op policy: the layer
/// input, the saved matmul outputs (all but every second one) and the attention output, 2 B each.
/// Llama saves wq (h), wv (k·d), w1 (F), w2 (h); a fused-QKV GPT layer saves QKV (h + 2k·d) and
/// up (F). The input stays whole on each TP rank without sequence parallelism.
fn op_activations(input: &StepInput) -> f64 {
    let sh = &input.shape;
    let (h, f, t) = (sh.hidden as f64, sh.ffn as f64, input.tp as f64);
    let kv = sh.kv_heads as f64 * sh.head_dim();
    let shared = if input.sequence_parallel { t } else { 1.0 };
    let saved = if sh.swiglu {
        2.0 * h + kv + f
    } else {
        h + 2.0 * kv + f
    };
    2.0 * local_tokens(input) * (h / shared + (saved + h) / t)
}

/// Memory per GPU of the first stage.
pub fn memory(input: &StepInput) -> MemoryReport {
    let params = params_per_gpu(input);
    let d = input.replicas() as f64;
    let [weights, gradients, optimizer] = input.zero.parts(params, OPTIMIZER_BYTES, d);
    let gathered = if input.zero == crate::calc::memory::Stage::Zero3 {
        // Two layers gathered at once (current and prefetched), bf16.
        2.0 * 2.0 * input.shape.layer_params() / input.tp as f64
    } else {
        0.0
    };
    let layer = if input.recompute == Recompute::Op {
        op_activations(input)
    } else {
        layer_activations(input)
    };
    let (p, v, m) = (
        input.pp as f64,
        input.interleave as f64,
        input.micro_batches() as f64,
    );
    let in_flight = m.min(p)
        * if v > 1.0 {
            1.0 + (p - 1.0) / (p * v)
        } else {
            1.0
        };
    let layers = input.layers_per_stage();
    let (stored, working) = match input.recompute {
        Recompute::Full => {
            let shared = if input.sequence_parallel {
                input.tp as f64
            } else {
                1.0
            };
            let inputs = 2.0 * local_tokens(input) * input.shape.hidden as f64 / shared;
            (inputs * layers * in_flight, layer)
        }
        _ => (layer * layers * in_flight, 0.0),
    };
    let states = weights + gradients + optimizer + gathered;
    let logits = if input.pp == 1 {
        LOGIT_BYTES * local_tokens(input) * input.shape.vocab as f64 / input.tp as f64
    } else {
        0.0
    };
    let total = states + stored + working + logits;
    MemoryReport {
        params_per_gpu: params,
        weights_bytes_per_gpu: weights,
        gradients_bytes_per_gpu: gradients,
        optimizer_bytes_per_gpu: optimizer,
        model_states_bytes_per_gpu: states,
        activations_bytes_per_layer: layer,
        microbatches_in_flight: in_flight,
        activations_bytes_per_gpu: stored,
        recompute_working_bytes_per_gpu: working,
        logits_bytes_per_gpu: logits,
        total_bytes_per_gpu: total,
        capacity_bytes: input.gpu.hbm.bytes,
        fits: total <= input.gpu.hbm.bytes,
    }
}
