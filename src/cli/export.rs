//! `infraprep export anki|markdown`: the deck, or the cards with a tag, as a file another tool
//! reads: Anki's text import (`export/anki.rs`) or one markdown document (`export/markdown.rs`).
//! The language is the global `--lang`, which takes `both` for these two commands only
//! (`Cli::single_lang` turns it into `--both`, the older spelling, kept as an alias; a second
//! `--lang` on the subcommand would shadow the global one).

mod anki;
pub mod html;
mod markdown;

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::{CommandEnv, CommandError, CommandResult, emit};
use crate::calc::HardwareTable;
use crate::content::{Card, Lang};
use crate::text::messages as m;

pub use anki::{COLUMNS as ANKI_COLUMNS, HEADER as ANKI_HEADER};

const ANKI_EXAMPLES: &str = "Examples:
  infraprep export anki -o infraprep.txt
  infraprep export anki --lang both --tag nccl -o nccl.txt";

const MARKDOWN_EXAMPLES: &str = "Examples:
  infraprep export markdown -o deck.md
  infraprep export markdown --lang zh --tag nvlink | pandoc -o nvlink.pdf";

#[derive(Debug, Args)]
pub struct DeckExportArgs {
    #[command(subcommand)]
    pub target: ExportTarget,
}

#[derive(Debug, Subcommand)]
pub enum ExportTarget {
    /// A tab-separated file Anki imports in one step (File > Import): Basic notes for the
    /// cards, Cloze notes for a few variants of each number question. Re-importing a newer
    /// export updates the notes (stable GUIDs) instead of duplicating them.
    #[command(after_help = ANKI_EXAMPLES)]
    Anki(ExportOptions),
    /// One markdown document, cards in curriculum order, with a contents list, follow-ups as
    /// links inside the document and each card's sources.
    #[command(after_help = MARKDOWN_EXAMPLES)]
    Markdown(ExportOptions),
}

#[derive(Debug, Args)]
pub struct ExportOptions {
    /// Export both languages, like `--lang both` (default: the one `--lang` picks).
    #[arg(long)]
    pub both: bool,
    /// Only cards with this tag.
    #[arg(long)]
    pub tag: Option<String>,
    /// Write to FILE instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl ExportTarget {
    /// The options, whichever the target (`--lang both` sets `both` on them).
    pub fn options_mut(&mut self) -> &mut ExportOptions {
        let (ExportTarget::Anki(options) | ExportTarget::Markdown(options)) = self;
        options
    }
}

/// One card chosen for export (a wrapper so exporters can look follow-ups up among the chosen).
pub struct ExportCard<'a> {
    pub card: &'a Card,
}

pub fn run(
    args: &DeckExportArgs,
    ctx: &CommandEnv,
    table: &HardwareTable,
    out: &mut dyn Write,
) -> CommandResult {
    let (ExportTarget::Anki(options) | ExportTarget::Markdown(options)) = &args.target;
    let tag = options.tag.as_deref().map(str::to_lowercase);
    let cards: Vec<ExportCard> = ctx
        .deck
        .cards()
        .iter()
        .filter(|c| tag.as_ref().is_none_or(|t| c.tags.contains(t)))
        .map(|card| ExportCard { card })
        .collect();
    if cards.is_empty() {
        let t = tag.unwrap_or_default();
        return Err(CommandError::User(m::NO_TAG.fill(ctx.ui, &[("tag", &t)])));
    }
    let langs = if options.both {
        vec![ctx.lang, ctx.lang.other()]
    } else {
        vec![ctx.lang]
    };
    let text = match &args.target {
        ExportTarget::Anki(_) => anki::file(&cards, &langs, table),
        ExportTarget::Markdown(_) => markdown::document(&cards, &langs, tag.as_deref()),
    };
    match &options.output {
        None => emit(out, &text)?,
        Some(path) => {
            std::fs::write(path, &text).map_err(|e| {
                CommandError::User(
                    m::EXPORT_CANNOT_WRITE
                        .fill(ctx.ui, &[("path", &path.display()), ("error", &e)]),
                )
            })?;
            emit(
                out,
                &format!(
                    "{}\n",
                    m::EXPORT_WROTE.fill(ctx.ui, &[("n", &cards.len()), ("path", &path.display())])
                ),
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `text` with its `[^key]` citations numbered as in the card's source list.
fn cite(card: &Card, text: &str) -> String {
    crate::text::markdown::replace_citations(text, &|key| card.citation_number(key))
}

/// The heading over a card's key points, in the card's language (the export is content).
fn key_points_heading(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "要点",
        Lang::En => "Key points",
    }
}

fn sources_heading(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "来源",
        Lang::En => "Sources",
    }
}

/// The card's sources as a numbered HTML list (the numbers the citations use).
fn sources_html(card: &Card, lang: Lang) -> String {
    if card.sources.is_empty() {
        return String::new();
    }
    let mut out = format!("<h3>{}</h3><ol>", sources_heading(lang));
    for source in &card.sources {
        let _ = write!(out, "<li>{}", html::escape(&source.title));
        if let Some(url) = &source.url {
            let url = html::escape(url);
            let _ = write!(out, " <a href=\"{url}\">{url}</a>");
        } else if let Some(document) = &source.document {
            let _ = write!(out, " ({})", html::escape(document));
        }
        out.push_str("</li>");
    }
    out.push_str("</ol>");
    out
}
