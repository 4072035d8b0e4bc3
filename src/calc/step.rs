//! Training step time and memory per GPU of a dense transformer under TP, SP, CP, PP
//! (1F1B or interleaved), DP and ZeRO, on a named GPU, with every term shown.
//!
//! The step is m micro-batches through the slowest stage plus the pipeline bubble, then the
//! exposed part of the data-parallel reduction and the optimizer:
//!
//! ```text
//! step = m·(t_stage + t_logits) + (p-1)/v·t_stage + p2p + dp_exposed + optimizer
//! t_stage = L/p · (matmul / R + bytes / (B_hbm·e) + TP + exposed CP) + recomputation
//! ```
//!
//! When p does not divide L, the stages hold ⌈L/p⌉ or ⌊L/p⌋ layers with the last (logits) stage
//! on the smaller share, and the slower of the fullest stage and the last sets the pace.
//!
//! R is the GPU's achievable matmul rate (MAMF) times that GPU's calibrated efficiency; memory-bound
//! kernels run at the HBM bandwidth times an assumed efficiency. What naive composition misses,
//! and this keeps: the memory-bound kernels, recomputation, TP collectives on the critical path,
//! the logits on the last stage, and that DP overlap only hides behind one micro-batch.
//! Pure: no terminal, no clap.

mod breakdown;
mod check;
mod choice;
mod comm;
mod gpu;
mod input;
mod memory;
mod model;
mod steps;
mod work;

use serde::Serialize;

use crate::bi;
use crate::text::Bi;

pub use breakdown::Breakdown;
pub use gpu::{AttentionShares, Dtype, Efficiencies, GPUS, GpuSpec, Hbm, TensorRates};
pub use input::{AttentionKernel, Kernels, Overlap, Recompute, StepInput};
pub use memory::MemoryReport;
pub use model::{MODELS, ModelPreset, Shape};

/// The ids of a preset table, in its order, as a constant array.
macro_rules! preset_ids {
    ($table:expr) => {{
        let mut ids = [""; $table.len()];
        let mut i = 0;
        while i < ids.len() {
            ids[i] = $table[i].id;
            i += 1;
        }
        ids
    }};
}

/// The GPU and model presets' ids, in table order: the words the step form offers.
pub const GPU_IDS: [&str; GPUS.len()] = preset_ids!(GPUS);
pub const MODEL_IDS: [&str; MODELS.len()] = preset_ids!(MODELS);

/// The entry of a preset `table` whose id is `id` (trimmed, any case); else the trimmed id and
/// the table's ids joined, for the caller's message.
fn by_id<T>(
    table: &'static [T],
    id: &str,
    id_of: fn(&T) -> &str,
) -> Result<&'static T, (String, String)> {
    let key = id.trim().to_ascii_lowercase();
    table.iter().find(|t| id_of(t) == key).ok_or_else(|| {
        let ids: Vec<&str> = table.iter().map(id_of).collect();
        (id.trim().to_owned(), ids.join(", "))
    })
}

/// Share of the achievable (MAMF) matmul rate that a training step's GEMMs reach end to end, for
/// a GPU with no calibration run bundled (B200, GB200, MI300X). The A100 and H100 have their own
/// values, fitted on their calibration runs (`gpu::A100_EFFICIENCY`, `gpu::H100_EFFICIENCY`,
/// 0.88 and 0.85); this is the value an earlier pooled fit of both found, kept as no run of these
/// GPUs is bundled to refit it.
pub const MATMUL_EFFICIENCY: f64 = 0.87;

/// Share of the HBM bandwidth the elementwise, normalisation and optimizer kernels reach end to
/// end, one value for every GPU, fitted with the matmul efficiencies on the calibration runs of
/// `tests/data/step-runs.toml` (source-balanced, a 0.05 grid; `tests/step_runs.rs` checks it is
/// still the optimum). It also absorbs what the byte counts leave out (launch gaps between the
/// many small kernels, passes not listed), so it sits below what a single large copy reaches.
pub const HBM_EFFICIENCY: f64 = 0.65;

/// Adam's HBM traffic per parameter it updates: read the fp32 weight, gradient, momentum and
/// variance (16 B), write weight, momentum and variance (12 B) and the bf16 copy (2 B).
pub const OPTIMIZER_BYTES_MOVED: f64 = 30.0;

