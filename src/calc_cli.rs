//! The clap side of the calculators: `infraprep calc …` and `infraprep links`.
//!
//! Arguments stay strings here so the engine's messages (which name the bad value and the fix)
//! reach the user instead of clap's generic ones. Rendering lives in `calc_cli/render.rs`.

mod args;
mod network;
mod render;
mod training;

use std::io::Write;

pub use args::{BusbwArgs, CheckpointArgs, CollectiveArgs, TransferArgs};
use clap::{Args, Subcommand};
pub use network::{FabricArgs, LayoutArgs, OverlapArgs};
use serde::Serialize;
pub use training::{MemoryArgs, MfuArgs, PipelineArgs, TpArgs};

use crate::calc::{
    self, BusbwFields, BusbwInput, CalcError, CheckpointFields, CheckpointInput, CollectiveFields,
    CollectiveInput, CollectiveReport, HardwareTable, SweepSeries, TransferFields, TransferInput,
};

const CALC_EXAMPLES: &str = "Examples:
  infraprep calc \"10 GiB / 25 GB/s\"
  infraprep calc \"10 GiB / nvlink3\"
  infraprep calc transfer 10GiB --link pcie4 --link nvlink3 --link ib-hdr
  infraprep calc collective allreduce 1GiB --ranks 8 --intra nvlink3
  infraprep calc collective allreduce 1GiB --ranks 128 --gpus-per-node 8 --intra nvlink4 --inter ib-ndr --sweep
  infraprep calc busbw allreduce --size 1GiB --time 8203.9us --ranks 8 --link nvlink3
  infraprep calc checkpoint --params 70B --storage-bw 100GB/s --mtbf 3h
  infraprep calc tp --micro-batch 1 --seq 4096 --hidden 8192 --tp 8 --link nvlink4
  infraprep calc pipeline --stages 16 --micro-batches 64 --interleave 4
  infraprep calc memory --params 70B --gpus 64 --stage zero-3
  infraprep calc mfu --params 70B --gpus 1024 --peak h100-bf16 --step-time 20s --tokens-per-step 16777216
  infraprep calc fabric --nodes 128 --nics-per-node 8 --speed ib-ndr --rail
  infraprep calc overlap --compute-total 120ms --windows 170 --bytes 50MB --bw 50GB/s
  infraprep calc layout --gpus 16384 --tp 8 --pp 16 --pod-size 3072 --params 405B --link eth-400g

Conventions: every bandwidth is per direction; GB = 1e9 B, GiB = 2^30 B, Gb = 1e9 bit.";

