//! Reads a card's TOML front matter (between `+++` lines) and checks what serde cannot.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::card::{CalcPreset, Difficulty, Figure, KeyPoint, Source, TermRule};
use super::numbers::{NumberTemplate, read_template};
use super::problem::LineIndex;
use super::{Bilingual, Lang};

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
    let lines = LineIndex::new(text);
    let line_of = |offset: usize| first_line + lines.line_of(offset) - 1;
    let raw: RawFront = toml::from_str(text).map_err(|err| {
        let line = err.span().map_or(first_line, |span| line_of(span.start));
        (line, format!("front matter: {}", err.message().trim()))
    })?;
    let mut problems = Vec::new();
    let id_line = line_of(raw.id.span().start);
    let id = raw.id.into_inner();
    if !is_slug(&id) {
        problems.push((
            id_line,
            format!("id '{id}' must be a slug: lower-case letters, digits and single '-'"),
        ));
    }
    let number_line = raw
        .number
        .as_ref()
        .map_or(id_line, |n| line_of(n.span().start));
    let number = raw.number.map(Spanned::into_inner);
    if number == Some(0) {
        problems.push((number_line, "number must be 1 or more".to_owned()));
    }
    let title_line = line_of(raw.title.span().start);
    let title = raw.title.into_inner();
    for lang in Lang::ALL {
        if title.get(lang).trim().is_empty() {
            problems.push((title_line, format!("title.{lang} is empty")));
        }
    }
    let tags = check_tags(raw.tags, &line_of, &mut problems);
    let key_points = check_key_points(raw.key_points, id_line, &line_of, &mut problems);
    let figure_lines = raw
        .figures
        .iter()
        .map(|f| line_of(f.span().start))
        .collect();
    let figures = check_figures(raw.figures, &line_of, &mut problems);
    let calc_lines = raw.calc.iter().map(|c| line_of(c.span().start)).collect();
    let calc = read_presets(raw.calc, &line_of, &mut problems);
    let (numbers, number_template_lines) = read_numbers(raw.numbers, &line_of, &mut problems);
    let (sources, source_lines) = check_sources(raw.sources, id_line, &line_of, &mut problems);
    let probes_line = raw
        .probes
        .as_ref()
        .map_or(id_line, |p| line_of(p.span().start));
    let probes = raw.probes.map(Spanned::into_inner).unwrap_or_default();
    let points = key_points.zh.len().min(key_points.en.len());
    for (id, indices) in &probes {
        for index in indices.iter().filter(|i| **i >= points) {
            problems.push((
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
    Ok((front, problems))
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

fn check_tags(
    tags: Vec<Spanned<String>>,
    line_of: &impl Fn(usize) -> usize,
    problems: &mut Problems,
) -> Vec<String> {
    tags.into_iter()
        .filter_map(|tag| {
            let line = line_of(tag.span().start);
            let tag = tag.into_inner();
            if tag.trim().is_empty() || tag.chars().any(char::is_whitespace) {
                problems.push((line, format!("tag '{tag}' must be one word without spaces")));
                None
            } else {
                Some(tag.to_lowercase())
            }
        })
        .collect()
}

fn check_key_points(
    raw: Option<Spanned<RawKeyPoints>>,
    id_line: usize,
    line_of: &impl Fn(usize) -> usize,
    problems: &mut Problems,
) -> Bilingual<Vec<KeyPoint>> {
    let (line, points) = match raw {
        Some(spanned) => (line_of(spanned.span().start), spanned.into_inner()),
        None => (id_line, RawKeyPoints { zh: None, en: None }),
    };
    let mut check = |lang: Lang, points: Option<Vec<KeyPoint>>| {
        let points = points.unwrap_or_default();
        if points.is_empty() {
            problems.push((
                line,
                format!("missing key points in '{lang}': add [[key-points.{lang}]] entries"),
            ));
        }
        for (n, point) in points.iter().enumerate() {
            if point.point.trim().is_empty() {
                problems.push((
                    line,
                    format!("key point {} in '{lang}' has an empty 'point'", n + 1),
                ));
            }
            let needed = point
                .parsed_terms()
                .any(|t| t.rule != TermRule::Optional && !t.alternatives.is_empty());
            if !needed {
                problems.push((
                    line,
                    format!(
                        "key point {} in '{lang}' ('{}') needs at least one non-empty term that is not optional ('?')",
                        n + 1,
                        point.point
                    ),
                ));
            }
            for (term, problem) in point
                .parsed_terms()
                .zip(&point.terms)
                .filter_map(|(t, text)| Some((text, t.problem()?)))
            {
                problems.push((
                    line,
                    format!("key point {} in '{lang}': term '{term}' {problem}", n + 1),
                ));
            }
        }
        points
    };
    let zh = check(Lang::Zh, points.zh);
    let en = check(Lang::En, points.en);
    // The grader pairs points by position (point 3 in zh is point 3 in en), so an answer in
    // either language is graded against both.
    if !zh.is_empty() && !en.is_empty() && zh.len() != en.len() {
        problems.push((
            line,
            format!(
                "key points come in pairs by position, but zh has {} and en has {}: give both languages the same points in the same order",
                zh.len(),
                en.len()
            ),
        ));
    }
    Bilingual { zh, en }
}

/// Reads each `[[calc]]` table on its own, so a problem in one is reported at its own line.
/// Its keys are checked against the calculator's fields by the registry (`calculators::preset`).
fn read_presets(
    tables: Vec<Spanned<toml::Table>>,
    line_of: &impl Fn(usize) -> usize,
    problems: &mut Problems,
) -> Vec<CalcPreset> {
    tables
        .into_iter()
        .filter_map(|table| {
            let line = line_of(table.span().start);
            match CalcPreset::from_table(table.into_inner()) {
                Ok(preset) => Some(preset),
                Err(message) => {
                    problems.push((line, format!("calculator preset: {message}")));
                    None
                }
            }
        })
        .collect()
}

/// Reads each `[[numbers]]` table on its own (`content::numbers`), with its line; an id used
/// twice in one card is a problem at the second.
fn read_numbers(
    tables: Vec<Spanned<toml::Table>>,
    line_of: &impl Fn(usize) -> usize,
    problems: &mut Problems,
) -> (Vec<NumberTemplate>, Vec<usize>) {
    let (mut templates, mut lines) = (Vec::<NumberTemplate>::new(), Vec::new());
    for table in tables {
        let line = line_of(table.span().start);
        match read_template(table.into_inner()) {
            Ok(t) if templates.iter().any(|seen| seen.id == t.id) => problems.push((
                line,
                format!("number template id '{}' is used twice in this card", t.id),
            )),
            Ok(t) => {
                templates.push(t);
                lines.push(line);
            }
            Err(messages) => problems.extend(messages.into_iter().map(|m| (line, m))),
        }
    }
    (templates, lines)
}

fn check_figures(
    figures: Vec<Spanned<Figure>>,
    line_of: &impl Fn(usize) -> usize,
    problems: &mut Problems,
) -> Vec<Figure> {
    figures
        .into_iter()
        .map(|figure| {
            let line = line_of(figure.span().start);
            let figure = figure.into_inner();
            if figure.expr.trim().is_empty() || figure.expect.trim().is_empty() {
                problems.push((line, "a figure needs both 'expr' and 'expect'".to_owned()));
            }
            figure
        })
        .collect()
}

fn check_sources(
    sources: Vec<Spanned<Source>>,
    id_line: usize,
    line_of: &impl Fn(usize) -> usize,
    problems: &mut Problems,
) -> (Vec<Source>, Vec<usize>) {
    if sources.is_empty() {
        problems.push((
            id_line,
            "missing sources: every figure cites a [[sources]] entry (key, title, url or document)"
                .to_owned(),
        ));
    }
    let mut seen: Vec<String> = Vec::new();
    let mut lines = Vec::new();
    let sources = sources
        .into_iter()
        .map(|source| {
            let line = line_of(source.span().start);
            let source = source.into_inner();
            if source.key.trim().is_empty() || source.key.contains(char::is_whitespace) {
                problems.push((
                    line,
                    format!("source key '{}' must be one word", source.key),
                ));
            } else if seen.contains(&source.key) {
                problems.push((line, format!("source key '{}' is used twice", source.key)));
            }
            if source.title.trim().is_empty() {
                problems.push((line, format!("source '{}' has an empty title", source.key)));
            }
            match (&source.url, &source.document) {
                (None, None) => problems.push((
                    line,
                    format!("source '{}' needs a 'url' or a 'document'", source.key),
                )),
                (Some(url), _) if !(url.starts_with("https://") || url.starts_with("http://")) => {
                    problems.push((
                        line,
                        format!(
                            "source '{}' has url '{url}': it must start with https://",
                            source.key
                        ),
                    ));
                }
                _ => {}
            }
            seen.push(source.key.clone());
            lines.push(line);
            source
        })
        .collect();
    (sources, lines)
}

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
