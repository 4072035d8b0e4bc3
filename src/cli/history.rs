//! `infraprep history export`: every review with the typed answer, as Markdown or JSON.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::stats::clock;
use super::{CommandEnv, CommandResult, emit, progress};
use crate::cli::{ExportArgs, ExportFormat};
use crate::content::Lang;
use crate::drill::scheduler::Grade;
use crate::drill::store::Review;

/// One review in `history export --format json` (stable: scripts rely on it).
#[derive(Serialize)]
pub struct ExportedReview<'a> {
    pub id: &'a str,
    pub card_id: &'a str,
    /// The card's title in the chosen language; `null` when the card is no longer in the deck.
    pub title: Option<&'a str>,
    pub at: DateTime<Utc>,
    /// 1 again, 2 hard, 3 good, 4 easy.
    pub grade: Grade,
    pub seconds: f64,
    pub limit_seconds: f64,
    pub covered: usize,
    pub total: usize,
    pub answer: &'a str,
    pub hint_used: bool,
    pub follow_up_of: Option<&'a str>,
    pub lang: Lang,
    pub drill_id: Option<&'a str>,
}

pub fn run(args: &ExportArgs, ctx: &CommandEnv, dir: &Path, out: &mut dyn Write) -> CommandResult {
    let progress = progress::load(dir)?;
    let title = |id: &str| ctx.deck.get(id).map(|c| c.title(ctx.lang));
    match args.format {
        ExportFormat::Json => {
            let reviews: Vec<ExportedReview> = progress
                .reviews
                .iter()
                .map(|r| {
                    let (covered, total) = r.coverage();
                    ExportedReview {
                        id: &r.id,
                        card_id: &r.card_id,
                        title: title(&r.card_id),
                        at: r.at,
                        grade: r.grade,
                        seconds: r.seconds,
                        limit_seconds: r.limit_seconds,
                        covered,
                        total,
                        answer: &r.answer,
                        hint_used: r.hint_used,
                        follow_up_of: r.follow_up_of.as_deref(),
                        lang: r.lang,
                        drill_id: r.drill_id.as_deref(),
                    }
                })
                .collect();
            let json = serde_json::to_string_pretty(&reviews).unwrap_or_else(|_| "[]".to_owned());
            emit(out, &format!("{json}\n"))?;
        }
        ExportFormat::Md => {
            let mut text = String::from("# infraprep history\n");
            if progress.reviews.is_empty() {
                text.push_str("\nNo reviews yet.\n");
            }
            for review in &progress.reviews {
                markdown(&mut text, review, title(&review.card_id));
            }
            emit(out, &text)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn markdown(text: &mut String, r: &Review, title: Option<&str>) {
    let (covered, total) = r.coverage();
    let _ = writeln!(
        text,
        "\n## {} · {}\n",
        r.at.format("%Y-%m-%d %H:%M UTC"),
        title.unwrap_or("(card no longer in the deck)")
    );
    let mut facts = vec![
        format!("card `{}`", r.card_id),
        format!("grade {} ({})", r.grade.number(), r.grade),
        format!("{} of {}", clock(r.seconds), clock(r.limit_seconds)),
        format!("key points {covered}/{total}"),
    ];
    if let Some(main) = &r.follow_up_of {
        facts.push(format!("follow-up of `{main}`"));
    }
    if r.hint_used {
        facts.push("hint used".to_owned());
    }
    let _ = writeln!(text, "{}\n", facts.join(" · "));
    if r.answer.trim().is_empty() {
        text.push_str("_(nothing typed)_\n");
    } else {
        for line in r.answer.lines() {
            let _ = writeln!(text, "> {line}");
        }
    }
}
