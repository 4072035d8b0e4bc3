//! From parsed arguments to a finished command: settings, the deck, dispatch, exit code.

use std::io::Write;
use std::process::ExitCode;

use crate::cli::{Cli, Command};
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
    if let Some(Command::Validate(args)) = &cli.command {
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
        Command::Validate(_) => Ok(ExitCode::SUCCESS),
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
