//! Card text as ratatui lines at a given width: markdown lines, wrapped by our CJK-aware
//! wrapper (never by `Paragraph::wrap`), with preformatted lines kept as they are.

use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::content::{Card, Lang, Section};
use crate::text::markdown::{DocLine, LineKind, parse_fitted};
use crate::text::wrap::{Span as WrapSpan, wrap_spans};

/// One section of a card, ready to draw at `width` columns.
pub fn section_lines(
    card: &Card,
    lang: Lang,
    section: Section,
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let cite = |key: &str| card.citation_number(key);
    let markdown = card.body.get(lang).section(section);
    let mut lines = to_lines(&parse_fitted(markdown, &cite, Some(width)), width, theme);
    let cited = cited_sources(card, markdown);
    if !cited.is_empty() {
        lines.push(Line::default());
        for (number, source) in cited {
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
            let text = format!("[{number}] {}{reported} {place}", source.title);
            let spans = [WrapSpan::new(text, theme.dim())];
            lines.extend(wrap_spans(&spans, width, 4).into_iter().map(to_line));
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

/// The sources a section cites, numbered as in the text.
fn cited_sources<'a>(card: &'a Card, markdown: &str) -> Vec<(usize, &'a crate::content::Source)> {
    card.sources
        .iter()
        .enumerate()
        .filter(|(_, s)| markdown.contains(&format!("[^{}]", s.key)))
        .map(|(i, s)| (i + 1, s))
        .collect()
}

/// Wraps flowing lines to `width` and keeps preformatted ones whole (the view clips them).
pub fn to_lines(doc: &[DocLine], width: usize, theme: Theme) -> Vec<Line<'static>> {
    let mut out = Vec::with_capacity(doc.len());
    for line in doc {
        let spans: Vec<WrapSpan<ratatui::style::Style>> = line
            .segs
            .iter()
            .map(|s| WrapSpan::new(s.text.clone(), theme.mark(s.mark)))
            .collect();
        match line.kind {
            LineKind::Pre => out.push(to_line(spans)),
            LineKind::Flow => out.extend(
                wrap_spans(&spans, width, line.indent)
                    .into_iter()
                    .map(to_line),
            ),
        }
    }
    out
}

fn to_line(spans: Vec<WrapSpan<ratatui::style::Style>>) -> Line<'static> {
    Line::from(
        spans
            .into_iter()
            .map(|s| Span::styled(s.text, s.style))
            .collect::<Vec<_>>(),
    )
}
