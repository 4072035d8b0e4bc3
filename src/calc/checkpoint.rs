//! Checkpoint size, write/read time with its bottleneck, async blocking time, and the optimal
//! interval (Young, Daly) from the job MTBF.

mod interval;
mod recipe;
mod report;

use serde::Serialize;

pub use interval::{daly_interval, job_mtbf, overhead_fraction, young_interval};
pub use recipe::Recipe;
pub use report::checkpoint;

use crate::calc::Form;
use crate::calc::group::{self, Group};
use crate::calc::ids::{Ids, enum_ids};
use crate::calc::link::{LinkSpec, Role, link_or_rate, storage_or_rate, with_efficiency};

/// GPUs per node assumed when `--nodes` is not given: an HGX/DGX server.
pub const GPUS_PER_NODE_ASSUMED: usize = 8;

/// Most GPUs one node (one host's memory) can hold: 16 in an HGX-2/DGX-2; GB200 trays hold 4.
pub const MAX_GPUS_PER_NODE: usize = 16;
use crate::calc::{CalcError, HardwareTable, units};
use crate::text::Bi;

/// A parsed checkpoint calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckpointInput {
    pub contents: Contents,
    pub path: WritePath,
    pub nodes: usize,
    /// True when `nodes` was derived from `gpus` (8 per node) rather than given.
    pub nodes_derived: bool,
    pub gpus: Option<usize>,
    /// Each GPU's link to host memory, for the async copy.
    pub pcie: LinkSpec,
    pub interval: IntervalInput,
}

/// What a checkpoint holds: N parameters at so many bytes each, by a named recipe or as typed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Contents {
    pub params: f64,
    /// `None` when `--bytes-per-param` was given instead.
    pub recipe: Option<Recipe>,
    pub bytes_per_param: f64,
}

impl Contents {
    pub fn size_bytes(&self) -> f64 {
        self.params * self.bytes_per_param
    }
}

/// The tiers a checkpoint is written through; the slowest one given is the bottleneck.
#[derive(Debug, Clone, PartialEq)]
pub struct WritePath {
    /// Shared storage, aggregate over the job.
    pub storage: Option<LinkSpec>,
    /// One node's network link; every node writes its shards in parallel.
    pub node_link: Option<LinkSpec>,
    /// One node's local NVMe; every node writes in parallel.
    pub nvme: Option<LinkSpec>,
}

impl WritePath {
    /// Each tier given, with how many of its links carry the checkpoint side by side.
    pub fn tiers(&self, nodes: usize) -> Vec<(Tier, &LinkSpec, f64)> {
        let nodes = nodes as f64;
        [
            (Tier::Storage, &self.storage, 1.0),
            (Tier::Network, &self.node_link, nodes),
            (Tier::Nvme, &self.nvme, nodes),
        ]
        .into_iter()
        .filter_map(|(tier, link, copies)| Some((tier, link.as_ref()?, copies)))
        .collect()
    }
}

enum_ids! {
    /// A tier of the write path (the `bottleneck` of the report).
    pub enum Tier {
        Storage = "storage",
        Network = "network",
        Nvme = "nvme",
    }
}

impl Tier {
    /// The tier's name in English (its id) and Chinese.
    pub fn names(self) -> (&'static str, &'static str) {
        let zh = match self {
            Tier::Storage => "存储",
            Tier::Network => "网络",
            Tier::Nvme => "NVMe",
        };
        (self.id(), zh)
    }

    pub fn name_bi(self) -> Bi {
        let (en, zh) = self.names();
        Bi::new(en, zh)
    }
}

/// What the checkpoint interval is computed from: the checkpoint cost C and the job MTBF M.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IntervalInput {
    /// C, when given rather than taken from the expected write time.
    pub checkpoint_seconds: Option<f64>,
    /// M of the whole job.
    pub mtbf_seconds: Option<f64>,
    /// M of one GPU, scaled to the job by its GPU count.
    pub gpu_mtbf_seconds: Option<f64>,
}

