//! Reads a card's TOML front matter (between `+++` lines) and checks what serde cannot.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::card::{CalcPreset, Difficulty, Figure, KeyPoint, Source};
use super::numbers::NumberTemplate;
use super::problem::LineIndex;
use super::{Bilingual, Lang};

mod checks;
mod fast;
#[cfg(test)]
mod fast_tests;
use checks::Checker;

/// A card file cut into its two parts, with the file line each part starts on.
#[derive(Debug, PartialEq, Eq)]
pub struct Split<'a> {
    pub front: &'a str,
    pub front_line: usize,
    pub body: &'a str,
    pub body_line: usize,
}

/// Cuts `text` at its `+++` fences. The error is a (line, message) pair.
pub fn split(text: &str) -> Result<Split<'_>, (usize, String)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut offset = 0;
    let mut fence_open = None;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let line_no = number + 1;
        let content = line.trim_end();
        match fence_open {
            None if content.is_empty() => {}
            None if content == "+++" => fence_open = Some((offset + line.len(), line_no + 1)),
            None => {
                return Err((
                    line_no,
                    "a card starts with TOML front matter: put a line '+++' before it and another after it"
                        .to_owned(),
                ));
            }
            Some((front_start, front_line)) if content == "+++" => {
                let body_start = offset + line.len();
                return Ok(Split {
                    front: &text[front_start..offset],
                    front_line,
                    body: &text[body_start..],
                    body_line: line_no + 1,
                });
            }
            Some(_) => {}
        }
        offset += line.len();
    }
    match fence_open {
        None => Err((
            1,
            "empty card file: it needs front matter between '+++' lines and a body".to_owned(),
        )),
        Some((_, line)) => Err((
            line - 1,
            "front matter is not closed: add a line '+++' after it".to_owned(),
        )),
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct RawFront {
    id: Spanned<String>,
    number: Option<Spanned<u32>>,
    #[serde(default)]
    difficulty: Difficulty,
    #[serde(default)]
    tags: Vec<Spanned<String>>,
    title: Spanned<Bilingual<String>>,
    key_points: Option<Spanned<RawKeyPoints>>,
    #[serde(default)]
    calc: Vec<Spanned<toml::Table>>,
    #[serde(default)]
    figures: Vec<Spanned<Figure>>,
    #[serde(default)]
    numbers: Vec<Spanned<toml::Table>>,
    #[serde(default)]
    sources: Vec<Spanned<Source>>,
    /// Follow-up id -> the 0-based positions of the key points it probes.
    probes: Option<Spanned<BTreeMap<String, Vec<usize>>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKeyPoints {
    zh: Option<Vec<KeyPoint>>,
    en: Option<Vec<KeyPoint>>,
}

/// The checked front matter, with the lines problems about the whole card point at.
#[derive(Debug)]
pub struct Front {
    pub id: String,
    pub id_line: usize,
    pub number: Option<u32>,
    pub number_line: usize,
    pub difficulty: Difficulty,
    pub tags: Vec<String>,
    pub title: Bilingual<String>,
    pub key_points: Bilingual<Vec<KeyPoint>>,
    pub calc: Vec<CalcPreset>,
    pub calc_lines: Vec<usize>,
    pub figures: Vec<Figure>,
    pub figure_lines: Vec<usize>,
    /// The `[[numbers]]` templates that read, and the line of each.
    pub numbers: Vec<NumberTemplate>,
    pub number_template_lines: Vec<usize>,
    pub sources: Vec<Source>,
    /// Line of each source entry, in order.
    pub source_lines: Vec<usize>,
    /// `[probes]`: follow-up id -> key point positions, checked against the key points here
    /// and against the follow-ups once the body is read.
    pub probes: BTreeMap<String, Vec<usize>>,
    pub probes_line: usize,
}

/// Parses and checks front matter that starts on file line `first_line`.
///
/// A TOML or shape error stops the parse (returned as `Err`); other problems are collected in
/// the second value so that all of them are reported at once.
pub fn parse_front(text: &str, first_line: usize) -> Result<(Front, Problems), LinedMessage> {
    parse_front_read(text, first_line, true)
}

/// [`parse_front`], reading the plain subset without `toml` ([`fast`]) when `fast_path` is
/// set (tests compare both readings).
fn parse_front_read(
    text: &str,
    first_line: usize,
    fast_path: bool,
) -> Result<(Front, Problems), LinedMessage> {
    let lines = LineIndex::new(text);
    let line_of = |offset: usize| first_line + lines.line_of(offset) - 1;
    let fast = if fast_path {
        fast::raw_front(text)
    } else {
        None
    };
    let raw: RawFront = match fast {
        Some(raw) => raw,
        None => toml::from_str(text).map_err(|err| {
            let line = err.span().map_or(first_line, |span| line_of(span.start));
            (line, format!("front matter: {}", err.message().trim()))
        })?,
    };
    let mut check = Checker {
        line_of: &line_of,
        problems: Vec::new(),
    };
    let id_line = check.line(&raw.id);
    let id = raw.id.into_inner();
    if !is_slug(&id) {
        check.problems.push((
            id_line,
            format!("id '{id}' must be a slug: lower-case letters, digits and single '-'"),
        ));
    }
    let number_line = raw.number.as_ref().map_or(id_line, |n| check.line(n));
    let number = raw.number.map(Spanned::into_inner);
    if number == Some(0) {
        check
            .problems
            .push((number_line, "number must be 1 or more".to_owned()));
    }
    let title_line = check.line(&raw.title);
    let title = raw.title.into_inner();
    for lang in Lang::ALL {
        if title.get(lang).trim().is_empty() {
            check
                .problems
                .push((title_line, format!("title.{lang} is empty")));
        }
    }
    let tags = check.tags(raw.tags);
    let key_points = check.key_points(raw.key_points, id_line);
    let figure_lines = raw.figures.iter().map(|f| check.line(f)).collect();
    let figures = check.figures(raw.figures);
    let calc_lines = raw.calc.iter().map(|c| check.line(c)).collect();
    let calc = check.presets(raw.calc);
    let (numbers, number_template_lines) = check.numbers(raw.numbers);
    let (sources, source_lines) = check.sources(raw.sources, id_line);
    let probes_line = raw.probes.as_ref().map_or(id_line, |p| check.line(p));
    let probes = raw.probes.map(Spanned::into_inner).unwrap_or_default();
    let points = key_points.zh.len().min(key_points.en.len());
    for (id, indices) in &probes {
        for index in indices.iter().filter(|i| **i >= points) {
            check.problems.push((
                probes_line,
                format!(
                    "probes.{id}: key point {index} does not exist; positions count from 0 and this card has {points}"
                ),
            ));
        }
    }
    let front = Front {
        id,
        id_line,
        number,
        number_line,
        difficulty: raw.difficulty,
        tags,
        title,
        key_points,
        calc,
        calc_lines,
        figures,
        figure_lines,
        numbers,
        number_template_lines,
        sources,
        source_lines,
        probes,
        probes_line,
    };
    Ok((front, check.problems))
}

pub(crate) fn is_slug(id: &str) -> bool {
    !id.is_empty()
        && id.split('-').all(|part| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

/// A message with the file line it is about.
pub type LinedMessage = (usize, String);
/// Problems found while reading, as (line, message).
pub type Problems = Vec<LinedMessage>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_finds_fences_and_lines() {
        let text = "\n+++\nid = \"a\"\n+++\n# body\n";
        let split = split(text).expect("split");
        assert_eq!(split.front, "id = \"a\"\n");
        assert_eq!(split.front_line, 3);
        assert_eq!(split.body, "# body\n");
        assert_eq!(split.body_line, 5);
    }

    #[test]
    fn split_reports_missing_and_unclosed_fences() {
        assert_eq!(split("# no front\n").unwrap_err().0, 1);
        let (line, message) = split("+++\nid = \"a\"\n").unwrap_err();
        assert_eq!(line, 1);
        assert!(message.contains("not closed"));
    }

    #[test]
    fn slugs() {
        assert!(is_slug("nvlink-vs-infiniband"));
        assert!(is_slug("ib2"));
        assert!(!is_slug("NVLink"));
        assert!(!is_slug("a--b"));
        assert!(!is_slug("-a"));
        assert!(!is_slug(""));
    }
}
