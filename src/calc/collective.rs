//! Collective cost: time, algbw and busbw of NCCL-style collectives, spec and expected.
//!
//! Sizes follow nccl-tests' size column (see [`Op::size_meaning`]); algbw = S / t and
//! busbw = algbw x [`Op::busbw_factor`], exactly as nccl-tests reports them.

mod model;
mod nccl;
mod nvls;
mod op;
mod pairwise;
mod steps;

use serde::Serialize;

pub use op::{Algorithm, Op};

use crate::calc::Form;
use crate::calc::link::{LinkSpec, Role, link_or_rate, with_efficiency};
use crate::calc::{CalcError, HardwareTable, format, units};
use crate::text::Bi;
use model::Rates;

/// A parsed, checked collective calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct CollectiveInput {
    pub op: Op,
    pub size_bytes: f64,
    pub ranks: usize,
    pub gpus_per_node: usize,
    pub nics_per_node: usize,
    /// Intra-node link (absent with one GPU per node).
    pub intra: Option<LinkSpec>,
    /// Inter-node link, per NIC (absent on one node).
    pub inter: Option<LinkSpec>,
    pub algorithm: Algorithm,
    /// Overrides every per-step latency.
    pub latency: Option<f64>,
}

fn pick_link(
    what: &str,
    id: Option<&str>,
    rate: Option<&str>,
    efficiency: Option<&str>,
    table: &HardwareTable,
) -> Result<Option<LinkSpec>, CalcError> {
    let link = match (id, rate) {
        (Some(_), Some(_)) => Err(CalcError::invalid(crate::bi!(
            "give --{what} or --{what}-bw, not both",
            "--{what} 和 --{what}-bw 只能给一个"
        ))),
        (Some(id), None) => table.require(id).map(|p| Some(LinkSpec::from_preset(p))),
        (None, Some(rate)) => link_or_rate(rate, table).map(Some),
        (None, None) => Ok(None),
    }?;
    let link = with_efficiency(link, &format!("{what}-efficiency"), efficiency, |e| {
        crate::bi!(
            "--{what}-efficiency '{e}' needs a link: add --{what} or --{what}-bw",
            "--{what}-efficiency '{e}' 需要一条链路：请加 --{what} 或 --{what}-bw"
        )
    })?;
    Ok(link.map(|l| l.for_role(Role::Collective)))
}

/// The number of ranks of a collective: a whole number, at least 2.
pub(crate) fn parse_ranks(text: &str) -> Result<usize, CalcError> {
    units::parse_count("ranks", text, 2).map_err(|e| {
        if text.trim().parse::<usize>().is_ok_and(|r| r < 2) {
            CalcError::invalid(format::wrap(
                &e.text(),
                "{}: a collective needs at least 2 ranks",
                "{}：集合通信至少需要 2 个 rank",
            ))
        } else {
            e
        }
    })
}

impl CollectiveInput {
    /// Parses and checks the fields; errors name the bad value and the fix.
    pub fn from_form(f: &Form, table: &HardwareTable) -> Result<Self, CalcError> {
        let op: Op = f.text("op").parse()?;
        let size_bytes = units::parse_size(f.text("size"))?;
        let ranks = parse_ranks(f.text("ranks"))?;
        let gpus_per_node = f.count_or("gpus-per-node", "--gpus-per-node", ranks)?;
        if gpus_per_node > ranks || ranks % gpus_per_node != 0 {
            return Err(CalcError::invalid(crate::bi!(
                "ranks '{ranks}' is not a whole number of nodes of --gpus-per-node '{gpus_per_node}': make ranks a multiple of it",
                "rank 数 '{ranks}' 不是 --gpus-per-node '{gpus_per_node}' 的整数倍：请让 rank 数为它的倍数"
            )));
        }
        let nics_per_node = f.get("nics-per-node").map_or(Ok(gpus_per_node), |k| {
            units::parse_count("--nics-per-node", k, 1)
        })?;
        let input = CollectiveInput {
            op,
            size_bytes,
            ranks,
            gpus_per_node,
            nics_per_node,
            intra: pick_link(
                "intra",
                f.get("intra"),
                f.get("intra-bw"),
                f.get("intra-efficiency"),
                table,
            )?,
            inter: pick_link(
                "inter",
                f.get("inter"),
                f.get("inter-bw"),
                f.get("inter-efficiency"),
                table,
            )?,
            algorithm: f.get("algo").map_or(Ok(Algorithm::Auto), str::parse)?,
            latency: f.parse("latency", units::parse_latency)?,
        };
        let mut input = input;
        // NCCL's NVLS is one node; across nodes the same in-switch reduction runs as NVLSTree.
        input.algorithm = match (input.algorithm, input.nodes() > 1) {
            (Algorithm::Nvls, true) => Algorithm::NvlsTree,
            (Algorithm::NvlsTree, false) => Algorithm::Nvls,
            (a, _) => a,
        };
        input.check()?;
        Ok(input)
    }

