//! Charts for calculator results: horizontal bars (drawn with block characters, so labels and
//! values stay readable at any width) and a log-log line chart of collective time against size.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use crate::calc::format;
use crate::calculators::{Chart, Unit};
use crate::content::Lang;
use crate::text::Bi;
use crate::text::messages as m;
use crate::text::wrap::wrap_str;
use crate::tui::theme::Theme;

/// Rows a chart wants at most, so the layout can stack several: a bar chart's title may wrap
/// to two rows, and a label wider than the label column takes a row of its own.
pub fn wanted_rows(chart: &Chart, ui: Lang) -> u16 {
    let long = |label: &Bi| usize::from(label.get(ui).width() > LABEL_COLUMN);
    let rows = match chart {
        Chart::Bars { bars, .. } => bars.len() + 2 + bars.iter().map(|b| long(&b.0)).sum::<usize>(),
        Chart::Parts { parts, .. } => {
            parts.len() + 2 + parts.iter().map(|p| long(&p.0)).sum::<usize>()
        }
        Chart::Lines { .. } => 12,
    };
    u16::try_from(rows).unwrap_or(u16::MAX)
}

pub fn render(chart: &Chart, ui: Lang, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    match chart {
        Chart::Bars { title, unit, bars } => {
            let rows: Vec<(String, f64, String)> = bars
                .iter()
                .map(|(label, spec, expected)| {
                    // Figures without a measured efficiency have expected = spec: say it once.
                    let (shown, spec_text) = (unit.format(*expected), unit.format(*spec));
                    let text = if shown == spec_text {
                        shown
                    } else {
                        m::CHART_SPEC.fill(ui, &[("shown", &shown), ("spec", &spec_text)])
                    };
                    (label.get(ui).to_owned(), *expected, text)
                })
                .collect();
            // Shares are drawn against the whole (100%), not against the largest bar.
            let full = if *unit == Unit::Percent {
                Some(1.0)
            } else {
                None
            };
            render_bars(title.get(ui), &rows, full, theme, area, frame);
        }
        Chart::Parts { title, unit, parts } => {
            let total: f64 = parts.iter().map(|(_, v)| v).sum();
            let rows: Vec<(String, f64, String)> = parts
                .iter()
                .map(|(label, value)| {
                    let share = if total > 0.0 { value / total } else { 0.0 };
                    (
                        label.get(ui).to_owned(),
                        *value,
                        format!("{} {}", unit.format(*value), format::percent(share)),
                    )
                })
                .collect();
            render_bars(title.get(ui), &rows, Some(total), theme, area, frame);
        }
        Chart::Lines {
            title,
            series,
            marker,
        } => render_lines(title.get(ui), series, *marker, ui, theme, area, frame),
    }
}

/// The widest a bar label's column gets; a longer label takes a row of its own.
const LABEL_COLUMN: usize = 16;

/// One row per item: label, a bar scaled to `full` (or the largest value), and the value's text.
fn render_bars(
    title: &str,
    rows: &[(String, f64, String)],
    full: Option<f64>,
    theme: Theme,
    area: Rect,
    frame: &mut Frame<'_>,
) {
    let label_width = rows
        .iter()
        .map(|(l, _, _)| l.width())
        .filter(|w| *w <= LABEL_COLUMN)
        .max()
        .unwrap_or(0);
    let text_width = rows.iter().map(|(_, _, t)| t.width()).max().unwrap_or(0);
    let bar_room = (area.width as usize).saturating_sub(label_width + text_width + 3);
    let largest = rows
        .iter()
        .map(|(_, v, _)| *v)
        .fold(full.unwrap_or(0.0), f64::max);
    // The title wraps rather than being cut; a label too wide for its column goes above its bar.
    let mut lines: Vec<Line<'static>> = wrap_str(title, area.width.max(1) as usize)
        .into_iter()
        .map(|l| Line::styled(l, theme.dim()))
        .collect();
    for (label, value, text) in rows {
        let label = if label.width() > label_width {
            lines.push(Line::raw(label.clone()));
            ""
        } else {
            label.as_str()
        };
        let pad_label = " ".repeat(label_width.saturating_sub(label.width()));
        let filled = if largest > 0.0 {
            value / largest * bar_room as f64
        } else {
            0.0
        };
        let bar = bar_text(filled);
        let pad = bar_room.saturating_sub(bar.width());
        lines.push(Line::from(vec![
            Span::raw(format!("{label}{pad_label} ")),
            Span::styled(bar, theme.accent()),
            Span::raw(format!("{} {text}", " ".repeat(pad))),
        ]));
    }
    frame.render_widget(Paragraph::new(lines), area);
}

/// A bar of `cells` columns with eighth-block precision, at least a sliver when non-zero.
fn bar_text(cells: f64) -> String {
    const EIGHTHS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
    let cells = cells.max(0.0);
    // Non-negative by the line above, and bars are at most a screen wide.
    #[expect(clippy::cast_sign_loss, reason = "cells is clamped to be non-negative")]
    let (whole, part) = (
        cells.floor() as usize,
        ((cells - cells.floor()) * 8.0).round() as usize % 8,
    );
    let mut bar = "█".repeat(whole);
    bar.push_str(EIGHTHS[part]);
    if bar.is_empty() && cells > 0.0 {
        bar.push('▏');
    }
    bar
}

mod lines;

use lines::render_lines;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_scale_with_eighths() {
        assert_eq!(bar_text(0.0), "");
        assert_eq!(bar_text(0.01), "▏");
        assert_eq!(bar_text(2.5), "██▌");
        assert_eq!(bar_text(3.0), "███");
    }

    #[test]
    fn shares_are_drawn_against_the_whole() {
        use ratatui::{Terminal, backend::TestBackend};
        let chart = Chart::Bars {
            title: "share of the peak".into(),
            unit: Unit::Percent,
            bars: vec![("MFU".into(), 0.25, 0.25)],
        };
        let mut terminal = Terminal::new(TestBackend::new(50, 3)).expect("terminal");
        terminal
            .draw(|frame| {
                render(
                    &chart,
                    Lang::En,
                    Theme { color: false },
                    frame.area(),
                    frame,
                );
            })
            .expect("draw");
        let row: String = (0..50)
            .map(|x| terminal.backend().buffer()[(x, 1)].symbol().to_owned())
            .collect();
        let filled = row.chars().filter(|c| *c == '█').count();
        let room = 50 - "MFU".len() - "25%".len() - 3;
        // A quarter of the bar, not all of it (it is the only bar).
        assert!(filled * 4 <= room + 4 && filled * 4 + 8 >= room, "{row}");
    }
}
