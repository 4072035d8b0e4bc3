//! The glossary: groups of spellings that mean the same thing across English, Chinese,
//! abbreviations and common misspellings (`TP` = 张量并行 = tensor parallelism).
//!
//! The drill's grader and the search read it so that a key point or a query written one way
//! matches an answer or a card written another. The bundled `content/glossary.toml` is embedded;
//! a user deck may add a `glossary.toml` of the same shape, whose groups extend any bundled
//! group they share a spelling with.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::Problem;

const BUNDLED: &str = include_str!("../../content/glossary.toml");

/// One group of equivalent spellings.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TermGroup {
    pub en: Vec<String>,
    pub zh: Vec<String>,
    pub abbr: Vec<String>,
    pub misspell: Vec<String>,
}

impl TermGroup {
    /// Every spelling of the group, in the order en, zh, abbreviations, misspellings.
    pub fn spellings(&self) -> impl Iterator<Item = &str> {
        self.en
            .iter()
            .chain(&self.zh)
            .chain(&self.abbr)
            .chain(&self.misspell)
            .map(String::as_str)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    term: Vec<TermGroup>,
}

/// The groups, and an index from each normalised spelling to its group.
#[derive(Debug, Clone, Default)]
pub struct Glossary {
    groups: Vec<TermGroup>,
    index: HashMap<String, usize>,
}

impl Glossary {
    /// The bundled glossary, parsed once (a test keeps it valid).
    pub fn bundled() -> &'static Glossary {
        static GLOSSARY: OnceLock<Glossary> = OnceLock::new();
        GLOSSARY
            .get_or_init(|| Glossary::parse(BUNDLED, "bundled:glossary.toml").unwrap_or_default())
    }

    /// Parses a glossary file; `origin` names it in the error.
    pub fn parse(text: &str, origin: &str) -> Result<Glossary, Problem> {
        let file: File = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(1, |span| {
                text[..span.start.min(text.len())].lines().count().max(1)
            });
            Problem::new(origin, line, format!("glossary: {}", e.message().trim()))
        })?;
        let mut glossary = Glossary::default();
        for (i, group) in file.term.into_iter().enumerate() {
            if group.spellings().filter(|s| !s.trim().is_empty()).count() < 2 {
                return Err(Problem::new(
                    origin,
                    1,
                    format!(
                        "glossary term {}: give at least two spellings (en, zh, abbr or misspell)",
                        i + 1
                    ),
                ));
            }
            glossary.add(group);
        }
        Ok(glossary)
    }

    /// Adds a group; if it shares a spelling with an existing group, the two become one.
    pub fn add(&mut self, group: TermGroup) {
        let existing = group
            .spellings()
            .find_map(|s| self.index.get(&normalize(s)).copied());
        let at = if let Some(at) = existing {
            let target = &mut self.groups[at];
            for (into, from) in [
                (&mut target.en, group.en),
                (&mut target.zh, group.zh),
                (&mut target.abbr, group.abbr),
                (&mut target.misspell, group.misspell),
            ] {
                for s in from {
                    if !into.contains(&s) {
                        into.push(s);
                    }
                }
            }
            at
        } else {
            self.groups.push(group);
            self.groups.len() - 1
        };
        let keys: Vec<String> = self.groups[at].spellings().map(normalize).collect();
        for key in keys {
            self.index.entry(key).or_insert(at);
        }
    }

    /// Adds every group of `other`.
    pub fn extend(&mut self, other: Glossary) {
        for group in other.groups {
            self.add(group);
        }
    }

    pub fn groups(&self) -> &[TermGroup] {
        &self.groups
    }

    /// The group a spelling belongs to (case, width and spacing ignored).
    pub fn group_of(&self, spelling: &str) -> Option<&TermGroup> {
        self.index
            .get(&normalize(spelling))
            .and_then(|&i| self.groups.get(i))
    }

    /// Every spelling equivalent to `spelling`, itself included; just itself if unknown.
    pub fn equivalents<'a>(&'a self, spelling: &'a str) -> Vec<&'a str> {
        match self.group_of(spelling) {
            Some(group) => group.spellings().collect(),
            None => vec![spelling],
        }
    }
}

/// A spelling reduced to what matters: full-width ASCII to ASCII, lower case, one space
/// between words, no space around CJK characters.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        let c = match c {
            '\u{3000}' => ' ',
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            _ => c,
        };
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            let cjk_edge = out.chars().last().is_some_and(is_cjk) || is_cjk(c);
            if !cjk_edge {
                out.push(' ');
            }
            space = false;
        }
        out.extend(c.to_lowercase());
    }
    out
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{9fff}' | '\u{f900}'..='\u{faff}' | '\u{3000}'..='\u{303f}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_glossary_parses_and_links_languages() {
        let glossary = Glossary::parse(BUNDLED, "bundled").expect("bundled glossary");
        assert!(glossary.groups().len() >= 40);
        let tp = glossary.group_of("tp").expect("TP");
        assert!(tp.zh.iter().any(|s| s == "张量并行"));
        assert!(glossary.equivalents("检查点").contains(&"checkpoint"));
        assert_eq!(glossary.equivalents("no such term"), ["no such term"]);
    }

    #[test]
    fn spellings_normalise_case_width_and_spacing() {
        assert_eq!(normalize("  Tensor   Parallel "), "tensor parallel");
        assert_eq!(normalize("ＴＰ"), "tp");
        assert_eq!(normalize("张量 并行"), "张量并行");
        let glossary = Glossary::parse(BUNDLED, "bundled").expect("bundled");
        assert!(glossary.group_of("ＴＰ").is_some());
    }

    #[test]
    fn a_user_group_extends_the_group_it_shares_a_spelling_with() {
        let mut glossary = Glossary::parse(BUNDLED, "bundled").expect("bundled");
        let before = glossary.groups().len();
        let user = Glossary::parse(
            "[[term]]\nabbr = [\"TP\"]\nmisspell = [\"tensr parallel\"]\n",
            "user",
        )
        .expect("user");
        glossary.extend(user);
        assert_eq!(glossary.groups().len(), before);
        assert!(glossary.equivalents("tensr parallel").contains(&"张量并行"));
    }

    #[test]
    fn bad_glossaries_are_named() {
        let err = Glossary::parse("[[term]]\nen = [\"x\"]\n", "g.toml").unwrap_err();
        assert!(err.to_string().contains("two spellings"), "{err}");
        let err = Glossary::parse("[[term]]\nfr = [\"x\", \"y\"]\n", "g.toml").unwrap_err();
        assert!(err.to_string().contains("fr"), "{err}");
    }
}