impl CheckpointInput {
    pub fn from_form(f: &Form, table: &HardwareTable) -> Result<Self, CalcError> {
        let (recipe, bytes_per_param) = recipe(f.get("recipe"), f.get("bytes-per-param"))?;
        if f.get("mtbf").is_some() && f.get("gpu-mtbf").is_some() {
            return Err(CalcError::invalid(Bi::new(
                "give --mtbf (whole job) or --gpu-mtbf with --gpus, not both",
                "--mtbf（整个作业）和 --gpu-mtbf（配 --gpus）只能给一个",
            )));
        }
        let gpus = f.parse("gpus", |g| units::parse_count("--gpus", g, 1))?;
        if f.get("gpu-mtbf").is_some() && gpus.is_none() {
            return Err(CalcError::invalid(Bi::new(
                "--gpu-mtbf needs --gpus N to scale to the job (job MTBF = per-GPU MTBF / N)",
                "--gpu-mtbf 需要 --gpus N 才能换算到整个作业（作业 MTBF = 单卡 MTBF / N）",
            )));
        }
        let link = |text: Option<&str>| text.map(|t| link_or_rate(t, table)).transpose();
        let storage_link = |text: Option<&str>| text.map(|t| storage_or_rate(t, table)).transpose();
        let storage = with_efficiency(
            storage_link(f.get("storage-bw"))?,
            "storage-efficiency",
            f.get("storage-efficiency"),
            |e| {
                crate::bi!(
                    "--storage-efficiency '{e}' needs --storage-bw",
                    "--storage-efficiency '{e}' 需要配合 --storage-bw"
                )
            },
        )?;
        let (nodes, nodes_derived) = nodes(f.get("nodes"), gpus)?;
        Ok(CheckpointInput {
            contents: Contents {
                params: units::parse_params(f.text("params"))?,
                recipe,
                bytes_per_param,
            },
            path: WritePath {
                storage,
                node_link: link(f.get("node-bw"))?,
                nvme: storage_link(f.get("nvme-bw"))?,
            },
            nodes,
            nodes_derived,
            gpus,
            pcie: link(f.get("pcie"))?
                .map_or_else(|| table.require("pcie5").map(LinkSpec::from_preset), Ok)?
                .for_role(Role::Copy),
            interval: IntervalInput {
                checkpoint_seconds: f.parse("checkpoint-time", units::parse_duration)?,
                mtbf_seconds: f.parse("mtbf", units::parse_duration)?,
                gpu_mtbf_seconds: f.parse("gpu-mtbf", units::parse_duration)?,
            },
        })
    }
}

/// `--nodes`, or with `--gpus` alone one node per 8 GPUs; refuses more GPUs per node than a
/// server holds, since the per-node host memory would be nonsense.
fn nodes(text: Option<&str>, gpus: Option<usize>) -> Result<(usize, bool), CalcError> {
    let Some(text) = text else {
        return Ok(gpus.map_or((1, false), |g| {
            (g.div_ceil(GPUS_PER_NODE_ASSUMED), g > GPUS_PER_NODE_ASSUMED)
        }));
    };
    let nodes = units::parse_count("--nodes", text, 1)?;
    if let Some(g) = gpus.filter(|g| g.div_ceil(nodes) > MAX_GPUS_PER_NODE) {
        return Err(CalcError::invalid(crate::bi!(
            "--gpus '{g}' on --nodes '{nodes}' puts {per} GPUs on a node; a server holds at most {MAX_GPUS_PER_NODE} (usually {GPUS_PER_NODE_ASSUMED}): give the real node count, e.g. --nodes {real}, or leave --nodes out to assume {GPUS_PER_NODE_ASSUMED} GPUs per node",
            "--gpus '{g}' 配 --nodes '{nodes}' 意味着每节点 {per} 个 GPU；一台服务器最多 {MAX_GPUS_PER_NODE} 个（通常 {GPUS_PER_NODE_ASSUMED} 个）：请给出真实节点数，如 --nodes {real}，或省略 --nodes 按每节点 {GPUS_PER_NODE_ASSUMED} 个 GPU 估算",
            per = g.div_ceil(nodes),
            real = g.div_ceil(GPUS_PER_NODE_ASSUMED)
        )));
    }
    Ok((nodes, false))
}