    fn check(&self) -> Result<(), CalcError> {
        if self.gpus_per_node > 1 && self.intra.is_none() {
            return Err(CalcError::invalid(crate::bi!(
                "{g} GPUs per node need an intra-node link: add --intra LINK (e.g. 'nvlink4') or --intra-bw RATE (e.g. '450 GB/s')",
                "每节点 {g} 个 GPU 需要节点内链路：请加 --intra LINK（如 'nvlink4'）或 --intra-bw RATE（如 '450 GB/s'）",
                g = self.gpus_per_node
            )));
        }
        if self.nodes() > 1 && self.inter.is_none() {
            return Err(CalcError::invalid(crate::bi!(
                "{n} ranks at {g} GPUs per node span {k} nodes: add --inter LINK (e.g. 'ib-ndr') or --inter-bw RATE (per NIC, e.g. '400 Gbps')",
                "{n} 个 rank、每节点 {g} 个 GPU，跨 {k} 个节点：请加 --inter LINK（如 'ib-ndr'）或 --inter-bw RATE（每块网卡，如 '400 Gbps'）",
                n = self.ranks,
                g = self.gpus_per_node,
                k = self.nodes()
            )));
        }
        let allowed = self.op.algorithms();
        if self.algorithm != Algorithm::Auto && !allowed.contains(&self.algorithm) {
            let names: Vec<String> = allowed.iter().map(ToString::to_string).collect();
            let (algo, op) = (self.algorithm, self.op);
            return Err(CalcError::invalid(Bi::new(
                format!(
                    "algorithm '{algo}' is not available for {op}: use --algo {} or auto",
                    names.join(" or ")
                ),
                format!(
                    "{op} 不支持算法 '{algo}'：请用 --algo {} 或 auto",
                    names.join(" 或 ")
                ),
            )));
        }
        if matches!(self.algorithm, Algorithm::Nvls | Algorithm::NvlsTree) && !self.nvls_capable() {
            return Err(CalcError::invalid(crate::bi!(
                "algorithm '{algo}' needs NVLink SHARP, an NVSwitch that reduces in the switch (NVLink 4 or later) and at least 2 GPUs per node: use --intra nvlink4 or nvlink5, or --algo ring or tree",
                "算法 '{algo}' 需要 NVLink SHARP（能在交换机内归约的 NVSwitch，NVLink 4 及以后）且每节点至少 2 个 GPU：请用 --intra nvlink4 或 nvlink5，或 --algo ring 或 tree",
                algo = self.algorithm
            )));
        }
        Ok(())
    }

    /// NVLS runs where NCCL enables it: all-reduce, an NVSwitch with in-switch reduction, and
    /// at least 2 GPUs per node (NCCL needs 2 NVLS channels and local peers).
    fn nvls_capable(&self) -> bool {
        self.op == Op::AllReduce
            && self.gpus_per_node > 1
            && self.intra.as_ref().is_some_and(|l| l.nvls.is_some())
    }

    /// Number of nodes: ranks / GPUs per node.
    pub fn nodes(&self) -> usize {
        self.ranks / self.gpus_per_node.max(1)
    }

    /// The algorithms `auto` chooses among: those NCCL runs here. Tree needs a reduction
    /// (all-reduce), NVLS one node and `NVLSTree` several (NCCL disables each elsewhere), and the
    /// serial hierarchical all-reduce is never NCCL's choice. An explicit `--algo` is costed too.
    pub(crate) fn candidates(&self) -> Vec<Algorithm> {
        let multi = self.nodes() > 1;
        let nvls = self.nvls_capable();
        let mut list: Vec<Algorithm> = self
            .op
            .algorithms()
            .iter()
            .copied()
            .filter(|a| match a {
                Algorithm::Hierarchical => false,
                Algorithm::Nvls => nvls && !multi,
                Algorithm::NvlsTree => nvls && multi,
                _ => true,
            })
            .collect();
        if self.algorithm != Algorithm::Auto && !list.contains(&self.algorithm) {
            list.push(self.algorithm);
        }
        list
    }
}

