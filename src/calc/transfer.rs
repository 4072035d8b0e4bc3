//! Point-to-point transfer time: t = latency + size / (bandwidth x efficiency).

use serde::Serialize;

use crate::calc::Form;
use crate::calc::link::{LinkSpec, Role};
use crate::calc::{CalcError, HardwareTable, format, units};

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
            return Err(CalcError::invalid(
                "no link given: add --link ID (e.g. '--link ib-hdr', see `infraprep links`) or --bandwidth RATE (e.g. '25 GB/s')",
            ));
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
    pub steps: Vec<String>,
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
                row.steps.push(format!(
                    "ratio to the fastest ({best_link}): {} / {} = {}×",
                    format::duration(row.seconds),
                    format::duration(best),
                    format::sig(row.ratio_to_fastest, 3)
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
    let steps = vec![
        link.describe(),
        format!(
            "spec: t = α + S / B = {} + {} / {} = {}",
            format::duration(link.latency),
            format::bytes(size),
            format::rate_short(link.bandwidth),
            format::duration(seconds)
        ),
        format!(
            "expected: t = α + S / (B × e) = {} + {} / ({} × {} = {}) = {}",
            format::duration(link.latency),
            format::bytes_short(size),
            format::rate_short(link.bandwidth),
            format::sig(link.efficiency, 3),
            format::rate_short(expected_bw),
            format::duration(expected_seconds)
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