/// The result (JSON shape in docs/calculators.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepReport {
    pub model: Option<String>,
    pub params: f64,
    pub gpu: String,
    pub dtype: Dtype,
    pub gpus: usize,
    pub tp: usize,
    pub pp: usize,
    pub interleave: usize,
    pub cp: usize,
    pub dp: usize,
    pub micro_batches: usize,
    pub tokens_per_step: f64,
    pub step_seconds: f64,
    pub tokens_per_s: f64,
    pub tokens_per_s_per_gpu: f64,
    /// Causal model FLOPs (half the attention square) over peak.
    pub mfu: f64,
    /// Executed FLOPs (recomputation, the full square of unfused attention) over peak.
    pub hfu: f64,
    /// MFU as PaLM and Megatron-LM count it, with the full attention square.
    pub mfu_full_square: f64,
    pub breakdown: Breakdown,
    /// DP traffic before overlap, seconds per step.
    pub dp_comm_total: f64,
    pub memory: MemoryReport,
    pub warnings: Vec<Bi>,
    pub steps: Vec<Bi>,
}

/// Seconds of one micro-batch on one stage, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Stage {
    forward: f64,
    backward: f64,
    matmul: f64,
    attention: f64,
    memory: f64,
    tp: f64,
    cp: f64,
    recompute: f64,
}

/// The rates one step runs at: weight matmuls, the attention core, HBM.
#[derive(Debug, Clone, Copy)]
struct Rates {
    matmul: f64,
    attention: f64,
    hbm: f64,
}

impl Stage {
    /// The same stage with `layers` layers (every term is per layer).
    fn times(self, layers: f64) -> Stage {
        Stage {
            forward: self.forward * layers,
            backward: self.backward * layers,
            matmul: self.matmul * layers,
            attention: self.attention * layers,
            memory: self.memory * layers,
            tp: self.tp * layers,
            cp: self.cp * layers,
            recompute: self.recompute * layers,
        }
    }
}

/// The stage the pipeline runs at, from one layer's times and the logits' (matmul, bytes)
/// seconds: the last stage (its layers and the logits) unless an uneven split leaves a fuller
/// stage slower still; the logits' seconds come back zero when that fuller stage sets the pace.
fn slowest_stage(input: &StepInput, one: Stage, logits: (f64, f64)) -> (Stage, f64, f64) {
    let (fullest, last) = input.stage_layers();
    let per_layer = one.forward + one.backward;
    if fullest * per_layer > last * per_layer + logits.0 + logits.1 {
        (one.times(fullest), 0.0, 0.0)
    } else {
        (one.times(last), logits.0, logits.1)
    }
}

/// Exposed seconds of `traffic` seconds of DP traffic hidden behind one pass (backward for the
/// gradient reduction, forward for the parameter gather) of `stage` seconds per micro-batch.
///
/// Without interleaving the traffic runs behind one micro-batch's pass: `traffic - stage`. With v
/// model chunks per GPU, Megatron-Core starts each chunk's reduction as soon as that chunk's last
/// backward is done (and gathers each chunk's parameters before its first forward), and the
/// schedule runs the chunks in groups of P = min(p, m) micro-batches: the chunk that finishes
/// k-th from the end (k = 0 the last) leaves k·P chunk passes (of stage/v each) after it, plus its
/// own. One link carries the chunks' traffic (traffic/v each) in turn, so the exposed part is the
/// worst of (k+1)·traffic/v - (k·P + 1)·stage/v over k = 0..v-1.
fn chunked_exposed(input: &StepInput, traffic: f64, stage: f64) -> f64 {
    let v = input.interleave as f64;
    let groups = input.pp.min(input.micro_batches()) as f64;
    (0..input.interleave)
        .map(|k| {
            let k = k as f64;
            (k + 1.0) * traffic / v - (k * groups + 1.0) * stage / v
        })
        .fold(0.0, f64::max)
}

/// The DP traffic of a step before overlap, the part left exposed, and NCCL's SM share.
fn dp_times(input: &StepInput, s: &Stage, params: f64) -> (f64, f64, f64) {
    let m = input.micro_batches() as f64;
    let dp = comm::dp(input, params);
    let (total, exposed) = if dp.per_microbatch {
        let exposed = comm::zero3_exposed(input, &dp, params, s.forward, s.backward);
        (m * (2.0 * dp.params + dp.grads), m * exposed)
    } else if input.overlap.dp {
        let exposed = chunked_exposed(input, dp.grads, s.backward)
            + chunked_exposed(input, dp.params, s.forward);
        (dp.grads + dp.params, exposed)
    } else {
        (dp.grads + dp.params, dp.grads + dp.params)
    };
    (total, exposed, comm::nccl_sm_share(input, &dp, params))
}