/// The result (JSON shape documented in docs/calculators.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CollectiveReport {
    pub op: Op,
    /// The algorithm costed (the cheapest one when `auto` was asked for).
    pub algorithm: Algorithm,
    pub requested_algorithm: Algorithm,
    pub size_bytes: f64,
    pub ranks: usize,
    pub nodes: usize,
    pub gpus_per_node: usize,
    pub nics_per_node: usize,
    pub seconds: f64,
    pub expected_seconds: f64,
    pub algbw_bytes_per_s: f64,
    pub busbw_bytes_per_s: f64,
    pub expected_algbw_bytes_per_s: f64,
    pub expected_busbw_bytes_per_s: f64,
    /// Every algorithm considered, for comparison.
    pub alternatives: Vec<Alternative>,
    pub steps: Vec<Bi>,
}

/// One algorithm's times.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Alternative {
    pub algorithm: Algorithm,
    pub seconds: f64,
    pub expected_seconds: f64,
}

/// Spec and expected (spec seconds, expected seconds) of one algorithm; cheap, for sweeps.
pub(crate) fn times(input: &CollectiveInput, algorithm: Algorithm) -> (f64, f64) {
    let quiet = |expected| Rates {
        explain: false,
        ..Rates::of(input, expected)
    };
    let spec = model::evaluate(input, algorithm, &quiet(false)).seconds;
    let expected = model::evaluate(input, algorithm, &quiet(true)).seconds;
    (spec, expected)
}

/// Costs the collective with the requested algorithm, or the cheapest one for `auto`.
pub fn collective(input: &CollectiveInput) -> CollectiveReport {
    let alternatives: Vec<Alternative> = input
        .candidates()
        .into_iter()
        .map(|algorithm| {
            let (seconds, expected_seconds) = times(input, algorithm);
            Alternative {
                algorithm,
                seconds,
                expected_seconds,
            }
        })
        .collect();
    let chosen = choose(input.algorithm, &alternatives);
    let spec = model::evaluate(input, chosen, &Rates::of(input, false));
    let expected = model::evaluate(input, chosen, &Rates::of(input, true));
    let factor = input.op.busbw_factor(input.ranks);
    let algbw = input.size_bytes / spec.seconds;
    let expected_algbw = input.size_bytes / expected.seconds;
    let mut steps = steps::setup(input);
    steps.push(spec.formula.clone());
    steps.push(format::wrap(&spec.sources, "factors: {}", "参数来源：{}"));
    steps.push(crate::bi!(
        "spec: t = {t}",
        "规格：t = {t}",
        t = &spec.worked
    ));
    steps.push(crate::bi!(
        "expected (B × efficiency): t = {t}",
        "预期（B × 效率）：t = {t}",
        t = &expected.worked
    ));
    steps.extend(steps::bandwidths(
        input,
        chosen,
        spec.seconds,
        expected.seconds,
    ));
    if input.algorithm == Algorithm::Auto && alternatives.len() > 1 {
        steps.push(steps::auto_choice(&alternatives, chosen));
    }
    CollectiveReport {
        op: input.op,
        algorithm: chosen,
        requested_algorithm: input.algorithm,
        size_bytes: input.size_bytes,
        ranks: input.ranks,
        nodes: input.nodes(),
        gpus_per_node: input.gpus_per_node,
        nics_per_node: input.nics_per_node,
        seconds: spec.seconds,
        expected_seconds: expected.seconds,
        algbw_bytes_per_s: algbw,
        busbw_bytes_per_s: algbw * factor,
        expected_algbw_bytes_per_s: expected_algbw,
        expected_busbw_bytes_per_s: expected_algbw * factor,
        alternatives,
        steps,
    }
}

/// The requested algorithm, or for `auto` the one with the least expected time.
fn choose(requested: Algorithm, alternatives: &[Alternative]) -> Algorithm {
    if requested != Algorithm::Auto {
        return requested;
    }
    alternatives
        .iter()
        .filter(|a| a.algorithm != Algorithm::Hierarchical)
        .min_by(|a, b| a.expected_seconds.total_cmp(&b.expected_seconds))
        .map_or(Algorithm::Ring, |a| a.algorithm)
}

#[cfg(test)]
mod tests;
