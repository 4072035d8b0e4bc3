//! Fat-tree fabric sizing: leaf, spine and core switches, cables and bandwidth for N nodes with K
//! NICs each, built from radix-R switches with an oversubscription ratio at the leaf.
//!
//! A leaf gives d ports to nodes and u ports to the spines, with d:u the oversubscription (32:32
//! of a 64-port switch is non-blocking). Leaves come from the port count (K NICs of a node on one
//! leaf) or, rail-optimized, one leaf per rail per group of d nodes, so NIC k of every node in
//! the group reaches the others through leaf k in one hop. Two tiers hold up to R leaves
//! (R·d endpoints, R²/2 non-blocking); beyond that spines split their ports half down, half up to
//! a core tier. These rules give every row of NVIDIA's DGX B200 `SuperPOD` table (radix 64,
//! 8 NICs per node, rail-optimized).

mod steps;

use serde::Serialize;

use crate::bi;
use crate::calc::Form;
use crate::calc::link::{LinkSpec, link_or_rate};
use crate::calc::{CalcError, HardwareTable, units};
use crate::text::Bi;

/// Switch ports when none is given: a 64-port switch such as Quantum-2 QM9700.
pub const DEFAULT_RADIX: usize = 64;

/// The rows of NVIDIA's DGX B200 `SuperPOD` table: (SUs, nodes, leaves, spines, cores).
pub const SUPERPOD_B200: [(usize, usize, usize, usize, usize); 5] = [
    (2, 64, 16, 8, 0),
    (4, 128, 32, 16, 0),
    (8, 256, 64, 32, 0),
    (16, 512, 128, 128, 64),
    (64, 2048, 512, 512, 256),
];

/// A parsed, checked fabric calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct FabricInput {
    pub nodes: usize,
    pub nics_per_node: usize,
    pub link: LinkSpec,
    pub radix: usize,
    pub oversubscription: f64,
    pub rail: bool,
}

/// Reads `7`, `7:1` or `1:7` as 7; at least 1.
pub fn parse_oversubscription(text: &str) -> Result<f64, CalcError> {
    let input = text.trim();
    let bad = || {
        CalcError::range(
            "oversubscription",
            input,
            bi!(
                "is not a ratio of at least 1: write e.g. '1' (non-blocking), '3', '7:1' or '1:7'",
                "不是至少为 1 的比值：请写如 '1'（无阻塞）、'3'、'7:1' 或 '1:7'"
            ),
        )
    };
    let number = |t: &str| {
        t.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v > 0.0)
    };
    let ratio = match input.split_once(':') {
        Some((a, b)) => {
            let (a, b) = (number(a).ok_or_else(bad)?, number(b).ok_or_else(bad)?);
            a.max(b) / a.min(b)
        }
        None => number(input).ok_or_else(bad)?,
    };
    if !(1.0..=64.0).contains(&ratio) {
        return Err(bad());
    }
    Ok(ratio)
}

impl FabricInput {
    /// Parses and checks the fields; errors name the bad value and the fix.
    pub fn from_form(f: &Form, table: &HardwareTable) -> Result<Self, CalcError> {
        let input = FabricInput {
            nodes: units::parse_count("nodes", f.text("nodes"), 1)?,
            nics_per_node: units::parse_count("NICs per node", f.text("nics-per-node"), 1)?,
            link: link_or_rate(f.text("speed"), table)?,
            radix: f.get("radix").map_or(Ok(DEFAULT_RADIX), |r| {
                units::parse_count("switch radix", r, 4)
            })?,
            oversubscription: f
                .get("oversubscription")
                .map_or(Ok(1.0), parse_oversubscription)?,
            rail: f.flag("rail")?,
        };
        if input.radix > 1024 {
            return Err(CalcError::range(
                "switch radix",
                input.radix.to_string(),
                bi!(
                    "is more ports than any switch has: the largest are 144 (NVLink) to 512",
                    "比任何交换机的端口都多：最大的是 144（NVLink）到 512"
                ),
            ));
        }
        if !input.rail && input.nics_per_node > input.down_ports() {
            return Err(CalcError::invalid(bi!(
                "{k} NICs per node do not fit on one leaf with {d} node ports: add --rail (one leaf per rail), a larger --radix or less oversubscription",
                "每节点 {k} 张网卡放不进只有 {d} 个下行端口的一台 leaf：加 --rail（每个 rail 一台 leaf）、更大的 --radix 或更小的收敛比",
                k = input.nics_per_node,
                d = input.down_ports()
            )));
        }
        let (leaves, radix) = (input.leaves(), input.radix);
        if leaves > radix * radix / 2 {
            return Err(CalcError::invalid(bi!(
                "{n} nodes × {k} NICs need {leaves} leaves: more than a three-tier fat tree of {radix}-port switches holds ({most}); use a larger --radix or split the cluster into planes",
                "{n} 个节点 × {k} 张网卡需要 {leaves} 台 leaf：超过 {radix} 端口交换机的三层胖树所能容纳的（{most}）；请用更大的 --radix 或把集群拆成多个 plane",
                n = input.nodes,
                k = input.nics_per_node,
                most = radix * radix / 2
            )));
        }
        Ok(input)
    }

