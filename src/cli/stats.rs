//! `infraprep stats`: progress as text with small bar charts, or as JSON.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use chrono::{DateTime, Utc};
use unicode_width::UnicodeWidthStr;

use super::{CommandEnv, CommandResult, emit, progress};
use crate::cli::StatsArgs;
use crate::content::Card;
use crate::drill::stats::{DayCount, Stats, stats_of};
use crate::text::messages as m;

/// The widest bar, in cells.
const BAR: usize = 30;

pub fn run(
    args: &StatsArgs,
    ctx: &CommandEnv,
    dir: &Path,
    now: DateTime<Utc>,
    out: &mut dyn Write,
) -> CommandResult {
    let cards: Vec<&Card> = ctx.deck.cards().iter().collect();
    let stats = stats_of(dir, &cards, now).map_err(|e| progress::user(&e, ctx.ui))?;
    if args.json {
        let json = serde_json::to_string_pretty(&stats).unwrap_or_else(|_| "{}".to_owned());
        emit(out, &format!("{json}\n"))?;
    } else {
        emit(out, &render(&stats, ctx, dir))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn render(s: &Stats, ctx: &CommandEnv, dir: &Path) -> String {
    let style = ctx.style;
    let mut text = String::new();
    let ui = ctx.ui;
    // The data dir, not `progress.json`: until the first compaction the reviews are only in
    // the log beside it, and the snapshot does not exist yet.
    let _ = writeln!(
        text,
        "{}",
        style.dim(&m::STATS_PROGRESS_IN.fill(ui, &[("path", &dir.display())]))
    );
    let retention = s.retention.map_or_else(
        || "-".to_owned(),
        |r| m::STATS_RETENTION_VALUE.fill(ui, &[("percent", &format!("{:.0}", r * 100.0))]),
    );
    let mut rows = vec![
        (
            m::STATS_REVIEWS_LABEL,
            m::STATS_REVIEWS_VALUE.fill(ui, &[("reviews", &s.reviews), ("drills", &s.drills)]),
        ),
        (
            m::STATS_SEEN_LABEL,
            m::STATS_SEEN_VALUE.fill(
                ui,
                &[
                    ("seen", &s.coverage.cards_seen),
                    ("cards", &s.coverage.cards),
                    ("never", &s.coverage.never_seen.len()),
                ],
            ),
        ),
        (m::STATS_DUE_LABEL, s.due_today.to_string()),
        (m::STATS_RETENTION_LABEL, retention),
    ];
    if let (Some(avg), Some(limit)) = (s.times.average_seconds, s.times.average_limit_seconds) {
        rows.push((
            m::STATS_TIME_LABEL,
            m::STATS_TIME_VALUE.fill(
                ui,
                &[
                    ("avg", &clock(avg)),
                    ("limit", &clock(limit)),
                    ("over", &s.times.over_time),
                ],
            ),
        ));
    }
    // Labels padded by display width, so the values line up in both languages.
    let label_width = rows
        .iter()
        .map(|(l, _)| l.get(ui).width())
        .max()
        .unwrap_or(0)
        + 2;
    for (label, value) in rows {
        let label = label.get(ui);
        let pad = " ".repeat(label_width - label.width());
        let _ = writeln!(text, "{label}{pad}{value}");
    }
    let _ = writeln!(
        text,
        "\n{}",
        style.heading(m::STATS_PER_DAY_HEADING.get(ui))
    );
    text.push_str(&bars(&s.reviews_per_day));
    let _ = writeln!(text, "\n{}", style.heading(m::STATS_DUE_HEADING.get(ui)));
    text.push_str(&bars(&s.forecast));
    let _ = writeln!(text, "\n{}", style.heading(m::STATS_TAG_HEADING.get(ui)));
    let (started, untouched): (Vec<_>, Vec<_>) = s.tags.iter().partition(|t| t.seen > 0);
    let width = started
        .iter()
        .map(|t| t.tag.chars().count())
        .max()
        .unwrap_or(0);
    for tag in started {
        let filled = tenths(tag.strength);
        let _ = writeln!(
            text,
            "  {:<width$} {}{} {:>3.0}%  {}",
            tag.tag,
            "█".repeat(filled.min(10)),
            "░".repeat(10usize.saturating_sub(filled)),
            tag.strength * 100.0,
            m::STATS_TAG_SEEN.fill(ui, &[("seen", &tag.seen), ("cards", &tag.cards)]),
        );
    }
    if !untouched.is_empty() {
        let _ = writeln!(
            text,
            "{}",
            m::STATS_UNTOUCHED.fill(ui, &[("n", &untouched.len())])
        );
    }
    if s.reviews == 0 {
        let _ = writeln!(text, "\n{}", m::STATS_NO_REVIEWS.get(ui));
    }
    text
}

/// One line per day: `03-14 ████ 4`.
fn bars(days: &[DayCount]) -> String {
    let max = days.iter().map(|d| d.count).max().unwrap_or(0).max(1);
    let mut text = String::new();
    for d in days {
        let cells = (d.count * BAR).div_ceil(max);
        let _ = writeln!(
            text,
            "  {} {} {}",
            d.date.format("%m-%d"),
            "█".repeat(cells),
            d.count
        );
    }
    text
}

/// A share from 0 to 1 as whole tenths, for a ten-cell bar.
fn tenths(share: f64) -> usize {
    usize::from(
        (0..=10u8)
            .rev()
            .find(|n| f64::from(*n) <= share * 10.0 + 0.5)
            .unwrap_or(0),
    )
}

/// Seconds as `m:ss`.
pub fn clock(seconds: f64) -> String {
    let rounded = seconds.max(0.0).round();
    let minutes = (rounded / 60.0).floor();
    format!("{minutes}:{:02}", rounded - minutes * 60.0)
}
