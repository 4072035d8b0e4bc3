//! The worked steps of a step-time estimate: every term with its formula, numbers and source.

use super::gpu::{ATTENTION_SOURCE, MAMF_SOURCE};
use super::input::{AttentionKernel, Recompute, StepInput};
use super::{HBM_EFFICIENCY, MATMUL_EFFICIENCY, StepReport, StepsContext, model};
use crate::calc::format;

fn secs(value: f64) -> String {
    format::duration(value)
}

/// Setup, rates, each term, the sum, MFU and memory.
pub(super) fn explain(input: &StepInput, r: &StepReport, c: &StepsContext) -> Vec<String> {
    let mut steps = setup(input, r);
    steps.extend(rates(input, c));
    steps.extend(terms(input, r, c.nccl_share));
    steps.push(format!(
        "step = sum of the terms = {}; {} tokens per step → {} tokens/s, {} per GPU",
        secs(r.step_seconds),
        format::count(r.tokens_per_step),
        format::sig(r.tokens_per_s, 4),
        format::sig(r.tokens_per_s_per_gpu, 4)
    ));
    steps.push(format!(
        "MFU = B·3·(L·(2sh(h+2kd+h+nF) + 2s²h) + 2shV) / (N·peak·step) = {} (causal: half the s² square); with the full square as PaLM and Megatron count it {}; HFU (executed FLOPs, recomputation included) = {}",
        format::percent(r.mfu),
        format::percent(r.mfu_full_square),
        format::percent(r.hfu)
    ));
    steps.extend(memory(input, r));
    steps.extend(r.warnings.iter().map(|w| format!("warning: {w}")));
    steps
}

fn setup(input: &StepInput, r: &StepReport) -> Vec<String> {
    let sh = &input.shape;
    let source = input
        .model
        .and_then(|id| model::MODELS.iter().find(|m| m.id == id))
        .map_or("given".to_owned(), |m| m.source.to_owned());
    vec![
        format!(
            "model: L = {}, h = {}, a = {}, k = {} KV heads, F = {}{}, V = {}, s = {}; {} parameters ({source})",
            sh.layers,
            sh.hidden,
            sh.heads,
            sh.kv_heads,
            sh.ffn,
            if sh.swiglu { " (SwiGLU)" } else { "" },
            sh.vocab,
            input.seq,
            format::count(r.params)
        ),
        format!(
            "layout: N = {} GPUs = TP {} × PP {} × CP {} × DP {}; {} GPUs per node; m = B/(d·b) = {}/({}·{}) = {} micro-batches per pipeline; interleave v = {}; SP {}; recompute {:?}; ZeRO {}; {} attention",
            input.gpus,
            input.tp,
            input.pp,
            input.cp,
            input.dp,
            input.gpus_per_node,
            input.global_batch,
            input.dp,
            input.micro_batch,
            r.micro_batches,
            input.interleave,
            if input.sequence_parallel { "on" } else { "off" },
            input.recompute,
            input.zero,
            match input.attention {
                AttentionKernel::Flash =>
                    "flash (FlashAttention-2 class: causal blocks skipped, no s×s in HBM)",
                AttentionKernel::Flash1 =>
                    "flash1 (FlashAttention-1 / Triton class: causal blocks skipped, no s×s in HBM)",
                AttentionKernel::Flash3 =>
                    "flash3 (FlashAttention-3 / cuDNN on Hopper: causal blocks skipped, no s×s in HBM)",
                AttentionKernel::Unfused => "unfused (full s×s scores computed and stored)",
            }
        ),
    ]
}

fn rates(input: &StepInput, c: &StepsContext) -> Vec<String> {
    let g = input.gpu;
    vec![
        format!(
            "{}: dense {} peak {}; achievable matmul R = MAMF × {MATMUL_EFFICIENCY} (calibrated) = {} ({MAMF_SOURCE}); HBM {} × {HBM_EFFICIENCY} (assumed) = {}; {} ({})",
            g.name,
            input.dtype,
            format::flop_rate(c.peak),
            format::flop_rate(c.rate),
            format::rate_short(g.hbm_bandwidth),
            format::rate_short(c.hbm),
            format::bytes_short(g.hbm_bytes),
            g.source
        ),
        format!(
            "attention core rate R_attn = {} ({}; {ATTENTION_SOURCE}; attention stays bf16 under fp8)",
            format::flop_rate(c.attention),
            match input.attention {
                AttentionKernel::Unfused => "unfused: batched GEMMs at R".to_owned(),
                kernel => match (kernel, g.flash2_share, g.flash3_share) {
                    (AttentionKernel::Flash3, _, Some(share)) =>
                        format!("flash3: {share} × bf16 peak"),
                    (AttentionKernel::Flash1, _, _) if g.flash1_share.is_some() => format!(
                        "FlashAttention-1 class: {} × bf16 peak",
                        g.flash1_share.unwrap_or_default()
                    ),
                    (_, Some(share), _) => format!("FlashAttention-2 class: {share} × bf16 peak"),
                    _ => "no published attention-kernel rate for this GPU: the matmul rate R"
                        .to_owned(),
                },
            }
        ),
        format!(
            "links: intra {}; inter {} ({} NICs per node)",
            input.intra.describe(),
            input.inter.describe(),
            input.nics_per_node
        ),
    ]
}