    /// d: leaf ports facing nodes, floor(R·o/(o+1)): the most with d·(o+1) ≤ R·o.
    pub fn down_ports(&self) -> usize {
        let (r, o) = (self.radix as f64, self.oversubscription);
        // R ≥ 4 and o ≥ 1, so the answer is between R/2 and R - 1.
        (1..self.radix)
            .rev()
            .find(|&d| d as f64 * (o + 1.0) <= r * o)
            .unwrap_or(1)
    }

    /// u: leaf ports facing the spines, ceil(d/o), so d:u never exceeds the ratio asked for.
    pub fn up_ports(&self) -> usize {
        let d = self.down_ports();
        let free = self.radix - d;
        (1..=free)
            .find(|&u| u as f64 * self.oversubscription >= d as f64)
            .unwrap_or(free)
    }

    /// Nodes behind one leaf without rails: floor(d / K).
    fn nodes_per_leaf(&self) -> usize {
        (self.down_ports() / self.nics_per_node).max(1)
    }

    /// Leaf switches: K per rail group of d nodes, or nodes / (nodes per leaf).
    pub fn leaves(&self) -> usize {
        if self.rail {
            self.nodes.div_ceil(self.down_ports()) * self.nics_per_node
        } else {
            self.nodes.div_ceil(self.nodes_per_leaf())
        }
    }
}

/// The result (JSON shape in the README). Bandwidths are per direction, bytes per second.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FabricReport {
    pub nodes: usize,
    pub nics_per_node: usize,
    pub endpoints: usize,
    pub radix: usize,
    pub rail: bool,
    pub link: String,
    pub port_bytes_per_s: f64,
    /// The ratio asked for.
    pub oversubscription: f64,
    /// d:u as built, down / up.
    pub leaf_ratio: f64,
    pub leaf_down_ports: usize,
    pub leaf_up_ports: usize,
    #[serde(flatten)]
    pub switches: Switches,
    /// Rail groups (rail-optimized) or nodes per leaf (not), for the steps.
    pub rail_groups: Option<usize>,
    pub nodes_per_leaf: Option<usize>,
    #[serde(flatten)]
    pub cables: Cables,
    /// K × port speed.
    pub injection_bytes_per_s: f64,
    /// min(endpoints, leaf uplinks) × speed / 2.
    pub bisection_bytes_per_s: f64,
    /// Per NIC, when every NIC sends through the spine at once: speed × u / d.
    pub above_leaf_per_nic_bytes_per_s: f64,
    pub steps: Vec<Bi>,
}

/// The switches of each tier and their total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Switches {
    /// 2 or 3.
    pub tiers: usize,
    pub leaves: usize,
    pub spines: usize,
    /// 0 with two tiers.
    pub cores: usize,
    #[serde(rename = "switches")]
    pub total: usize,
}

/// The cables of each tier, their total and the transceivers at their ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cables {
    pub node_leaf_cables: usize,
    pub leaf_spine_cables: usize,
    /// 0 with two tiers.
    pub spine_core_cables: usize,
    #[serde(rename = "cables")]
    pub total: usize,
    /// Two per cable, one at each end.
    pub transceivers: usize,
}

impl Cables {
    fn new(node_leaf: usize, leaf_spine: usize, spine_core: usize) -> Self {
        let total = node_leaf + leaf_spine + spine_core;
        Cables {
            node_leaf_cables: node_leaf,
            leaf_spine_cables: leaf_spine,
            spine_core_cables: spine_core,
            total,
            transceivers: 2 * total,
        }
    }
}

/// Switch, cable and bandwidth counts of the fat tree.
pub fn fabric(input: &FabricInput) -> FabricReport {
    let (r, d, u) = (input.radix, input.down_ports(), input.up_ports());
    let endpoints = input.nodes * input.nics_per_node;
    let leaves = input.leaves();
    let uplinks = leaves * u;
    let tiers = if leaves <= r { 2 } else { 3 };
    let (spines, cores, spine_core) = if tiers == 2 {
        (uplinks.div_ceil(r), 0, 0)
    } else {
        let spines = uplinks.div_ceil(r / 2);
        let up = spines * (r / 2);
        (spines, up.div_ceil(r), up)
    };
    let b = input.link.bandwidth;
    let share = (u as f64 / d as f64).min(1.0);
    let mut report = FabricReport {
        nodes: input.nodes,
        nics_per_node: input.nics_per_node,
        endpoints,
        radix: r,
        rail: input.rail,
        link: input.link.label.clone(),
        port_bytes_per_s: b,
        oversubscription: input.oversubscription,
        leaf_ratio: d as f64 / u as f64,
        leaf_down_ports: d,
        leaf_up_ports: u,
        switches: Switches {
            tiers,
            leaves,
            spines,
            cores,
            total: leaves + spines + cores,
        },
        rail_groups: input.rail.then(|| input.nodes.div_ceil(d)),
        nodes_per_leaf: (!input.rail).then(|| input.nodes_per_leaf()),
        cables: Cables::new(endpoints, uplinks, spine_core),
        injection_bytes_per_s: input.nics_per_node as f64 * b,
        bisection_bytes_per_s: endpoints.min(uplinks) as f64 * b / 2.0,
        above_leaf_per_nic_bytes_per_s: b * share,
        steps: Vec::new(),
    };
    report.steps = steps::explain(input, &report);
    report
}

#[cfg(test)]
mod tests;
