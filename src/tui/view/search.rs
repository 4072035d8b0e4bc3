//! The search box and its results: each result is its title with the matched words
//! highlighted, and under it a short passage of the card (in the content language) showing why
//! it matched, from the same snippet maker as `infraprep search`.
//!
//! ```text
//! / nvlink bandwidth█                              12 found
//!   3  NVLink vs InfiniBand                                (title, matches highlighted)
//!      …NVLink 5 gives 1.8 TB/s per GPU, where…           (snippet)
//! ```

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use super::list::truncate;
use crate::search::is_blank;
use crate::text::messages as m;
use crate::tui::app::App;
use crate::tui::theme::Theme;
use crate::tui::view::field;

/// Rows each result takes: its title and its snippet.
const ROWS_PER_HIT: usize = 2;
/// Columns before a result's title and snippet (the card number).
const INDENT: usize = 6;

pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let Some(search) = app.search() else { return };
    let ui = app.ui();
    let [input, results] = area.layout(&Layout::vertical([
        Constraint::Length(2),
        Constraint::Fill(1),
    ]));
    let query = search.query.text();
    let count = if query.trim().is_empty() || search.pending {
        String::new()
    } else {
        format!(
            "  {}",
            m::SEARCH_FOUND.fill(ui, &[("n", &search.hits.len())])
        )
    };
    let room = (input.width as usize).saturating_sub(2 + count.width());
    let count = Span::styled(count, theme.dim());
    let line = field::input_line("/ ", &search.query, room, theme, count);
    frame.render_widget(Paragraph::new(line), input);
    if search.hits.is_empty() {
        let note = if is_blank(&query) {
            m::SEARCH_TYPE
        } else if search.pending {
            m::SEARCH_INDEXING
        } else {
            m::SEARCH_NONE
        };
        let note = crate::tui::view::wrap_line(note.get(ui), results.width, theme.dim());
        frame.render_widget(Paragraph::new(note), results);
        return;
    }
    let shown = (results.height as usize / ROWS_PER_HIT).max(1);
    let first = search.selected.saturating_sub(shown - 1);
    let width = (results.width as usize).saturating_sub(INDENT);
    let mut lines: Vec<Line<'static>> = Vec::new();
    for (index, hit) in search.hits.iter().enumerate().skip(first).take(shown) {
        let Some(card) = app.card(hit.card) else {
            continue;
        };
        let number = card
            .number
            .map_or_else(|| "  -".to_owned(), |n| format!("{n:>3}"));
        let title = card.title(app.lang);
        let mut spans = vec![Span::styled(format!(" {number}  "), theme.accent())];
        spans.extend(highlighted(
            &truncate(title, width),
            &search.compiled.matches(title),
            theme,
        ));
        let snippet = search.compiled.snippet(card, app.lang, width);
        let mut under = vec![Span::raw(" ".repeat(INDENT))];
        under.extend(highlighted(&snippet.text, &snippet.matches, theme));
        let (title_line, snippet_line) = (Line::from(spans), Line::from(under));
        if index == search.selected {
            lines.push(title_line.style(theme.selected()));
            lines.push(snippet_line.style(theme.selected()));
        } else {
            lines.push(title_line);
            lines.push(snippet_line.style(theme.dim()));
        }
    }
    frame.render_widget(Paragraph::new(lines), results);
}

/// `text` as spans, with the chars in `matches` (char ranges) in the match style.
fn highlighted(text: &str, matches: &[Range<usize>], theme: Theme) -> Vec<Span<'static>> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut run = String::new();
    let mut run_matched = false;
    let style = |matched: bool| {
        if matched {
            theme.matched()
        } else {
            theme.text()
        }
    };
    for (index, c) in text.chars().enumerate() {
        let is_match = matches.iter().any(|r| r.contains(&index));
        if is_match != run_matched && !run.is_empty() {
            spans.push(Span::styled(std::mem::take(&mut run), style(run_matched)));
        }
        run_matched = is_match;
        run.push(c);
    }
    if !run.is_empty() {
        spans.push(Span::styled(run, style(run_matched)));
    }
    spans
}
