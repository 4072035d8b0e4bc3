//! What the subcommands share: the environment they run in, their result and error types, and
//! output that treats a closed pipe as success.

use std::io::Write;
use std::process::ExitCode;

use crate::cli::ansi::Style;
use crate::content::{Deck, Lang};
use crate::text::messages as m;

/// What every command gets: the loaded deck, the content language, the language of messages
/// and the output style.
pub struct CommandEnv {
    pub deck: Deck,
    pub lang: Lang,
    /// The interface language: messages and errors (`ui-lang`, else `lang`).
    pub ui: Lang,
    pub style: Style,
}

/// A command's result: the exit code, or an error message for stderr.
pub type CommandResult = Result<ExitCode, CommandError>;

#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// A problem with what the user asked for; exits 1.
    #[error("{0}")]
    User(String),
    /// A command line that cannot mean anything (e.g. an empty search); exits 2 like clap's.
    #[error("{0}")]
    Usage(String),
    /// Writing the output failed (other than a closed pipe).
    #[error("cannot write the output: {0}")]
    Io(#[from] std::io::Error),
}

/// The space after a label such as `error:`; none after Chinese's full-width colon (`错误：`).
pub const fn gap(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "",
        Lang::En => " ",
    }
}

/// `items` as a list: `a, b` in English, `a、b` in Chinese.
pub fn list(items: &[&str], lang: Lang) -> String {
    items.join(match lang {
        Lang::Zh => "、",
        Lang::En => ", ",
    })
}

/// Writes `text`, treating a reader that went away (`| head`) as success.
pub fn emit(out: &mut dyn Write, text: &str) -> Result<(), CommandError> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// A "not found" message with the nearest ids as suggestions: by spelling, else by number
/// range, else the cards a search for the words finds.
pub fn unknown_card(deck: &Deck, wanted: &str, ui: Lang) -> CommandError {
    let quote = |ids: &[&str]| {
        ids.iter()
            .map(|id| format!("'{id}'"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let trimmed = wanted.trim().trim_start_matches('#');
    let near = deck.suggest(trimmed);
    let hint = if !near.is_empty() {
        m::DID_YOU_MEAN.fill(ui, &[("ids", &quote(&near))])
    } else if let (Ok(_), Some((low, high))) = (trimmed.parse::<u32>(), deck.number_range()) {
        m::NUMBERED.fill(ui, &[("low", &low), ("high", &high)])
    } else {
        let index = crate::search::SearchIndex::build(deck.cards());
        let found: Vec<&str> = index
            .search(wanted, 3)
            .iter()
            .map(|hit| deck.cards()[hit.card].id.as_str())
            .collect();
        if found.is_empty() {
            m::LIST_SHOWS_ALL.get(ui).to_owned()
        } else {
            m::CARDS_ABOUT.fill(ui, &[("ids", &quote(&found))])
        }
    };
    CommandError::User(m::NO_CARD.fill(ui, &[("wanted", &wanted), ("hint", &hint)]))
}