/// `infraprep calc`: a unit-aware expression, or one of the calculators.
#[derive(Debug, Clone, Args)]
#[command(args_conflicts_with_subcommands = true, after_help = CALC_EXAMPLES)]
pub struct CalcArgs {
    #[command(subcommand)]
    pub command: Option<CalcCommand>,
    /// A unit-aware expression; link ids stand for their per-direction bandwidth
    #[arg(value_name = "EXPRESSION", allow_hyphen_values = true)]
    pub expression: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

/// The calculators.
#[derive(Debug, Clone, Subcommand)]
pub enum CalcCommand {
    /// Time to move SIZE over one or several links: t = latency + size / (bandwidth × efficiency)
    #[command(after_help = "Examples:
  infraprep calc transfer 10GiB --link pcie4 --link nvlink3 --link ib-hdr
  infraprep calc transfer 1.5TB --bandwidth 200Gbps --latency 2us --efficiency 0.9 --json")]
    Transfer(TransferArgs),
    /// Time, algbw and busbw of a collective (nccl-tests conventions)
    #[command(after_help = "Examples:
  infraprep calc collective allreduce 1GiB --ranks 8 --intra nvlink3
  infraprep calc collective allgather 16GiB --ranks 8 --intra nvlink4 --algo ring
  infraprep calc collective allreduce 1GiB --ranks 128 --gpus-per-node 8 --intra nvlink4 --inter ib-ndr --sweep

SIZE is nccl-tests' size column: one rank's buffer for allreduce/broadcast/reduce, the total
buffer (n x chunk) for allgather/reducescatter/alltoall. --inter-bw is per NIC.")]
    Collective(CollectiveArgs),
    /// algbw and busbw from an nccl-tests size and time, and the share of the link reached
    #[command(after_help = "Example:
  infraprep calc busbw allreduce --size 1GiB --time 8203.9us --ranks 8 --link nvlink3")]
    Busbw(BusbwArgs),
    /// Checkpoint size, write/read time and bottleneck, async cost, and the optimal interval
    #[command(after_help = "Examples:
  infraprep calc checkpoint --params 70B --storage-bw 100GB/s --nodes 16 --node-bw ib-ndr --mtbf 3h
  infraprep calc checkpoint --params 405B --recipe bf16-adam --storage-bw pfs-llama3 --gpus 16384 --gpu-mtbf 50677h
  infraprep calc checkpoint --params 70B --checkpoint-time 5min --mtbf 24h")]
    Checkpoint(CheckpointArgs),
    /// Tensor-parallel traffic per layer and step (Megatron: 4 all-reduces of b·s·h per layer)
    #[command(after_help = "Examples:
  infraprep calc tp --micro-batch 1 --seq 4096 --hidden 8192 --tp 8 --link nvlink4
  infraprep calc tp --micro-batch 1 --seq 4096 --hidden 8192 --tp 8 --layers 80 --micro-batches 16 --sequence-parallel --bw 400Gbps

Bytes are what each GPU sends (as much is received): 2(t-1)/t x b·s·h·bytes per all-reduce.")]
    Tp(TpArgs),
    /// Pipeline bubble (1F1B, interleaved), step time and point-to-point cost between stages
    #[command(after_help = "Examples:
  infraprep calc pipeline --stages 16 --micro-batches 64
  infraprep calc pipeline --stages 16 --micro-batches 64 --interleave 4 --t-fwd 10ms
  infraprep calc pipeline --stages 8 --micro-batches 32 --micro-batch 1 --seq 4096 --hidden 8192 --link ib-ndr

Bubble: (p-1)/m of the ideal compute time, (p-1)/(m+p-1) of the step; interleaving divides by v.")]
    Pipeline(PipelineArgs),
    /// Model-state memory per GPU under DP and ZeRO-1/2/3 (FSDP), with HSDP shard groups
    #[command(after_help = "Examples:
  infraprep calc memory --params 70B --gpus 64
  infraprep calc memory --params 70B --gpus 64 --stage zero-1
  infraprep calc memory --params 70B --gpus 64 --shard-group 8 --json

Model state only (2Ψ weights + 2Ψ gradients + KΨ optimizer); activations come on top.")]
    Memory(MemoryArgs),
    /// Model FLOPs utilization (PaLM: 6N + 12·L·H·Q·T per token) and HFU with recompute
    #[command(after_help = "Examples:
  infraprep calc mfu --params 70B --gpus 1024 --peak h100-bf16 --step-time 20s --tokens-per-step 16777216 --layers 80 --heads 64 --head-dim 128 --seq 8192
  infraprep calc mfu --params 405B --gpus 16384 --peak 989e12 --tokens-per-s 2.8M --recompute full

Peaks are dense: a100-bf16 (312e12), h100-bf16 (989e12); the 2:4-sparsity figures halve MFU.")]
    Mfu(MfuArgs),
    /// Fat-tree sizing: leaf, spine and core switches, cables, injection and bisection bandwidth
    #[command(after_help = "Examples:
  infraprep calc fabric --nodes 128 --nics-per-node 8 --speed ib-ndr --rail
  infraprep calc fabric --nodes 384 --nics-per-node 8 --speed 400Gb/s --oversubscription 7:1

Leaves give d = floor(R·o/(o+1)) ports to nodes and u = ceil(d/o) to spines; two tiers up to R leaves.")]
    Fabric(FabricArgs),
    /// Exposed communication per step: (n-1)·max(0, m - c) + tail, step time, share hidden
    #[command(after_help = "Examples:
  infraprep calc overlap --compute-total 120ms --windows 170 --bytes 50MB --bw 50GB/s
  infraprep calc overlap --compute 10ms --comm 4ms --windows 32

Each window's communication runs under the next window's compute; the last one (the tail) cannot.")]
    Overlap(OverlapArgs),
    /// Where TP, CP, PP and DP groups land on nodes and pods, and per-tier traffic per step
    #[command(after_help = "Examples:
  infraprep calc layout --gpus 16384 --tp 8 --pp 16 --pod-size 3072 --oversubscription 7:1 --params 405B --link eth-400g
  infraprep calc layout --gpus 1152 --tp 18 --pp 4 --gpus-per-node 72

Ranks in the order [TP, CP, PP, DP], TP fastest; TP must fit the NVLink domain (--gpus-per-node).")]
    Layout(LayoutArgs),
}

/// `infraprep links`: the link presets with their sources.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  infraprep links
  infraprep links ib-ndr
  infraprep links --json")]
pub struct LinksArgs {
    /// Show only this preset
    pub id: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub(crate) fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<(), CalcError> {
    serde_json::to_writer_pretty(&mut *out, value).map_err(|e| CalcError::Output(e.to_string()))?;
    writeln!(out).map_err(|e| CalcError::output(&e))
}

/// Runs `infraprep calc …`, writing text or JSON to `out`.
pub fn run_calc(
    args: &CalcArgs,
    table: &HardwareTable,
    out: &mut dyn Write,
) -> Result<(), CalcError> {
    match &args.command {
        Some(CalcCommand::Transfer(a)) => run_transfer(a, table, out),
        Some(CalcCommand::Collective(a)) => run_collective(a, table, out),
        Some(CalcCommand::Busbw(a)) => run_busbw(a, table, out),
        Some(CalcCommand::Checkpoint(a)) => run_checkpoint(a, table, out),
        Some(CalcCommand::Tp(a)) => training::run_tp(a, table, out),
        Some(CalcCommand::Pipeline(a)) => training::run_pipeline(a, table, out),
        Some(CalcCommand::Memory(a)) => training::run_memory(a, out),
        Some(CalcCommand::Mfu(a)) => training::run_mfu(a, out),
        Some(CalcCommand::Fabric(a)) => network::run_fabric(a, table, out),
        Some(CalcCommand::Overlap(a)) => network::run_overlap(a, table, out),
        Some(CalcCommand::Layout(a)) => network::run_layout(a, table, out),
        None => {
            let expr = args.expression.as_deref().ok_or_else(|| {
                CalcError::invalid("give an expression such as \"10 GiB / 25 GB/s\" or a calculator: transfer, collective, busbw, checkpoint, tp, pipeline, memory, mfu, fabric, overlap, layout (see --help)")
            })?;
            let value = calc::eval_expression(expr, table)?;
            if args.json {
                write_json(out, &value)
            } else {
                render::expression(out, &value)
            }
        }
    }
}

fn run_transfer(
    a: &TransferArgs,
    table: &HardwareTable,
    out: &mut dyn Write,
) -> Result<(), CalcError> {
    let fields = TransferFields {
        size: &a.size,
        links: &a.links,
        bandwidth: a.bandwidth.as_deref(),
        latency: a.latency.as_deref(),
        efficiency: a.efficiency.as_deref(),
    };
    let report = calc::transfer(&TransferInput::from_fields(&fields, table)?);
    if a.json {
        write_json(out, &report)
    } else {
        render::transfer(out, &report)
    }
}

/// The collective JSON: the report plus the sweep when asked for.
#[derive(Serialize)]
struct CollectiveJson<'a> {
    #[serde(flatten)]
    report: &'a CollectiveReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    sweep: Option<Vec<SweepSeries>>,
}

fn run_collective(
    a: &CollectiveArgs,
    table: &HardwareTable,
    out: &mut dyn Write,
) -> Result<(), CalcError> {
    let fields = CollectiveFields {
        op: &a.op,
        size: &a.size,
        ranks: &a.ranks,
        gpus_per_node: a.gpus_per_node.as_deref(),
        nics_per_node: a.nics_per_node.as_deref(),
        intra: a.intra.as_deref(),
        intra_bw: a.intra_bw.as_deref(),
        inter: a.inter.as_deref(),
        inter_bw: a.inter_bw.as_deref(),
        algorithm: a.algorithm.as_deref(),
        latency: a.latency.as_deref(),
    };
    let input = CollectiveInput::from_fields(&fields, table)?;
    let report = calc::collective(&input);
    let sweep = a
        .sweep
        .then(|| calc::collective_sweep(&input, &calc::default_sweep_sizes()));
    if a.json {
        write_json(
            out,
            &CollectiveJson {
                report: &report,
                sweep,
            },
        )
    } else {
        render::collective(out, &report, sweep.as_deref())
    }
}

fn run_busbw(a: &BusbwArgs, table: &HardwareTable, out: &mut dyn Write) -> Result<(), CalcError> {
    let fields = BusbwFields {
        op: &a.op,
        size: &a.size,
        time: &a.time,
        ranks: &a.ranks,
        link: a.link.as_deref(),
    };
    let report = calc::busbw(&BusbwInput::from_fields(&fields, table)?);
    if a.json {
        write_json(out, &report)
    } else {
        render::busbw(out, &report)
    }
}

fn run_checkpoint(
    a: &CheckpointArgs,
    table: &HardwareTable,
    out: &mut dyn Write,
) -> Result<(), CalcError> {
    let fields = CheckpointFields {
        params: &a.params,
        recipe: a.recipe.as_deref(),
        bytes_per_param: a.bytes_per_param.as_deref(),
        storage_bw: a.storage_bw.as_deref(),
        nodes: a.nodes.as_deref(),
        node_bw: a.node_bw.as_deref(),
        nvme_bw: a.nvme_bw.as_deref(),
        gpus: a.gpus.as_deref(),
        pcie: a.pcie.as_deref(),
        checkpoint_time: a.checkpoint_time.as_deref(),
        mtbf: a.mtbf.as_deref(),
        gpu_mtbf: a.gpu_mtbf.as_deref(),
    };
    let report = calc::checkpoint(&CheckpointInput::from_fields(&fields, table)?);
    if a.json {
        write_json(out, &report)
    } else {
        render::checkpoint(out, &report)
    }
}

/// Runs `infraprep links`.
pub fn run_links(
    args: &LinksArgs,
    table: &HardwareTable,
    out: &mut dyn Write,
) -> Result<(), CalcError> {
    let links: Vec<&calc::LinkPreset> = match &args.id {
        Some(id) => vec![table.require(id)?],
        None => table.iter().collect(),
    };
    if args.json {
        let rows: Vec<render::LinkJson<'_>> =
            links.into_iter().map(render::LinkJson::from).collect();
        write_json(out, &rows)
    } else {
        render::links(out, &links)
    }
}
