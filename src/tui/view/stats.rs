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
use crate::drill::numbers::tally::number_stats;
use crate::drill::{Progress, Stats, stats};
use crate::text::wrap::{Span as WrapSpan, wrap_spans};
use crate::tui::action::Action;
use crate::tui::app::{App, STATS_SECTIONS as SECTIONS};
use crate::tui::keymap::{Context, key_for};
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
    let mut lines = vec![Line::styled("Progress", theme.title())];
    lines.extend(wrap(&totals(stats), area.width, theme.text()));
    if let Some(status) = app.saving_status() {
        lines.extend(wrap(&status, area.width, theme.dim()));
    }
    let header = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let [top, body, footer] = area.layout(&Layout::vertical([
        Constraint::Length(header + 1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ]));
    frame.render_widget(Paragraph::new(lines), top);
    // Newest first, so today shows even when the pane is short.
    let recent: Vec<_> = stats.reviews_per_day.iter().rev().cloned().collect();
    let tags = Chart::Bars {
        title: "strength per drilled tag (chance of recall now), as `infraprep stats` lists them"
            .to_owned(),
        unit: Unit::Percent,
        // Tags never drilled would all read 0%: list the drilled ones, in the CLI's order.
        bars: stats
            .tags
            .iter()
            .filter(|t| t.seen > 0)
            .map(|t| (t.tag.clone(), t.strength, t.strength))
            .collect(),
    };
    let charts = [
        days_chart("reviews per day, today first", &recent),
        days_chart("due in the next 14 days", &stats.forecast),
        tags,
    ];
    // One section under another, from the scrolled-to one, each as tall as it wants.
    let first = app.stats_scroll.min(SECTIONS - 1);
    let mut rest = body;
    let mut last = first;
    for (i, chart) in charts.iter().enumerate().skip(first) {
        if rest.height == 0 {
            break;
        }
        let rows = (chart::wanted_rows(chart) + 1).min(rest.height);
        let [here, below] = rest.layout(&Layout::vertical([
            Constraint::Length(rows),
            Constraint::Fill(1),
        ]));
        chart::render(chart, theme, here, frame);
        rest = below;
        last = i;
    }
    // The number section last: accuracy per calculator and this week's slips.
    if rest.height > 0 {
        let computed;
        let numbers = if let Some(numbers) = &app.number_stats {
            numbers
        } else {
            let empty = Progress::default();
            let progress = app.stored_progress().unwrap_or(&empty);
            computed = number_stats(progress, app.now - chrono::Duration::days(7));
            &computed
        };
        let lines = super::numbers_stats::stats_lines(numbers, app.lang, theme, rest.width);
        frame.render_widget(Paragraph::new(lines), rest);
        last = SECTIONS - 1;
    }
    let position = format!(
        "sections {}-{} of {SECTIONS} (reviews, forecast, tags, numbers) · {} {} g/G scroll",
        first + 1,
        last + 1,
        key_for(Context::Stats, Action::Move(1)),
        key_for(Context::Stats, Action::Move(-1)),
    );
    frame.render_widget(Paragraph::new(Line::styled(position, theme.dim())), footer);
}

fn wrap(text: &str, width: u16, style: ratatui::style::Style) -> Vec<Line<'static>> {
    wrap_spans(&[WrapSpan::new(text, style)], usize::from(width.max(1)), 2)
        .into_iter()
        .map(|l| {
            Line::from(
                l.into_iter()
                    .map(|s| ratatui::text::Span::styled(s.text, s.style))
                    .collect::<Vec<_>>(),
            )
        })
        .collect()
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
        "{} · {} of {} cards seen ({} never) · {} due today · retention {retention} · average answer {time}",
        if stats.reviews == 1 {
            "1 review".to_owned()
        } else {
            format!("{} reviews", stats.reviews)
        },
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
