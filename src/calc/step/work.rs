//! The work of one micro-batch on one GPU: matmul FLOPs, bytes moved by the memory-bound
//! kernels, and the model and hardware FLOP counts behind MFU and HFU.
//!
//! Per layer and sequence of s tokens (h hidden, F MLP, k·d the K/V width): the weight matmuls
//! do 2·s·h·(h + 2kd + h + nF) forward (n = 2, or 3 with `SwiGLU`), the attention core
//! 2·s²·h causal (`QKᵀ` and PV over the lower triangle; the full square is 4·s²·h, which PaLM and
//! Megatron count), the logits 2·s·h·V. Backward is twice forward (Narayanan et al. 2021).
//! `FlashAttention`'s backward recomputes the scores: 2.5x its forward (Dao 2023, FlashAttention-2).
//!
//! Memory-bound bytes per token, forward, in 2-byte elements (Korthikanti et al. 2022, §4.1
//! list the same tensors): two layer norms (read + write h: 4h), two bias-dropout-residual adds
//! (read 2h, write h, 1-byte mask: 7h), the activation (`GeLU` read + write F: 2F; `SwiGLU` read 2F
//! write F: 3F), and with unfused attention the softmax and dropout over a·s scores (4.5·a·s).
//! Backward moves twice as much. Norms and residuals run on every TP rank unless sequence
//! parallelism splits them; the rest is split by t.

use super::input::{AttentionKernel, Kernels, Recompute, StepInput};

/// Bytes per activation element (bf16; fp8 matmuls keep bf16 activations between kernels).
pub const ACT_BYTES: f64 = 2.0;

/// Work of one micro-batch through one GPU's share of one layer, or of the logits.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Work {
    /// Weight-matmul FLOPs, forward.
    pub dense_fwd: f64,
    /// Attention-core FLOPs executed, forward.
    pub attn_fwd: f64,
    /// Attention-core FLOPs executed, backward.
    pub attn_bwd: f64,
    /// HBM bytes of the memory-bound kernels, forward.
    pub bytes_fwd: f64,
    /// HBM bytes of the fp8 casts, forward and backward (zero in bf16).
    pub cast_fwd: f64,
    pub cast_bwd: f64,
    /// Extra FLOPs and bytes of recomputation.
    pub recompute_flops: f64,
    pub recompute_bytes: f64,
}

impl Work {
    /// Matmul FLOPs of forward and backward, without recomputation.
    pub fn train_flops(&self) -> f64 {
        3.0 * self.dense_fwd + self.attn_fwd + self.attn_bwd
    }

    /// Memory-bound bytes of forward and backward, without recomputation.
    pub fn train_bytes(&self) -> f64 {
        3.0 * self.bytes_fwd + self.cast_fwd + self.cast_bwd
    }
}

/// Tokens of one micro-batch on one GPU: b·s/c.
pub fn local_tokens(input: &StepInput) -> f64 {
    (input.micro_batch * input.seq) as f64 / input.cp as f64
}

/// One layer, one micro-batch, one GPU.
pub fn layer(input: &StepInput) -> Work {
    let sh = &input.shape;
    let (h, f, t) = (sh.hidden as f64, sh.ffn as f64, input.tp as f64);
    let tokens = local_tokens(input);
    let dense_fwd = 2.0 * tokens * h * (sh.qkv_width() + h + sh.mlp_matrices() * f) / t;
    // Causal: each of the b·s/c local queries meets on average s/2 keys.
    let causal = 2.0 * tokens * input.seq as f64 * h / t;
    // Forward, then backward as a multiple of it.
    let (attn_fwd, backward_ratio) = match input.attention {
        AttentionKernel::Flash | AttentionKernel::Flash1 | AttentionKernel::Flash3 => (causal, 2.5),
        AttentionKernel::Unfused => (2.0 * causal, 2.0),
    };
    let shared = if input.sequence_parallel { t } else { 1.0 };
    let activation = if sh.swiglu { 3.0 * f } else { 2.0 * f };
    let softmax = match input.attention {
        AttentionKernel::Flash | AttentionKernel::Flash1 | AttentionKernel::Flash3 => 0.0,
        AttentionKernel::Unfused => 4.5 * sh.heads as f64 * input.seq as f64,
    };
    let (eager_shared, eager_split) = eager_elements(input);
    let per_token = (11.0 * h + eager_shared) / shared + (activation + softmax + eager_split) / t;
    let bytes_fwd = ACT_BYTES * tokens * per_token;
    let casts = fp8_casts(input);
    let (recompute_flops, recompute_bytes) = match input.recompute {
        Recompute::None => (0.0, 0.0),
        Recompute::Selective => (attn_fwd, ACT_BYTES * tokens * softmax / t),
        Recompute::Full => (dense_fwd + attn_fwd, bytes_fwd + casts.0),
        Recompute::Op => (
            2.0 * tokens * h * op_recomputed_width(sh) / t,
            bytes_fwd + casts.0,
        ),
    };
    Work {
        dense_fwd,
        attn_fwd,
        attn_bwd: backward_ratio * attn_fwd,
        bytes_fwd,
        cast_fwd: casts.0,
        cast_bwd: casts.1,
        recompute_flops,
        recompute_bytes,
    }
}

