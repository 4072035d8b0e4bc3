//! The link preset table: bundled `content/hardware.toml` plus the user's overrides.
//!
//! Figures are stored in SI base units, parsed from unit strings when the table is read, so a
//! typo in a config file is reported once with the preset's id instead of at every calculation.

use std::sync::OnceLock;

use serde::{Deserialize, Deserializer};

use crate::calc::{CalcError, units};
use crate::text::Bi;

/// The bundled preset file, embedded so the binary works without any data directory.
const BUNDLED_TOML: &str = include_str!("../../content/hardware.toml");

/// What a link is; decides how calculators may use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LinkKind {
    Pcie,
    Nvlink,
    Infiniband,
    Ethernet,
    Efa,
    /// AMD Infinity Fabric (xGMI) between GPUs: a full mesh, one link per peer.
    Xgmi,
    /// A chip-to-chip link between a CPU and a GPU (NVLink-C2C).
    C2c,
    Storage,
    #[default]
    Other,
}

/// What one preset's bandwidth belongs to: one GPU, one NIC port, a whole instance, a storage system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    PerGpu,
    PerPort,
    PerInstance,
    #[default]
    PerDevice,
    Aggregate,
}

/// One link preset. Rates are bytes per second per direction; latency is seconds.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct LinkPreset {
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub kind: LinkKind,
    #[serde(default)]
    pub scope: Scope,
    /// Per-direction bandwidth: the B of every formula.
    #[serde(deserialize_with = "de_rate")]
    pub bandwidth: f64,
    /// Both directions added; shown for reference, never used in a formula.
    #[serde(default, deserialize_with = "de_opt_rate")]
    pub bidirectional: Option<f64>,
    /// Read bandwidth where it differs from the (write) bandwidth, for storage.
    #[serde(default, deserialize_with = "de_opt_rate")]
    pub read_bandwidth: Option<f64>,
    /// Typical one-way small-message latency, used as the per-step alpha.
    #[serde(default, deserialize_with = "de_latency")]
    pub latency: f64,
    /// Share of `bandwidth` public benchmarks reach, in (0, 1].
    #[serde(default = "one")]
    pub efficiency: f64,
    /// Per-direction rate of one peer link in a full mesh (xGMI): a copy between two GPUs gets
    /// only this, a collective gets `min(bandwidth, peers in the job × peer_bandwidth)`.
    #[serde(default, deserialize_with = "de_opt_rate")]
    pub peer_bandwidth: Option<f64>,
    /// Peers each GPU links to directly in a full mesh (7 in an 8-GPU MI300X node).
    #[serde(default)]
    pub mesh_peers: Option<usize>,
    /// Share of `bandwidth` a plain copy reaches (`transfer`); absent: `efficiency`.
    #[serde(default)]
    pub copy_efficiency: Option<f64>,
    #[serde(default)]
    pub copy_efficiency_source: String,
    /// Share of `bandwidth` NCCL send/recv reaches (`sendrecv`, alltoall); absent: `efficiency`.
    #[serde(default)]
    pub p2p_efficiency: Option<f64>,
    #[serde(default)]
    pub p2p_efficiency_source: String,
    /// NVLink SHARP (NVLS): present only on NVSwitch systems that reduce in the switch; the
    /// share of `bandwidth` an NVLS all-reduce reaches, counted as S per direction per GPU.
    #[serde(default)]
    pub nvls_efficiency: Option<f64>,
    #[serde(default)]
    pub nvls_efficiency_source: String,
    #[serde(default)]
    pub bandwidth_source: String,
    #[serde(default)]
    pub latency_source: String,
    #[serde(default)]
    pub efficiency_source: String,
    #[serde(default)]
    pub note: String,
}

fn one() -> f64 {
    1.0
}

fn de_rate<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    let text = String::deserialize(d)?;
    units::parse_rate(&text).map_err(serde::de::Error::custom)
}

fn de_opt_rate<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    de_rate(d).map(Some)
}

fn de_latency<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    let text = String::deserialize(d)?;
    units::parse_latency(&text).map_err(serde::de::Error::custom)
}

