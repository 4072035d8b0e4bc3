//! The content model: cards, their two languages and four sections, and the decks that hold them.
//!
//! This module owns parsing card files (TOML front matter + markdown body), checking them, and
//! loading the bundled deck and user decks. It is plain data and must never depend on the UI
//! (`ratatui`, `crossterm`) or on the command line.

pub mod body;
pub mod card;
pub mod deck;
pub mod file_guard;
pub mod front_matter;
pub mod glossary;
pub mod numbers;
pub mod parallel;
pub mod parse;
pub mod problem;
pub mod scan;
pub mod section_text;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use card::{CalcPreset, Card, Difficulty, Figure, FollowUp, KeyPoint, Source, Term, TermRule};
pub use deck::{Deck, DeckSource};
pub use problem::Problem;

/// A content language. Every card carries both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Zh, Lang::En];

    pub const fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    /// The other language, for the TUI's toggle.
    #[must_use]
    pub const fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    /// Reads a POSIX locale value such as `zh_CN.UTF-8`: any `zh*` locale means Chinese.
    pub fn from_locale(value: &str) -> Option<Lang> {
        let value = value.trim();
        if value.is_empty() {
            None
        } else if value.to_ascii_lowercase().starts_with("zh") {
            Some(Lang::Zh)
        } else {
            Some(Lang::En)
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "zh" | "cn" | "zh-cn" | "chinese" => Ok(Lang::Zh),
            "en" | "english" => Ok(Lang::En),
            other => Err(format!("unknown language '{other}': use 'zh' or 'en'")),
        }
    }
}

/// The four sections every card has in each language, identified by the `{#id}` marker on their
/// heading rather than the heading text, so authors may word headings as they like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Section {
    Short,
    Detail,
    Interview,
    Followups,
}

impl Section {
    pub const ALL: [Section; 4] = [
        Section::Short,
        Section::Detail,
        Section::Interview,
        Section::Followups,
    ];

    pub const fn marker(self) -> &'static str {
        match self {
            Section::Short => "short",
            Section::Detail => "detail",
            Section::Interview => "interview",
            Section::Followups => "followups",
        }
    }

    pub fn from_marker(marker: &str) -> Option<Section> {
        Section::ALL.into_iter().find(|s| s.marker() == marker)
    }

    /// The heading a reader shows when a card's own heading is not at hand.
    pub const fn default_heading(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Section::Short, Lang::Zh) => "简答",
            (Section::Short, Lang::En) => "Short answer",
            (Section::Detail, Lang::Zh) => "详解",
            (Section::Detail, Lang::En) => "Detailed answer",
            (Section::Interview, Lang::Zh) => "面试这样说",
            (Section::Interview, Lang::En) => "How to say it in an interview",
            (Section::Followups, Lang::Zh) => "追问",
            (Section::Followups, Lang::En) => "Follow-ups",
        }
    }
}

impl FromStr for Section {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase();
        let alias = match wanted.as_str() {
            "follow-ups" | "follow_ups" => "followups",
            "details" | "detailed" => "detail",
            other => other,
        };
        Section::from_marker(alias).ok_or_else(|| {
            format!("unknown section '{s}': use short, detail, interview or followups")
        })
    }
}

/// A value held in both languages.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bilingual<T> {
    pub zh: T,
    pub en: T,
}

impl<T> Bilingual<T> {
    pub fn get(&self, lang: Lang) -> &T {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_zh_variants_mean_chinese() {
        assert_eq!(Lang::from_locale("zh_CN.UTF-8"), Some(Lang::Zh));
        assert_eq!(Lang::from_locale("zh_TW"), Some(Lang::Zh));
        assert_eq!(Lang::from_locale("en_US.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::from_locale("C"), Some(Lang::En));
        assert_eq!(Lang::from_locale(""), None);
    }

    #[test]
    fn section_names_parse_with_aliases() {
        assert_eq!("follow-ups".parse::<Section>(), Ok(Section::Followups));
        assert_eq!("Detail".parse::<Section>(), Ok(Section::Detail));
        assert!(
            "summary"
                .parse::<Section>()
                .unwrap_err()
                .contains("'summary'")
        );
    }
}