/// Extra 2-byte elements per token and layer, forward, that a Llama block written as eager
/// `PyTorch` ops moves beyond the fused kernels above: (on every TP rank unless SP, split by t).
/// Counted from torchtitan's `models/llama/model.py` and `models/norms.py` (`norm_type =
/// "rmsnorm"`, `compile = false`), one HBM pass per op:
/// - `RMSNorm`: `x.float()` (r 2 w 4 B), `pow(2)` (r 4 w 4), `mean` (r 4), `x * rsqrt` (r 4 w 4),
///   `type_as` (r 4 w 2), `* weight` (r 2 w 2): 36 B = 18 elements per element of h, against 2
///   for a fused norm; two norms: 32h more;
/// - `apply_rotary_emb` on Q and K: `float()` (r 2 w 4), complex multiply (r 4 w 4), `type_as`
///   (r 4 w 2): 10 elements per element of h + k·d (a fused block folds `RoPE` into the QKV
///   epilogue: nothing);
/// - `repeat_kv` under GQA (k < a): K and V expanded to h wide, read k·d and write h each;
/// - `output.transpose(1, 2).contiguous()` after attention: read and write h;
/// - `SwiGLU` as `F.silu(w1(x)) * w3(x)`: two kernels, 5F against the fused 3F.
///
/// A `GeLU` block's eager ops (`F.layer_norm`, `F.gelu`) are single kernels already: nothing more.
pub fn eager_elements(input: &StepInput) -> (f64, f64) {
    let sh = &input.shape;
    if input.kernels == Kernels::Fused || !sh.swiglu {
        return (0.0, 0.0);
    }
    let (h, f) = (sh.hidden as f64, sh.ffn as f64);
    let kd = sh.kv_heads as f64 * sh.head_dim();
    let repeat = if sh.kv_heads < sh.heads {
        2.0 * (kd + h)
    } else {
        0.0
    };
    (32.0 * h, 10.0 * (h + kd) + repeat + 2.0 * h + 2.0 * f)
}

/// Bytes each fp8 cast moves per element: read the bf16 tensor (2 B), write it in fp8 (1 B) and
/// its fp8 transpose (1 B), which Hopper's fp8 GEMMs need for the other operand layout
/// (Transformer Engine fuses cast and transpose; amax is taken in the same pass).
pub const FP8_CAST_BYTES: f64 = 4.0;

/// HBM bytes of the fp8 casts of one layer and micro-batch, (forward, backward). Forward casts
/// each linear's input: the QKV and MLP-up inputs are the full h on every TP rank, the output
/// projection's and down projection's inputs h/t and F/t. Backward casts each output gradient:
/// QKV and up ((h + 2kd) and (n-1)F, split by t), and the h-wide gradients of the two row-parallel
/// outputs. Attention and the logits stay bf16 and cast nothing.
pub fn fp8_casts(input: &StepInput) -> (f64, f64) {
    if input.dtype != super::gpu::Dtype::Fp8 {
        return (0.0, 0.0);
    }
    let sh = &input.shape;
    let (h, f, t) = (sh.hidden as f64, sh.ffn as f64, input.tp as f64);
    let tokens = local_tokens(input);
    let forward = 2.0 * h + (h + f) / t;
    let backward = (sh.qkv_width() + (sh.mlp_matrices() - 1.0) * f) / t + 2.0 * h;
    (
        FP8_CAST_BYTES * tokens * forward,
        FP8_CAST_BYTES * tokens * backward,
    )
}

/// Output width (per token, before TP) of the matmuls torchtitan's per-op policy recomputes: it
/// counts a layer's `mm` calls and recomputes the even ones. Llama's seven linears run wq, wk,
/// wv, wo, w1, w3, w2, so wk, wo and w3 (k·d + h + F); a fused-QKV GPT layer runs QKV, out,
/// up, down, so out and down (h + F: 2·h·w FLOPs per token, w = the output width, or F for
/// the down projection, whose input is F wide).
pub fn op_recomputed_width(sh: &super::model::Shape) -> f64 {
    let h = sh.hidden as f64;
    if sh.swiglu {
        sh.kv_heads as f64 * sh.head_dim() + h + sh.ffn as f64
    } else {
        h + sh.ffn as f64
    }
}

/// The output layer and the loss on the last stage: 2·b·s·h·V/(t c) forward; the fused cross
/// entropy moves about 16 bytes per logit over forward and backward (bf16 logits read, fp32
/// softmax written and read, bf16 gradient written).
pub fn logits(input: &StepInput) -> Work {
    let sh = &input.shape;
    let tokens = local_tokens(input);
    let v_local = sh.vocab as f64 / input.tp as f64;
    Work {
        dense_fwd: 2.0 * tokens * sh.hidden as f64 * v_local,
        bytes_fwd: 16.0 / 3.0 * tokens * v_local,
        ..Work::default()
    }
}

/// Model FLOPs per sequence (causal attention, no recomputation): what MFU counts.
pub fn model_flops_per_sequence(input: &StepInput) -> f64 {
    let sh = &input.shape;
    let (s, h) = (input.seq as f64, sh.hidden as f64);
    let dense = 2.0 * s * h * (sh.qkv_width() + h + sh.mlp_matrices() * sh.ffn as f64);
    let attention = 2.0 * s * s * h;
    let logits = 2.0 * s * h * sh.vocab as f64;
    3.0 * (sh.layers as f64 * (dense + attention) + logits)
}

/// The same count with the full s x s attention square, as PaLM and Megatron-LM count it.
pub fn model_flops_full_square(input: &StepInput) -> f64 {
    let s = input.seq as f64;
    model_flops_per_sequence(input)
        + 3.0 * input.shape.layers as f64 * 2.0 * s * s * input.shape.hidden as f64
}
