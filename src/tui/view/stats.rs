//! The stats screen: totals, reviews per day, the due forecast and strength per tag, drawn as
//! bars where a picture reads better than a list of numbers.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::chart;
use super::wrap_styled;
use crate::calc::format;
use crate::calculators::{Chart, Unit};
use crate::content::Lang;
use crate::drill::Stats;
use crate::text::messages as m;
use crate::text::wrap::Span as WrapSpan;
use crate::tui::action::Action;
use crate::tui::app::{App, STATS_SECTIONS as SECTIONS};
use crate::tui::keymap::{Context, key_for};
use crate::tui::theme::Theme;

pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    // Computed when the screen opens and after each save (`App::stats`); drawing a frame only
    // reads it. The fallback serves an app driven without `show_stats` (tests, a first frame).
    let computed;
    let (stats, numbers) = if let (Some(stats), Some(numbers)) = (&app.stats, &app.number_stats) {
        (stats, numbers)
    } else {
        computed = app.compute_stats();
        (&computed.0, &computed.1)
    };
    let ui = app.ui();
    let mut lines = vec![Line::styled(m::STATS_TITLE.get(ui), theme.title())];
    lines.extend(wrap(&totals(stats, ui), area.width, theme.text()));
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
        title: m::STATS_TAGS.get(ui).into(),
        unit: Unit::Percent,
        // Tags never drilled would all read 0%: list the drilled ones, in the CLI's order.
        bars: stats
            .tags
            .iter()
            .filter(|t| t.seen > 0)
            .map(|t| (t.tag.clone().into(), t.strength, t.strength))
            .collect(),
    };
    let charts = [
        days_chart(m::STATS_PER_DAY.get(ui), &recent),
        days_chart(m::STATS_DUE.get(ui), &stats.forecast),
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
        let rows = (chart::wanted_rows(chart, ui) + 1).min(rest.height);
        let [here, below] = rest.layout(&Layout::vertical([
            Constraint::Length(rows),
            Constraint::Fill(1),
        ]));
        chart::render(chart, ui, theme, here, frame);
        rest = below;
        last = i;
    }
    // The number section last: accuracy per calculator and this week's slips.
    if rest.height > 0 {
        let lines = super::numbers_stats::stats_lines(numbers, ui, theme, rest.width);
        frame.render_widget(Paragraph::new(lines), rest);
        last = SECTIONS - 1;
    }
    let position = m::STATS_SECTIONS.fill(
        ui,
        &[
            ("first", &(first + 1)),
            ("last", &(last + 1)),
            ("count", &SECTIONS),
            ("down", &key_for(Context::Stats, Action::Move(1))),
            ("up", &key_for(Context::Stats, Action::Move(-1))),
        ],
    );
    frame.render_widget(Paragraph::new(Line::styled(position, theme.dim())), footer);
}

/// One styled text wrapped with a two-column hanging indent.
fn wrap(text: &str, width: u16, style: ratatui::style::Style) -> Vec<Line<'static>> {
    wrap_styled(&[WrapSpan::new(text, style)], width, 2)
}

fn totals(stats: &Stats, ui: Lang) -> String {
    let retention = stats
        .retention
        .map_or_else(|| "–".to_owned(), format::percent);
    let time = match (
        stats.times.average_seconds,
        stats.times.average_limit_seconds,
    ) {
        (Some(took), Some(limit)) => m::STATS_OF.fill(
            ui,
            &[
                ("took", &format::duration(took)),
                ("limit", &format::duration(limit)),
            ],
        ),
        _ => "–".to_owned(),
    };
    m::STATS_TOTALS.fill(
        ui,
        &[
            (
                "reviews",
                &m::count(ui, stats.reviews, m::STATS_REVIEWS_ONE, m::STATS_REVIEWS),
            ),
            ("seen", &stats.coverage.cards_seen),
            ("cards", &stats.coverage.cards),
            ("never", &stats.coverage.never_seen.len()),
            ("due", &stats.due_today),
            ("retention", &retention),
            ("time", &time),
        ],
    )
}

fn days_chart(title: &str, days: &[crate::drill::stats::DayCount]) -> Chart {
    let bars = days
        .iter()
        .map(|d| {
            let count = d.count as f64;
            (d.date.format("%m-%d").to_string().into(), count, count)
        })
        .collect();
    Chart::Bars {
        title: title.into(),
        unit: Unit::Count,
        bars,
    }
}