/// One micro-batch through one layer of one stage.
fn layer(input: &StepInput, r: Rates) -> Stage {
    let w = work::layer(input);
    let layers = 1.0;
    let (tp, tp_again) = comm::tp_per_layer(input);
    let (ring_forward, ring_backward) = comm::cp_per_layer(input);
    let (attention_forward, attention_backward) =
        (w.attn_fwd / r.attention, w.attn_bwd / r.attention);
    let cp_exposed = [
        (ring_forward - attention_forward).max(0.0),
        (ring_backward - attention_backward).max(0.0),
    ];
    // Selective and full recomputation run the attention core's forward again.
    let attn_again = match input.recompute {
        Recompute::Selective | Recompute::Full => w.attn_fwd,
        Recompute::None | Recompute::Op => 0.0,
    };
    // With --tp-overlap the collectives run behind the GEMMs they feed or follow.
    let dense = w.dense_fwd / r.matmul;
    let tp_forward = comm::tp_exposed(input, tp / 2.0, dense);
    let tp_backward = comm::tp_exposed(input, tp / 2.0, 2.0 * dense);
    let recompute_gemm = (w.recompute_flops - attn_again) / r.matmul;
    let recompute = (recompute_gemm
        + attn_again / r.attention
        + w.recompute_bytes / r.hbm
        + comm::tp_exposed(input, tp_again, recompute_gemm))
        * layers;
    let forward =
        dense + attention_forward + (w.bytes_fwd + w.cast_fwd) / r.hbm + tp_forward + cp_exposed[0];
    let backward = 2.0 * dense
        + attention_backward
        + (2.0 * w.bytes_fwd + w.cast_bwd) / r.hbm
        + tp_backward
        + cp_exposed[1];
    Stage {
        forward: forward * layers,
        backward: backward * layers + recompute,
        matmul: 3.0 * w.dense_fwd / r.matmul * layers,
        attention: (attention_forward + attention_backward) * layers,
        memory: w.train_bytes() / r.hbm * layers,
        tp: (tp_forward + tp_backward) * layers,
        cp: (cp_exposed[0] + cp_exposed[1]) * layers,
        recompute,
    }
}

/// Step time, throughput, MFU and memory of one setup.
pub fn step(input: &StepInput) -> StepReport {
    let rate = input
        .gpu
        .achievable(input.dtype)
        .map_or(input.gpu.bf16.mamf * input.gpu.fit.matmul, |r| {
            r * input.gpu.efficiency(input.dtype)
        });
    // Attention and the output layer stay bf16 in fp8 recipes (Transformer Engine and torchao
    // cast only the transformer's linear layers).
    let bf16_rate = input.gpu.bf16.mamf * input.gpu.fit.matmul;
    let peak = input.gpu.peak(input.dtype).unwrap_or(input.gpu.bf16.peak);
    let hbm = input.gpu.hbm.bandwidth * input.gpu.fit.hbm;
    let attention = attention_rate(input, bf16_rate, hbm);
    let one = layer(
        input,
        Rates {
            matmul: rate,
            attention,
            hbm,
        },
    );
    let lg = work::logits(input);
    let (s, logits_matmul, logits_bytes) = slowest_stage(
        input,
        one,
        (lg.train_flops() / bf16_rate, lg.train_bytes() / hbm),
    );
    let m = input.micro_batches() as f64;
    let bubble_stages = (input.pp as f64 - 1.0) / input.interleave as f64;
    let per_mb = s.forward + s.backward;
    let memory = memory::memory(input);
    let params = memory.params_per_gpu;
    let (dp_total, dp_exposed, nccl_share) = dp_times(input, &s, params);
    let updated = if input.zero == crate::calc::memory::Stage::Dp {
        params
    } else {
        params / input.replicas() as f64
    };
    let breakdown = Breakdown {
        compute: m * (s.matmul + logits_matmul),
        attention: m * s.attention,
        recompute: m * s.recompute,
        memory_bound: m * (s.memory + logits_bytes + comm::fsdp_grad_bytes(input, params) / hbm),
        tp_comm: m * s.tp,
        cp_comm: m * s.cp,
        pp_bubble: bubble_stages * per_mb,
        pp_p2p: input.interleave as f64 * m * comm::p2p_per_microbatch(input),
        // Compute that overlaps the hidden DP traffic runs without NCCL's SMs.
        dp_comm_exposed: dp_exposed + nccl_share * (dp_total - dp_exposed).max(0.0),
        optimizer: OPTIMIZER_BYTES_MOVED * updated / hbm,
    };
    let step_seconds = breakdown.total();
    let tokens = (input.global_batch * input.seq) as f64;
    let gpus = input.gpus as f64;
    let model_flops = input.global_batch as f64 * work::model_flops_per_sequence(input);
    let full_square = input.global_batch as f64 * work::model_flops_full_square(input);
    let w = work::layer(input);
    let executed_stage = (w.train_flops() + w.recompute_flops) * input.layers_per_stage();
    let executed = (input.dp * input.cp * input.tp) as f64
        * m
        * (input.pp as f64 * executed_stage + lg.train_flops());
    let mut report = StepReport {
        model: input.model.map(str::to_owned),
        params: input.shape.params(),
        gpu: input.gpu.id.to_owned(),
        dtype: input.dtype,
        gpus: input.gpus,
        tp: input.tp,
        pp: input.pp,
        interleave: input.interleave,
        cp: input.cp,
        dp: input.dp,
        micro_batches: input.micro_batches(),
        tokens_per_step: tokens,
        step_seconds,
        tokens_per_s: tokens / step_seconds,
        tokens_per_s_per_gpu: tokens / step_seconds / gpus,
        mfu: model_flops / (gpus * peak * step_seconds),
        hfu: executed / (gpus * peak * step_seconds),
        mfu_full_square: full_square / (gpus * peak * step_seconds),
        breakdown,
        dp_comm_total: dp_total,
        memory,
        warnings: input.warnings.clone(),
        steps: Vec::new(),
    };
    memory_warnings(&mut report, input);
    report.steps = steps::explain(
        input,
        &report,
        &StepsContext {
            rate,
            attention,
            hbm,
            peak,
            nccl_share,
        },
    );
    report
}