/// The recipe (default bf16-adam) or an explicit byte count, never both.
fn recipe(name: Option<&str>, bytes: Option<&str>) -> Result<(Option<Recipe>, f64), CalcError> {
    match (name, bytes) {
        (Some(_), Some(_)) => Err(CalcError::invalid(Bi::new(
            "give --recipe or --bytes-per-param, not both",
            "--recipe 和 --bytes-per-param 只能给一个",
        ))),
        (None, Some(b)) => Ok((None, bytes_per_param(b)?)),
        (name, None) => {
            let recipe: Recipe = name.map_or(Ok(Recipe::Bf16Adam), str::parse)?;
            Ok((Some(recipe), recipe.bytes_per_param()))
        }
    }
}

fn bytes_per_param(text: &str) -> Result<f64, CalcError> {
    let input = text.trim();
    let value: f64 = input.parse().map_err(|_| {
        CalcError::range(
            "bytes per parameter",
            input,
            Bi::new("is not a number; write e.g. '14'", "不是数字；请写如 '14'"),
        )
    })?;
    if !(value > 0.0 && value <= 64.0) {
        return Err(CalcError::range(
            "bytes per parameter",
            input,
            Bi::new("must be above 0 and at most 64", "必须大于 0 且不超过 64"),
        ));
    }
    Ok(value)
}

/// The result (JSON shape documented in docs/calculators.md). Absent figures are `null`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckpointReport {
    #[serde(flatten)]
    pub contents: Contents,
    pub size_bytes: f64,
    /// `None` when no tier of the write path is given.
    #[serde(flatten, serialize_with = "group::flat")]
    pub io: Option<IoTimes>,
    /// `None` without `--gpus`.
    #[serde(flatten, serialize_with = "group::flat")]
    pub async_copy: Option<AsyncCopy>,
    #[serde(flatten)]
    pub interval: Interval,
    pub steps: Vec<Bi>,
}

/// Write and read times through the write path, each through its slowest tier.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct IoTimes {
    pub write_seconds: f64,
    pub read_seconds: f64,
    pub expected_write_seconds: f64,
    pub expected_read_seconds: f64,
    /// The slowest tier at expected bandwidth.
    pub bottleneck: Tier,
}

impl Group for IoTimes {
    const FIELDS: &'static [&'static str] = &[
        "write_seconds",
        "read_seconds",
        "expected_write_seconds",
        "expected_read_seconds",
        "bottleneck",
    ];
}

/// An async checkpoint's cost: the device-to-host copy training waits for, and the pinned
/// host memory it needs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AsyncCopy {
    pub async_blocking_seconds: f64,
    pub expected_async_blocking_seconds: f64,
    pub host_memory_bytes_per_node: f64,
}

impl Group for AsyncCopy {
    const FIELDS: &'static [&'static str] = &[
        "async_blocking_seconds",
        "expected_async_blocking_seconds",
        "host_memory_bytes_per_node",
    ];
}

/// The checkpoint interval (Young, Daly) and what it costs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Interval {
    /// C: the checkpoint cost used for the interval.
    pub checkpoint_seconds: Option<f64>,
    pub mtbf_seconds: Option<f64>,
    pub young_interval_seconds: Option<f64>,
    pub daly_interval_seconds: Option<f64>,
    pub overhead_fraction: Option<f64>,
}

#[cfg(test)]
mod tests;
