//! `infraprep stats`: progress as text with small bar charts, or as JSON.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use chrono::{DateTime, Utc};

use super::{CommandEnv, CommandResult, emit, progress};
use crate::cli::StatsArgs;
use crate::content::Card;
use crate::drill::stats::{DayCount, Stats, stats};

/// The widest bar, in cells.
const BAR: usize = 30;

pub fn run(
    args: &StatsArgs,
    ctx: &CommandEnv,
    dir: &Path,
    now: DateTime<Utc>,
    out: &mut dyn Write,
) -> CommandResult {
    let progress = progress::load(dir)?;
    let cards: Vec<&Card> = ctx.deck.cards().iter().collect();
    let stats = stats(&progress, &cards, now);
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
    let file = dir.join(crate::drill::store::FILE_NAME);
    let _ = writeln!(
        text,
        "{}",
        style.dim(&format!("Progress in {}", file.display()))
    );
    let _ = writeln!(text, "Reviews      {} ({} drills)", s.reviews, s.drills);
    let _ = writeln!(
        text,
        "Cards seen   {} of {} ({} never seen)",
        s.cards_seen,
        s.cards,
        s.never_seen.len()
    );
    let _ = writeln!(text, "Due today    {}", s.due_today);
    let retention = s.retention.map_or_else(
        || "-".to_owned(),
        |r| {
            format!(
                "{:.0}% of reviews after a card's first were not Again",
                r * 100.0
            )
        },
    );
    let _ = writeln!(text, "Retention    {retention}");
    if let (Some(avg), Some(limit)) = (s.average_seconds, s.average_limit_seconds) {
        let _ = writeln!(
            text,
            "Answer time  {} on average, limit {}; {} over time",
            clock(avg),
            clock(limit),
            s.over_time
        );
    }
    let _ = writeln!(text, "\n{}", style.heading("Reviews per day"));
    text.push_str(&bars(&s.reviews_per_day));
    let _ = writeln!(
        text,
        "\n{}",
        style.heading("Due per day (today includes overdue)")
    );
    text.push_str(&bars(&s.forecast));
    let _ = writeln!(
        text,
        "\n{}",
        style.heading("Strength per tag (chance of recall now)")
    );
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
            "  {:<width$} {}{} {:>3.0}%  {}/{} seen",
            tag.tag,
            "█".repeat(filled.min(10)),
            "░".repeat(10usize.saturating_sub(filled)),
            tag.strength * 100.0,
            tag.seen,
            tag.cards
        );
    }
    if !untouched.is_empty() {
        let _ = writeln!(
            text,
            "  {} tags with no card seen yet (stats --json lists them)",
            untouched.len()
        );
    }
    if s.reviews == 0 {
        let _ = writeln!(
            text,
            "\nNo reviews yet: `infraprep drill` starts a mock interview."
        );
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
