//! The card as the rest of the app sees it, after parsing and checking.

use serde::{Deserialize, Serialize};

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
    /// Each term must appear in an answer; `a|b` inside a term accepts either spelling. The
    /// syntax of one term is [`Term::parse`]'s.
    pub terms: Vec<String>,
}

impl KeyPoint {
    /// The spellings accepted for each term, split on `|` (any rule prefix removed).
    pub fn alternatives(&self) -> impl Iterator<Item = Vec<&str>> {
        self.terms.iter().map(|term| Term::parse(term).alternatives)
    }

    /// Each term with its rule.
    pub fn parsed_terms(&self) -> impl Iterator<Item = Term<'_>> {
        self.terms.iter().map(|term| Term::parse(term))
    }
}

/// How a term counts towards its key point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermRule {
    /// `a|b`: the answer must state one of the spellings (the default, and the only rule before
    /// rules existed, so old cards read as they always did).
    Required,
    /// `?a|b`: shown as matched when stated, never needed: a detail that makes a good answer
    /// better.
    Optional,
    /// `2 of: a|b|c`: the answer must state at least this many of the spellings.
    AtLeast(usize),
}

/// One entry of a key point's `terms`, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term<'a> {
    pub rule: TermRule,
    /// The accepted spellings, trimmed, empty ones left out.
    pub alternatives: Vec<&'a str>,
}

impl<'a> Term<'a> {
    /// Reads `?a|b` (optional), `N of: a|b|c` (at least N) or `a|b` (required).
    pub fn parse(text: &'a str) -> Term<'a> {
        let text = text.trim();
        let (rule, rest) = if let Some(rest) = text.strip_prefix('?') {
            (TermRule::Optional, rest)
        } else if let Some((n, rest)) = at_least(text) {
            (TermRule::AtLeast(n), rest)
        } else {
            (TermRule::Required, text)
        };
        let alternatives = rest
            .split('|')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        Term { rule, alternatives }
    }

    /// Why the term cannot be met, if it cannot: no spelling, or `N of:` over fewer than N.
    pub fn problem(&self) -> Option<String> {
        match self.rule {
            _ if self.alternatives.is_empty() => Some("has no spelling".to_owned()),
            TermRule::AtLeast(0) => Some("'0 of:' asks for nothing; write 1 or more".to_owned()),
            TermRule::AtLeast(n) if n > self.alternatives.len() => Some(format!(
                "asks for {n} of {} spellings; list more or lower the number",
                self.alternatives.len()
            )),
            _ => None,
        }
    }
}

/// `N of:` at the start of a term: the number and the rest.
fn at_least(text: &str) -> Option<(usize, &str)> {
    let (head, rest) = text.split_once(':')?;
    let n = head.trim().strip_suffix("of")?.trim().parse().ok()?;
    Some((n, rest))
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
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Figure {
    /// A quick-arithmetic expression, e.g. `10 GiB / 25 GB/s`; empty when the figure is read
    /// from a preset's result instead.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub expr: String,
    /// Which of the card's `[[calc]]` presets gives the figure (1 is the first), with `field`:
    /// a figure the card quotes from a calculator stays tied to what that calculator says, so
    /// a change to the model that moves it fails `validate` instead of leaving stale text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calc: Option<usize>,
    /// The dotted path of the number in that preset's `--json` report, e.g. `step_seconds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// The figure as the card prints it, e.g. `0.43 s`.
    pub expect: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A calculator a card opens with, and its inputs as the user would type them.
///
/// Quantities stay strings with units here; the calculator registry reads them exactly as the
/// command line reads its flags, and checks the keys against the calculator's fields, so a card
/// and the command line accept the same spellings. `calculator = "expression"` holds one key,
/// `expr`, for the quick-arithmetic prompt.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CalcPreset {
    /// The calculator id, e.g. `collective`.
    pub calculator: String,
    /// The other keys in the order written, values as text (`ranks = 16` → `"16"`, a list of
    /// links → space-separated ids, `true`/`false` → `yes`/`no`).
    pub values: Vec<(String, String)>,
}

impl CalcPreset {
    pub fn name(&self) -> &str {
        &self.calculator
    }

    /// The text of `key`, if the preset gives it.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Reads a `[[calc]]` table; the error names the key whose value is not text, a number,
    /// true/false or a list of those.
    pub fn from_table(table: toml::Table) -> Result<CalcPreset, String> {
        let mut calculator = None;
        let mut values = Vec::new();
        for (key, value) in table {
            if key == "calculator" {
                match value {
                    toml::Value::String(name) => calculator = Some(name),
                    other => {
                        return Err(format!(
                            "'calculator' must be a name such as \"transfer\", not {}",
                            other.type_str()
                        ));
                    }
                }
                continue;
            }
            let text = preset_text(&value)
                .ok_or_else(|| format!("'{key}': a {} is not a calculator value; write text, a number, true/false or a list", value.type_str()))?;
            values.push((key, text));
        }
        let calculator =
            calculator.ok_or("a preset needs 'calculator', e.g. calculator = \"transfer\"")?;
        Ok(CalcPreset { calculator, values })
    }
}

/// A preset value as the text a user would type.
pub(crate) fn preset_text(value: &toml::Value) -> Option<String> {
    Some(match value {
        toml::Value::String(s) => s.clone(),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(f) => f.to_string(),
        toml::Value::Boolean(b) => if *b { "yes" } else { "no" }.to_owned(),
        toml::Value::Array(items) => items
            .iter()
            .map(|item| match item {
                toml::Value::Array(_) | toml::Value::Table(_) => None,
                other => preset_text(other),
            })
            .collect::<Option<Vec<_>>>()?
            .join(" "),
        toml::Value::Datetime(_) | toml::Value::Table(_) => return None,
    })
}

/// A follow-up question and the card that answers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FollowUp {
    pub question: String,
    pub id: String,
    /// Line of the link in the card file, for problem reports.
    #[serde(skip)]
    pub line: usize,
    /// The 0-based positions of this card's key points the follow-up probes (front matter
    /// `[probes]`), so an interviewer can push on what an answer missed. Empty: not said.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub probes: Vec<usize>,
}

/// One language's text of a card: the four sections as markdown, and the follow-ups as links.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LangBody {
    /// The heading text the author gave each section, in `Section::ALL` order.
    pub headings: [String; 4],
    /// The markdown of each section (without its heading), in `Section::ALL` order; a user
    /// card's is read from its file when shown (`section_text`).
    pub sections: [super::section_text::SectionText; 4],
    pub follow_ups: Vec<FollowUp>,
}

impl LangBody {
    pub fn section(&self, section: Section) -> &str {
        self.sections[section as usize].as_str()
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
    /// Line of each `[[numbers]]` template, in order.
    pub number_lines: Vec<usize>,
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
    /// Number-drill templates (`[[numbers]]`).
    pub numbers: Vec<super::numbers::NumberTemplate>,
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
