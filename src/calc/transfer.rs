//! Point-to-point transfer time: t = latency + size / (bandwidth x efficiency).

use serde::Serialize;

use crate::calc::Form;
use crate::calc::link::{LinkSpec, Role};
use crate::calc::{CalcError, HardwareTable, format, units};
use crate::text::Bi;

/// A preset as a copy between two endpoints uses it: the copy efficiency, and in a full mesh
/// only the one link between the pair.
fn copy_spec(preset: &crate::calc::LinkPreset) -> LinkSpec {
    let mut spec = LinkSpec::from_preset(preset).for_role(Role::Copy);
    if let Some((peer, peers)) = spec.mesh {
        spec.bandwidth = peer;
        spec.bidirectional = Some(2.0 * peer);
        spec.read_bandwidth = peer;
        spec.efficiency_source = format!(
            "{}; a copy between two GPUs of this {peers}-peer mesh uses one link",
            spec.efficiency_source
        );
    }
    spec
}

/// A parsed transfer calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct TransferInput {
    pub size_bytes: f64,
    pub links: Vec<LinkSpec>,
}

impl TransferInput {
    /// Parses and checks the fields; errors name the bad field value.
    pub fn from_form(fields: &Form, table: &HardwareTable) -> Result<Self, CalcError> {
        let size_bytes = units::parse_size(fields.text("size"))?;
        let mut links = fields
            .text("links")
            .split_whitespace()
            .map(|id| table.require(id).map(copy_spec))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(rate) = fields.get("bandwidth") {
            links.push(LinkSpec::custom(units::parse_rate(rate)?));
        }
        if links.is_empty() {
            return Err(CalcError::invalid(Bi::new(
                "no link given: add --link ID (e.g. '--link ib-hdr', see `infraprep links`) or --bandwidth RATE (e.g. '25 GB/s')",
                "没有给出链路：请加 --link ID（如 '--link ib-hdr'，见 `infraprep links`）或 --bandwidth RATE（如 '25 GB/s'）",
            )));
        }
        let latency = fields
            .get("latency")
            .map(units::parse_latency)
            .transpose()?;
        let efficiency = fields
            .get("efficiency")
            .map(units::parse_efficiency)
            .transpose()?;
        for link in &mut links {
            if let Some(latency) = latency {
                link.latency = latency;
            }
            if let Some(efficiency) = efficiency {
                link.override_efficiency(efficiency, "given with --efficiency");
            }
        }
        Ok(TransferInput { size_bytes, links })
    }
}

/// The result for all links (JSON shape documented in docs/calculators.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TransferReport {
    pub size_bytes: f64,
    pub results: Vec<TransferRow>,
}

/// The result for one link.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TransferRow {
    pub link: String,
    pub bandwidth_bytes_per_s: f64,
    pub bidirectional_bytes_per_s: Option<f64>,
    pub latency_s: f64,
    pub efficiency: f64,
    pub seconds: f64,
    pub expected_seconds: f64,
    /// This row's spec time divided by the fastest row's spec time (1 for the fastest).
    pub ratio_to_fastest: f64,
    pub steps: Vec<Bi>,
}

/// Spec and expected time of `size` over each link.
pub fn transfer(input: &TransferInput) -> TransferReport {
    let size = input.size_bytes;
    let mut results: Vec<TransferRow> = input.links.iter().map(|link| row(size, link)).collect();
    let fastest = results
        .iter()
        .min_by(|a, b| a.seconds.total_cmp(&b.seconds))
        .map(|r| (r.seconds, r.link.clone()));
    if let Some((best, best_link)) = fastest {
        for row in &mut results {
            row.ratio_to_fastest = row.seconds / best;
            if input.links.len() > 1 {
                row.steps.push(crate::bi!(
                    "ratio to the fastest ({best_link}): {t} / {best} = {ratio}×",
                    "与最快链路（{best_link}）之比：{t} / {best} = {ratio}×",
                    best_link = &best_link,
                    t = format::duration(row.seconds),
                    best = format::duration(best),
                    ratio = format::sig(row.ratio_to_fastest, 3)
                ));
            }
        }
    }
    TransferReport {
        size_bytes: size,
        results,
    }
}

fn row(size: f64, link: &LinkSpec) -> TransferRow {
    let seconds = link.latency + size / link.bandwidth;
    let expected_bw = link.expected_bandwidth();
    let expected_seconds = link.latency + size / expected_bw;
    let alpha = format::duration(link.latency);
    let bw = format::rate_short(link.bandwidth);
    let steps = vec![
        link.describe_bi(),
        crate::bi!(
            "spec: t = α + S / B = {alpha} + {s} / {bw} = {t}",
            "规格：t = α + S / B = {alpha} + {s} / {bw} = {t}",
            s = format::bytes(size),
            t = format::duration(seconds)
        ),
        crate::bi!(
            "expected: t = α + S / (B × e) = {alpha} + {s} / ({bw} × {e} = {be}) = {t}",
            "预期：t = α + S / (B × e) = {alpha} + {s} / ({bw} × {e} = {be}) = {t}",
            s = format::bytes_short(size),
            e = format::sig(link.efficiency, 3),
            be = format::rate_short(expected_bw),
            t = format::duration(expected_seconds)
        ),
    ];
    TransferRow {
        link: link.label.clone(),
        bandwidth_bytes_per_s: link.bandwidth,
        bidirectional_bytes_per_s: link.bidirectional,
        latency_s: link.latency,
        efficiency: link.efficiency,
        seconds,
        expected_seconds,
        ratio_to_fastest: 1.0,
        steps,
    }
}

#[cfg(test)]
mod tests;
