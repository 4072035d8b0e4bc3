//! The command line as clap sees it: raw flags, all optional, resolved later by `settings`.

use std::path::PathBuf;

use chrono::NaiveDate;
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::cli::calc::{CalcArgs, LinksArgs};
use crate::cli::numbers::NumbersArgs;
use crate::content::{Lang, Section};
use crate::drill::session::{DEFAULT_MINUTES, DrillMode, DrillOptions};
use crate::settings::parse_date;

mod examples;

const ABOUT: &str = "Study, calculate and drill for interviews on LLM-training infrastructure: \
NVLink, NVSwitch, PCIe, InfiniBand, RoCE, NCCL collectives, parallelism, checkpoints, failures.";

const EXAMPLES: &str = "\
Examples:
  infraprep list --tag nvlink            cards tagged nvlink
  infraprep show 12                      the card numbered 12, in your language
  infraprep show nvswitch-topology --lang zh --section interview
  infraprep search \"nvl ib\"              fuzzy search; every word must match
  infraprep validate ~/my-deck           check your own cards
  infraprep calc \"10 GiB / nvlink3\"       quick bandwidth arithmetic
  infraprep calc collective allreduce 1GiB --ranks 16 --gpus-per-node 8 --intra nvlink3 --inter ib-hdr
  infraprep --deck ~/my-deck list        add your own cards to the bundled deck
  infraprep drill --card 12              a mock interview on card 12 and its follow-ups
  infraprep stats                        reviews, retention and what falls due";

/// The heading the options every command takes stand under, after the command's own
/// (`localize` gives it in Chinese).
pub const GLOBAL: &str = crate::text::messages::USAGE_GLOBAL_HEADING.en;

#[derive(Debug, Parser)]
#[command(name = "infraprep", version, about = ABOUT, after_help = EXAMPLES)]
pub struct Cli {
    /// Content language: zh or en (default: the config file, then `LANG`/`LC_ALL`, then en);
    /// `both` for `export anki` and `export markdown`.
    #[arg(long, global = true, value_name = "zh|en|both", value_parser = parse_lang, help_heading = GLOBAL)]
    pub lang: Option<LangArg>,

    /// Add the cards in DIR to the bundled deck (repeatable).
    #[arg(long = "deck", value_name = "DIR", global = true, help_heading = GLOBAL)]
    pub decks: Vec<PathBuf>,

    /// Read settings from FILE instead of the default config file.
    #[arg(long, value_name = "FILE", global = true, env = "INFRAPREP_CONFIG", help_heading = GLOBAL)]
    pub config: Option<PathBuf>,

    /// Keep drill progress in DIR (default: the config file's data-dir, then
    /// ~/.local/share/infraprep).
    #[arg(long, value_name = "DIR", global = true, env = "INFRAPREP_DATA_DIR", help_heading = GLOBAL)]
    pub data_dir: Option<PathBuf>,

    /// Move a damaged progress file aside (renamed with a timestamp, never deleted) and start
    /// with empty progress.
    #[arg(long, global = true, help_heading = GLOBAL)]
    pub set_aside_bad_progress: bool,

    /// When to use colours and bold text.
    #[arg(long, value_enum, global = true, default_value_t = ColorChoice::Auto, help_heading = GLOBAL)]
    pub color: ColorChoice,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colours on a terminal, unless `NO_COLOR` is set.
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the cards, in curriculum order.
    #[command(after_help = examples::LIST)]
    List(ListArgs),
    /// Show one card, or one section of it.
    #[command(after_help = examples::SHOW)]
    Show(ShowArgs),
    /// Search titles, key points, tags and sections in both languages, with a snippet per card.
    #[command(after_help = examples::SEARCH)]
    Search(SearchArgs),
    /// Build the search cache of the decks in use (what `search` starts in the background when
    /// it finds none).
    BuildSearchCache,
    /// Check decks for problems; prints `path:line: message` for each and exits 1 if any.
    #[command(after_help = examples::VALIDATE)]
    Validate(ValidateArgs),
    /// Unit-aware arithmetic, and the calculators (`infraprep calc --help` lists them).
    Calc(Box<CalcArgs>),
    /// List the link presets (per-direction bandwidth, latency, efficiency) with their sources.
    Links(LinksArgs),
    /// A timed mock interview: questions with their follow-ups, a clock, hints, self-grades.
    #[command(after_help = examples::DRILL)]
    Drill(DrillArgs),
    /// Your progress: reviews per day, retention, what falls due, strength per tag.
    #[command(after_help = examples::STATS)]
    Stats(StatsArgs),
    /// Every graded answer, with what you typed.
    #[command(subcommand)]
    History(HistoryCommand),
    /// Which key points of a card an answer covers, in either language.
    #[command(after_help = examples::GRADE)]
    Grade(GradeArgs),
    /// Back-of-envelope number questions from the cards, answered by the calculators and
    /// graded with units.
    Numbers(Box<NumbersArgs>),
    /// Export the deck or a tag: Anki's text import, or one markdown document.
    Export(crate::cli::export::DeckExportArgs),
    /// Print a shell completion script (card ids, tags and link ids included).
    #[command(after_help = examples::COMPLETIONS)]
    Completions(crate::cli::completions::CompletionsArgs),
    /// Print the man page (roff): `infraprep man | man -l -`.
    Man,
}

#[derive(Debug, Args)]
pub struct GradeArgs {
    /// The card's id or number.
    #[arg(value_name = "ID|NUMBER")]
    pub card: String,
    #[command(flatten)]
    pub source: AnswerSource,
    /// Print JSON: {"card", "covered", "total", "points": [{"index", "covered", "zh", "en", "matched"}]}.
    #[arg(long)]
    pub json: bool,
}

