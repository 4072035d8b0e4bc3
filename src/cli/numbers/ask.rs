//! `infraprep numbers --ask` and `infraprep numbers stats`: a number drill on plain stdin and
//! stdout (so it works in a pipe and in tests), and the tally of earlier answers.

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use super::NumbersStatsArgs;
use crate::cli::{CommandEnv, CommandError, CommandResult, emit, progress};
use crate::drill::numbers::shell_words;
use crate::drill::numbers::tally::{number_review, number_stats};
use crate::drill::numbers::{Diagnosis, Graded, NumberQuestion, Verdict, grade_typed};
use crate::drill::store::Store;
use crate::text::messages as m;

/// Asks each question, reads one line, grades it and shows the answer with its steps. An empty
/// line skips; end of input stops. Graded answers are recorded when there is a data dir.
pub fn run(
    questions: &[NumberQuestion],
    ctx: &CommandEnv,
    data_dir: Option<PathBuf>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> CommandResult {
    let mut store = match data_dir {
        Some(dir) => Some(Store::open(&dir).map_err(|e| progress::user(&e, ctx.ui))?),
        None => None,
    };
    let (lang, ui, style) = (ctx.lang, ctx.ui, ctx.style);
    let mut tally = [0usize; 3];
    for (n, q) in questions.iter().enumerate() {
        emit(
            out,
            &format!("\n{}/{} {}\n> ", n + 1, questions.len(), q.prompt(lang)),
        )?;
        let started = Instant::now();
        let mut line = String::new();
        if input.read_line(&mut line).map_err(CommandError::Io)? == 0 {
            break;
        }
        let typed = line.trim();
        let mut text = String::new();
        if typed.is_empty() {
            let _ = writeln!(text, "{}", style.dim(m::NUM_SKIPPED.get(ui)));
        } else {
            match grade_typed(q, typed) {
                Ok(graded) => {
                    tally[graded.verdict as usize] += 1;
                    let _ = writeln!(text, "{}", verdict_line(&graded, ctx));
                    if let Some(store) = store.as_mut() {
                        let seconds = started.elapsed().as_secs_f64();
                        let review =
                            number_review(q, &graded, typed, chrono::Utc::now(), seconds, lang);
                        store
                            .record(review)
                            .map_err(|e| progress::user(&e, ctx.ui))?;
                    }
                }
                Err(message) => {
                    let _ = writeln!(text, "{} {message}", style.error("?"));
                }
            }
        }
        let answer = style.bold(&q.answer.text);
        let _ = writeln!(
            text,
            "{}",
            m::NUM_CLI_ANSWER.fill(ui, &[("answer", &answer)])
        );
        for step in &q.working.steps {
            let _ = writeln!(text, "  {}", style.dim(step.get(ui)));
        }
        let _ = writeln!(
            text,
            "  {}",
            style.dim(&format!("infraprep {}", shell_words(&q.working.command)))
        );
        emit(out, &text)?;
    }
    let [exact, close, off] = tally;
    let summary =
        m::NUM_CLI_SUMMARY.fill(ui, &[("exact", &exact), ("close", &close), ("off", &off)]);
    emit(out, &format!("\n{summary}\n"))?;
    Ok(ExitCode::SUCCESS)
}

/// `close (×1.07): off by 1.074×: GiB (2^30 B) against GB (10^9 B)?`
pub fn verdict_line(graded: &Graded, ctx: &CommandEnv) -> String {
    let style = ctx.style;
    let ui = ctx.ui;
    let word = match graded.verdict {
        Verdict::Exact => style.bold(m::NUM_EXACT.get(ui)),
        Verdict::Close => style.bold(m::NUM_CLOSE.get(ui)),
        Verdict::Off => style.error(m::NUM_OFF.get(ui)),
    };
    let mut line = format!("{word} ({}", graded.typed.text);
    if let Some(ratio) = graded.ratio {
        let _ = write!(line, ", ×{}", crate::calc::format::sig(ratio, 3));
    }
    line.push(')');
    if let Some(diagnosis) = graded.diagnosis {
        let _ = write!(line, ": {}", diagnosis.explain(ui));
    }
    if graded.diagnosis == Some(Diagnosis::WrongKind) {
        let _ = write!(
            line,
            " ({} ≠ {})",
            graded.typed.kind.describe(),
            graded.expected_kind.describe()
        );
    }
    line
}

/// `infraprep numbers stats`.
pub fn stats(
    args: &NumbersStatsArgs,
    ctx: &CommandEnv,
    dir: &Path,
    out: &mut dyn Write,
) -> CommandResult {
    let progress = progress::load(dir, ctx.ui)?;
    let since = chrono::Utc::now() - chrono::Duration::days(7);
    let stats = number_stats(&progress, since);
    if args.json {
        let json = serde_json::to_string_pretty(&stats).unwrap_or_else(|_| "{}".to_owned());
        return emit(out, &format!("{json}\n")).map(|()| ExitCode::SUCCESS);
    }
    let ui = ctx.ui;
    let mut text = String::new();
    if stats.per_calculator.is_empty() {
        let _ = writeln!(text, "{}", m::NUM_CLI_NONE.get(ui));
    }
    for (calculator, a) in &stats.per_calculator {
        let line = a.line(ui);
        let _ = writeln!(text, "{calculator:<12} {line}");
    }
    if !stats.mistakes.is_empty() {
        let title = m::NUM_CLI_SLIPS.get(ui);
        let _ = writeln!(text, "\n{}", ctx.style.accent(title));
        for (code, times) in &stats.mistakes {
            let times = m::NUM_CLI_TIMES.fill(ui, &[("n", times)]);
            let _ = writeln!(text, "{code}: {times}");
        }
    }
    emit(out, &text)?;
    Ok(ExitCode::SUCCESS)
}
