//! A link as a calculation uses it: a preset, or a bare rate the user typed.

use crate::calc::{CalcError, HardwareTable, LinkKind, LinkPreset, Scope, format, units};
use crate::text::Bi;

/// Efficiency of a typed link rate (`--bandwidth`, `--intra-bw`, `--inter-bw`, `--node-bw`):
/// the low end of what the bundled presets measure (PCIe copies 0.77-0.84, NVLink collectives
/// 0.78-0.82, InfiniBand 0.95-0.96), so a spec-sheet figure is not taken at face value.
/// Override it with the calculator's efficiency field (1 when the rate is already measured).
pub const DEFAULT_RATE_EFFICIENCY: f64 = 0.8;

/// Efficiency of a typed storage rate (`--storage-bw`, `--nvme-bw`): the bundled storage presets
/// reach 0.29 (Llama 3's file system, sustained over peak) to 0.41 (fio on an NVMe drive) of their
/// vendor figures; 0.5 leaves room for typed figures that are already sustained ones.
pub const DEFAULT_STORAGE_EFFICIENCY: f64 = 0.5;

/// What a link is used for: each reaches its own share of the line rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A plain copy (`calc transfer`, checkpoint copies).
    Copy,
    /// NCCL send/recv (`sendrecv`, alltoall).
    PointToPoint,
    /// Ring and tree collectives.
    Collective,
}

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
    pub kind: LinkKind,
    /// (efficiency, source) for copies and for NCCL point-to-point; `efficiency` above is the
    /// one in use, switched by [`LinkSpec::for_role`].
    pub copy: (f64, String),
    pub p2p: (f64, String),
    pub collective: (f64, String),
    /// NVLink SHARP efficiency and source, on NVSwitch systems that reduce in the switch.
    pub nvls: Option<(f64, String)>,
    /// Full mesh: one peer link's rate and the number of peers (xGMI).
    pub mesh: Option<(f64, usize)>,
}

