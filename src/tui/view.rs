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
mod plain;
mod reader;
mod search;
mod stats;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Screen};
use super::keymap::Context;
use super::theme::Theme;
use crate::content::Lang;
use crate::text::messages as m;
use crate::text::wrap::{Span as WrapSpan, wrap_spans};
use unicode_width::UnicodeWidthStr;

/// The smallest terminal the layout works in; below it the app says so instead.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 10;

/// Rows the header and footer take, so the body gets the rest.
pub const CHROME_ROWS: u16 = 2;

pub fn render(app: &App, theme: Theme, frame: &mut Frame<'_>) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        render_too_small(area, app.ui(), theme, frame);
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

fn render_too_small(area: Rect, ui: Lang, theme: Theme, frame: &mut Frame<'_>) {
    let text = vec![
        Line::styled(m::TOO_SMALL.get(ui), theme.error()),
        Line::raw(m::TOO_SMALL_SIZE.fill(
            ui,
            &[
                ("need", &format!("{MIN_WIDTH}x{MIN_HEIGHT}")),
                ("have", &format!("{}x{}", area.width, area.height)),
            ],
        )),
        Line::raw(m::TOO_SMALL_QUIT.get(ui)),
    ];
    frame.render_widget(Paragraph::new(text), area);
}

fn render_header(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let ui = app.ui();
    let tab = |label: m::Msg, number: u8, screen: Screen| {
        Span::styled(
            format!(" {number} {} ", label.get(ui)),
            theme.tab(app.screen == screen),
        )
    };
    let lang = match app.lang {
        Lang::Zh => " 中文 ",
        Lang::En => " EN ",
    };
    let left = Line::from(vec![
        Span::styled(" infraprep ", theme.title()),
        tab(m::TAB_CARDS, 1, Screen::Cards),
        Span::raw(" "),
        tab(m::TAB_CALCULATORS, 2, Screen::Calculators),
        Span::raw(" "),
        tab(m::TAB_DRILL, 3, Screen::Drill),
        Span::raw(" "),
        tab(m::TAB_STATS, 4, Screen::Stats),
    ]);
    let count = Span::styled(
        format!("{} ", m::CARD_COUNT.fill(ui, &[("n", &app.deck.len())])),
        theme.dim(),
    );
    let lang = Span::styled(lang, theme.accent());
    // On a narrow terminal the tabs keep their room: the card count goes first, then the
    // language, rather than either being drawn over the tabs.
    let room = usize::from(area.width).saturating_sub(left.width());
    let right = [vec![count, lang.clone()], vec![lang], Vec::new()]
        .into_iter()
        .map(Line::from)
        .find(|line| line.width() <= room)
        .unwrap_or_default()
        .right_aligned();
    frame.render_widget(plain::PlainLines(std::slice::from_ref(&left)), area);
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
        let answer = Span::styled(answer, theme.accent());
        field::input_line("= ", &prompt.input, room, theme, answer)
    } else if let Some(status) = &app.status {
        // A status longer than the row wraps onto the row above, never cut mid-word.
        let lines = wrap_line(status, area.width, theme.accent());
        let rows = (lines.len() as u16).min(area.y).max(1);
        let shown = Rect {
            y: area.bottom().saturating_sub(rows),
            height: rows,
            ..area
        };
        frame.render_widget(ratatui::widgets::Clear, shown);
        frame.render_widget(Paragraph::new(lines), shown);
        return;
    } else {
        let mut spans = Vec::new();
        for hint in fitting_hints(&app.footer_hints(), area.width.into()) {
            let (key, label) = hint.split_once(' ').unwrap_or((hint, ""));
            spans.push(Span::styled(key.to_owned(), theme.key()));
            spans.push(Span::styled(format!(" {label}  "), theme.dim()));
        }
        Line::from(spans)
    };
    frame.render_widget(plain::PlainLines(std::slice::from_ref(&line)), area);
}

/// The footer hints that fit in `width` columns, whole, in their order. When not all fit, the
/// help hint (`?`) stays, since the help lists everything left out.
fn fitting_hints<'a>(hints: &[&'a str], width: usize) -> Vec<&'a str> {
    // Each hint is followed by two spaces, which the last one does without.
    let cost = |hint: &str| hint.width() + 2;
    let width = width + 2;
    if hints.iter().map(|h| cost(h)).sum::<usize>() <= width {
        return hints.to_vec();
    }
    let is_help = |hint: &str| hint.starts_with("? ");
    let mut room = width.saturating_sub(hints.iter().filter(|h| is_help(h)).map(|h| cost(h)).sum());
    hints
        .iter()
        .filter(|hint| {
            if is_help(hint) {
                return true;
            }
            let fits = cost(hint) <= room;
            if fits {
                room -= cost(hint);
            }
            fits
        })
        .copied()
        .collect()
}

/// `text` wrapped to `width` columns in one style (CJK-aware, never cutting a word).
pub fn wrap_line(text: &str, width: u16, style: Style) -> Vec<Line<'static>> {
    wrap_styled(&[WrapSpan::new(text, style)], width, 0)
}

/// Styled `spans` wrapped to `width` columns (CJK-aware, never cutting a word), the lines after
/// the first indented by `indent` columns: the one bridge from the core's wrapping to ratatui
/// lines.
pub fn wrap_styled(
    spans: &[WrapSpan<Style>],
    width: impl Into<usize>,
    indent: usize,
) -> Vec<Line<'static>> {
    wrap_spans(spans, width.into().max(1), indent)
        .into_iter()
        .map(|runs| {
            Line::from(
                runs.into_iter()
                    .map(|s| Span::styled(s.text, s.style))
                    .collect::<Vec<_>>(),
            )
        })
        .collect()
}

/// A position marker like `12–30/120` for scrolled text.
pub fn position(first: usize, shown: usize, total: usize) -> String {
    if total <= shown {
        String::new()
    } else {
        format!("{}–{}/{total}", first + 1, (first + shown).min(total))
    }
}

#[cfg(test)]
mod tests {
    use super::fitting_hints;

    #[test]
    fn footer_hints_drop_whole_keeping_the_help() {
        let hints = ["Tab field", "Enter edit", "q quit", "? help", "/ search"];
        // 11 + 12 + 8 + 8 + 10 = 49 columns, less the last hint's two spaces.
        assert_eq!(fitting_hints(&hints, 47), hints.to_vec(), "all fit");
        assert_eq!(fitting_hints(&hints, 46).len(), 4);
        // In 28 (30 with the last hint's spaces) the help and what fits before it stay.
        assert_eq!(
            fitting_hints(&hints, 28),
            vec!["Tab field", "q quit", "? help"]
        );
        assert_eq!(fitting_hints(&hints, 5), vec!["? help"]);
    }
}
