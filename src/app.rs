//! From parsed arguments to a finished command: settings, the deck, dispatch, exit code.

use std::io::Write;
use std::process::ExitCode;

use crate::cli::{Cli, Command};
use crate::commands::{self, CommandError, Context};
use crate::content::deck::load;
use crate::settings::{self, Env};
use crate::style::Style;

/// Runs the command line `cli`, writing to stdout and stderr.
pub fn run(cli: Cli) -> ExitCode {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut out = stdout.lock();
    let mut err = stderr.lock();
    let style = Style::detect(cli.color);
    let error_style = Style { color: style.color };
    match dispatch(cli, style, &mut out, &mut err) {
        Ok(code) => code,
        Err(e) => {
            let _ = writeln!(err, "{} {e}", error_style.error("error:"));
            ExitCode::FAILURE
        }
    }
}

fn dispatch(
    cli: Cli,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<ExitCode, CommandError> {
    let Some(command) = cli.command else {
        let help = <Cli as clap::CommandFactory>::command()
            .render_help()
            .to_string();
        commands::emit(out, &help)?;
        return Ok(ExitCode::SUCCESS);
    };
    if let Command::Validate(args) = &command {
        return commands::validate::run(args, out, err);
    }
    let var = |name: &str| std::env::var(name).ok();
    let env = Env {
        var: &var,
        default_config: settings::default_config_path(),
    };
    let settings = settings::resolve(cli.lang, &cli.decks, cli.config.as_deref(), &env)
        .map_err(|e| CommandError::User(e.to_string()))?;
    let loaded = load(&settings.decks);
    for warning in &loaded.warnings {
        let _ = writeln!(err, "{} {warning}", style.accent("warning:"));
    }
    let ctx = Context {
        deck: loaded.deck,
        lang: settings.lang,
        style,
    };
    match command {
        Command::List(args) => commands::list::run(&args, &ctx, out),
        Command::Show(args) => commands::show::run(&args, &ctx, out),
        Command::Search(args) => commands::search::run(&args, &ctx, out),
        Command::Validate(_) => Ok(ExitCode::SUCCESS),
    }
}
