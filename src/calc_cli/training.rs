//! `infraprep calc tp|pipeline|memory|mfu`: the training calculators on the command line.
//!
//! Arguments stay strings, as for the other calculators, so the engine's messages reach the user.
//! Negative numbers are let through clap for the same reason.

mod render;

use std::io::Write;

use clap::Args;

use crate::calc::{
    self, CalcError, HardwareTable, MemoryFields, MemoryInput, MfuFields, MfuInput, PipelineFields,
    PipelineInput, TpFields, TpInput,
};
use crate::calc_cli::write_json;

#[derive(Debug, Clone, Args)]
#[command(allow_negative_numbers = true)]
pub struct TpArgs {
    /// b: sequences per micro-batch
    #[arg(long, value_name = "B")]
    pub micro_batch: String,
    /// s: sequence length in tokens
    #[arg(long, value_name = "S")]
    pub seq: String,
    /// h: hidden size
    #[arg(long, value_name = "H")]
    pub hidden: String,
    /// t: GPUs in the tensor-parallel group, at least 2
    #[arg(long, value_name = "T")]
    pub tp: String,
    /// Bytes per element, or bf16, fp16, fp32, fp8 (default 2)
    #[arg(long, value_name = "BYTES")]
    pub bytes: Option<String>,
    /// L: transformer layers (default 1)
    #[arg(long, value_name = "L")]
    pub layers: Option<String>,
    /// m: micro-batches per step (default 1)
    #[arg(long, value_name = "M")]
    pub micro_batches: Option<String>,
    /// Sequence parallelism: reduce-scatter + all-gather instead of each all-reduce
    #[arg(long)]
    pub sequence_parallel: bool,
    /// Link preset for the TP group, e.g. nvlink4
    #[arg(long, value_name = "ID")]
    pub link: Option<String>,
    /// A per-direction rate instead of a preset, e.g. 450GB/s
    #[arg(long, value_name = "RATE")]
    pub bw: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
#[command(allow_negative_numbers = true)]
pub struct PipelineArgs {
    /// p: pipeline stages, at least 2
    #[arg(long, value_name = "P")]
    pub stages: String,
    /// m: micro-batches per step
    #[arg(long, value_name = "M")]
    pub micro_batches: String,
    /// v: model chunks per GPU for the interleaved schedule (default 1)
    #[arg(long, value_name = "V")]
    pub interleave: Option<String>,
    /// Forward time of one micro-batch on one stage, e.g. 10ms
    #[arg(long, value_name = "TIME")]
    pub t_fwd: Option<String>,
    /// Backward time of one micro-batch on one stage (default 2 x forward)
    #[arg(long, value_name = "TIME")]
    pub t_bwd: Option<String>,
    /// b, for the point-to-point message b x s x h x bytes
    #[arg(long, value_name = "B")]
    pub micro_batch: Option<String>,
    /// s: sequence length
    #[arg(long, value_name = "S")]
    pub seq: Option<String>,
    /// h: hidden size
    #[arg(long, value_name = "H")]
    pub hidden: Option<String>,
    /// Bytes per element, or bf16, fp32, fp8 (default 2)
    #[arg(long, value_name = "BYTES")]
    pub bytes: Option<String>,
    /// Link preset between stages, e.g. ib-ndr
    #[arg(long, value_name = "ID")]
    pub link: Option<String>,
    /// A per-direction rate instead of a preset, e.g. 50GB/s
    #[arg(long, value_name = "RATE")]
    pub bw: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
#[command(allow_negative_numbers = true)]
pub struct MemoryArgs {
    /// Ψ: parameter count, e.g. 70B
    #[arg(long, value_name = "N")]
    pub params: String,
    /// N: GPUs in the data-parallel (sharding) group
    #[arg(long, value_name = "N")]
    pub gpus: String,
    /// dp, zero-1, zero-2 or zero-3 (or 0-3; fsdp = zero-3; default zero-3)
    #[arg(long)]
    pub stage: Option<String>,
    /// K: optimizer bytes per parameter (default 12: fp32 master + Adam m, v)
    #[arg(long, value_name = "K")]
    pub optimizer_bytes: Option<String>,
    /// G: HSDP shard group size (shard inside G GPUs, replicate across groups)
    #[arg(long, value_name = "G")]
    pub shard_group: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
#[command(allow_negative_numbers = true)]
pub struct MfuArgs {
    /// N: parameter count, e.g. 70B
    #[arg(long, value_name = "N")]
    pub params: String,
    /// GPUs in the run
    #[arg(long, value_name = "N")]
    pub gpus: String,
    /// Dense peak per GPU: a100-bf16, h100-bf16, or FLOP/s such as 989e12
    #[arg(long, value_name = "PEAK")]
    pub peak: String,
    /// Tokens per second, whole run
    #[arg(long, value_name = "N")]
    pub tokens_per_s: Option<String>,
    /// Step time, with --tokens-per-step
    #[arg(long, value_name = "TIME")]
    pub step_time: Option<String>,
    /// Tokens per step (global batch x sequence length), e.g. 16M
    #[arg(long, value_name = "N")]
    pub tokens_per_step: Option<String>,
    /// L: layers, for the attention term 12·L·H·Q·T
    #[arg(long, value_name = "L")]
    pub layers: Option<String>,
    /// H: attention heads
    #[arg(long, value_name = "H")]
    pub heads: Option<String>,
    /// Q: head dimension
    #[arg(long, value_name = "Q")]
    pub head_dim: Option<String>,
    /// T: sequence length
    #[arg(long, value_name = "T")]
    pub seq: Option<String>,
    /// For HFU: none, selective, full, or a fraction of the forward pass
    #[arg(long, value_name = "R")]
    pub recompute: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub(super) fn run_tp(
    a: &TpArgs,
    table: &HardwareTable,
    out: &mut dyn Write,
) -> Result<(), CalcError> {
    let fields = TpFields {
        micro_batch: &a.micro_batch,
        seq: &a.seq,
        hidden: &a.hidden,
        tp: &a.tp,
        bytes: a.bytes.as_deref(),
        layers: a.layers.as_deref(),
        micro_batches: a.micro_batches.as_deref(),
        sequence_parallel: a.sequence_parallel,
        link: a.link.as_deref(),
        bw: a.bw.as_deref(),
    };
    let report = calc::tp(&TpInput::from_fields(&fields, table)?);
    if a.json {
        write_json(out, &report)
    } else {
        render::tp(out, &report)
    }
}

pub(super) fn run_pipeline(
    a: &PipelineArgs,
    table: &HardwareTable,
    out: &mut dyn Write,
) -> Result<(), CalcError> {
    let fields = PipelineFields {
        stages: &a.stages,
        micro_batches: &a.micro_batches,
        interleave: a.interleave.as_deref(),
        t_fwd: a.t_fwd.as_deref(),
        t_bwd: a.t_bwd.as_deref(),
        micro_batch: a.micro_batch.as_deref(),
        seq: a.seq.as_deref(),
        hidden: a.hidden.as_deref(),
        bytes: a.bytes.as_deref(),
        link: a.link.as_deref(),
        bw: a.bw.as_deref(),
    };
    let report = calc::pipeline(&PipelineInput::from_fields(&fields, table)?);
    if a.json {
        write_json(out, &report)
    } else {
        render::pipeline(out, &report)
    }
}

pub(super) fn run_memory(a: &MemoryArgs, out: &mut dyn Write) -> Result<(), CalcError> {
    let fields = MemoryFields {
        params: &a.params,
        gpus: &a.gpus,
        stage: a.stage.as_deref(),
        optimizer_bytes: a.optimizer_bytes.as_deref(),
        shard_group: a.shard_group.as_deref(),
    };
    let report = calc::memory(&MemoryInput::from_fields(&fields)?);
    if a.json {
        write_json(out, &report)
    } else {
        render::memory(out, &report)
    }
}

pub(super) fn run_mfu(a: &MfuArgs, out: &mut dyn Write) -> Result<(), CalcError> {
    let fields = MfuFields {
        params: &a.params,
        gpus: &a.gpus,
        peak: &a.peak,
        tokens_per_s: a.tokens_per_s.as_deref(),
        step_time: a.step_time.as_deref(),
        tokens_per_step: a.tokens_per_step.as_deref(),
        layers: a.layers.as_deref(),
        heads: a.heads.as_deref(),
        head_dim: a.head_dim.as_deref(),
        seq: a.seq.as_deref(),
        recompute: a.recompute.as_deref(),
    };
    let report = calc::mfu(&MfuInput::from_fields(&fields)?);
    if a.json {
        write_json(out, &report)
    } else {
        render::mfu(out, &report)
    }
}