impl LinkSpec {
    /// The spec figures of a preset.
    pub fn from_preset(preset: &LinkPreset) -> LinkSpec {
        let collective = (preset.efficiency, preset.efficiency_source.clone());
        let role = |eff: Option<f64>, source: &str| {
            eff.map_or_else(
                || {
                    (
                        preset.efficiency,
                        format!(
                            "no separate measurement, as collectives: {}",
                            preset.efficiency_source
                        ),
                    )
                },
                |e| (e, source.to_owned()),
            )
        };
        LinkSpec {
            kind: preset.kind,
            copy: role(preset.copy_efficiency, &preset.copy_efficiency_source),
            p2p: role(preset.p2p_efficiency, &preset.p2p_efficiency_source),
            collective,
            nvls: preset
                .nvls_efficiency
                .map(|e| (e, preset.nvls_efficiency_source.clone())),
            mesh: preset.peer_bandwidth.zip(preset.mesh_peers),
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

    /// A typed link rate, at [`DEFAULT_RATE_EFFICIENCY`] until the user gives one.
    pub fn custom(bandwidth: f64) -> LinkSpec {
        Self::typed(
            bandwidth,
            DEFAULT_RATE_EFFICIENCY,
            "default for a typed rate (the low end of the presets' measured efficiencies); set the efficiency field to change it",
        )
    }

    /// A typed storage rate, at [`DEFAULT_STORAGE_EFFICIENCY`] until the user gives one.
    pub fn custom_storage(bandwidth: f64) -> LinkSpec {
        Self::typed(
            bandwidth,
            DEFAULT_STORAGE_EFFICIENCY,
            "default for a typed storage rate (bundled storage presets reach 0.29-0.41 of their vendor figures); set --storage-efficiency 1 for a measured figure",
        )
    }

    fn typed(bandwidth: f64, efficiency: f64, source: &str) -> LinkSpec {
        let role = (efficiency, source.to_owned());
        LinkSpec {
            label: "custom".to_owned(),
            bandwidth,
            bidirectional: None,
            read_bandwidth: bandwidth,
            latency: 0.0,
            efficiency,
            efficiency_source: source.to_owned(),
            scope: Scope::PerDevice,
            kind: LinkKind::Other,
            copy: role.clone(),
            p2p: role.clone(),
            collective: role,
            nvls: None,
            mesh: None,
        }
    }

    /// The same link with the efficiency of `role` in use.
    #[must_use]
    pub fn for_role(mut self, role: Role) -> LinkSpec {
        let (efficiency, source) = match role {
            Role::Copy => self.copy.clone(),
            Role::PointToPoint => self.p2p.clone(),
            Role::Collective => self.collective.clone(),
        };
        self.efficiency = efficiency;
        self.efficiency_source = source;
        self
    }

    /// Sets one efficiency for every role (a user override).
    pub fn override_efficiency(&mut self, efficiency: f64, source: &str) {
        let role = (efficiency, source.to_owned());
        self.efficiency = efficiency;
        source.clone_into(&mut self.efficiency_source);
        self.copy = role.clone();
        self.p2p = role.clone();
        self.collective = role;
        if let Some(nvls) = &mut self.nvls {
            *nvls = (efficiency, source.to_owned());
        }
    }

    /// Per-direction rate between one pair of GPUs: one peer link in a full mesh.
    pub fn pair_bandwidth(&self) -> f64 {
        self.mesh.map_or(self.bandwidth, |(peer, _)| peer)
    }

    /// Bandwidth reached in practice: bandwidth x efficiency.
    pub fn expected_bandwidth(&self) -> f64 {
        self.bandwidth * self.efficiency
    }

    /// One line describing the link's figures, for steps, in both interface languages (the
    /// efficiency's source, a citation,
    /// stays as written).
    pub fn describe_bi(&self) -> Bi {
        let bidir = self.bidirectional.map_or_else(Bi::default, |b| {
            crate::bi!(
                "; the bidirectional {b} is both directions added and is not used",
                "；双向 {b} 是两个方向之和，不参与计算",
                b = format::rate_short(b)
            )
        });
        let (label, source) = (&self.label, &self.efficiency_source);
        let (bw, alpha) = (format::rate(self.bandwidth), format::duration(self.latency));
        let e = format::sig(self.efficiency, 3);
        format::around(
            [&bidir],
            |[bidir]| {
                format!(
                    "{label}: B = {bw} per direction{bidir}; α = {alpha}; efficiency {e} ({source})"
                )
            },
            |[bidir]| format!("{label}：单向 B = {bw}{bidir}；α = {alpha}；效率 {e}（{source}）"),
        )
    }
}

/// `link` with the efficiency typed in `--{flag}` (`text`) set for every role; a link to apply
/// it to must be given, else the error is `missing` of the text as typed.
pub(crate) fn with_efficiency(
    mut link: Option<LinkSpec>,
    flag: &str,
    text: Option<&str>,
    missing: impl FnOnce(&str) -> Bi,
) -> Result<Option<LinkSpec>, CalcError> {
    let Some(text) = text else {
        return Ok(link);
    };
    let efficiency = units::parse_efficiency(text)?;
    let Some(spec) = link.as_mut() else {
        return Err(CalcError::invalid(missing(text.trim())));
    };
    spec.override_efficiency(efficiency, &format!("given with --{flag}"));
    Ok(link)
}

/// Reads a link id from the table, or failing that a rate (`--storage-bw pfs-llama3` or `100 GB/s`).
pub fn link_or_rate(text: &str, table: &HardwareTable) -> Result<LinkSpec, CalcError> {
    link_or(text, table, LinkSpec::custom)
}

/// Like [`link_or_rate`], a typed rate taken as storage ([`DEFAULT_STORAGE_EFFICIENCY`]).
pub fn storage_or_rate(text: &str, table: &HardwareTable) -> Result<LinkSpec, CalcError> {
    link_or(text, table, LinkSpec::custom_storage)
}

fn link_or(
    text: &str,
    table: &HardwareTable,
    typed: fn(f64) -> LinkSpec,
) -> Result<LinkSpec, CalcError> {
    let looks_like_id = text
        .trim()
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-')
        && text.trim().starts_with(|c: char| c.is_ascii_alphabetic());
    if looks_like_id {
        return table.require(text).map(LinkSpec::from_preset);
    }
    units::parse_rate(text).map(typed)
}

/// A link given either as a preset id (`--link`) or as a typed rate (`--bw`), or neither.
pub fn link_or_bw(
    id: Option<&str>,
    bw: Option<&str>,
    table: &HardwareTable,
) -> Result<Option<LinkSpec>, CalcError> {
    match (id, bw) {
        (Some(id), Some(bw)) => Err(CalcError::invalid(crate::bi!(
            "give --link '{id}' or --bw '{bw}', not both",
            "--link '{id}' 和 --bw '{bw}' 只能给一个",
            id = id.trim(),
            bw = bw.trim()
        ))),
        (Some(id), None) => table.require(id).map(|p| Some(LinkSpec::from_preset(p))),
        (None, Some(rate)) => units::parse_rate(rate).map(|b| Some(LinkSpec::custom(b))),
        (None, None) => Ok(None),
    }
}
