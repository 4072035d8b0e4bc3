//! Parallelism layout: where the TP, CP, PP and DP groups of a job land on nodes and pods, and
//! what each tier carries per step.
//!
//! Ranks are numbered in the order [TP, CP, PP, DP], TP fastest (Megatron-LM; Llama 3 405B,
//! Grattafiori et al. 2024, arXiv:2407.21783): rank = tp + T·(cp + C·(pp + P·dp)). A group of
//! size g and stride s stays inside a node when s·g fits in it, and its peers share a local GPU
//! index (one rail) when the stride is a whole number of nodes. Traffic reuses the tensor-
//! parallel model (4 all-reduces of b·s·h per layer), the pipeline's point-to-point message and a
//! ring reduce-scatter of the gradients for DP, costed with the collective model.

use serde::Serialize;

use crate::bi;
use crate::calc::Form;
use crate::calc::activation::Activation;
use crate::calc::collective::{self, Algorithm, CollectiveInput, Op};
use crate::calc::group::{self, Group};
use crate::calc::link::{LinkSpec, link_or_bw};
use crate::calc::tp::{TpInput, tp};
use crate::calc::{CalcError, HardwareTable, fabric, units};
use crate::text::Bi;

/// How a job's GPUs split into the four parallel dimensions, on nodes of `gpus_per_node`: what
/// the layout is given and what its report repeats (flattened, so the JSON keeps flat names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Grid {
    pub gpus: usize,
    pub tp: usize,
    pub cp: usize,
    pub pp: usize,
    pub dp: usize,
    pub gpus_per_node: usize,
}

/// A parsed, checked layout.
#[derive(Debug, Clone, PartialEq)]
pub struct LayoutInput {
    pub grid: Grid,
    pub pod_size: Option<usize>,
    pub oversubscription: f64,
    pub params: Option<f64>,
    pub activation: Option<Activation>,
    pub layers: usize,
    pub micro_batches: usize,
    pub link: Option<LinkSpec>,
}

impl LayoutInput {
    /// Parses and checks the fields; errors name the bad value and the fix.
    pub fn from_form(f: &Form, table: &HardwareTable) -> Result<Self, CalcError> {
        let gpus = units::parse_count("GPUs", f.text("gpus"), 1)?;
        let tp = units::parse_count("TP", f.text("tp"), 1)?;
        let (cp, pp) = (f.count_or("cp", "CP", 1)?, f.count_or("pp", "PP", 1)?);
        let model = tp * cp * pp;
        let dp = match f.get("dp") {
            Some(d) => units::parse_count("DP", d, 1)?,
            None if gpus % model == 0 => gpus / model,
            None => {
                return Err(CalcError::invalid(bi!(
                    "GPUs '{gpus}' is not a multiple of TP × CP × PP = {tp} × {cp} × {pp} = {model}: pick sizes whose product divides the GPUs",
                    "GPU 数 '{gpus}' 不是 TP × CP × PP = {tp} × {cp} × {pp} = {model} 的倍数：请选乘积能整除 GPU 数的大小"
                )));
            }
        };
        if model * dp != gpus {
            return Err(CalcError::invalid(bi!(
                "TP × CP × PP × DP = {tp} × {cp} × {pp} × {dp} = {all} but GPUs is '{gpus}': the product must equal the GPUs",
                "TP × CP × PP × DP = {tp} × {cp} × {pp} × {dp} = {all}，而 GPU 数是 '{gpus}'：乘积必须等于 GPU 数",
                all = model * dp
            )));
        }
        let gpus_per_node = f.count_or("gpus-per-node", "GPUs per node", 8)?;
        if tp > gpus_per_node {
            return Err(CalcError::invalid(bi!(
                "TP '{tp}' exceeds the {gpus_per_node}-GPU NVLink domain (--gpus-per-node): its 4 blocking all-reduces per layer would cross the network at about a ninth of NVLink's bandwidth (50 vs 450 GB/s per H100); keep TP ≤ {gpus_per_node}, or give --gpus-per-node 72 for an NVL72",
                "TP '{tp}' 超出了 {gpus_per_node} 个 GPU 的 NVLink domain（--gpus-per-node）：它每层 4 次阻塞的 all-reduce 会走网络，带宽约为 NVLink 的九分之一（每张 H100 50 对 450 GB/s）；请保持 TP ≤ {gpus_per_node}，NVL72 则给 --gpus-per-node 72"
            )));
        }
        if gpus_per_node % tp != 0 {
            return Err(CalcError::invalid(bi!(
                "TP '{tp}' does not divide the {gpus_per_node} GPUs of a node: some TP groups would straddle two nodes; use a divisor of {gpus_per_node}",
                "TP '{tp}' 不能整除一个节点的 {gpus_per_node} 个 GPU：有些 TP 组会跨两个节点；请用 {gpus_per_node} 的约数"
            )));
        }
        if gpus > gpus_per_node && gpus % gpus_per_node != 0 {
            return Err(not_whole_nodes("GPUs", "GPU 数", gpus, gpus_per_node));
        }
        let pod_size = f.parse("pod-size", |p| units::parse_count("pod size", p, 1))?;
        if let Some(pod) = pod_size
            && pod % gpus_per_node != 0
        {
            return Err(not_whole_nodes("pod size", "pod 大小", pod, gpus_per_node));
        }
        let activation = match (f.get("micro-batch"), f.get("seq"), f.get("hidden")) {
            (Some(b), Some(s), Some(h)) => Some(Activation::parse(b, s, h, f.get("bytes"))?),
            (None, None, None) => None,
            _ => {
                return Err(CalcError::invalid(bi!(
                    "TP and PP traffic need --micro-batch, --seq and --hidden together",
                    "TP 和 PP 通信量需要同时给 --micro-batch、--seq 和 --hidden"
                )));
            }
        };
        Ok(LayoutInput {
            grid: Grid {
                gpus,
                tp,
                cp,
                pp,
                dp,
                gpus_per_node,
            },
            pod_size,
            oversubscription: f
                .get("oversubscription")
                .map_or(Ok(1.0), fabric::parse_oversubscription)?,
            params: f.parse("params", units::parse_params)?,
            activation,
            layers: f.count_or("layers", "layers", 1)?,
            micro_batches: f.count_or("micro-batches", "micro-batches", 1)?,
            link: link_or_bw(f.get("link"), f.get("bw"), table)?,
        })
    }
}