/// Where `grade` reads the answer from: exactly one of the text or a file.
#[derive(Debug, Args)]
#[group(id = "source", required = true, multiple = false)]
pub struct AnswerSource {
    /// The answer text.
    #[arg(long, value_name = "TEXT")]
    pub answer: Option<String>,
    /// Read the answer from FILE (`-` for stdin; at most 64 KiB).
    #[arg(long, value_name = "FILE")]
    pub answer_file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct DrillArgs {
    /// Number of questions, follow-ups included (default 5; with --card, its whole chain).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub count: Option<u32>,
    /// Minutes per answer.
    #[arg(long, default_value_t = DEFAULT_MINUTES, value_parser = parse_minutes)]
    pub minutes: f64,
    /// Only main questions with this tag.
    #[arg(long)]
    pub tag: Option<String>,
    /// Drill the cards that are due, most overdue first.
    #[arg(long)]
    pub due: bool,
    /// This card (id or number) and its follow-ups.
    #[arg(long, value_name = "ID|NUMBER")]
    pub card: Option<String>,
    /// interview: feedback at the end; practice: feedback after each answer.
    #[arg(long, default_value = "interview", value_parser = parse_mode)]
    pub mode: DrillMode,
    /// Plan the due queue so every card is reviewed before this day (YYYY-MM-DD; default: the
    /// config file's exam-date).
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date)]
    pub exam_date: Option<NaiveDate>,
    /// A numbers drill: back-of-envelope questions from the cards' templates (due ones first),
    /// graded by value and unit after each answer; --card and --tag narrow it.
    #[arg(long)]
    pub numbers: bool,
}

impl DrillArgs {
    /// The drill's options: `--exam-date` wins over the config file's `exam-date`.
    pub fn options(&self, lang: Lang, config_exam: Option<NaiveDate>, seed: u64) -> DrillOptions {
        DrillOptions {
            count: self.count.and_then(|n| usize::try_from(n).ok()),
            minutes_per_answer: self.minutes,
            tag: self.tag.clone(),
            due: self.due,
            card: self.card.clone(),
            // A numbers drill gives its feedback after each answer.
            mode: if self.numbers {
                DrillMode::Practice
            } else {
                self.mode
            },
            seed,
            lang,
            exam: self.exam_date.or(config_exam),
            numbers: self.numbers,
            numbers_mix: None,
        }
    }
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum HistoryCommand {
    /// Print every review: card, time, grade, seconds and your typed answer.
    #[command(after_help = examples::HISTORY_EXPORT)]
    Export(ExportArgs),
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[arg(long, value_enum, default_value_t = ExportFormat::Md)]
    pub format: ExportFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// Markdown, one section per review.
    Md,
    /// A JSON array of reviews.
    Json,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only cards with this tag.
    #[arg(long)]
    pub tag: Option<String>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The card's id or number.
    #[arg(value_name = "ID|NUMBER")]
    pub card: String,
    /// Only this section.
    #[arg(long, value_parser = parse_section)]
    pub section: Option<Section>,
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Words to look for; most must match.
    #[arg(required = true, num_args = 1.., value_name = "QUERY")]
    pub query: Vec<String>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// At most this many results.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    pub limit: u32,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Deck directories to check (default: the bundled deck and those of --deck and the config file).
    #[arg(value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
}

/// The global `--lang`: one language, or `both`, which only the exports take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LangArg {
    One(Lang),
    Both,
}

fn parse_lang(value: &str) -> Result<LangArg, String> {
    if value.trim().eq_ignore_ascii_case("both") {
        return Ok(LangArg::Both);
    }
    value
        .parse()
        .map(LangArg::One)
        .map_err(|e: String| format!("{e}, or 'both' with `export anki|markdown`"))
}

impl Cli {
    /// The one content language asked for. `--lang both` becomes the exports' `--both` (and
    /// `None`: the config file or locale picks which language comes first); any other command
    /// shows one language at a time, so it is refused with the command's name and the fix.
    pub fn single_lang(&mut self, ui: Lang) -> Result<Option<Lang>, crate::cli::CommandError> {
        match self.lang {
            None => Ok(None),
            Some(LangArg::One(lang)) => Ok(Some(lang)),
            Some(LangArg::Both) => {
                if let Some(Command::Export(args)) = &mut self.command {
                    args.target.options_mut().both = true;
                    return Ok(None);
                }
                let command = self.command.as_ref().map_or_else(
                    || crate::text::messages::THE_APP.get(ui).to_owned(),
                    command_name,
                );
                Err(crate::cli::CommandError::Usage(
                    crate::text::messages::LANG_BOTH_ONLY_EXPORTS
                        .fill(ui, &[("command", &command)]),
                ))
            }
        }
    }
}

/// `infraprep NAME` for a parsed subcommand: clap names each subcommand after its variant in
/// kebab case (`BuildSearchCache` is `build-search-cache`), so the variant's `Debug` name,
/// split before each capital, is the command's name.
fn command_name(command: &Command) -> String {
    let debug = format!("{command:?}");
    let mut name = String::new();
    for c in debug.chars().take_while(char::is_ascii_alphanumeric) {
        if c.is_ascii_uppercase() && !name.is_empty() {
            name.push('-');
        }
        name.push(c.to_ascii_lowercase());
    }
    format!("`infraprep {name}`")
}

fn parse_mode(value: &str) -> Result<DrillMode, String> {
    value.parse()
}

fn parse_minutes(value: &str) -> Result<f64, String> {
    match value.trim().parse::<f64>() {
        Ok(m) if m.is_finite() && m > 0.0 => Ok(m),
        _ => Err(format!(
            "'{value}' is not a positive number of minutes, e.g. 3 or 1.5"
        )),
    }
}

fn parse_section(value: &str) -> Result<Section, String> {
    value.parse()
}