fn terms(input: &StepInput, r: &StepReport, nccl_share: f64) -> Vec<String> {
    let b = &r.breakdown;
    let recompute = match input.recompute {
        Recompute::None => "none".to_owned(),
        Recompute::Selective => "selective: the attention core's forward again (Korthikanti et al. 2022, §5)".to_owned(),
        Recompute::Full => "full: the whole forward again, its 2 TP collectives included (Chen et al. 2016; Korthikanti et al. 2022)".to_owned(),
        Recompute::Op => format!(
            "op: every second matmul of a layer (2·b·s·h·{}/t per layer, the wk, wo, w3 or out, down projections) and every elementwise op again; attention outputs kept (torchtitan's per-op policy)",
            format::sig(super::work::op_recomputed_width(&input.shape), 6)
        ),
    };
    vec![
        format!(
            "compute = m·(L/p)·3·2sh(h+2kd+h+nF)/(t·c·R) + logits 3·2shV/(t·c·R) = {} (backward = 2 × forward, Narayanan et al. 2021)",
            secs(b.compute)
        ),
        format!(
            "attention = m·(L/p)·{}/(t·c·R_attn) = {} ({})",
            match input.attention {
                AttentionKernel::Unfused => "(4s²h forward + 2 × that backward: the full square)",
                _ => "(2s²h causal forward + 2.5 × that backward)",
            },
            secs(b.attention),
            match input.attention {
                AttentionKernel::Unfused => "unfused scores and scores × V",
                _ => "FlashAttention's backward recomputes the scores: 2.5 × forward, Dao 2023",
            }
        ),
        format!("recompute ({recompute}) = {}", secs(b.recompute)),
        format!(
            "memory_bound = m·(L/p)·3·2 B·(b·s/c)·(11h/{} + {}F/t{}{})/(B_hbm·e) + cross-entropy 16 B per logit{} = {} (norms, residuals, dropout, activation{}; Korthikanti et al. 2022 §4.1 list the tensors)",
            if input.sequence_parallel {
                "t"
            } else {
                "1 (replicated without SP)"
            },
            if input.shape.swiglu { 3 } else { 2 },
            if input.attention == AttentionKernel::Unfused {
                " + 4.5·a·s/t softmax/dropout"
            } else {
                ""
            },
            eager_text(input),
            fsdp_grad_text(input),
            secs(b.memory_bound),
            if input.attention == AttentionKernel::Unfused {
                ", softmax"
            } else {
                ""
            }
        ),
        format!(
            "tp_comm = m·(L/p)·4 × {} of b·s·h/c·2 B on the TP ring, exposed (Megatron: 2 forward, 2 backward) = {}",
            if input.sequence_parallel {
                "(all-gather + reduce-scatter)"
            } else {
                "all-reduce"
            },
            secs(b.tp_comm)
        ),
        format!(
            "cp_comm = m·(L/p)·max(0, ring K,V passes (c-1)·2·(b·s/c)·k·d·2 B/bw − attention time), forward and 2× backward = {} (Megatron-Core CP overlaps the ring with attention)",
            secs(b.cp_comm)
        ),
        format!(
            "pp_bubble = (p-1)/v × one micro-batch's stage time = ({}-1)/{} × {} = {} (Narayanan et al. 2021)",
            input.pp,
            input.interleave,
            secs(
                b.pp_bubble
                    / ((input.pp as f64 - 1.0) / input.interleave as f64).max(f64::MIN_POSITIVE)
            ),
            secs(b.pp_bubble)
        ),
        format!(
            "pp_p2p = v·m·2 sends of b·s·h/(c·t)·2 B between stages, not overlapped = {}",
            secs(b.pp_p2p)
        ),
        format!(
            "dp_comm_exposed = {} in fp32 (+ bf16 parameter all-gather with ZeRO ≥ 1, every micro-batch with ZeRO-3) = {} before overlap; {}; + {} × the hidden part, the compute overlapped with it running without NCCL's SMs (bus bandwidth / (190/16 GB/s per SM) of the GPU's SMs: 'it would use 16 SMs' at 190 GB/s, 'NCCL CTAs won't share an SM with compute kernels', NVIDIA/nccl#689) → exposed {}",
            if input.zero == crate::calc::memory::Stage::Dp {
                "gradient all-reduce"
            } else {
                "gradient reduce-scatter"
            },
            secs(r.dp_comm_total),
            if input.zero == crate::calc::memory::Stage::Zero3 {
                "ZeRO-3/FSDP, per micro-batch and layer: the root (embedding, output) and first layer's all-gathers before any compute and the last layer's and root's reduce-scatters after it are exposed; each other layer's gather (forward) or gather + reduce-scatter (backward) hides behind that layer's compute, the excess exposed (PyTorch FSDP prefetching)"
            } else {
                "hidden behind one micro-batch's backward (and forward for the gathers), as Megatron's overlap-grad-reduce does"
            },
            format::sig(nccl_share, 3),
            secs(b.dp_comm_exposed)
        ),
        format!(
            "optimizer = 30 B per updated parameter (Adam, fp32 states) / (B_hbm·e) = {}",
            secs(b.optimizer)
        ),
    ]
}

