//! Reading the step form: the registry's [`Form`] in (the field names of
//! `calculators/step.rs`), a checked [`StepInput`] out. Every error names the bad value and the
//! fix.

use super::choice::{choice_enum, choose};
use super::gpu::{self, Dtype, GpuSpec};
use super::model::{self, Shape, swiglu_ffn};
use crate::calc::link::{LinkSpec, link_or_rate};
use crate::calc::memory::Stage;
use crate::calc::{CalcError, Form, HardwareTable, units};

choice_enum! {
    /// Activation recomputation (Korthikanti et al. 2022).
    pub enum Recompute("recompute", "none, selective, full or op (torchtitan's per-op selective)") {
        None = "none" | "no" | "off" => "none", "无",
        /// Only the attention core (scores, softmax, dropout, scores x V) is recomputed.
        Selective = "selective"
            => "selective: the attention core's forward again (Korthikanti et al. 2022, §5)",
            "selective：重算注意力核心的前向（Korthikanti et al. 2022，§5）",
        /// Only each layer's input is kept; the whole forward pass runs again in the backward.
        Full = "full"
            => "full: the whole forward again, its 2 TP collectives included (Chen et al. 2016; Korthikanti et al. 2022)",
            "full：整个前向重算一遍，包括其中 2 次 TP 集合通信（Chen et al. 2016；Korthikanti et al. 2022）",
        /// torchtitan's per-op selective checkpointing: matmul and attention outputs are saved
        /// except every second matmul of a layer, which is recomputed with every elementwise op
        /// (torchtitan `_custom_policy`: "Saves output of all compute ops, except every second mm").
        /// The steps describe it with the layer's recomputed width.
        Op = "op" | "selective-op",
    }
}

choice_enum! {
    /// How attention is computed.
    pub enum AttentionKernel("attention", "flash, flash1, flash3 or unfused") {
        /// `FlashAttention-2`-class kernels (`PyTorch` SDPA's flash backend, Triton flash):
        /// causal blocks skipped, no s x s matrix in HBM, backward recomputes the scores.
        Flash = "flash" | "flash2"
            => "flash (FlashAttention-2 class: causal blocks skipped, no s×s in HBM)",
            "flash（FlashAttention-2 级：跳过因果掩码掉的块，s×s 不落 HBM）",
        /// `FlashAttention-1`-class kernels (the first CUDA kernel, the Triton flash kernel): the
        /// same work as `Flash` at a lower rate.
        Flash1 = "flash1" | "triton"
            => "flash1 (FlashAttention-1 / Triton class: causal blocks skipped, no s×s in HBM)",
            "flash1（FlashAttention-1 / Triton 级：跳过因果掩码掉的块，s×s 不落 HBM）",
        /// Hopper kernels (`FlashAttention-3`, cuDNN fused attention as Transformer Engine
        /// uses): the same work at a higher rate on H100/H200; elsewhere as `Flash`.
        Flash3 = "flash3" | "cudnn"
            => "flash3 (FlashAttention-3 / cuDNN on Hopper: causal blocks skipped, no s×s in HBM)",
            "flash3（Hopper 上的 FlashAttention-3 / cuDNN：跳过因果掩码掉的块，s×s 不落 HBM）",
        /// Separate GEMMs and a fused softmax (Megatron-LM before FlashAttention): the full
        /// s x s scores are computed, written and read.
        Unfused = "unfused"
            => "unfused (full s×s scores computed and stored)",
            "unfused（完整计算并存下 s×s 注意力分数）",
    }
}

/// A parsed, checked step calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct StepInput {
    /// The preset id, when the shape came from one.
    pub model: Option<&'static str>,
    pub shape: Shape,
    pub seq: usize,
    pub global_batch: usize,
    pub micro_batch: usize,
    pub gpus: usize,
    pub gpus_per_node: usize,
    pub tp: usize,
    pub pp: usize,
    pub interleave: usize,
    pub cp: usize,
    pub dp: usize,
    pub sequence_parallel: bool,
    pub recompute: Recompute,
    pub zero: Stage,
    pub gpu: &'static GpuSpec,
    pub dtype: Dtype,
    pub attention: AttentionKernel,
    pub intra: LinkSpec,
    pub inter: LinkSpec,
    pub nics_per_node: usize,
    /// FSDP's backward prefetch: `true` for `BACKWARD_PRE` (the next all-gather is issued before
    /// the current layer's gradients, FSDP2's only behaviour), `false` for `BACKWARD_POST`.
    pub backward_prefetch_pre: bool,
    /// FSDP1 (`FullyShardedDataParallel`) divides each unsharded gradient before its
    /// reduce-scatter with a separate kernel; FSDP2 lets NCCL average instead.
    pub fsdp_predivide: bool,
    /// Which collectives run behind compute.
    pub overlap: Overlap,
    /// How the elementwise ops run (`work::eager_elements`).
    pub kernels: Kernels,
    /// Things that do not stop the calculation but the user should know.
    pub warnings: Vec<crate::text::Bi>,
}

