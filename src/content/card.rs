//! The card as the rest of the app sees it, after parsing and checking.

mod training;

use serde::{Deserialize, Serialize};

pub use training::{
    FabricPreset, LayoutPreset, MemoryPreset, MfuPreset, NumberOrText, OverlapPreset,
    PipelinePreset, TpPreset,
};

use super::{Bilingual, Lang, Section};

/// How hard a card is, for filtering and ordering drills.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Difficulty {
    #[default]
    Core,
    Intermediate,
    Advanced,
}

/// A phrase a good answer mentions, with the terms that show it was said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct KeyPoint {
    pub point: String,
    /// Each term must appear in an answer; `a|b` inside a term accepts either spelling.
    pub terms: Vec<String>,
}

impl KeyPoint {
    /// The spellings accepted for each term, split on `|`.
    pub fn alternatives(&self) -> impl Iterator<Item = Vec<&str>> {
        self.terms.iter().map(|term| {
            term.split('|')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect()
        })
    }
}

/// Where a card's figures come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Source {
    pub key: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document: Option<String>,
    /// True when the figure was read only in a secondary source.
    #[serde(default)]
    pub reported: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A figure the card states that the calculators can recompute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Figure {
    /// A quick-arithmetic expression, e.g. `10 GiB / 25 GB/s`.
    pub expr: String,
    /// The figure as the card prints it, e.g. `0.43 s`.
    pub expect: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The calculator a card opens with, and its inputs as the user would type them.
///
/// Quantities stay strings with units here; the calculator engine reads them, so a card and the
/// command line accept exactly the same spellings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "calculator", rename_all = "kebab-case")]
pub enum CalcPreset {
    Transfer(TransferPreset),
    Collective(CollectivePreset),
    Checkpoint(CheckpointPreset),
    Tp(TpPreset),
    Pipeline(PipelinePreset),
    Memory(MemoryPreset),
    Mfu(MfuPreset),
    Fabric(FabricPreset),
    Overlap(OverlapPreset),
    Layout(LayoutPreset),
    Expression(ExpressionPreset),
}

impl CalcPreset {
    pub const fn name(&self) -> &'static str {
        match self {
            CalcPreset::Transfer(_) => "transfer",
            CalcPreset::Collective(_) => "collective",
            CalcPreset::Checkpoint(_) => "checkpoint",
            CalcPreset::Tp(_) => "tp",
            CalcPreset::Pipeline(_) => "pipeline",
            CalcPreset::Memory(_) => "memory",
            CalcPreset::Mfu(_) => "mfu",
            CalcPreset::Fabric(_) => "fabric",
            CalcPreset::Overlap(_) => "overlap",
            CalcPreset::Layout(_) => "layout",
            CalcPreset::Expression(_) => "expression",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct TransferPreset {
    pub size: String,
    #[serde(default)]
    pub links: Vec<String>,
    pub bandwidth: Option<String>,
    pub latency: Option<String>,
    pub efficiency: Option<f64>,
}

/// The collective operations nccl-tests measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CollectiveOp {
    Allreduce,
    Allgather,
    Reducescatter,
    Broadcast,
    Reduce,
    Alltoall,
    Sendrecv,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    Ring,
    Tree,
    Hierarchical,
    Auto,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct CollectivePreset {
    pub op: CollectiveOp,
    pub size: String,
    pub ranks: u32,
    pub gpus_per_node: Option<u32>,
    pub nics_per_node: Option<u32>,
    pub intra: Option<String>,
    pub inter: Option<String>,
    pub intra_bw: Option<String>,
    pub inter_bw: Option<String>,
    pub algo: Option<Algorithm>,
    pub latency: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct CheckpointPreset {
    pub params: String,
    pub recipe: Option<String>,
    pub bytes_per_param: Option<f64>,
    pub storage_bw: Option<String>,
    pub nodes: Option<u32>,
    pub node_bw: Option<String>,
    pub nvme_bw: Option<String>,
    pub gpus: Option<u32>,
    pub pcie: Option<String>,
    pub checkpoint_time: Option<String>,
    pub mtbf: Option<String>,
    pub gpu_mtbf: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ExpressionPreset {
    pub expr: String,
}

/// A follow-up question and the card that answers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FollowUp {
    pub question: String,
    pub id: String,
    /// Line of the link in the card file, for problem reports.
    #[serde(skip)]
    pub line: usize,
}

/// One language's text of a card: the four sections as markdown, and the follow-ups as links.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LangBody {
    /// The heading text the author gave each section, in `Section::ALL` order.
    pub headings: [String; 4],
    /// The markdown of each section (without its heading), in `Section::ALL` order.
    pub sections: [String; 4],
    pub follow_ups: Vec<FollowUp>,
}

impl LangBody {
    pub fn section(&self, section: Section) -> &str {
        &self.sections[section as usize]
    }

    pub fn heading(&self, section: Section) -> &str {
        &self.headings[section as usize]
    }
}

/// Where a card was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The path shown in messages (`bundled:NAME` for the embedded deck).
    pub path: String,
    /// Line of the `id` key, for problem reports about the card as a whole.
    pub id_line: usize,
    /// Line of the `number` key when present.
    pub number_line: usize,
    /// Line of each `[[calc]]` preset, in order.
    pub calc_lines: Vec<usize>,
    /// Line of each `[[figures]]` entry, in order.
    pub figure_lines: Vec<usize>,
}

/// A parsed, checked card.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub id: String,
    pub number: Option<u32>,
    pub difficulty: Difficulty,
    pub tags: Vec<String>,
    pub title: Bilingual<String>,
    pub key_points: Bilingual<Vec<KeyPoint>>,
    pub calc: Vec<CalcPreset>,
    pub figures: Vec<Figure>,
    pub sources: Vec<Source>,
    pub body: Bilingual<LangBody>,
    pub origin: Origin,
}

impl Card {
    pub fn title(&self, lang: Lang) -> &str {
        self.title.get(lang)
    }

    /// The follow-up ids in the order an interviewer asks them (the same in both languages).
    pub fn follow_up_ids(&self) -> Vec<&str> {
        self.body
            .en
            .follow_ups
            .iter()
            .map(|f| f.id.as_str())
            .collect()
    }

    /// 1-based position of a source, used to print citations as `[n]`.
    pub fn citation_number(&self, key: &str) -> Option<usize> {
        self.sources
            .iter()
            .position(|s| s.key == key)
            .map(|i| i + 1)
    }
}