impl LinkPreset {
    /// The name to show: `name`, or the id when the user gave none.
    pub fn display_name(&self) -> &str {
        if self.name.is_empty() {
            &self.id
        } else {
            &self.name
        }
    }

    /// Per-direction read bandwidth (storage may read faster than it writes).
    pub fn read_bandwidth(&self) -> f64 {
        self.read_bandwidth.unwrap_or(self.bandwidth)
    }

    fn validate(&self) -> Result<(), CalcError> {
        let bad = |problem: Bi| CalcError::BadPreset {
            id: self.id.clone(),
            problem,
        };
        let id_ok = !self.id.is_empty()
            && self
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !id_ok || !self.id.starts_with(|c: char| c.is_ascii_lowercase()) {
            return Err(bad(Bi::new(
                "ids start with a lowercase letter and use lowercase letters, digits and '-' \
                 only, like 'ib-ndr'",
                "id 须以小写字母开头，只用小写字母、数字和 '-'，如 'ib-ndr'",
            )));
        }
        // In expressions an id stands for its bandwidth, so an id that is also a unit (`s`,
        // `gb`, `min`) would silently change what `10 GiB / 5 GB/s` means.
        if units::parse_quantity(&format!("1 {}", self.id)).is_ok() {
            return Err(bad(crate::bi!(
                "'{id}' is also a unit, so expressions using it would change meaning; \
                 pick another id, like 'my-{id}'",
                "'{id}' 也是单位名，表达式里用它会改变含义；请换个 id，如 'my-{id}'",
                id = &self.id
            )));
        }
        if !(self.efficiency > 0.0 && self.efficiency <= 1.0) {
            return Err(bad(efficiency_range("efficiency", self.efficiency)));
        }
        for (what, value) in [
            ("copy-efficiency", self.copy_efficiency),
            ("p2p-efficiency", self.p2p_efficiency),
            ("nvls-efficiency", self.nvls_efficiency),
        ] {
            if let Some(v) = value.filter(|v| !(*v > 0.0 && *v <= 1.0)) {
                return Err(bad(efficiency_range(what, v)));
            }
        }
        if self.peer_bandwidth.is_some() != self.mesh_peers.is_some_and(|p| p > 0) {
            return Err(bad(Bi::new(
                "a full mesh needs both peer-bandwidth (one link's rate) and mesh-peers (links per GPU, at least 1)",
                "全互联需要同时给出 peer-bandwidth（单条链路速率）和 mesh-peers（每个 GPU 的链路数，至少 1）",
            )));
        }
        if let Some(bidir) = self.bidirectional.filter(|b| *b < self.bandwidth) {
            return Err(bad(crate::bi!(
                "bidirectional '{bidir}' B/s is below the per-direction bandwidth '{bw}' B/s; were they swapped?",
                "双向 '{bidir}' B/s 低于单向带宽 '{bw}' B/s；是否写反了？",
                bw = self.bandwidth
            )));
        }
        Ok(())
    }
}

