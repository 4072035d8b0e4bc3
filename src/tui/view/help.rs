//! The `?` screen: every binding of the key table, grouped by where it applies.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use crate::text::wrap::{Span as WrapSpan, wrap_spans};
use crate::tui::app::App;
use crate::tui::keymap::help_rows;
use crate::tui::theme::Theme;

/// The widest the key column gets: a longer key list (the text fields' editing keys) takes a
/// row of its own, so every description stays readable at 80 columns.
const MAX_KEY_WIDTH: usize = 20;

pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let groups = help_rows();
    let key_width = groups
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(|(k, _)| k.width()))
        .filter(|&w| w <= MAX_KEY_WIDTH)
        .max()
        .unwrap_or(0);
    let indent = key_width + 4;
    let text_width = (area.width as usize).saturating_sub(indent).max(10);
    let mut lines: Vec<Line<'static>> = vec![Line::styled("Keys", theme.title())];
    for (title, rows) in groups {
        lines.push(Line::default());
        lines.push(Line::styled(title, theme.accent()));
        for (keys, help) in rows {
            let mut first = if keys.width() > key_width {
                lines.push(Line::styled(format!("  {keys}"), theme.key()));
                vec![Span::raw(" ".repeat(indent))]
            } else {
                vec![Span::styled(format!("  {keys:<key_width$}  "), theme.key())]
            };
            // Long descriptions wrap under themselves, not under the keys.
            for (i, row) in wrap_spans(&[WrapSpan::new(help, ())], text_width, 0)
                .into_iter()
                .enumerate()
            {
                let text: String = row.into_iter().map(|s| s.text).collect();
                if i == 0 {
                    first.push(Span::raw(text));
                    lines.push(Line::from(std::mem::take(&mut first)));
                } else {
                    lines.push(Line::raw(format!("{}{text}", " ".repeat(indent))));
                }
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