/// A count (`what` in English and Chinese) that must be whole nodes and is not.
fn not_whole_nodes(en: &str, zh: &str, count: usize, gpus_per_node: usize) -> CalcError {
    CalcError::invalid(bi!(
        "{en} '{count}' is not a whole number of {gpus_per_node}-GPU nodes",
        "{zh} '{count}' 不是整数个 {gpus_per_node}-GPU 节点"
    ))
}

/// Where one dimension's groups land.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Placement {
    /// `tp`, `cp`, `pp` or `dp`.
    pub dim: &'static str,
    pub size: usize,
    /// Rank distance between neighbours of a group.
    pub stride: usize,
    pub nodes_spanned: usize,
    /// Pods one group touches; `null` without a pod size.
    pub pods_spanned: Option<usize>,
    /// All members have the same local GPU index: on a rail-optimized fabric, one rail.
    pub same_rail: bool,
    /// `nvlink`, `one node`, `pod` (network inside one pod), `network` or `cross-pod`.
    pub tier: &'static str,
}

/// The result (JSON shape in the README). Bytes are per GPU per step.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LayoutReport {
    #[serde(flatten)]
    pub grid: Grid,
    pub nodes: usize,
    /// TP × CP × PP.
    pub replica_gpus: usize,
    pub replica_nodes: usize,
    /// `None` without `--pod-size`.
    #[serde(flatten, serialize_with = "group::flat")]
    pub pod: Option<Pods>,
    pub placements: Vec<Placement>,
    pub tp_bytes_per_step: Option<f64>,
    pub pp_bytes_per_step: Option<f64>,
    /// Params / (TP × PP) × 2 B: bf16 gradients each GPU holds.
    pub gradient_bytes: Option<f64>,
    /// (DP-1)/DP × gradients: what a ring reduce-scatter sends.
    pub dp_bytes_per_step: Option<f64>,
    pub link: Option<String>,
    pub dp_seconds: Option<f64>,
    pub expected_dp_seconds: Option<f64>,
    /// The DP bandwidth term if every byte met the oversubscribed layer at full load.
    pub dp_oversubscribed_seconds: Option<f64>,
    /// DP groups with members in one pod: with pod-ordered rings, one edge each leaves the pod.
    pub dp_edges_leaving_pod: Option<usize>,
    pub pod_egress_bytes_per_s: Option<f64>,
    pub pod_uplink_bytes_per_s: Option<f64>,
    pub steps: Vec<Bi>,
}

/// How the job and one replica divide into pods.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Pods {
    pub pod_size: usize,
    /// GPUs / pod size (a fraction when the last pod is partly filled).
    pub pods: f64,
    pub replicas_per_pod: f64,
}

impl Group for Pods {
    const FIELDS: &'static [&'static str] = &["pod_size", "pods", "replicas_per_pod"];
}

