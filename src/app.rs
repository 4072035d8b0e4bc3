//! From parsed arguments to a finished command: settings, the deck, dispatch, exit code.

use std::io::Write;
use std::process::ExitCode;

use crate::calc::{CalcError, HardwareTable};
use crate::calc_cli::{run_calc, run_links};
use crate::cli::{Cli, Command, HistoryCommand};
use crate::commands::{self, CommandError, Context};
use crate::content::Deck;
use crate::content::deck::load;
use crate::settings::{self, Env, Settings};
use crate::style::Style;
use crate::tui::{
    self,
    app::{App, Effect},
    theme::Theme,
};

/// Runs the command line `cli`, writing to stdout and stderr.
pub fn run(cli: Cli) -> ExitCode {
    // Unlocked handles: the TUI's signal handler writes to stdout from another thread to restore
    // the terminal, and must never wait for a lock the main thread holds.
    let mut out = std::io::stdout();
    let mut err = std::io::stderr();
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
    let var = |name: &str| std::env::var(name).ok();
    let env = Env {
        var: &var,
        default_config: settings::default_config_path(),
    };
    let settings = settings::resolve(cli.lang, &cli.decks, cli.config.as_deref(), &env)
        .map_err(|e| CommandError::User(e.to_string()))?;
    match &cli.command {
        Some(Command::Calc(args)) => {
            return run_calculator(|table, out| run_calc(args, table, out), &settings, out, err);
        }
        Some(Command::Links(args)) => {
            return run_calculator(
                |table, out| run_links(args, table, out),
                &settings,
                out,
                err,
            );
        }
        Some(Command::Validate(args)) => {
            let table = settings
                .hardware()
                .map_err(|e| CommandError::User(e.to_string()))?;
            return commands::validate::run(args, &table, out, err);
        }
        _ => {}
    }
    let data_dir =
        || commands::progress::data_dir(cli.data_dir.as_deref(), settings.data_dir.as_deref());
    if cli.set_aside_bad_progress {
        commands::progress::set_aside_if_bad(&data_dir()?, err)?;
    }
    let loaded = load(&settings.decks);
    for warning in &loaded.warnings {
        let _ = writeln!(err, "{} {warning}", style.accent("warning:"));
    }
    let Some(command) = cli.command else {
        return open_tui(loaded.deck, &settings, out);
    };
    let ctx = Context {
        deck: loaded.deck,
        lang: settings.lang,
        style,
    };
    match command {
        Command::List(args) => commands::list::run(&args, &ctx, out),
        Command::Show(args) => commands::show::run(&args, &ctx, out),
        Command::Search(args) => commands::search::run(&args, &ctx, out),
        Command::Stats(args) => {
            commands::stats::run(&args, &ctx, &data_dir()?, chrono::Utc::now(), out)
        }
        Command::History(HistoryCommand::Export(args)) => {
            commands::history::run(&args, &ctx, &data_dir()?, out)
        }
        Command::Drill(_) => Ok(run_drill(err)),
        Command::Validate(_) | Command::Calc(_) | Command::Links(_) => Ok(ExitCode::SUCCESS),
    }
}

/// `infraprep drill`: the drill screen is the TUI's; without a terminal there is nothing to run.
fn run_drill(err: &mut dyn Write) -> ExitCode {
    use std::io::IsTerminal;
    if !(std::io::stdout().is_terminal() && std::io::stdin().is_terminal()) {
        let _ = writeln!(
            err,
            "drill needs a terminal: run `infraprep drill` in one (`infraprep stats` and \
             `infraprep history export` work anywhere)"
        );
        return ExitCode::FAILURE;
    }
    let _ = writeln!(err, "the drill screen is not wired into the interface yet");
    ExitCode::FAILURE
}

/// Runs a calculator command: bad input is a usage error (exit 2) with the engine's message,
/// which names the value and the fix; a closed pipe is not an error.
fn run_calculator(
    run: impl FnOnce(&HardwareTable, &mut dyn Write) -> Result<(), CalcError>,
    settings: &Settings,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<ExitCode, CommandError> {
    let table = settings
        .hardware()
        .map_err(|e| CommandError::User(e.to_string()))?;
    match run(&table, out) {
        Ok(()) | Err(CalcError::Output(_)) => Ok(ExitCode::SUCCESS),
        Err(error) => {
            let _ = writeln!(err, "error: {error}");
            Ok(ExitCode::from(2))
        }
    }
}

/// Opens the TUI, or prints the help when there is no terminal to draw on.
fn open_tui(
    deck: Deck,
    settings: &Settings,
    out: &mut dyn Write,
) -> Result<ExitCode, CommandError> {
    use std::io::IsTerminal;
    if !(std::io::stdout().is_terminal() && std::io::stdin().is_terminal()) {
        let help = <Cli as clap::CommandFactory>::command()
            .render_help()
            .to_string();
        commands::emit(
            out,
            &format!("{help}\n(The interactive app needs a terminal; run infraprep in one.)\n"),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let config_path = settings
        .config_path
        .clone()
        .or_else(settings::default_config_path);
    let mut save = move |effect: &Effect, app: &mut App| match effect {
        Effect::SaveLanguage(lang) => {
            let Some(path) = &config_path else { return };
            if let Err(e) = settings::remember_lang(path, *lang) {
                app.status = Some(format!("could not remember the language: {e}"));
            }
        }
    };
    let mut terminal = tui::terminal::enter()
        .map_err(|e| CommandError::User(format!("cannot start the interface: {e}")))?;
    let mut app = App::new(deck, settings.lang);
    let events = std::iter::from_fn(|| ratatui::crossterm::event::read().ok());
    let result = tui::drive(
        &mut terminal,
        &mut app,
        Theme::from_env(),
        events,
        &mut save,
    );
    tui::terminal::leave();
    result.map_err(CommandError::Io)?;
    Ok(ExitCode::SUCCESS)
}
