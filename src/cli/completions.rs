//! `infraprep completions SHELL` and `infraprep man`: a completion script and a man page, both
//! generated from the clap definition so they never drift from the real flags.
//!
//! Card ids, tags and link preset ids are written into the script as the possible values of the
//! arguments that take them (`clap_complete`'s static generators list possible values for bash,
//! zsh and fish, though fish only for flags, not positionals; its PowerShell script completes
//! flags and subcommands only). They come from
//! the deck and link table this run loads (the bundled ones, plus `--deck` and the config
//! file's), so a script made after adding cards knows them.
//! The values are set on a copy of the command used only for generating: parsing still accepts
//! card numbers, new ids and rates. Calculator names need nothing: they are `calc` subcommands.
//! Clap's dynamic completion (a shell hook calling the binary on every Tab) was not chosen: it
//! is still behind an unstable feature in `clap_complete` and would run the deck loader per key.

use std::io::Write;
use std::process::ExitCode;

use clap::builder::PossibleValuesParser;
use clap::{Args, Command, CommandFactory};
use clap_complete::Shell;

use super::{Cli, CommandEnv, CommandError, CommandResult, emit};
use crate::calc::HardwareTable;
use crate::calculators::{CALCULATORS, FieldKind};

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write a completion script for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// The arguments that name a card: (subcommand, argument id).
const CARD_ARGS: [(&str, &str); 4] = [
    ("show", "card"),
    ("grade", "card"),
    ("drill", "card"),
    ("numbers", "card"),
];

/// The subcommands whose `--tag` takes a deck tag.
const TAG_ARGS: [&str; 4] = ["list", "drill", "numbers", "search"];

/// The command line with card ids, tags and link ids as possible values, for generating.
pub fn completion_command(ids: &[String], tags: &[String], links: &[String]) -> Command {
    let mut cmd = Cli::command();
    // `--lang` is parsed by a function (it also takes spellings like `chinese`), so clap does
    // not know its values; `both` is offered everywhere and refused with the fix where unused.
    let langs = ["zh", "en", "both"].map(str::to_owned);
    cmd = with_values(cmd, &[], "lang", &langs);
    for (sub, arg) in CARD_ARGS {
        cmd = with_values(cmd, &[sub], arg, ids);
    }
    for sub in TAG_ARGS {
        cmd = with_values(cmd, &[sub], "tag", tags);
    }
    cmd = with_values(cmd, &["links"], "id", links);
    for target in ["anki", "markdown"] {
        cmd = with_values(cmd, &["export", target], "tag", tags);
    }
    for calc in CALCULATORS {
        for field in calc.fields {
            if matches!(
                field.kind,
                FieldKind::Link | FieldKind::Links | FieldKind::LinkOrRate
            ) {
                cmd = with_values(cmd, &["calc", calc.id], field.name, links);
            }
        }
    }
    cmd
}

/// `cmd` with `values` as the possible values of argument `arg` of the subcommand at `path`;
/// unchanged when the path or argument does not exist (never panics).
fn with_values(cmd: Command, path: &[&str], arg: &str, values: &[String]) -> Command {
    let Some((first, rest)) = path.split_first() else {
        if !cmd.get_arguments().any(|a| a.get_id() == arg) || values.is_empty() {
            return cmd;
        }
        let values = values.to_vec();
        return cmd.mut_arg(arg, |a| a.value_parser(PossibleValuesParser::new(values)));
    };
    if cmd.find_subcommand(first).is_none() {
        return cmd;
    }
    cmd.mut_subcommand(*first, |sub| with_values(sub, rest, arg, values))
}

pub fn run(
    args: &CompletionsArgs,
    ctx: &CommandEnv,
    table: &HardwareTable,
    out: &mut dyn Write,
) -> CommandResult {
    let ids: Vec<String> = ctx.deck.cards().iter().map(|c| c.id.clone()).collect();
    let tags: Vec<String> = ctx.deck.tags().into_iter().map(str::to_owned).collect();
    let links: Vec<String> = table.iter().map(|l| l.id.clone()).collect();
    let mut cmd = completion_command(&ids, &tags, &links);
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "infraprep", &mut script);
    emit(out, &String::from_utf8_lossy(&script))?;
    Ok(ExitCode::SUCCESS)
}

/// `infraprep man`: the man page (roff) for the command and its subcommands' summaries.
pub fn run_man(out: &mut dyn Write) -> CommandResult {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .map_err(CommandError::Io)?;
    emit(out, &String::from_utf8_lossy(&page))?;
    Ok(ExitCode::SUCCESS)
}
