//! A card section laid out for the reader: markdown parsed, fitted and wrapped to a width, with
//! abstract marks instead of colours, and the sources it cites listed after it. Computed by
//! update when its inputs change and cached, so scrolling and drawing never lay it out again.

use crate::content::{Card, Lang, Section};
use crate::text::markdown::{DocLine, LineKind, Mark, parse_fitted};
use crate::text::wrap::{Span as StyledRun, wrap_spans};

/// One laid-out line: runs of text with their marks.
pub type LaidLine = Vec<StyledRun<Mark>>;

/// What a layout depends on; a different key means it must be laid out again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoutKey {
    pub card: usize,
    pub section: Section,
    pub lang: Lang,
    pub width: usize,
}

/// The last section laid out, kept until its key changes.
#[derive(Debug, Clone, Default)]
pub struct LayoutCache {
    cached: Option<(LayoutKey, Vec<LaidLine>)>,
}

impl LayoutCache {
    /// The lines for `key`, laid out now if the cache holds another key.
    pub fn get(&mut self, key: LayoutKey, card: &Card) -> &[LaidLine] {
        if self.cached.as_ref().is_none_or(|(k, _)| *k != key) {
            let lines = section(card, key.lang, key.section, key.width);
            self.cached = Some((key, lines));
        }
        self.cached.as_ref().map_or(&[], |(_, lines)| lines)
    }

    /// The cached lines, if they were laid out for `key`.
    pub fn peek(&self, key: LayoutKey) -> Option<&[LaidLine]> {
        self.cached
            .as_ref()
            .filter(|(k, _)| *k == key)
            .map(|(_, lines)| lines.as_slice())
    }
}

/// One section of a card at `width` columns, then the sources it cites.
pub fn section(card: &Card, lang: Lang, section: Section, width: usize) -> Vec<LaidLine> {
    let cite = |key: &str| card.citation_number(key);
    let markdown = card.body.get(lang).section(section);
    let mut lines = wrap_doc(&parse_fitted(markdown, &cite, Some(width)), width);
    let dim = Mark {
        dim: true,
        ..Mark::PLAIN
    };
    let cited: Vec<_> = card
        .sources
        .iter()
        .enumerate()
        .filter(|(_, s)| markdown.contains(&format!("[^{}]", s.key)))
        .collect();
    if !cited.is_empty() {
        lines.push(Vec::new());
        for (i, source) in cited {
            let place = source
                .url
                .as_deref()
                .or(source.document.as_deref())
                .unwrap_or("");
            let reported = if source.reported {
                reported_label(lang)
            } else {
                ""
            };
            let text = format!("[{}] {}{reported} {place}", i + 1, source.title);
            lines.extend(wrap_spans(&[StyledRun::new(text, dim)], width, 4));
        }
    }
    lines
}

const fn reported_label(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "（二手来源）",
        Lang::En => " (reported)",
    }
}

/// Wraps flowing lines to `width` and keeps preformatted ones whole (the view clips them).
pub fn wrap_doc(doc: &[DocLine], width: usize) -> Vec<LaidLine> {
    let mut out = Vec::with_capacity(doc.len());
    for line in doc {
        let runs: LaidLine = line
            .segs
            .iter()
            .map(|s| StyledRun::new(s.text.clone(), s.mark))
            .collect();
        match line.kind {
            LineKind::Pre => out.push(runs),
            LineKind::Flow => out.extend(wrap_spans(&runs, width, line.indent)),
        }
    }
    out
}
