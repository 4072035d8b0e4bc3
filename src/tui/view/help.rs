//! The `?` screen: every binding of the key table, grouped by where it applies.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use crate::text::messages as m;
use crate::tui::app::App;
use crate::tui::keymap::help_rows;
use crate::tui::theme::Theme;

pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let groups = help_rows(app.ui());
    let key_width = groups
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(|(k, _)| k.width()))
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line<'static>> =
        vec![Line::styled(m::HELP_TITLE.get(app.ui()), theme.title())];
    for (title, rows) in groups {
        lines.push(Line::default());
        lines.push(Line::styled(title, theme.accent()));
        for (keys, help) in rows {
            lines.push(Line::from(vec![
                Span::styled(format!("  {keys:<key_width$}  "), theme.key()),
                Span::raw(help),
            ]));
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
