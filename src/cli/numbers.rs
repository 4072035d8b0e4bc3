//! `infraprep numbers`: back-of-envelope questions from the cards' number templates, with the
//! engine's answers; `--ask` asks them on stdin and grades each typed answer; `grade` grades one
//! answer against an expected figure; `stats` shows accuracy per calculator and common slips.

mod ask;

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use serde::Serialize;

use super::{CommandEnv, CommandError, CommandResult, emit, unknown_card};
use crate::calc::HardwareTable;
use crate::content::Card;
use crate::content::numbers::DEFAULT_TOLERANCE;
use crate::drill::numbers::{
    Answer, Expected, NumberFilter, NumberQuestion, generate, grade, shell_words, tally,
};
use crate::text::messages as m;

const EXAMPLES: &str = "Examples:
  infraprep numbers                          five questions with their answers
  infraprep numbers --card 23 --count 3 --seed 7 --lang zh
  infraprep numbers --tag nvlink --json | jq '.[].answer.text'
  infraprep numbers --ask --count 5          answer on the keyboard; graded with units
  infraprep numbers grade --expected \"0.4295 s\" --answer \"430 ms\"
  infraprep numbers stats

Answers are graded by value with their unit: exact within 5%, close within the question's
tolerance (15% unless the card says otherwise), and the classic slips are named: x2 (per
direction vs bidirectional), x8 (bits vs bytes), x1.074 (GiB vs GB), x10, x1000, a wrong unit.";

