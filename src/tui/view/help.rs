//! The `?` screen: every binding of the key table, grouped by where it applies, in the
//! interface language. The keys take a column of at most [`KEY_COLUMN`]; a longer key list gets
//! a row of its own, and a long description wraps under itself, so nothing is cut at 80 columns.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use crate::text::messages as m;
use crate::tui::app::App;
use crate::tui::keymap::help_rows;
use crate::tui::theme::Theme;
use crate::tui::view::wrap_line;

/// The widest the key column grows.
const KEY_COLUMN: usize = 22;

pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let groups = help_rows(app.ui());
    let key_width = groups
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(|(k, _)| k.width()))
        .filter(|w| *w <= KEY_COLUMN)
        .max()
        .unwrap_or(0);
    // Two spaces before the keys, two after.
    let indent = key_width + 4;
    let text_width = (area.width as usize).saturating_sub(indent).max(10) as u16;
    let mut lines: Vec<Line<'static>> =
        vec![Line::styled(m::HELP_TITLE.get(app.ui()), theme.title())];
    for (title, rows) in groups {
        lines.push(Line::default());
        lines.push(Line::styled(title, theme.accent()));
        for (keys, help) in rows {
            let mut key_cell = format!("  {keys:<key_width$}  ");
            if keys.width() > key_width {
                lines.push(Line::styled(format!("  {keys}"), theme.key()));
                key_cell = " ".repeat(indent);
            }
            for (i, line) in wrap_line(help, text_width, theme.text())
                .into_iter()
                .enumerate()
            {
                let lead = if i == 0 {
                    std::mem::take(&mut key_cell)
                } else {
                    " ".repeat(indent)
                };
                let mut spans = vec![Span::styled(lead, theme.key())];
                spans.extend(line.spans);
                lines.push(Line::from(spans));
            }
        }
    }
    let scroll = app
        .help_scroll()
        .unwrap_or(0)
        .min(lines.len().saturating_sub(area.height as usize));
    let shown: Vec<Line> = lines
        .into_iter()
        .skip(scroll)
        .take(area.height as usize)
        .collect();
    frame.render_widget(Paragraph::new(shown), area);
}
