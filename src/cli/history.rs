//! `infraprep history export`: every review with the typed answer, as Markdown or JSON, and
//! every answer saved but not graded yet (an interview cut short) or left as a draft.

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
use crate::drill::store::{Attempt, Coverage, Progress, Review};
use crate::text::messages as m;

/// One review in `history export --format json` (stable: scripts rely on it).
#[derive(Serialize)]
pub struct ExportedReview<'a> {
    pub id: &'a str,
    pub card_id: &'a str,
    /// The card's title in the chosen language; `null` when the card is no longer in the deck.
    pub title: Option<&'a str>,
    pub at: DateTime<Utc>,
    /// `graded`, `ungraded` (submitted, the drill ended before its grade) or `draft` (left in
    /// the answer box, never submitted).
    pub state: &'static str,
    /// 1 again, 2 hard, 3 good, 4 easy; `null` unless graded.
    pub grade: Option<Grade>,
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

impl<'a> ExportedReview<'a> {
    fn review(r: &'a Review, title: Option<&'a str>) -> Self {
        let Coverage { covered, total } = r.coverage();
        ExportedReview {
            id: &r.id,
            card_id: &r.card_id,
            title,
            at: r.at,
            state: "graded",
            grade: Some(r.grade),
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
    }

    fn attempt(a: &'a Attempt, title: Option<&'a str>) -> Self {
        ExportedReview {
            id: &a.id,
            card_id: &a.card_id,
            title,
            at: a.at,
            state: if a.draft { "draft" } else { "ungraded" },
            grade: None,
            seconds: a.seconds,
            limit_seconds: a.limit_seconds,
            covered: a.covered.iter().filter(|c| **c).count(),
            total: a.covered.len(),
            answer: &a.answer,
            hint_used: a.hint_used,
            follow_up_of: a.follow_up_of.as_deref(),
            lang: a.lang,
            drill_id: a.drill_id.as_deref(),
        }
    }
}

/// Every graded review, then every answer not graded (yet) and every open draft, in time order.
pub fn entries<'a>(
    progress: &'a Progress,
    title: &dyn Fn(&str) -> Option<&'a str>,
) -> Vec<ExportedReview<'a>> {
    let mut entries: Vec<ExportedReview> = progress
        .reviews
        .iter()
        .map(|r| ExportedReview::review(r, title(&r.card_id)))
        .chain(
            progress
                .ungraded()
                .chain(progress.open_drafts())
                .map(|a| ExportedReview::attempt(a, title(&a.card_id))),
        )
        .collect();
    entries.sort_by(|a, b| (a.at, a.id).cmp(&(b.at, b.id)));
    entries
}

pub fn run(args: &ExportArgs, ctx: &CommandEnv, dir: &Path, out: &mut dyn Write) -> CommandResult {
    let progress = progress::load(dir, ctx.ui)?;
    let title = |id: &str| ctx.deck.get(id).map(|c| c.title(ctx.lang));
    let entries = entries(&progress, &title);
    match args.format {
        ExportFormat::Json => {
            let json = serde_json::to_string_pretty(&entries).unwrap_or_else(|_| "[]".to_owned());
            emit(out, &format!("{json}\n"))?;
        }
        ExportFormat::Md => {
            let mut text = format!("{}\n", m::HISTORY_TITLE.get(ctx.ui));
            if entries.is_empty() {
                let _ = writeln!(text, "\n{}", m::HISTORY_NONE.get(ctx.ui));
            }
            for entry in &entries {
                markdown(&mut text, entry, ctx.ui);
            }
            emit(out, &text)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A grade's word as the drill screen says it.
const fn grade_word(grade: Grade) -> m::Msg {
    match grade {
        Grade::Again => m::GRADE_AGAIN,
        Grade::Hard => m::GRADE_HARD,
        Grade::Good => m::GRADE_GOOD,
        Grade::Easy => m::GRADE_EASY,
    }
}

fn markdown(text: &mut String, r: &ExportedReview, ui: Lang) {
    let _ = writeln!(
        text,
        "\n## {} · {}\n",
        r.at.format("%Y-%m-%d %H:%M UTC"),
        r.title.unwrap_or(m::HISTORY_GONE.get(ui))
    );
    let grade = match (r.grade, r.state) {
        (Some(grade), _) => {
            let word = match ui {
                Lang::En => grade.to_string(),
                Lang::Zh => grade_word(grade).get(ui).to_owned(),
            };
            m::HISTORY_GRADE.fill(ui, &[("n", &grade.number()), ("grade", &word)])
        }
        (None, "draft") => m::HISTORY_DRAFT.get(ui).to_owned(),
        (None, _) => m::HISTORY_UNGRADED.get(ui).to_owned(),
    };
    let mut facts = vec![
        m::HISTORY_CARD.fill(ui, &[("id", &r.card_id)]),
        grade,
        m::HISTORY_TIME.fill(
            ui,
            &[
                ("used", &clock(r.seconds)),
                ("limit", &clock(r.limit_seconds)),
            ],
        ),
        m::HISTORY_POINTS.fill(ui, &[("covered", &r.covered), ("total", &r.total)]),
    ];
    if let Some(main) = r.follow_up_of {
        facts.push(m::HISTORY_FOLLOW_UP.fill(ui, &[("main", &main)]));
    }
    if r.hint_used {
        facts.push(m::HISTORY_HINT.get(ui).to_owned());
    }
    let _ = writeln!(text, "{}\n", facts.join(" · "));
    if r.answer.trim().is_empty() {
        let _ = writeln!(text, "{}", m::HISTORY_NOTHING.get(ui));
    } else {
        for line in r.answer.lines() {
            let _ = writeln!(text, "> {line}");
        }
    }
}
