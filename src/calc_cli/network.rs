//! `infraprep calc fabric|overlap|layout`: the cluster-level calculators on the command line.
//!
//! Arguments stay strings, as for the other calculators, so the engine's messages reach the user.

use std::io::Write;

use clap::Args;

use crate::calc::{
    self, CalcError, FabricFields, FabricInput, FabricReport, HardwareTable, LayoutFields,
    LayoutInput, LayoutReport, OverlapFields, OverlapInput, OverlapReport, format,
};
use crate::calc_cli::render::steps;
use crate::calc_cli::write_json;

type Out<'a> = &'a mut dyn Write;

#[derive(Debug, Clone, Args)]
#[command(allow_negative_numbers = true)]
pub struct FabricArgs {
    /// N: nodes
    #[arg(long, value_name = "N")]
    pub nodes: String,
    /// K: NICs (rails) per node
    #[arg(long, value_name = "K")]
    pub nics_per_node: String,
    /// Port speed: a link preset id (ib-ndr) or a rate (400Gb/s)
    #[arg(long, value_name = "LINK|RATE")]
    pub speed: String,
    /// R: ports per switch (default 64)
    #[arg(long, value_name = "R")]
    pub radix: Option<String>,
    /// Down:up at the leaf: 1 (default, non-blocking), 3, 7:1
    #[arg(long, value_name = "RATIO")]
    pub oversubscription: Option<String>,
    /// Rail-optimized: NIC k of each node to leaf k of its group
    #[arg(long)]
    pub rail: bool,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
#[command(allow_negative_numbers = true)]
pub struct OverlapArgs {
    /// c: compute time of one window (bucket, layer)
    #[arg(long, value_name = "TIME")]
    pub compute: Option<String>,
    /// Compute time of all windows together, instead of --compute
    #[arg(long, value_name = "TIME")]
    pub compute_total: Option<String>,
    /// m: communication time of one window
    #[arg(long, value_name = "TIME")]
    pub comm: Option<String>,
    /// Communication time of all windows together, instead of --comm
    #[arg(long, value_name = "TIME")]
    pub comm_total: Option<String>,
    /// Bytes each GPU sends per window, timed on --link or --bw
    #[arg(long, value_name = "SIZE")]
    pub bytes: Option<String>,
    /// n: windows per step (default 1)
    #[arg(long, value_name = "N")]
    pub windows: Option<String>,
    /// Communication of the last window, if it differs (default: m)
    #[arg(long, value_name = "TIME")]
    pub tail: Option<String>,
    /// Bytes of the last window, timed on the link
    #[arg(long, value_name = "SIZE")]
    pub tail_bytes: Option<String>,
    /// Link preset, e.g. ib-ndr
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
pub struct LayoutArgs {
    /// GPUs in the job
    #[arg(long, value_name = "N")]
    pub gpus: String,
    /// Tensor-parallel size
    #[arg(long, value_name = "T")]
    pub tp: String,
    /// Context-parallel size (default 1)
    #[arg(long, value_name = "C")]
    pub cp: Option<String>,
    /// Pipeline-parallel size (default 1)
    #[arg(long, value_name = "P")]
    pub pp: Option<String>,
    /// Data-parallel size (default GPUs / (TP x CP x PP))
    #[arg(long, value_name = "D")]
    pub dp: Option<String>,
    /// GPUs per node: the NVLink domain (default 8; 72 for an NVL72)
    #[arg(long, value_name = "G")]
    pub gpus_per_node: Option<String>,
    /// GPUs per non-blocking pod
    #[arg(long, value_name = "N")]
    pub pod_size: Option<String>,
    /// Above the pod, e.g. 7:1
    #[arg(long, value_name = "RATIO")]
    pub oversubscription: Option<String>,
    /// Parameter count, for the DP gradients, e.g. 405B
    #[arg(long, value_name = "N")]
    pub params: Option<String>,
    /// b, for TP and PP traffic
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
    /// L: transformer layers (default 1)
    #[arg(long, value_name = "L")]
    pub layers: Option<String>,
    /// m: micro-batches per step (default 1)
    #[arg(long, value_name = "M")]
    pub micro_batches: Option<String>,
    /// Each GPU's NIC, a preset id, e.g. eth-400g
    #[arg(long, value_name = "ID")]
    pub link: Option<String>,
    /// A per-direction rate instead of a preset
    #[arg(long, value_name = "RATE")]
    pub bw: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

fn io(e: &std::io::Error) -> CalcError {
    CalcError::output(e)
}

fn lines(out: Out<'_>, lines: &[(&str, Option<String>)]) -> Result<(), CalcError> {
    for (label, value) in lines {
        if let Some(value) = value {
            writeln!(out, "{label:<12} {value}").map_err(|e| io(&e))?;
        }
    }
    Ok(())
}

pub(super) fn run_fabric(
    a: &FabricArgs,
    table: &HardwareTable,
    out: Out<'_>,
) -> Result<(), CalcError> {
    let fields = FabricFields {
        nodes: &a.nodes,
        nics_per_node: &a.nics_per_node,
        speed: &a.speed,
        radix: a.radix.as_deref(),
        oversubscription: a.oversubscription.as_deref(),
        rail: a.rail,
    };
    let report = calc::fabric(&FabricInput::from_fields(&fields, table)?);
    if a.json {
        write_json(out, &report)
    } else {
        render_fabric(out, &report)
    }
}

fn render_fabric(out: Out<'_>, r: &FabricReport) -> Result<(), CalcError> {
    lines(
        out,
        &[
            (
                "fabric",
                Some(format!(
                    "{} nodes × {} NICs = {} ports on {}, {}-port switches, {} tiers{}",
                    r.nodes,
                    r.nics_per_node,
                    r.endpoints,
                    r.link,
                    r.radix,
                    r.tiers,
                    if r.rail { ", rail-optimized" } else { "" }
                )),
            ),
            (
                "switches",
                Some(format!(
                    "{} leaves + {} spines + {} cores = {}",
                    r.leaves, r.spines, r.cores, r.switches
                )),
            ),
            (
                "cables",
                Some(format!("{}, {} transceivers", r.cables, r.transceivers)),
            ),
            (
                "bandwidth",
                Some(format!(
                    "{} per node, bisection {}, {} per NIC above the leaf ({}:1)",
                    format::rate_short(r.injection_bytes_per_s),
                    format::rate_short(r.bisection_bytes_per_s),
                    format::rate_short(r.above_leaf_per_nic_bytes_per_s),
                    format::sig(r.leaf_ratio, 3)
                )),
            ),
        ],
    )?;
    steps(out, &r.steps)
}

pub(super) fn run_overlap(
    a: &OverlapArgs,
    table: &HardwareTable,
    out: Out<'_>,
) -> Result<(), CalcError> {
    let fields = OverlapFields {
        compute: a.compute.as_deref(),
        compute_total: a.compute_total.as_deref(),
        comm: a.comm.as_deref(),
        comm_total: a.comm_total.as_deref(),
        bytes: a.bytes.as_deref(),
        windows: a.windows.as_deref(),
        tail: a.tail.as_deref(),
        tail_bytes: a.tail_bytes.as_deref(),
        link: a.link.as_deref(),
        bw: a.bw.as_deref(),
    };
    let report = calc::overlap(&OverlapInput::from_fields(&fields, table)?);
    if a.json {
        write_json(out, &report)
    } else {
        render_overlap(out, &report)
    }
}

fn render_overlap(out: Out<'_>, r: &OverlapReport) -> Result<(), CalcError> {
    let pair = |s: f64, e: f64| {
        format!(
            "{} spec, {} expected",
            format::duration(s),
            format::duration(e)
        )
    };
    lines(
        out,
        &[
            (
                "exposed",
                Some(format!(
                    "{} ({} of the communication hidden)",
                    pair(r.exposed_seconds, r.expected_exposed_seconds),
                    format::percent(r.hidden_fraction)
                )),
            ),
            (
                "step",
                Some(format!(
                    "{} (compute {}, without overlap {})",
                    pair(r.step_seconds, r.expected_step_seconds),
                    format::duration(r.compute_seconds),
                    format::duration(r.serial_step_seconds)
                )),
            ),
            (
                "windows",
                Some(format!(
                    "{} × (c = {}, m = {}), tail {}",
                    r.windows,
                    format::duration(r.compute_per_window_seconds),
                    format::duration(r.comm_per_window_seconds),
                    format::duration(r.tail_seconds)
                )),
            ),
        ],
    )?;
    steps(out, &r.steps)
}

pub(super) fn run_layout(
    a: &LayoutArgs,
    table: &HardwareTable,
    out: Out<'_>,
) -> Result<(), CalcError> {
    let fields = LayoutFields {
        gpus: &a.gpus,
        tp: &a.tp,
        cp: a.cp.as_deref(),
        pp: a.pp.as_deref(),
        dp: a.dp.as_deref(),
        gpus_per_node: a.gpus_per_node.as_deref(),
        pod_size: a.pod_size.as_deref(),
        oversubscription: a.oversubscription.as_deref(),
        params: a.params.as_deref(),
        micro_batch: a.micro_batch.as_deref(),
        seq: a.seq.as_deref(),
        hidden: a.hidden.as_deref(),
        bytes: a.bytes.as_deref(),
        layers: a.layers.as_deref(),
        micro_batches: a.micro_batches.as_deref(),
        link: a.link.as_deref(),
        bw: a.bw.as_deref(),
    };
    let report = calc::layout(&LayoutInput::from_fields(&fields, table)?);
    if a.json {
        write_json(out, &report)
    } else {
        render_layout(out, &report)
    }
}

fn render_layout(out: Out<'_>, r: &LayoutReport) -> Result<(), CalcError> {
    writeln!(
        out,
        "layout       TP {} × CP {} × PP {} × DP {} = {} GPUs on {} nodes of {}",
        r.tp, r.cp, r.pp, r.dp, r.gpus, r.nodes, r.gpus_per_node
    )
    .map_err(|e| io(&e))?;
    for p in &r.placements {
        writeln!(
            out,
            "{:<12} size {}, stride {}, {} node(s), {}{}",
            p.dim.to_uppercase(),
            p.size,
            p.stride,
            p.nodes_spanned,
            p.tier,
            if p.same_rail { ", one rail" } else { "" }
        )
        .map_err(|e| io(&e))?;
    }
    let b = |v: Option<f64>| v.map(|b| format!("{} per GPU per step", format::bytes_short(b)));
    lines(
        out,
        &[
            ("TP traffic", b(r.tp_bytes_per_step)),
            ("PP traffic", b(r.pp_bytes_per_step)),
            ("DP traffic", b(r.dp_bytes_per_step)),
            (
                "DP time",
                r.dp_seconds.zip(r.expected_dp_seconds).map(|(s, e)| {
                    format!(
                        "{} spec, {} expected",
                        format::duration(s),
                        format::duration(e)
                    )
                }),
            ),
        ],
    )?;
    steps(out, &r.steps)
}
