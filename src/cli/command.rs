//! What the subcommands share: the environment they run in, their result and error types, and
//! output that treats a closed pipe as success.

use std::io::Write;
use std::process::ExitCode;

use crate::cli::ansi::Style;
use crate::content::{Deck, Lang};

/// What every command gets: the loaded deck, the content language and the output style.
pub struct CommandEnv {
    pub deck: Deck,
    pub lang: Lang,
    pub style: Style,
}

/// A command's result: the exit code, or an error message for stderr.
pub type CommandResult = Result<ExitCode, CommandError>;

#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// A problem with what the user asked for; exits 1.
    #[error("{0}")]
    User(String),
    /// Writing the output failed (other than a closed pipe).
    #[error("cannot write the output: {0}")]
    Io(#[from] std::io::Error),
}

/// Writes `text`, treating a reader that went away (`| head`) as success.
pub fn emit(out: &mut dyn Write, text: &str) -> Result<(), CommandError> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// A "not found" message with the nearest ids as suggestions.
pub fn unknown_card(deck: &Deck, wanted: &str) -> CommandError {
    let near = deck.suggest(wanted);
    let hint = if near.is_empty() {
        "; `infraprep list` shows every card".to_owned()
    } else {
        format!(
            "; did you mean {}?",
            near.iter()
                .map(|id| format!("'{id}'"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    CommandError::User(format!("no card with id or number '{wanted}'{hint}"))
}
