//! `infraprep grade`: which key points of a card an answer covers, in either language, as text
//! or JSON. The grading itself is the drill's grader (`drill::grade`); this only reads the
//! answer and prints.

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use super::{CommandEnv, CommandError, CommandResult, emit, unknown_card};
use crate::cli::GradeArgs;
use crate::content::Lang;
use crate::content::file_guard::{self, ReadError};
use crate::drill::grade::{Grader, Grading, MAX_ANSWER_BYTES, PointGrade};
use crate::text::messages as m;

/// The JSON printed with `--json`; the field names are stable.
#[derive(Serialize)]
struct Report<'a> {
    card: &'a str,
    covered: usize,
    total: usize,
    points: &'a [PointGrade],
}

pub fn run(args: &GradeArgs, ctx: &CommandEnv, out: &mut dyn Write) -> CommandResult {
    let card = ctx
        .deck
        .find(&args.card)
        .ok_or_else(|| unknown_card(&ctx.deck, &args.card, ctx.ui))?;
    let answer = match (&args.source.answer, &args.source.answer_file) {
        (Some(text), None) => checked_size(text.clone(), "--answer", ctx.ui)?,
        (None, Some(path)) => read_answer(path, ctx.ui)?,
        _ => {
            return Err(CommandError::User(
                m::GRADE_ANSWER_EITHER.get(ctx.ui).to_owned(),
            ));
        }
    };
    let grading = Grader::for_card(card, ctx.deck.glossary()).grade(&answer, ctx.lang);
    let text = if args.json {
        let report = Report {
            card: &card.id,
            covered: grading.covered(),
            total: grading.total(),
            points: &grading.points,
        };
        let mut json = serde_json::to_string_pretty(&report)
            .map_err(|e| CommandError::Io(std::io::Error::other(e)))?;
        json.push('\n');
        json
    } else {
        render(&card.id, &grading, ctx)
    };
    emit(out, &text)?;
    Ok(ExitCode::SUCCESS)
}

/// Reads the answer from a file, or from stdin for `-`, refusing what the grader would cut.
fn read_answer(path: &Path, ui: Lang) -> Result<String, CommandError> {
    if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .take(MAX_ANSWER_BYTES as u64 + 1)
            .read_to_string(&mut text)
            .map_err(|e| CommandError::User(m::GRADE_STDIN.fill(ui, &[("error", &e)])))?;
        return checked_size(text, m::GRADE_STDIN_NAME.get(ui), ui);
    }
    file_guard::read_regular_string(path, MAX_ANSWER_BYTES as u64).map_err(|e| {
        let shown = path.display();
        if e.is_not_found() {
            CommandError::User(m::GRADE_FILE_MISSING.fill(ui, &[("path", &shown)]))
        } else if matches!(e, ReadError::TooLarge { .. }) {
            CommandError::User(
                m::GRADE_FILE_TOO_LARGE.fill(ui, &[("path", &shown), ("limit", &MAX_ANSWER_BYTES)]),
            )
        } else {
            let problem = super::errors::read_problem(&e, ui);
            CommandError::User(
                m::GRADE_FILE_PROBLEM.fill(ui, &[("path", &shown), ("problem", &problem)]),
            )
        }
    })
}

fn checked_size(text: String, what: &str, ui: Lang) -> Result<String, CommandError> {
    if text.len() > MAX_ANSWER_BYTES {
        return Err(CommandError::User(m::GRADE_TOO_LONG.fill(
            ui,
            &[
                ("what", &what),
                ("size", &text.len()),
                ("limit", &MAX_ANSWER_BYTES),
            ],
        )));
    }
    Ok(text)
}

/// One line per point: its state in words (never colour alone), its index, its text in the
/// content language, then the answer's words that matched.
fn render(card: &str, grading: &Grading, ctx: &CommandEnv) -> String {
    let style = ctx.style;
    let mut text = m::GRADE_COVERED.fill(
        ctx.ui,
        &[
            ("title", &style.bold(card)),
            ("covered", &grading.covered()),
            ("total", &grading.total()),
        ],
    ) + "\n";
    for point in &grading.points {
        let shown = match ctx.lang {
            Lang::Zh if !point.zh.is_empty() => &point.zh,
            Lang::En if !point.en.is_empty() => &point.en,
            _ => [&point.en, &point.zh]
                .into_iter()
                .find(|t| !t.is_empty())
                .unwrap_or(&point.en),
        };
        let state = if point.covered {
            style.accent(m::GRADE_WORD_COVERED.get(ctx.ui))
        } else {
            style.dim(m::GRADE_WORD_MISSED.get(ctx.ui))
        };
        let _ = writeln!(text, "{state} {:>2}  {shown}", point.index);
        if !point.matched.is_empty() {
            let quoted: Vec<String> = point
                .matched
                .iter()
                .map(|m| format!("\"{}\"", m.text))
                .collect();
            let _ = writeln!(
                text,
                "            {} {}",
                style.dim(m::GRADE_MATCHED.get(ctx.ui)),
                quoted.join(", ")
            );
        }
    }
    text
}
