//! The checks of each part of the front matter that serde cannot make: a problem found is kept
//! with its file line, and reading goes on, so that every problem is reported at once.

use toml::Spanned;

use super::{Problems, RawKeyPoints};
use crate::content::card::{CalcPreset, Figure, KeyPoint, Source, TermRule};
use crate::content::numbers::{NumberTemplate, read_template};
use crate::content::{Bilingual, Lang};
use crate::text::messages as m;

/// Turns spans of the front matter into file lines, and collects problems.
pub(super) struct Checker<'a> {
    pub line_of: &'a dyn Fn(usize) -> usize,
    pub problems: Problems,
}

impl Checker<'_> {
    /// The file line a spanned value starts on.
    pub(super) fn line<T>(&self, value: &Spanned<T>) -> usize {
        (self.line_of)(value.span().start)
    }

    pub(super) fn tags(&mut self, tags: Vec<Spanned<String>>) -> Vec<String> {
        tags.into_iter()
            .filter_map(|tag| {
                let line = self.line(&tag);
                let tag = tag.into_inner();
                if tag.trim().is_empty() || tag.chars().any(char::is_whitespace) {
                    self.problems
                        .push((line, format!("tag '{tag}' must be one word without spaces")));
                    None
                } else {
                    Some(tag.to_lowercase())
                }
            })
            .collect()
    }

    pub(super) fn key_points(
        &mut self,
        raw: Option<Spanned<RawKeyPoints>>,
        id_line: usize,
    ) -> Bilingual<Vec<KeyPoint>> {
        let (line, points) = match raw {
            Some(spanned) => (self.line(&spanned), spanned.into_inner()),
            None => (id_line, RawKeyPoints { zh: None, en: None }),
        };
        let mut check = |lang: Lang, points: Option<Vec<KeyPoint>>| {
            let points = points.unwrap_or_default();
            if points.is_empty() {
                self.problems.push((
                    line,
                    format!("missing key points in '{lang}': add [[key-points.{lang}]] entries"),
                ));
            }
            for (n, point) in points.iter().enumerate() {
                if point.point.trim().is_empty() {
                    self.problems.push((
                        line,
                        format!("key point {} in '{lang}' has an empty 'point'", n + 1),
                    ));
                }
                let needed = point
                    .parsed_terms()
                    .any(|t| t.rule != TermRule::Optional && !t.alternatives.is_empty());
                if !needed {
                    self.problems.push((
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
                    self.problems.push((
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
            self.problems.push((
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
    pub(super) fn presets(&mut self, tables: Vec<Spanned<toml::Table>>) -> Vec<CalcPreset> {
        tables
            .into_iter()
            .filter_map(|table| {
                let line = self.line(&table);
                match CalcPreset::from_table(table.into_inner()) {
                    Ok(preset) => Some(preset),
                    Err(message) => {
                        self.problems
                            .push((line, format!("calculator preset: {message}")));
                        None
                    }
                }
            })
            .collect()
    }

    /// Reads each `[[numbers]]` table on its own (`content::numbers`), with its line; an id used
    /// twice in one card is a problem at the second.
    pub(super) fn numbers(
        &mut self,
        tables: Vec<Spanned<toml::Table>>,
    ) -> (Vec<NumberTemplate>, Vec<usize>) {
        let (mut templates, mut lines) = (Vec::<NumberTemplate>::new(), Vec::new());
        for table in tables {
            let line = self.line(&table);
            match read_template(table.into_inner()) {
                Ok(t) if templates.iter().any(|seen| seen.id == t.id) => self.problems.push((
                    line,
                    format!("number template id '{}' is used twice in this card", t.id),
                )),
                Ok(t) => {
                    templates.push(t);
                    lines.push(line);
                }
                Err(messages) => self
                    .problems
                    .extend(messages.into_iter().map(|m| (line, m))),
            }
        }
        (templates, lines)
    }

    pub(super) fn figures(&mut self, figures: Vec<Spanned<Figure>>) -> Vec<Figure> {
        figures
            .into_iter()
            .map(|figure| {
                let line = self.line(&figure);
                let figure = figure.into_inner();
                if let Some(problem) = figure_shape(&figure) {
                    self.problems.push((line, problem.to_owned()));
                }
                figure
            })
            .collect()
    }

    pub(super) fn sources(
        &mut self,
        sources: Vec<Spanned<Source>>,
        id_line: usize,
    ) -> (Vec<Source>, Vec<usize>) {
        if sources.is_empty() {
            self.problems.push((
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
                let line = self.line(&source);
                let source = source.into_inner();
                if source.key.trim().is_empty() || source.key.contains(char::is_whitespace) {
                    self.problems.push((
                        line,
                        format!("source key '{}' must be one word", source.key),
                    ));
                } else if seen.contains(&source.key) {
                    self.problems
                        .push((line, format!("source key '{}' is used twice", source.key)));
                }
                if source.title.trim().is_empty() {
                    self.problems
                        .push((line, format!("source '{}' has an empty title", source.key)));
                }
                match (&source.url, &source.document) {
                    (None, None) => self.problems.push((
                        line,
                        format!("source '{}' needs a 'url' or a 'document'", source.key),
                    )),
                    (Some(url), _)
                        if !(url.starts_with("https://") || url.starts_with("http://")) =>
                    {
                        self.problems.push((
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
}

/// What is wrong with a figure's keys: it states `expect` and takes its value from exactly one
/// place, an `expr` or a preset's `calc` and `field`.
fn figure_shape(figure: &Figure) -> Option<&'static str> {
    let expr = !figure.expr.trim().is_empty();
    let preset = figure.calc.is_some() || figure.field.is_some();
    let problem = if figure.expect.trim().is_empty() {
        m::PROBLEM_FIGURE_NO_EXPECT
    } else if expr && preset {
        m::PROBLEM_FIGURE_TWO_SOURCES
    } else if preset && (figure.calc.is_none() || figure.field.is_none()) {
        m::PROBLEM_FIGURE_PRESET_HALF
    } else if !expr && !preset {
        m::PROBLEM_FIGURE_NO_VALUE
    } else {
        return None;
    };
    Some(problem.en)
}