/// `infraprep numbers`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, after_help = EXAMPLES)]
pub struct NumbersArgs {
    #[command(subcommand)]
    pub command: Option<NumbersCommand>,
    /// Only this card's templates (id or number).
    #[arg(long, value_name = "ID|NUMBER")]
    pub card: Option<String>,
    /// Only cards with this tag.
    #[arg(long)]
    pub tag: Option<String>,
    /// How many questions.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub count: u32,
    /// The same seed gives the same questions (default: the clock; the text output prints it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Ask due templates first (spaced repetition over earlier answers).
    #[arg(long)]
    pub due: bool,
    /// Ask each question on stdin and grade the typed answer (recorded in the progress file).
    #[arg(long, conflicts_with = "json")]
    pub ask: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum NumbersCommand {
    /// Grade one typed answer against an expected figure, with units.
    Grade(GradeArgs),
    /// Number accuracy per calculator and the slips made most in the last seven days.
    Stats(NumbersStatsArgs),
}

#[derive(Debug, Args)]
pub struct GradeArgs {
    /// The right answer with its unit, e.g. "0.4295 s".
    #[arg(long, allow_hyphen_values = true)]
    pub expected: String,
    /// The typed answer, e.g. "430 ms", "3.4 Tb/s", "430毫秒".
    #[arg(long, allow_hyphen_values = true)]
    pub answer: String,
    /// Relative error still graded close.
    #[arg(long, default_value_t = DEFAULT_TOLERANCE)]
    pub tolerance: f64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct NumbersStatsArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// One question as `--json` prints it.
#[derive(Serialize)]
struct QuestionJson<'a> {
    id: &'a str,
    card: &'a str,
    prompt: &'a str,
    answer: &'a Answer,
    tolerance: f64,
    command: &'a [String],
    answer_path: &'a str,
}

/// Runs `infraprep numbers …`. `data_dir` is needed only to record or read answers.
pub fn run(
    args: &NumbersArgs,
    ctx: &CommandEnv,
    table: &HardwareTable,
    data_dir: Result<PathBuf, CommandError>,
    out: &mut dyn Write,
) -> CommandResult {
    match &args.command {
        Some(NumbersCommand::Grade(grade_args)) => return run_grade(grade_args, ctx, out),
        Some(NumbersCommand::Stats(stats_args)) => {
            return ask::stats(stats_args, ctx, &data_dir?, out);
        }
        None => {}
    }
    let cards = chosen_cards(args, ctx, data_dir.as_ref().ok())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let filter = NumberFilter {
        card: None,
        tag: args.tag.clone(),
    };
    let questions = generate(
        cards.iter().copied(),
        &filter,
        args.count as usize,
        seed,
        table,
    );
    if questions.is_empty() {
        return Err(CommandError::User(
            "no number templates match: try without --card or --tag (`infraprep list` shows the \
             cards)"
                .to_owned(),
        ));
    }
    if args.ask {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        return ask::run(
            &questions,
            ctx,
            data_dir.ok(),
            &mut input as &mut dyn BufRead,
            out,
        );
    }
    if args.json {
        let rows: Vec<QuestionJson<'_>> = questions
            .iter()
            .map(|q| QuestionJson {
                id: &q.id,
                card: &q.card,
                prompt: q.prompt(ctx.lang),
                answer: &q.answer,
                tolerance: q.tolerance,
                command: &q.working.command,
                answer_path: &q.working.answer_path,
            })
            .collect();
        let json = serde_json::to_string_pretty(&rows).unwrap_or_else(|_| "[]".to_owned());
        emit(out, &format!("{json}\n"))?;
    } else {
        emit(out, &listing(&questions, ctx, seed))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The cards to draw from: one card, or the due templates' cards first with `--due`, or all.
fn chosen_cards<'d>(
    args: &NumbersArgs,
    ctx: &'d CommandEnv,
    data_dir: Option<&PathBuf>,
) -> Result<Vec<&'d Card>, CommandError> {
    if let Some(wanted) = &args.card {
        let card = ctx
            .deck
            .find(wanted)
            .ok_or_else(|| unknown_card(&ctx.deck, wanted, ctx.ui))?;
        return Ok(vec![card]);
    }
    let cards: Vec<&Card> = ctx.deck.cards().iter().collect();
    if !args.due {
        return Ok(cards);
    }
    let dir = data_dir
        .ok_or_else(|| CommandError::User(m::NUMBERS_DUE_NEEDS_DIR.get(ctx.ui).to_owned()))?;
    let progress = super::progress::load(dir, ctx.ui)?;
    let queue = tally::due_templates(&cards, &progress, chrono::Utc::now());
    let due: Vec<&Card> = cards
        .iter()
        .copied()
        .filter(|c| {
            queue
                .iter()
                .any(|k| k.starts_with(&tally::template_key(&c.id, "")))
        })
        .collect();
    Ok(if due.is_empty() { cards } else { due })
}

/// Questions first, answers after them, so a reader can try before looking.
fn listing(questions: &[NumberQuestion], ctx: &CommandEnv, seed: u64) -> String {
    use std::fmt::Write as _;
    let style = ctx.style;
    let mut text = String::new();
    for (n, q) in questions.iter().enumerate() {
        let _ = writeln!(text, "{}. {}", n + 1, q.prompt(ctx.lang));
        let _ = writeln!(text, "   {}", style.dim(&q.id));
    }
    let _ = writeln!(text, "\n{}", style.accent(m::NUMBERS_ANSWERS.get(ctx.ui)));
    for (n, q) in questions.iter().enumerate() {
        let _ = writeln!(
            text,
            "{}. {}  (±{:.0}%; infraprep {})",
            n + 1,
            style.bold(&q.answer.text),
            q.tolerance * 100.0,
            shell_words(&q.working.command)
        );
    }
    let _ = writeln!(
        text,
        "\n{}",
        style.dim(&m::NUMBERS_SEED.fill(ctx.ui, &[("seed", &seed)]))
    );
    text
}

fn run_grade(args: &GradeArgs, ctx: &CommandEnv, out: &mut dyn Write) -> CommandResult {
    if !(args.tolerance > 0.0 && args.tolerance < 1.0) {
        return Err(CommandError::User(
            m::NUMBERS_TOLERANCE.fill(ctx.ui, &[("value", &args.tolerance)]),
        ));
    }
    let expected = Expected::parse(&args.expected)
        .map_err(|e| CommandError::User(format!("--expected: {e}")))?;
    let graded = grade(expected, &args.answer, args.tolerance)
        .map_err(|e| CommandError::User(format!("--answer: {e}")))?;
    if args.json {
        let json = serde_json::to_string_pretty(&graded).unwrap_or_else(|_| "{}".to_owned());
        emit(out, &format!("{json}\n"))?;
    } else {
        emit(out, &format!("{}\n", ask::verdict_line(&graded, ctx)))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A seed from the clock, so each run differs unless `--seed` is given.
fn clock_seed() -> u64 {
    chrono::Utc::now().timestamp_micros().unsigned_abs()
}