/// Which collectives the framework runs behind compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overlap {
    /// ZeRO 0-2: whether the gradient reduction (and the parameter gather) overlaps the backward
    /// (`torch` DDP, Megatron-Core's `overlap_grad_reduce`), or runs after the whole backward
    /// (Megatron-LM's local DDP of 2021, Megatron-Core without the flag).
    pub dp: bool,
    /// Whether the TP collectives overlap the layer's GEMMs (Transformer Engine's userbuffers,
    /// Megatron-Core's `tp_comm_overlap`, torchtitan's async TP), instead of running between
    /// them on the critical path.
    pub tp: bool,
}

/// The shape: a preset with any flags given on top, or every flag.
fn shape(f: &Form) -> Result<(Option<&'static str>, Shape, usize), CalcError> {
    let base = f.parse("model", model::preset)?;
    // A field the preset may fill: its form key is its flag without the dashes.
    let need = |what: &'static str, key: &str, preset: Option<usize>| match (f.get(key), preset) {
        (Some(t), _) => units::parse_count(what, t, 1),
        (None, Some(v)) => Ok(v),
        (None, None) => Err(CalcError::invalid(crate::bi!(
            "no {what}: give --{key} N or --model NAME (e.g. --model llama3-8b)",
            "缺少 {what}：请给出 --{key} N 或 --model NAME（如 --model llama3-8b）"
        ))),
    };
    let p = base.map(|m| m.shape);
    let layers = need("layers", "layers", p.map(|s| s.layers))?;
    let hidden = need("hidden size", "hidden", p.map(|s| s.hidden))?;
    let heads = need("heads", "heads", p.map(|s| s.heads))?;
    let vocab = need("vocabulary", "vocab", p.map(|s| s.vocab))?;
    let seq = need("sequence length", "seq", base.map(|m| m.seq))?;
    let swiglu = f.flag("swiglu")? || p.is_some_and(|s| s.swiglu);
    let default_ffn = match p {
        Some(s) if f.get("hidden").is_none() && swiglu == s.swiglu => s.ffn,
        _ if swiglu => swiglu_ffn(hidden),
        _ => 4 * hidden,
    };
    let kv_heads = f.count_or(
        "kv-heads",
        "KV heads",
        p.map_or(heads, |s| s.kv_heads.min(heads)),
    )?;
    if hidden % heads != 0 {
        return Err(CalcError::invalid(crate::bi!(
            "hidden size '{hidden}' is not a multiple of heads '{heads}': each head needs h/a dimensions",
            "隐藏维 '{hidden}' 不是头数 '{heads}' 的倍数：每个头需要 h/a 维"
        )));
    }
    if kv_heads > heads || heads % kv_heads != 0 {
        return Err(CalcError::invalid(crate::bi!(
            "KV heads '{kv_heads}' must divide the {heads} query heads (e.g. 8, or {heads} without grouped-query attention)",
            "KV 头数 '{kv_heads}' 必须整除 {heads} 个查询头（如 8；不用分组查询注意力时为 {heads}）"
        )));
    }
    let shape = Shape {
        layers,
        hidden,
        heads,
        kv_heads,
        ffn: f.count_or("ffn", "FFN size", default_ffn)?,
        swiglu,
        vocab,
    };
    Ok((base.map(|m| m.id), shape, seq))
}

/// A link id or a rate, or the default.
fn link(
    flag: &str,
    text: Option<&str>,
    default: Option<&str>,
    table: &HardwareTable,
) -> Result<LinkSpec, CalcError> {
    match (text, default) {
        (Some(t), _) => link_or_rate(t, table),
        (None, Some(id)) => table.require(id).map(LinkSpec::from_preset),
        (None, None) => Err(CalcError::invalid(crate::bi!(
            "this GPU has no bundled {flag} link: add {flag} LINK or a rate (e.g. {flag} '448 GB/s')",
            "这款 GPU 没有内置的 {flag} 链路：请加 {flag} LINK 或给出速率（如 {flag} '448 GB/s'）"
        ))),
    }
}

/// FSDP's `BackwardPrefetch`: `pre` (true) or `post`.
fn backward_prefetch_pre(text: &str) -> Result<bool, CalcError> {
    choose(
        "fsdp-prefetch",
        text,
        "pre or post (FSDP's BackwardPrefetch)",
        |key| match key {
            "pre" | "backward_pre" => Some(true),
            "post" | "backward_post" => Some(false),
            _ => None,
        },
    )
}

/// FSDP version: 1 pre-divides gradients with its own kernel (true), 2 does not.
fn fsdp_predivide(text: &str) -> Result<bool, CalcError> {
    choose(
        "fsdp",
        text,
        "1 (FullyShardedDataParallel) or 2 (fully_shard)",
        |key| match key {
            "1" => Some(true),
            "2" => Some(false),
            _ => None,
        },
    )
}

choice_enum! {
    /// How a layer's elementwise ops run.
    pub enum Kernels(
        "kernels",
        "fused (Megatron/Transformer Engine fused kernels or torch.compile) or eager (PyTorch ops one by one)"
    ) {
        /// Fused kernels (Megatron, Transformer Engine, `torch.compile`): one pass per norm,
        /// activation and residual.
        Fused = "fused" | "compiled",
        /// A Llama block as separate eager `PyTorch` ops, each a pass over HBM.
        Eager = "eager",
    }
}