fn place(input: &LayoutInput, dim: &'static str, size: usize, stride: usize) -> Placement {
    let g = input.grid.gpus_per_node;
    let ranks = (0..size).map(|i| i * stride);
    let distinct = |unit: usize| {
        let mut last = None;
        ranks
            .clone()
            .filter(|r| {
                let key = Some(r / unit);
                let new = key != last;
                last = key;
                new
            })
            .count()
    };
    let nodes_spanned = distinct(g);
    let pods_spanned = input.pod_size.map(distinct);
    let same_rail = size > 1 && stride.is_multiple_of(g);
    let tier = match (nodes_spanned, pods_spanned) {
        (1, _) if size == 1 => "one GPU",
        (1, _) => "nvlink",
        (_, Some(1)) => "pod",
        (_, Some(_)) => "cross-pod",
        (_, None) => "network",
    };
    Placement {
        dim,
        size,
        stride,
        nodes_spanned,
        pods_spanned,
        same_rail,
        tier,
    }
}

/// Placement of every group and the traffic each tier carries.
pub fn layout(input: &LayoutInput) -> LayoutReport {
    let grid = input.grid;
    let (t, c, p, d) = (grid.tp, grid.cp, grid.pp, grid.dp);
    let replica = t * c * p;
    let placements = vec![
        place(input, "tp", t, 1),
        place(input, "cp", c, t),
        place(input, "pp", p, t * c),
        place(input, "dp", d, replica),
    ];
    let shard = input.activation.map(|a| Activation {
        seq: a.seq.div_ceil(c),
        ..a
    });
    let tp_bytes = shard.filter(|_| t > 1).map(|activation| {
        tp(&TpInput {
            activation,
            tp: t,
            layers: input.layers.div_ceil(p),
            micro_batches: input.micro_batches,
            sequence_parallel: false,
            link: None,
        })
        .step_bytes
    });
    let pp_bytes = shard
        .filter(|_| p > 1)
        .map(|a| 2.0 * input.micro_batches as f64 * a.bytes());
    let gradients = input.params.map(|n| n / (t * p) as f64 * 2.0);
    let dp_bytes = gradients
        .filter(|_| d > 1)
        .map(|g| g * (d - 1) as f64 / d as f64);
    let dp_times = gradients
        .zip(input.link.as_ref())
        .filter(|_| d > 1)
        .map(|(g, link)| {
            let rs = CollectiveInput {
                op: Op::ReduceScatter,
                size_bytes: g,
                ranks: d,
                gpus_per_node: 1,
                nics_per_node: 1,
                intra: None,
                inter: Some(link.clone()),
                algorithm: Algorithm::Ring,
                latency: None,
            };
            collective::times(&rs, Algorithm::Ring)
        });
    let pod = input.pod_size;
    let dp_place = &placements[3];
    let members_per_pod = pod.map(|pod| (pod / replica.max(1)).clamp(1, d));
    let edges = pod
        .zip(members_per_pod)
        .filter(|_| dp_place.pods_spanned.is_some_and(|n| n > 1))
        .map(|(pod, m)| pod / m);
    let nic = input.link.as_ref().map(|l| l.bandwidth);
    let mut report = LayoutReport {
        grid,
        nodes: grid.gpus.div_ceil(grid.gpus_per_node),
        replica_gpus: replica,
        replica_nodes: replica.div_ceil(grid.gpus_per_node),
        pod: pod.map(|s| Pods {
            pod_size: s,
            pods: grid.gpus as f64 / s as f64,
            replicas_per_pod: s as f64 / replica as f64,
        }),
        placements,
        tp_bytes_per_step: tp_bytes,
        pp_bytes_per_step: pp_bytes,
        gradient_bytes: gradients,
        dp_bytes_per_step: dp_bytes,
        link: input.link.as_ref().map(|l| l.label.clone()),
        dp_seconds: dp_times.map(|t| t.0),
        expected_dp_seconds: dp_times.map(|t| t.1),
        dp_oversubscribed_seconds: dp_bytes
            .zip(nic)
            .filter(|_| pod.is_some() && input.oversubscription > 1.0)
            .map(|(b, nic)| b * input.oversubscription / nic),
        dp_edges_leaving_pod: edges,
        pod_egress_bytes_per_s: edges.zip(nic).map(|(e, b)| e as f64 * b),
        pod_uplink_bytes_per_s: pod
            .zip(nic)
            .map(|(s, b)| s as f64 * b / input.oversubscription),
        steps: Vec::new(),
    };
    report.steps = steps::explain(input, &report);
    report
}

mod steps;

pub(crate) use steps::tier_name;

#[cfg(test)]
mod tests;
