//! Drawing: one function per screen part, all reading `App` and nothing else.
//!
//! ```text
//! ┌ header: screens, language, card count ──────────────┐
//! │ body: card list | reader | search | help | calculators│
//! └ footer: key hints from the key table, or a message ──┘
//! ```

mod calc;
mod chart;
mod drill;
pub mod field;
mod help;
mod list;
mod numbers;
mod numbers_stats;
mod reader;
mod search;
mod stats;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Screen};
use super::keymap::{Context, footer_hints};
use super::theme::Theme;
use crate::content::Lang;
use unicode_width::UnicodeWidthStr;

/// The smallest terminal the layout works in; below it the app says so instead.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 10;

/// Rows the header and footer take, so the body gets the rest.
pub const CHROME_ROWS: u16 = 2;

pub fn render(app: &App, theme: Theme, frame: &mut Frame<'_>) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        render_too_small(area, theme, frame);
        return;
    }
    let [header, body, footer] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ]));
    render_header(app, theme, header, frame);
    match app.context() {
        Context::Help => help::render(app, theme, body, frame),
        Context::Search => search::render(app, theme, body, frame),
        _ if app.screen == Screen::Calculators => calc::render(app, theme, body, frame),
        _ if app.screen == Screen::Drill => drill::render(app, theme, body, frame),
        _ if app.screen == Screen::Stats => stats::render(app, theme, body, frame),
        _ if app.cards.reading.is_some() => reader::render(app, theme, body, frame),
        _ => list::render(app, theme, body, frame),
    }
    render_footer(app, theme, footer, frame);
}

fn render_too_small(area: Rect, theme: Theme, frame: &mut Frame<'_>) {
    let text = vec![
        Line::styled("Terminal too small", theme.error()),
        Line::raw(format!(
            "need {MIN_WIDTH}x{MIN_HEIGHT}, have {}x{}",
            area.width, area.height
        )),
        Line::raw("q quits"),
    ];
    frame.render_widget(Paragraph::new(text), area);
}

fn render_header(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let tab =
        |label: &'static str, screen: Screen| Span::styled(label, theme.tab(app.screen == screen));
    let lang = match app.lang {
        Lang::Zh => " 中文 ",
        Lang::En => " EN ",
    };
    let left = Line::from(vec![
        Span::styled(" infraprep ", theme.title()),
        tab(" 1 Cards ", Screen::Cards),
        Span::raw(" "),
        tab(" 2 Calculators ", Screen::Calculators),
        Span::raw(" "),
        tab(" 3 Drill ", Screen::Drill),
        Span::raw(" "),
        tab(" 4 Stats ", Screen::Stats),
    ]);
    let right = Line::from(vec![
        Span::styled(format!("{} cards ", app.deck.len()), theme.dim()),
        Span::styled(lang, theme.accent()),
    ])
    .right_aligned();
    frame.render_widget(Paragraph::new(left), area);
    frame.render_widget(Paragraph::new(right), area);
}

fn render_footer(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let line = if let Some(prompt) = app.prompt() {
        let answer = app
            .status
            .as_ref()
            .map(|s| format!("   {s}"))
            .unwrap_or_default();
        let room = (area.width as usize)
            .saturating_sub(2 + answer.width())
            .max(10);
        let mut spans = vec![Span::styled("= ", theme.key())];
        spans.extend(field::spans(
            &prompt.input,
            room,
            true,
            theme.text(),
            theme.selected(),
        ));
        spans.push(Span::styled(answer, theme.accent()));
        Line::from(spans)
    } else if let Some(status) = &app.status {
        Line::styled(status.clone(), theme.accent())
    } else {
        let mut spans = Vec::new();
        for hint in footer_hints(app.context()) {
            let (key, label) = hint.split_once(' ').unwrap_or((hint, ""));
            spans.push(Span::styled(key.to_owned(), theme.key()));
            spans.push(Span::styled(format!(" {label}  "), theme.dim()));
        }
        Line::from(spans)
    };
    frame.render_widget(Paragraph::new(line), area);
}

/// A position marker like `12–30/120` for scrolled text.
pub fn position(first: usize, shown: usize, total: usize) -> String {
    if total <= shown {
        String::new()
    } else {
        format!("{}–{}/{total}", first + 1, (first + shown).min(total))
    }
}
