//! Presets of the training calculators (tp, pipeline, memory, mfu) and the cluster ones (fabric,
//! overlap, layout), as cards write them.
//!
//! Field names are the `infraprep calc` flags; quantities with units stay strings for the engine
//! to read, exactly as typed on the command line.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A field that takes a number or a word: `bytes = 2` or `"bf16"`, `stage = 3` or `"zero-3"`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum NumberOrText {
    Number(f64),
    Text(String),
}

impl fmt::Display for NumberOrText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberOrText::Number(n) => write!(f, "{n}"),
            NumberOrText::Text(t) => f.write_str(t),
        }
    }
}

/// `calculator = "tp"`: tensor-parallel traffic per layer and step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct TpPreset {
    pub micro_batch: u32,
    pub seq: u32,
    pub hidden: u32,
    pub tp: u32,
    pub bytes: Option<NumberOrText>,
    pub layers: Option<u32>,
    pub micro_batches: Option<u32>,
    #[serde(default)]
    pub sequence_parallel: bool,
    pub link: Option<String>,
    pub bw: Option<String>,
}

/// `calculator = "pipeline"`: bubble, step time and point-to-point cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PipelinePreset {
    pub stages: u32,
    pub micro_batches: u32,
    pub interleave: Option<u32>,
    pub t_fwd: Option<String>,
    pub t_bwd: Option<String>,
    pub micro_batch: Option<u32>,
    pub seq: Option<u32>,
    pub hidden: Option<u32>,
    pub bytes: Option<NumberOrText>,
    pub link: Option<String>,
    pub bw: Option<String>,
}

/// `calculator = "memory"`: model-state memory per GPU under DP and ZeRO.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct MemoryPreset {
    pub params: String,
    pub gpus: u32,
    pub stage: Option<NumberOrText>,
    pub optimizer_bytes: Option<f64>,
    pub shard_group: Option<u32>,
}

/// `calculator = "mfu"`: model and hardware FLOPs utilization.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct MfuPreset {
    pub params: String,
    pub gpus: u32,
    pub peak: NumberOrText,
    pub tokens_per_s: Option<f64>,
    pub step_time: Option<String>,
    pub tokens_per_step: Option<f64>,
    pub layers: Option<u32>,
    pub heads: Option<u32>,
    pub head_dim: Option<u32>,
    pub seq: Option<u32>,
    pub recompute: Option<NumberOrText>,
}

/// `calculator = "fabric"`: fat-tree switches, cables and bandwidth.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct FabricPreset {
    pub nodes: u32,
    pub nics_per_node: u32,
    /// A link preset id or a rate.
    pub speed: String,
    pub radix: Option<u32>,
    /// `1`, `7` or `"7:1"`.
    pub oversubscription: Option<NumberOrText>,
    #[serde(default)]
    pub rail: bool,
}

/// `calculator = "overlap"`: exposed communication per step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct OverlapPreset {
    pub compute: Option<String>,
    pub compute_total: Option<String>,
    pub comm: Option<String>,
    pub comm_total: Option<String>,
    pub bytes: Option<String>,
    pub windows: Option<u32>,
    pub tail: Option<String>,
    pub tail_bytes: Option<String>,
    pub link: Option<String>,
    pub bw: Option<String>,
}

/// `calculator = "layout"`: where the parallel groups land, and per-tier traffic.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct LayoutPreset {
    pub gpus: u32,
    pub tp: u32,
    pub cp: Option<u32>,
    pub pp: Option<u32>,
    pub dp: Option<u32>,
    pub gpus_per_node: Option<u32>,
    pub pod_size: Option<u32>,
    pub oversubscription: Option<NumberOrText>,
    pub params: Option<String>,
    pub micro_batch: Option<u32>,
    pub seq: Option<u32>,
    pub hidden: Option<u32>,
    pub bytes: Option<NumberOrText>,
    pub layers: Option<u32>,
    pub micro_batches: Option<u32>,
    pub link: Option<String>,
    pub bw: Option<String>,
}

#[cfg(test)]
mod tests {
    use crate::content::CalcPreset;

    fn parse(toml_text: &str) -> Result<CalcPreset, toml::de::Error> {
        toml::from_str(toml_text)
    }

    #[test]
    fn numbers_or_words_and_integers_for_floats() {
        let preset = parse(
            "calculator = \"mfu\"\nparams = \"70B\"\ngpus = 1024\npeak = \"h100-bf16\"\nstep-time = \"20 s\"\ntokens-per-step = 16777216\nrecompute = 0.5",
        )
        .expect("mfu");
        let CalcPreset::Mfu(mfu) = preset else {
            panic!("mfu")
        };
        assert_eq!(mfu.peak.to_string(), "h100-bf16");
        assert_eq!(
            mfu.tokens_per_step.map(|t| t.to_string()).as_deref(),
            Some("16777216")
        );
        assert_eq!(mfu.recompute.map(|r| r.to_string()).as_deref(), Some("0.5"));
        let CalcPreset::Memory(memory) =
            parse("calculator = \"memory\"\nparams = \"70B\"\ngpus = 64\nstage = 3")
                .expect("memory")
        else {
            panic!("memory")
        };
        assert_eq!(memory.stage.map(|s| s.to_string()).as_deref(), Some("3"));
    }

    #[test]
    fn cluster_presets_parse() {
        let CalcPreset::Fabric(fabric) = parse(
            "calculator = \"fabric\"\nnodes = 128\nnics-per-node = 8\nspeed = \"ib-ndr\"\nrail = true\noversubscription = \"7:1\"",
        )
        .expect("fabric") else {
            panic!("fabric")
        };
        assert!(fabric.rail);
        assert_eq!(
            fabric.oversubscription.map(|o| o.to_string()).as_deref(),
            Some("7:1")
        );
        let preset =
            parse("calculator = \"layout\"\ngpus = 16384\ntp = 8\npp = 16\npod-size = 3072")
                .expect("layout");
        assert_eq!(preset.name(), "layout");
        let preset = parse("calculator = \"overlap\"\ncompute = \"10 ms\"\ncomm = \"4 ms\"")
            .expect("overlap");
        assert_eq!(preset.name(), "overlap");
    }

    #[test]
    fn unknown_fields_are_rejected() {
        let err = parse(
            "calculator = \"tp\"\nmicro-batch = 1\nseq = 4096\nhidden = 8192\ntp = 8\ntp-size = 8",
        )
        .expect_err("unknown");
        assert!(err.to_string().contains("tp-size"), "{err}");
    }
}
