//! The stats screen: totals, reviews per day, the due forecast and strength per tag, drawn as
//! bars where a picture reads better than a list of numbers.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::chart;
use crate::calc::format;
use crate::calculators::{Chart, Unit};
use crate::content::Card;
use crate::drill::{Progress, Stats, stats};
use crate::tui::app::App;
use crate::tui::theme::Theme;

pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    // Computed when the screen opens and after each save (`App::stats`); drawing a frame only
    // reads it. The fallback serves an app driven without `show_stats` (tests, a first frame).
    let computed;
    let stats = if let Some(stats) = &app.stats {
        stats
    } else {
        let empty = Progress::default();
        let progress = app.stored_progress().unwrap_or(&empty);
        let cards: Vec<&Card> = app.deck.cards().iter().collect();
        computed = stats(progress, &cards, app.now);
        &computed
    };
    let mut lines = vec![
        Line::styled("Progress", theme.title()),
        Line::raw(totals(stats)),
    ];
    if let Some(status) = app.saving_status() {
        lines.push(Line::styled(status, theme.dim()));
    }
    let header = lines.len() as u16;
    let [top, left_right] = area.layout(&Layout::vertical([
        Constraint::Length(header + 1),
        Constraint::Fill(1),
    ]));
    frame.render_widget(Paragraph::new(lines), top);
    let [left, right] = left_right.layout(&Layout::horizontal([
        Constraint::Percentage(50),
        Constraint::Percentage(50),
    ]));
    // Newest first, so today shows even when the pane is short.
    let recent: Vec<_> = stats.reviews_per_day.iter().rev().cloned().collect();
    let per_day = days_chart("reviews per day, today first", &recent);
    let forecast = days_chart("due in the next 14 days", &stats.forecast);
    let [a, b] = left.layout(&Layout::vertical([
        Constraint::Percentage(50),
        Constraint::Percentage(50),
    ]));
    chart::render(&per_day, theme, a, frame);
    chart::render(&forecast, theme, b, frame);
    let tags = Chart::Bars {
        title: "strength per drilled tag (chance of recall now)".to_owned(),
        unit: Unit::Percent,
        // Tags never drilled would all read 0%: list the drilled ones, weakest first.
        bars: stats
            .tags
            .iter()
            .filter(|t| t.seen > 0)
            .map(|t| (t.tag.clone(), t.strength, t.strength))
            .collect(),
    };
    chart::render(&tags, theme, right, frame);
}

fn totals(stats: &Stats) -> String {
    let retention = stats
        .retention
        .map_or_else(|| "–".to_owned(), format::percent);
    let time = match (stats.average_seconds, stats.average_limit_seconds) {
        (Some(took), Some(limit)) => {
            format!("{} of {}", format::duration(took), format::duration(limit))
        }
        _ => "–".to_owned(),
    };
    format!(
        "{} reviews · {} of {} cards seen ({} never) · {} due today · retention {retention} · average answer {time}",
        stats.reviews,
        stats.cards_seen,
        stats.cards,
        stats.never_seen.len(),
        stats.due_today
    )
}

fn days_chart(title: &str, days: &[crate::drill::stats::DayCount]) -> Chart {
    let bars = days
        .iter()
        .map(|d| {
            let count = d.count as f64;
            (d.date.format("%m-%d").to_string(), count, count)
        })
        .collect();
    Chart::Bars {
        title: title.to_owned(),
        unit: Unit::Count,
        bars,
    }
}
