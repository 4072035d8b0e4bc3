//! The search box and its results, with matched characters highlighted.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::search::match_indices;
use crate::tui::app::App;
use crate::tui::theme::Theme;
use crate::tui::view::field;
use unicode_width::UnicodeWidthStr;

pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let Some(search) = app.search() else { return };
    let [input, results] = area.layout(&Layout::vertical([
        Constraint::Length(2),
        Constraint::Fill(1),
    ]));
    let query = search.query.text();
    let count = if query.trim().is_empty() {
        String::new()
    } else {
        format!("  {} found", search.hits.len())
    };
    let room = (input.width as usize).saturating_sub(2 + count.width());
    let mut spans = vec![Span::styled("/ ", theme.key())];
    spans.extend(field::spans(
        &search.query,
        room,
        true,
        theme.text(),
        theme.selected(),
    ));
    spans.push(Span::styled(count, theme.dim()));
    let prompt = Line::from(spans);
    frame.render_widget(Paragraph::new(prompt), input);
    let rows = results.height as usize;
    let first = search.selected.saturating_sub(rows.saturating_sub(1));
    let lines: Vec<Line<'static>> = search
        .hits
        .iter()
        .enumerate()
        .skip(first)
        .take(rows)
        .filter_map(|(index, hit)| {
            let card = app.card(hit.card)?;
            let number = card
                .number
                .map_or_else(|| "  -".to_owned(), |n| format!("{n:>3}"));
            let mut spans = vec![Span::styled(format!(" {number}  "), theme.accent())];
            spans.extend(highlighted(card.title(app.lang), &query, theme));
            let line = Line::from(spans);
            Some(if index == search.selected {
                line.style(theme.selected())
            } else {
                line
            })
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), results);
}

/// The title as spans, with the characters the query matched in the match style.
fn highlighted(title: &str, query: &str, theme: Theme) -> Vec<Span<'static>> {
    let matched = match_indices(title, query);
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut run = String::new();
    let mut run_matched = false;
    for (index, c) in title.chars().enumerate() {
        let is_match = matched.binary_search(&index).is_ok();
        if is_match != run_matched && !run.is_empty() {
            spans.push(Span::styled(
                std::mem::take(&mut run),
                if run_matched {
                    theme.matched()
                } else {
                    theme.text()
                },
            ));
        }
        run_matched = is_match;
        run.push(c);
    }
    if !run.is_empty() {
        spans.push(Span::styled(
            run,
            if run_matched {
                theme.matched()
            } else {
                theme.text()
            },
        ));
    }
    spans
}