/// An efficiency of a preset outside (0, 1].
fn efficiency_range(what: &str, value: f64) -> Bi {
    crate::bi!(
        "{what} '{value}' must be above 0 and at most 1 (0.8 means 80%)",
        "{what} '{value}' 必须大于 0 且不超过 1（0.8 表示 80%）"
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PresetFile {
    links: Vec<LinkPreset>,
}

/// All link presets known to a run: bundled ones plus user overrides, in file order.
#[derive(Debug, Clone, PartialEq)]
pub struct HardwareTable {
    links: Vec<LinkPreset>,
}

impl HardwareTable {
    /// The presets shipped in `content/hardware.toml` (parsed once per process). Never panics.
    ///
    /// A unit test parses the embedded file whole, so a released build reads it whole. Should it
    /// ever not, each `[[links]]` entry that reads and validates on its own is kept (a file
    /// that is not TOML at all gives an empty table), so one bad entry costs that preset, whose
    /// lookups then fail with the usual "unknown preset" message, instead of aborting every
    /// command.
    pub fn bundled() -> HardwareTable {
        static BUNDLED: OnceLock<HardwareTable> = OnceLock::new();
        BUNDLED
            .get_or_init(|| {
                Self::from_toml(BUNDLED_TOML).unwrap_or_else(|_| {
                    let entries = toml::from_str::<toml::Table>(BUNDLED_TOML)
                        .ok()
                        .and_then(|mut file| match file.remove("links") {
                            Some(toml::Value::Array(entries)) => Some(entries),
                            _ => None,
                        })
                        .unwrap_or_default();
                    let links = entries
                        .into_iter()
                        .filter_map(|entry| LinkPreset::deserialize(entry).ok())
                        .filter(|preset| preset.validate().is_ok())
                        .fold(Vec::<LinkPreset>::new(), |mut kept, preset| {
                            if kept.iter().all(|k| k.id != preset.id) {
                                kept.push(preset);
                            }
                            kept
                        });
                    HardwareTable { links }
                })
            })
            .clone()
    }

    /// Reads a table from TOML text with `[[links]]` entries.
    pub fn from_toml(text: &str) -> Result<HardwareTable, CalcError> {
        let file: PresetFile = toml::from_str(text).map_err(|e| CalcError::BadPreset {
            id: "(file)".into(),
            problem: e.message().to_owned().into(),
        })?;
        HardwareTable { links: Vec::new() }.with_overrides(file.links)
    }

    /// Adds user presets, replacing bundled ones with the same id.
    pub fn with_overrides(mut self, presets: Vec<LinkPreset>) -> Result<HardwareTable, CalcError> {
        let mut seen: Vec<String> = Vec::new();
        for preset in presets {
            preset.validate()?;
            if seen.contains(&preset.id) {
                return Err(CalcError::BadPreset {
                    id: preset.id,
                    problem: Bi::new(
                        "is defined twice; keep one [[links]] entry per id",
                        "定义了两次；每个 id 只保留一个 [[links]] 条目",
                    ),
                });
            }
            seen.push(preset.id.clone());
            match self.links.iter_mut().find(|l| l.id == preset.id) {
                Some(existing) => *existing = preset,
                None => self.links.push(preset),
            }
        }
        Ok(self)
    }

    /// The preset with this id (ASCII case-insensitive).
    pub fn get(&self, id: &str) -> Option<&LinkPreset> {
        self.links
            .iter()
            .find(|l| l.id.eq_ignore_ascii_case(id.trim()))
    }

    /// The preset with this id, or an error that lists close ids.
    pub fn require(&self, id: &str) -> Result<&LinkPreset, CalcError> {
        self.get(id).ok_or_else(|| CalcError::UnknownLink {
            id: id.trim().to_owned(),
            examples: self.suggest(id),
        })
    }

    /// `: did you mean 'nvlink3'?` for the nearest ids by edit distance (a typo, a missing
    /// generation digit), else a few examples.
    fn suggest(&self, id: &str) -> Bi {
        let needle = id.trim().to_ascii_lowercase();
        let mut scored: Vec<(usize, &str)> = self
            .links
            .iter()
            .map(|l| l.id.as_str())
            .filter_map(|candidate| {
                let distance = strsim::damerau_levenshtein(&needle, candidate);
                let contains = !needle.is_empty()
                    && (candidate.contains(&needle) || needle.contains(candidate));
                (distance <= 2.max(needle.len() / 4) || contains).then_some((distance, candidate))
            })
            .collect();
        scored.sort_unstable();
        let close: Vec<String> = scored
            .iter()
            .take(3)
            .map(|(_, s)| format!("'{s}'"))
            .collect();
        if close.is_empty() {
            Bi::new(
                "; `infraprep links` lists them (for example 'pcie4', 'nvlink4', 'ib-ndr')",
                "；`infraprep links` 列出全部链路（如 'pcie4'、'nvlink4'、'ib-ndr'）",
            )
        } else {
            Bi::new(
                format!(
                    ": did you mean {}? (`infraprep links` lists them all)",
                    close.join(" or ")
                ),
                format!(
                    "：是不是想用 {}？（`infraprep links` 列出全部）",
                    close.join(" 或 ")
                ),
            )
        }
    }

    /// All presets in file order.
    pub fn iter(&self) -> impl Iterator<Item = &LinkPreset> {
        self.links.iter()
    }
}

#[cfg(test)]
mod tests;
