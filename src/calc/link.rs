//! A link as a calculation uses it: a preset, or a bare rate the user typed.

use crate::calc::{CalcError, HardwareTable, LinkPreset, Scope, format, units};

/// The figures a calculation needs from one link, with where they came from.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkSpec {
    /// Preset id, or `custom` for a typed rate.
    pub label: String,
    /// Per-direction bandwidth in bytes per second (spec).
    pub bandwidth: f64,
    /// Both directions added, when known; never used in a formula.
    pub bidirectional: Option<f64>,
    /// Read bandwidth (differs from `bandwidth` for storage), bytes per second.
    pub read_bandwidth: f64,
    /// Per-message (per-step) latency in seconds.
    pub latency: f64,
    /// Share of `bandwidth` reached in practice, in (0, 1].
    pub efficiency: f64,
    /// Where `efficiency` comes from.
    pub efficiency_source: String,
    /// What the bandwidth belongs to (one GPU, one port, one instance...).
    pub scope: Scope,
}

impl LinkSpec {
    /// The spec figures of a preset.
    pub fn from_preset(preset: &LinkPreset) -> LinkSpec {
        LinkSpec {
            label: preset.id.clone(),
            bandwidth: preset.bandwidth,
            bidirectional: preset.bidirectional,
            read_bandwidth: preset.read_bandwidth(),
            latency: preset.latency,
            efficiency: preset.efficiency,
            efficiency_source: preset.efficiency_source.clone(),
            scope: preset.scope,
        }
    }

    /// A typed rate: no measurement behind it, so expected equals spec unless told otherwise.
    pub fn custom(bandwidth: f64) -> LinkSpec {
        LinkSpec {
            label: "custom".to_owned(),
            bandwidth,
            bidirectional: None,
            read_bandwidth: bandwidth,
            latency: 0.0,
            efficiency: 1.0,
            efficiency_source: "no preset: efficiency 1 (expected = spec)".to_owned(),
            scope: Scope::PerDevice,
        }
    }

    /// Bandwidth reached in practice: bandwidth x efficiency.
    pub fn expected_bandwidth(&self) -> f64 {
        self.bandwidth * self.efficiency
    }

    /// One line describing the link's figures, for steps.
    pub fn describe(&self) -> String {
        let bidir = self.bidirectional.map_or(String::new(), |b| {
            format!(
                "; the bidirectional {} is both directions added and is not used",
                format::rate_short(b)
            )
        });
        format!(
            "{}: B = {} per direction{bidir}; α = {}; efficiency {} ({})",
            self.label,
            format::rate(self.bandwidth),
            format::duration(self.latency),
            format::sig(self.efficiency, 3),
            self.efficiency_source
        )
    }
}

/// Reads a link id from the table, or failing that a rate (`--storage-bw pfs-llama3` or `100 GB/s`).
pub fn link_or_rate(text: &str, table: &HardwareTable) -> Result<LinkSpec, CalcError> {
    let looks_like_id = text
        .trim()
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-')
        && text.trim().starts_with(|c: char| c.is_ascii_alphabetic());
    if looks_like_id {
        return table.require(text).map(LinkSpec::from_preset);
    }
    units::parse_rate(text).map(LinkSpec::custom)
}

/// A link given either as a preset id (`--link`) or as a typed rate (`--bw`), or neither.
pub fn link_or_bw(
    id: Option<&str>,
    bw: Option<&str>,
    table: &HardwareTable,
) -> Result<Option<LinkSpec>, CalcError> {
    match (id, bw) {
        (Some(id), Some(bw)) => Err(CalcError::invalid(format!(
            "give --link '{}' or --bw '{}', not both",
            id.trim(),
            bw.trim()
        ))),
        (Some(id), None) => table.require(id).map(|p| Some(LinkSpec::from_preset(p))),
        (None, Some(rate)) => units::parse_rate(rate).map(|b| Some(LinkSpec::custom(b))),
        (None, None) => Ok(None),
    }
}
