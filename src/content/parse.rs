//! Turns the text of one card file into a checked [`Card`], or every problem found in it.

use std::sync::Arc;

use super::body::{ParsedBody, parse_body_with};
use super::card::{Card, LangBody, Origin};
use super::front_matter::{Front, parse_front, split};
use super::section_text::{FileBody, SectionText};
use super::{Bilingual, Lang, Problem};

/// Where a parsed card's section texts are kept.
pub enum Storage {
    /// Copied out of the text parsed.
    Owned,
    /// The text parsed is embedded in the binary: point into it.
    Embedded(&'static str),
    /// The text parsed is this file's: read it again when a section is shown.
    File(Arc<FileBody>),
}

/// What a parse yields besides the card: links to other cards, for deck-level checks.
#[derive(Debug, Clone)]
pub struct Parsed {
    pub card: Card,
    /// Every `card:ID` link in the body, with its line (follow-ups and cross references).
    pub card_links: Vec<(String, usize)>,
}

/// Parses one card file. `path` is only used in problem reports.
pub fn parse_card(text: &str, path: &str) -> Result<Parsed, Vec<Problem>> {
    parse_card_stored(text, path, &Storage::Owned)
}

/// [`parse_card`], keeping the section texts as `storage` says; `text` must be the embedded or
/// file text that `storage` names.
pub fn parse_card_stored(
    text: &str,
    path: &str,
    storage: &Storage,
) -> Result<Parsed, Vec<Problem>> {
    let at = |(line, message): (usize, String)| Problem::new(path, line, message);
    let parts = split(text).map_err(|p| vec![at(p)])?;
    let (front, front_problems) =
        parse_front(parts.front, parts.front_line).map_err(|p| vec![at(p)])?;
    // The body runs to the end of the text, so this is where it starts in `text`.
    let offset = text.len() - parts.body.len();
    let store = |range: std::ops::Range<usize>| {
        let absolute = offset + range.start..offset + range.end;
        match storage {
            Storage::Owned => SectionText::owned(parts.body[range].to_owned()),
            Storage::Embedded(all) => SectionText::embedded(&all[absolute]),
            Storage::File(file) => SectionText::in_file(Arc::clone(file), absolute),
        }
    };
    let body = parse_body_with(parts.body, parts.body_line, &store);
    let mut problems: Vec<(usize, String)> = front_problems;
    problems.extend(body.problems.iter().cloned());
    check_citations(&front, &body, &mut problems);
    check_follow_ups(&front, &body, &mut problems);
    if !problems.is_empty() {
        problems.sort_by_key(|(line, _)| *line);
        return Err(problems.into_iter().map(at).collect());
    }
    let ParsedBody {
        zh, en, card_links, ..
    } = body;
    let (Some(zh), Some(en)) = (zh, en) else {
        return Err(vec![Problem::new(
            path,
            parts.body_line,
            "a card needs both languages",
        )]);
    };
    let (mut zh, mut en) = (zh, en);
    for follow_up in zh.follow_ups.iter_mut().chain(en.follow_ups.iter_mut()) {
        follow_up.probes = front.probes.get(&follow_up.id).cloned().unwrap_or_default();
    }
    Ok(Parsed {
        card: assemble(front, Bilingual { zh, en }, path),
        card_links,
    })
}

fn assemble(front: Front, body: Bilingual<LangBody>, path: &str) -> Card {
    Card {
        id: front.id,
        number: front.number,
        difficulty: front.difficulty,
        tags: front.tags,
        title: front.title,
        key_points: front.key_points,
        calc: front.calc,
        figures: front.figures,
        numbers: front.numbers,
        sources: front.sources,
        body,
        origin: Origin {
            path: path.to_owned(),
            id_line: front.id_line,
            number_line: front.number_line,
            calc_lines: front.calc_lines,
            figure_lines: front.figure_lines,
            number_lines: front.number_template_lines,
        },
    }
}

/// Every citation names a source, and every source is cited, so the list of sources is exactly
/// what the text relies on.
fn check_citations(front: &Front, body: &ParsedBody, problems: &mut Vec<(usize, String)>) {
    for (key, line) in &body.citations {
        if !front.sources.iter().any(|s| &s.key == key) {
            problems.push((*line, format!("citation '[^{key}]' names no source: add a [[sources]] entry with key = \"{key}\"")));
        }
    }
    for (source, line) in front.sources.iter().zip(&front.source_lines) {
        if !body.citations.iter().any(|(key, _)| key == &source.key) {
            problems.push((*line, format!("source '{}' is never cited: put [^{}] after the figure it supports, or remove it", source.key, source.key)));
        }
    }
}

/// Both languages ask the same follow-ups in the same order, and none points back at the card.
fn check_follow_ups(front: &Front, body: &ParsedBody, problems: &mut Vec<(usize, String)>) {
    let ids = |lang: &Option<LangBody>| -> Vec<String> {
        lang.as_ref()
            .map(|b| b.follow_ups.iter().map(|f| f.id.clone()).collect())
            .unwrap_or_default()
    };
    let (zh, en) = (ids(&body.zh), ids(&body.en));
    if body.zh.is_some() && body.en.is_some() && zh != en {
        let line = body
            .en
            .as_ref()
            .and_then(|b| b.follow_ups.first())
            .map_or(front.id_line, |f| f.line);
        problems.push((
            line,
            format!(
                "follow-ups differ between languages: zh lists [{}], en lists [{}]",
                zh.join(", "),
                en.join(", ")
            ),
        ));
    }
    for id in front.probes.keys().filter(|id| !en.contains(id)) {
        problems.push((
            front.probes_line,
            format!(
                "probes names '{id}', which is not a follow-up of this card: use one of [{}]",
                en.join(", ")
            ),
        ));
    }
    for lang in Lang::ALL {
        let lang_body = match lang {
            Lang::Zh => &body.zh,
            Lang::En => &body.en,
        };
        for follow_up in lang_body.iter().flat_map(|b| &b.follow_ups) {
            if follow_up.id == front.id {
                problems.push((
                    follow_up.line,
                    format!(
                        "follow-up '{}' points at the card itself",
                        follow_up.question
                    ),
                ));
            }
            if follow_up.question.is_empty() {
                problems.push((
                    follow_up.line,
                    format!("follow-up link to '{}' has no question text", follow_up.id),
                ));
            }
        }
    }
}
