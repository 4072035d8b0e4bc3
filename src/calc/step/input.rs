//! Reading the step form: text fields in, a checked [`StepInput`] out. Every error names the bad
//! value and the fix.

use std::str::FromStr;

use super::gpu::{self, Dtype, GpuSpec};
use super::model::{self, Shape, swiglu_ffn};
use crate::calc::link::{LinkSpec, link_or_rate};
use crate::calc::memory::Stage;
use crate::calc::{CalcError, HardwareTable, units};

/// The text fields of a step calculation, as the CLI and the TUI form hold them.
#[derive(Debug, Clone, Copy, Default)]
pub struct StepFields<'a> {
    pub model: Option<&'a str>,
    pub layers: Option<&'a str>,
    pub hidden: Option<&'a str>,
    pub heads: Option<&'a str>,
    pub kv_heads: Option<&'a str>,
    pub ffn: Option<&'a str>,
    pub swiglu: bool,
    pub vocab: Option<&'a str>,
    pub seq: Option<&'a str>,
    pub global_batch: &'a str,
    pub micro_batch: Option<&'a str>,
    pub gpus: &'a str,
    pub gpus_per_node: Option<&'a str>,
    pub tp: Option<&'a str>,
    pub pp: Option<&'a str>,
    pub interleave: Option<&'a str>,
    pub cp: Option<&'a str>,
    pub dp: Option<&'a str>,
    pub sequence_parallel: bool,
    pub recompute: Option<&'a str>,
    pub zero: Option<&'a str>,
    pub gpu: Option<&'a str>,
    pub dtype: Option<&'a str>,
    pub attention: Option<&'a str>,
    pub intra: Option<&'a str>,
    pub inter: Option<&'a str>,
    pub nics_per_node: Option<&'a str>,
    pub fsdp_prefetch: Option<&'a str>,
    /// `1` (`FullyShardedDataParallel`) or `2` (`fully_shard`, the default).
    pub fsdp: Option<&'a str>,
}

/// Activation recomputation (Korthikanti et al. 2022).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Recompute {
    None,
    /// Only the attention core (scores, softmax, dropout, scores x V) is recomputed.
    Selective,
    /// Only each layer's input is kept; the whole forward pass runs again in the backward.
    Full,
    /// torchtitan's per-op selective checkpointing: matmul and attention outputs are saved
    /// except every second matmul of a layer, which is recomputed with every elementwise op
    /// (torchtitan `_custom_policy`: "Saves output of all compute ops, except every second mm").
    Op,
}

impl FromStr for Recompute {
    type Err = CalcError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "none" | "no" | "off" => Ok(Recompute::None),
            "selective" => Ok(Recompute::Selective),
            "full" => Ok(Recompute::Full),
            "op" | "selective-op" => Ok(Recompute::Op),
            _ => Err(CalcError::invalid(format!(
                "recompute '{}' is not none, selective, full or op (torchtitan's per-op selective)",
                text.trim()
            ))),
        }
    }
}

/// How attention is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AttentionKernel {
    /// `FlashAttention-1`-class kernels (the first CUDA kernel, the Triton flash kernel): the
    /// same work as `Flash` at a lower rate.
    Flash1,
    /// `FlashAttention-2`-class kernels (`PyTorch` SDPA's flash backend, Triton flash): causal
    /// blocks skipped, no s x s matrix in HBM, backward recomputes the scores.
    Flash,
    /// Hopper kernels (`FlashAttention-3`, cuDNN fused attention as Transformer Engine uses): the
    /// same work at a higher rate on H100/H200; elsewhere as `Flash`.
    Flash3,
    /// Separate GEMMs and a fused softmax (Megatron-LM before FlashAttention): the full s x s
    /// scores are computed, written and read.
    Unfused,
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
    /// Things that do not stop the calculation but the user should know.
    pub warnings: Vec<String>,
}

fn count(what: &'static str, text: Option<&str>, default: usize) -> Result<usize, CalcError> {
    text.map_or(Ok(default), |t| units::parse_count(what, t, 1))
}