impl StepInput {
    /// Parses and checks the fields; errors name the bad value and the fix.
    pub fn from_form(f: &Form, table: &HardwareTable) -> Result<Self, CalcError> {
        let (model, shape, seq) = shape(f)?;
        let gpu = gpu::gpu(f.get("gpu").unwrap_or("h100"))?;
        let dtype: Dtype = f.parse("dtype", str::parse)?.unwrap_or(Dtype::Bf16);
        gpu.peak(dtype)?;
        let gpus = units::parse_count("GPUs", f.text("gpus"), 1)?;
        let gpus_per_node = match f.get("gpus-per-node") {
            Some(_) => f.count_or("gpus-per-node", "GPUs per node", 8)?.min(gpus),
            None => default_node(gpu.nvlink_domain, gpus),
        };
        let inter_default = if gpu.id == "a100" { "ib-hdr" } else { "ib-ndr" };
        let mut input = StepInput {
            model,
            shape,
            seq,
            global_batch: units::parse_count("global batch", f.text("global-batch"), 1)?,
            micro_batch: f.count_or("micro-batch", "micro-batch", 1)?,
            gpus,
            gpus_per_node,
            tp: f.count_or("tp", "TP size", 1)?,
            pp: f.count_or("pp", "PP size", 1)?,
            interleave: f.count_or("interleave", "interleave", 1)?,
            cp: f.count_or("cp", "CP size", 1)?,
            dp: 1,
            sequence_parallel: f.flag("sequence-parallel")?,
            recompute: f.parse("recompute", str::parse)?.unwrap_or(Recompute::None),
            zero: f.parse("zero", str::parse)?.unwrap_or(Stage::Dp),
            gpu,
            dtype,
            attention: f
                .parse("attention", str::parse)?
                .unwrap_or(AttentionKernel::Flash),
            intra: link("--intra", f.get("intra"), gpu.default_intra, table)?,
            inter: link("--inter", f.get("inter"), Some(inter_default), table)?,
            nics_per_node: f.count_or("nics-per-node", "NICs per node", gpus_per_node)?,
            backward_prefetch_pre: f
                .parse("fsdp-prefetch", backward_prefetch_pre)?
                .unwrap_or(true),
            fsdp_predivide: f.parse("fsdp", fsdp_predivide)?.unwrap_or(false),
            overlap: Overlap {
                dp: f.switch("dp-overlap", true)?,
                tp: f.switch("tp-overlap", false)?,
            },
            kernels: f.parse("kernels", str::parse)?.unwrap_or(Kernels::Fused),
            warnings: Vec::new(),
        };
        input.dp = super::check::data_parallel(&input, f.get("dp"))?;
        super::check::layout(&mut input)?;
        Ok(input)
    }

    /// m: micro-batches each pipeline runs per step, B / (d b).
    pub fn micro_batches(&self) -> usize {
        self.global_batch / (self.dp * self.micro_batch)
    }

    /// Ranks that hold the same weights: DP × CP. Context-parallel ranks see different parts of
    /// the same sequences, so their gradients are reduced together with the data-parallel ones,
    /// and ZeRO / FSDP shards over all of them (Megatron-Core's data-parallel group "with
    /// context parallel"; torchtitan's `dp_shard_cp` mesh).
    pub fn replicas(&self) -> usize {
        self.dp * self.cp
    }

    /// Layers on one pipeline stage (a fraction when p does not divide L).
    pub fn layers_per_stage(&self) -> f64 {
        self.shape.layers as f64 / self.pp as f64
    }

    /// Layers on the fullest stage and on the last stage (the one that also computes the
    /// logits) when the layers are split as evenly as whole layers allow and the last stage
    /// takes the smaller share, as Llama 3 did (Dubey et al. 2024, §3.3.2: one layer fewer on
    /// the first and last stages) and `DeepSpeed`'s `type:transformer` partition does (the
    /// remainder goes to the first stages). Both are L/p when p divides L.
    pub fn stage_layers(&self) -> (f64, f64) {
        let (l, p) = (self.shape.layers, self.pp);
        if l % p == 0 {
            let even = (l / p) as f64;
            (even, even)
        } else {
            (l.div_ceil(p) as f64, (l / p) as f64)
        }
    }
}

/// GPUs per node when `--gpus-per-node` is not given: the part's NVLink domain, or for a job
/// that is not whole domains of it, the largest whole share of a domain that divides the job in
/// steps of 4 (a GB200 compute tray): 128 GPUs of NVL72 racks run as two 64-GPU domains, as
/// NVIDIA's own GB200 recipes do.
fn default_node(domain: usize, gpus: usize) -> usize {
    // An 8-GPU board is a node; a job that is not whole boards is refused by the checks.
    if domain <= 8 || gpus <= domain || gpus.is_multiple_of(domain) {
        return domain.min(gpus);
    }
    (1..=domain / 4)
        .rev()
        .map(|trays| trays * 4)
        .find(|size| gpus.is_multiple_of(*size))
        .unwrap_or(domain)
}