fn memory(input: &StepInput, r: &StepReport) -> Vec<String> {
    let m = &r.memory;
    vec![
        format!(
            "memory, model states: {} parameters per GPU on the first stage (its layers and the embedding, /t) → weights {} + gradients {} + optimizer {} under {} (2 + 2 + 12 B per parameter, ZeRO) = {}",
            format::count(m.params_per_gpu),
            format::bytes_short(m.weights_bytes_per_gpu),
            format::bytes_short(m.gradients_bytes_per_gpu),
            format::bytes_short(m.optimizer_bytes_per_gpu),
            input.zero,
            format::bytes_short(m.model_states_bytes_per_gpu)
        ),
        format!(
            "memory, activations: {} per layer and micro-batch (Korthikanti et al. 2022: s·b·h·(10/{} + 24/t) with GPT shapes{}) × {} layers × {} micro-batches in flight{} = {}",
            format::bytes_short(m.activations_bytes_per_layer),
            if input.sequence_parallel { "t" } else { "1" },
            match (input.attention, input.recompute) {
                (AttentionKernel::Unfused, Recompute::None) => " + 5·a·s²·b/t scores",
                _ => "",
            },
            format::sig(input.layers_per_stage(), 4),
            format::sig(m.microbatches_in_flight, 4),
            if input.recompute == Recompute::Full {
                " (full recompute: only the 2·s·b·h layer inputs; the layer being rebuilt adds its working set to the total)"
            } else {
                ""
            },
            format::bytes_short(m.activations_bytes_per_gpu)
        ),
        format!(
            "memory, total = model states + activations{}{} = {} of {} → {}",
            if m.recompute_working_bytes_per_gpu > 0.0 {
                format!(
                    " + the layer being recomputed {}",
                    format::bytes_short(m.recompute_working_bytes_per_gpu)
                )
            } else {
                String::new()
            },
            if m.logits_bytes_per_gpu > 0.0 {
                format!(
                    " + logits during the loss {} (b·s/c·V/t × {} B: bf16 logits, fp32 softmax and gradient, as autocast runs the loss in fp32)",
                    format::bytes_short(m.logits_bytes_per_gpu),
                    super::memory::LOGIT_BYTES
                )
            } else {
                String::new()
            },
            format::bytes_short(m.total_bytes_per_gpu),
            format::bytes_short(m.capacity_bytes),
            if m.fits { "fits" } else { "DOES NOT FIT" }
        ),
    ]
}

/// The eager Llama ops' part of the memory-bound formula, empty with fused kernels.
fn eager_text(input: &StepInput) -> String {
    let (shared, split) = super::work::eager_elements(input);
    if shared + split == 0.0 {
        return String::new();
    }
    format!(
        " + eager ops 32h/{} + (10(h+kd) + 2(kd+h) + 2h + 2F)/t = {} + {} elements (RMSNorm as x.float(), pow, mean, rsqrt-mul, type_as, ·weight: 36 B per element; RoPE as float, complex multiply, type_as; repeat_kv; transpose-contiguous; silu then multiply: torchtitan models/llama/model.py, models/norms.py, one HBM pass per op)",
        if input.sequence_parallel { "t" } else { "1" },
        format::sig(shared, 6),
        format::sig(split, 6)
    )
}

/// The FSDP gradient passes' part of the memory-bound formula, empty without ZeRO-3.
fn fsdp_grad_text(input: &StepInput) -> String {
    if super::comm::fsdp_grad_bytes(input, 1.0) == 0.0 {
        return String::new();
    }
    if input.fsdp_predivide {
        format!(
            " + FSDP1 gradient cast to fp32 and pre-divide, ({} + {}) B per unsharded parameter (PyTorch fsdp/_runtime_utils.py: grad.to(reduce_dtype), _div_if_needed)",
            super::comm::FSDP_CAST_BYTES,
            super::comm::FSDP_PREDIVIDE_BYTES
        )
    } else {
        format!(
            " + FSDP2 gradient copy-in to the fp32 reduce-scatter buffer, {} B per unsharded parameter (PyTorch fsdp/_fully_shard/_fsdp_collectives.py: foreach_reduce; NCCL averages, no divide kernel)",
            super::comm::FSDP_CAST_BYTES
        )
    }
}