/// The shape: a preset with any flags given on top, or every flag.
fn shape(f: &StepFields<'_>) -> Result<(Option<&'static str>, Shape, usize), CalcError> {
    let base = f.model.map(model::preset).transpose()?;
    let need = |what: &'static str, flag: &str, text: Option<&str>, preset: Option<usize>| match (
        text, preset,
    ) {
        (Some(t), _) => units::parse_count(what, t, 1),
        (None, Some(v)) => Ok(v),
        (None, None) => Err(CalcError::invalid(format!(
            "no {what}: give {flag} N or --model NAME (e.g. --model llama3-8b)"
        ))),
    };
    let p = base.map(|m| m.shape);
    let layers = need("layers", "--layers", f.layers, p.map(|s| s.layers))?;
    let hidden = need("hidden size", "--hidden", f.hidden, p.map(|s| s.hidden))?;
    let heads = need("heads", "--heads", f.heads, p.map(|s| s.heads))?;
    let vocab = need("vocabulary", "--vocab", f.vocab, p.map(|s| s.vocab))?;
    let seq = need("sequence length", "--seq", f.seq, base.map(|m| m.seq))?;
    let swiglu = f.swiglu || p.is_some_and(|s| s.swiglu);
    let default_ffn = match p {
        Some(s) if f.hidden.is_none() && swiglu == s.swiglu => s.ffn,
        _ if swiglu => swiglu_ffn(hidden),
        _ => 4 * hidden,
    };
    let kv_heads = count(
        "KV heads",
        f.kv_heads,
        p.map_or(heads, |s| s.kv_heads.min(heads)),
    )?;
    if hidden % heads != 0 {
        return Err(CalcError::invalid(format!(
            "hidden size '{hidden}' is not a multiple of heads '{heads}': each head needs h/a dimensions"
        )));
    }
    if kv_heads > heads || heads % kv_heads != 0 {
        return Err(CalcError::invalid(format!(
            "KV heads '{kv_heads}' must divide the {heads} query heads (e.g. 8, or {heads} without grouped-query attention)"
        )));
    }
    let shape = Shape {
        layers,
        hidden,
        heads,
        kv_heads,
        ffn: count("FFN size", f.ffn, default_ffn)?,
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
        (None, None) => Err(CalcError::invalid(format!(
            "this GPU has no bundled {flag} link: add {flag} LINK or a rate (e.g. {flag} '448 GB/s')"
        ))),
    }
}

impl StepInput {
    /// Parses and checks the fields; errors name the bad value and the fix.
    pub fn from_fields(f: &StepFields<'_>, table: &HardwareTable) -> Result<Self, CalcError> {
        let (model, shape, seq) = shape(f)?;
        let gpu = gpu::gpu(f.gpu.unwrap_or("h100"))?;
        let dtype: Dtype = f.dtype.map_or(Ok(Dtype::Bf16), str::parse)?;
        gpu.peak(dtype)?;
        let gpus = units::parse_count("GPUs", f.gpus, 1)?;
        let gpus_per_node = count("GPUs per node", f.gpus_per_node, 8)?.min(gpus);
        let inter_default = if gpu.id == "a100" { "ib-hdr" } else { "ib-ndr" };
        let mut input = StepInput {
            model,
            shape,
            seq,
            global_batch: units::parse_count("global batch", f.global_batch, 1)?,
            micro_batch: count("micro-batch", f.micro_batch, 1)?,
            gpus,
            gpus_per_node,
            tp: count("TP size", f.tp, 1)?,
            pp: count("PP size", f.pp, 1)?,
            interleave: count("interleave", f.interleave, 1)?,
            cp: count("CP size", f.cp, 1)?,
            dp: 1,
            sequence_parallel: f.sequence_parallel,
            recompute: f.recompute.map_or(Ok(Recompute::None), str::parse)?,
            zero: f.zero.map_or(Ok(Stage::Dp), str::parse)?,
            gpu,
            dtype,
            attention: match f
                .attention
                .map(|a| a.trim().to_ascii_lowercase())
                .as_deref()
            {
                None | Some("flash" | "flash2") => AttentionKernel::Flash,
                Some("flash3" | "cudnn") => AttentionKernel::Flash3,
                Some("flash1" | "triton") => AttentionKernel::Flash1,
                Some("unfused") => AttentionKernel::Unfused,
                Some(other) => {
                    return Err(CalcError::invalid(format!(
                        "attention '{other}' is not flash, flash1, flash3 or unfused"
                    )));
                }
            },
            intra: link("--intra", f.intra, gpu.default_intra, table)?,
            inter: link("--inter", f.inter, Some(inter_default), table)?,
            nics_per_node: count("NICs per node", f.nics_per_node, gpus_per_node)?,
            backward_prefetch_pre: match f
                .fsdp_prefetch
                .map(|p| p.trim().to_ascii_lowercase())
                .as_deref()
            {
                None | Some("pre" | "backward_pre") => true,
                Some("post" | "backward_post") => false,
                Some(other) => {
                    return Err(CalcError::invalid(format!(
                        "fsdp-prefetch '{other}' is not pre or post (FSDP's BackwardPrefetch)"
                    )));
                }
            },
            fsdp_predivide: match f.fsdp.map(str::trim) {
                None | Some("2") => false,
                Some("1") => true,
                Some(other) => {
                    return Err(CalcError::invalid(format!(
                        "fsdp '{other}' is not 1 (FullyShardedDataParallel) or 2 (fully_shard)"
                    )));
                }
            },
            warnings: Vec::new(),
        };
        input.dp = super::check::data_parallel(&input, f.dp)?;
        super::check::layout(&mut input)?;
        Ok(input)
    }

    /// m: micro-batches each pipeline runs per step, B / (d b).
    pub fn micro_batches(&self) -> usize {
        self.global_batch / (self.dp * self.micro_batch)
    }

    /// Layers on one pipeline stage (a fraction when p does not divide L).
    pub fn layers_per_stage(&self) -> f64 {
        self.shape.layers as f64 / self.pp as f64
    }
}
