//! The command line: clap arguments (`args`), dispatch from arguments to a finished command
//! (`run`), one module per subcommand, and terminal-safe ANSI output. A thin front end over the
//! core: nothing here computes, parses cards or schedules reviews.

pub mod ansi;
pub mod args;
pub mod calc;
pub mod command;
pub mod completions;
pub mod errors;
pub mod export;
pub mod grade;
pub mod history;
pub mod hyperlink;
pub mod list;
pub mod localize;
pub mod markdown;
pub mod numbers;
pub mod parse;
pub mod problems;
pub mod progress;
pub mod run;
pub mod safe_out;
pub mod search;
pub mod show;
pub mod stats;
pub mod validate;

pub use args::*;
pub use command::{CommandEnv, CommandError, CommandResult, emit, gap, unknown_card};
pub use run::run;