/// The attention core's rate: the kernel's published share of the peak (or the GEMM rate), and
/// for unfused attention no more than its HBM roofline.
fn attention_rate(input: &StepInput, bf16_rate: f64, hbm: f64) -> f64 {
    let rate = input.gpu.attention_rate(input.attention, bf16_rate);
    if input.attention == AttentionKernel::Unfused {
        rate.min(unfused_attention_roofline(input, hbm))
    } else {
        rate
    }
}

/// The roofline of unfused attention's batched GEMMs: each (`QKᵀ`, scores × V and their four
/// backward GEMMs) writes or reads one 2-byte s × s score matrix per head for 2·s²·d FLOPs, so it
/// does d FLOPs per byte of HBM traffic (d the head dimension) and cannot run faster than
/// d × the HBM rate. On an A100 (1.33 TB/s at `HBM_EFFICIENCY`) that is 127 TFLOP/s at d = 96 and
/// 170 at d = 128, below its calibrated GEMM rate; `FlashAttention` keeps the scores on chip.
pub fn unfused_attention_roofline(input: &StepInput, hbm: f64) -> f64 {
    // 2·d FLOPs per score element, ACT_BYTES bytes per element.
    2.0 * input.shape.head_dim() / work::ACT_BYTES * hbm
}

/// Flags a run that does not fit, or fits with too little headroom.
fn memory_warnings(report: &mut StepReport, input: &StepInput) {
    let (total, capacity) = (report.memory.total_bytes_per_gpu, input.gpu.hbm.bytes);
    let (used, cap) = crate::calc::format::bytes_against(total, capacity);
    let gpu = input.gpu.id;
    if !report.memory.fits {
        report.warnings.push(bi!(
            "does not fit: {used} per GPU against the {gpu}'s {cap}; add recomputation, sequence parallelism, ZeRO or more PP/TP",
            "放不下：每 GPU {used}，而 {gpu} 只有 {cap}；请加重计算、序列并行、ZeRO 或更大的 PP/TP"
        ));
    } else if total > memory::HEADROOM * capacity {
        report.warnings.push(bi!(
            "tight: {used} of {cap}; fragmentation, NCCL buffers and the CUDA context need a few GB more, and near capacity PyTorch's caching allocator frees its cache and retries cudaMalloc, which slows steps by more than this estimate shows",
            "偏紧：{used} / {cap}；碎片、NCCL 缓冲区和 CUDA 上下文还要再占几 GB，且接近容量时 PyTorch 的缓存分配器会释放缓存并重试 cudaMalloc，步时间会比这里估计的更慢"
        ));
    }
}

/// Rates the steps quote.
pub(crate) struct StepsContext {
    pub rate: f64,
    pub attention: f64,
    pub hbm: f64,
    pub peak: f64,
    /// Share of the SMs NCCL's DP collectives hold (`comm::nccl_sm_share`).
    pub nccl_share: f64,
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_overlap;
#[cfg(test)]
mod tests_rates;
#[cfg(test)]
mod tests_terms;
