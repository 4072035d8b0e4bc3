//! From parsed arguments to a finished command: settings, the deck, dispatch, exit code.

use std::io::Write;
use std::process::ExitCode;

use crate::calc::{CalcError, HardwareTable};
use crate::cli::ansi::Style;
use crate::cli::calc::{run_calc, run_links};
use crate::cli::errors;
use crate::cli::safe_out::SafeWriter;
use crate::cli::search::Cached;
use crate::cli::{Cli, Command, HistoryCommand};
use crate::cli::{CommandEnv, CommandError};
use crate::content::deck::{load, load_in_background};
use crate::drill::DrillOptions;
use crate::settings::{self, Env, Settings};
use crate::text::messages as m;
use crate::tui::app::DrillSetup;
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
    let mut raw_err = std::io::stderr();
    let style = Style::detect(cli.color);
    // Messages quote file names, card text and config keys: never let them drive the terminal.
    let mut err = SafeWriter::new(&mut raw_err, style.color);
    let error_style = Style { color: style.color };
    // Messages speak the interface language; until the config is read, the flag or the locale.
    let var = |name: &str| std::env::var(name).ok();
    let locale = Env {
        var: &var,
        default_config: None,
    }
    .locale_lang();
    let given = match cli.lang {
        Some(crate::cli::args::LangArg::One(lang)) => Some(lang),
        _ => None,
    };
    let ui = std::cell::Cell::new(given.or(locale).unwrap_or(crate::content::Lang::En));
    match dispatch(cli, style, &ui, &mut out, &mut err) {
        Ok(code) => code,
        Err(e) => {
            let lang = ui.get();
            let label = error_style.error(m::ERROR.get(lang));
            let text = match &e {
                CommandError::Io(io) => {
                    m::OUTPUT_FAILED.fill(lang, &[("error", &errors::io(io, lang))])
                }
                other => other.to_string(),
            };
            let _ = writeln!(err, "{label}{}{text}", crate::cli::gap(lang));
            if matches!(e, CommandError::Usage(_)) {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

fn dispatch(
    mut cli: Cli,
    style: Style,
    ui: &std::cell::Cell<crate::content::Lang>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<ExitCode, CommandError> {
    let settings = resolve(&mut cli, ui.get())?;
    ui.set(settings.ui());
    if let Some(ran) = without_progress(cli.command.as_ref(), &settings, style, out, err) {
        return ran;
    }
    let data_dir = || {
        crate::cli::progress::data_dir(
            cli.data_dir.as_deref(),
            settings.data_dir.as_deref(),
            settings.ui(),
        )
    };
    if cli.set_aside_bad_progress {
        crate::cli::progress::set_aside_if_bad(&data_dir()?, ui.get(), err)?;
    }
    let setup = DrillSetup {
        data_dir: data_dir().ok(),
        minutes: 3.0,
        exam: settings.exam_date,
    };
    let Some(command) = cli.command else {
        return open_app(&settings, setup, (style, out, err));
    };
    let (loaded, cached_hits) = match &command {
        Command::Search(args) => {
            crate::cli::search::load(args, &settings.decks, setup.data_dir.as_deref())
        }
        Command::BuildSearchCache => {
            let mut out = SafeWriter::new(out, style.color);
            let dir = data_dir()?;
            return crate::cli::search::build_cache(&settings.decks, &dir, settings.ui(), &mut out);
        }
        _ => (load(&settings.decks), Cached::Unused),
    };
    warn(&loaded.warnings, ui.get(), style, err);
    let ctx = CommandEnv {
        deck: loaded.deck,
        lang: settings.lang,
        ui: settings.ui(),
        style,
    };
    // Card text from user decks and progress data is printed through a sanitising writer.
    let mut safe = SafeWriter::new(out, style.color);
    match command {
        Command::List(args) => crate::cli::list::run(&args, &ctx, &mut safe),
        Command::Show(args) => {
            // `show` cleans the card's text itself, so its own hyperlinks can pass.
            drop(safe);
            let links = crate::cli::hyperlink::Hyperlinks::detect(cli.color, settings.hyperlinks);
            crate::cli::show::run(&args, &ctx, links, out)
        }
        Command::Search(args) => {
            let (config, data) = (cli.config.as_deref(), cli.data_dir.as_deref());
            let rebuild = || crate::cli::search::spawn_cache_build(&cli.decks, config, data);
            crate::cli::search::run(&args, &ctx, cached_hits, rebuild, &mut safe)
        }
        Command::Stats(args) => {
            crate::cli::stats::run(&args, &ctx, &data_dir()?, chrono::Utc::now(), &mut safe)
        }
        Command::History(HistoryCommand::Export(args)) => {
            crate::cli::history::run(&args, &ctx, &data_dir()?, &mut safe)
        }
        Command::Grade(args) => crate::cli::grade::run(&args, &ctx, &mut safe),
        Command::Numbers(args) => {
            let table = hardware(&settings)?;
            crate::cli::numbers::run(&args, &ctx, &table, data_dir(), &mut safe)
        }
        Command::Export(args) => {
            let table = hardware(&settings)?;
            crate::cli::export::run(&args, &ctx, &table, &mut safe)
        }
        Command::Completions(args) => {
            let table = hardware(&settings)?;
            crate::cli::completions::run(&args, &ctx, &table, &mut safe)
        }
        Command::Man => crate::cli::completions::run_man(&mut safe),
        Command::Drill(args) => {
            drop(safe);
            let options = args.options(settings.lang, settings.exam_date, seed());
            let setup = DrillSetup {
                minutes: args.minutes,
                exam: options.exam,
                ..setup
            };
            let start = |lang| App::new(ctx.deck, lang);
            open_tui(start, &settings, setup, Some(options), (style, out, err))
        }
        Command::Validate(_) | Command::Calc(_) | Command::Links(_) | Command::BuildSearchCache => {
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The commands that read no progress and load no deck the usual way (calculators, `validate`),
/// run; `None` for the others.
fn without_progress(
    command: Option<&Command>,
    settings: &Settings,
    style: Style,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Option<Result<ExitCode, CommandError>> {
    let ui = settings.ui();
    Some(match command? {
        Command::Calc(args) => run_calculator(
            |table, out| run_calc(args, table, ui, out),
            settings,
            out,
            err,
        ),
        Command::Links(args) => run_calculator(
            |table, out| run_links(args, table, ui, out),
            settings,
            out,
            err,
        ),
        Command::Validate(args) => hardware(settings).and_then(|table| {
            let mut out = SafeWriter::new(out, style.color);
            crate::cli::validate::run(args, settings, &table, &mut out, err)
        }),
        _ => return None,
    })
}

/// The settings for `cli`; a config file error speaks `ui`, the language known so far.
fn resolve(cli: &mut Cli, ui: crate::content::Lang) -> Result<Settings, CommandError> {
    let var = |name: &str| std::env::var(name).ok();
    let env = Env {
        var: &var,
        default_config: settings::default_config_path(),
    };
    settings::resolve(
        cli.single_lang(ui)?,
        &cli.decks,
        cli.config.as_deref(),
        &env,
    )
    .map_err(|e| CommandError::User(errors::config(&e, ui)))
}

/// Prints the problems found while loading the decks (a broken card is skipped, not fatal).
fn warn(
    warnings: &[crate::content::Problem],
    lang: crate::content::Lang,
    style: Style,
    err: &mut dyn Write,
) {
    for warning in warnings {
        let warning = crate::cli::problems::shown(warning, lang);
        let label = style.accent(m::WARNING.get(lang));
        let _ = writeln!(err, "{label}{}{warning}", crate::cli::gap(lang));
    }
}

/// The link presets with the config file's, or the config file's error in the interface language.
fn hardware(settings: &Settings) -> Result<HardwareTable, CommandError> {
    settings
        .hardware()
        .map_err(|e| CommandError::User(errors::config(&e, settings.ui())))
}

/// A drill's random seed: the clock, so each drill differs.
fn seed() -> u64 {
    chrono::Utc::now().timestamp_micros().unsigned_abs()
}

/// Runs a calculator command: bad input is a usage error (exit 2) with the engine's message,
/// which names the value and the fix; a closed pipe is not an error, a failed write (a full disk) is (exit 1).
fn run_calculator(
    run: impl FnOnce(&HardwareTable, &mut dyn Write) -> Result<(), CalcError>,
    settings: &Settings,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<ExitCode, CommandError> {
    let table = hardware(settings)?;
    match run(&table, out).and_then(|()| out.flush().map_err(|e| CalcError::output(&e))) {
        Ok(()) | Err(CalcError::ClosedPipe) => Ok(ExitCode::SUCCESS),
        Err(error) => {
            let failed_output = matches!(error, CalcError::Output(_));
            let ui = settings.ui();
            let text = error.text();
            let _ = writeln!(
                err,
                "{}{}{}",
                m::ERROR.get(ui),
                crate::cli::gap(ui),
                text.get(ui)
            );
            // A result that could not be written is a failure, not bad input.
            Ok(ExitCode::from(if failed_output { 1 } else { 2 }))
        }
    }
}

/// The app with no command. On a terminal it starts on the decks' outline while the whole
/// deck is read; without one it loads the decks (saying which cards it skipped) and prints the
/// help.
fn open_app(
    settings: &Settings,
    setup: DrillSetup,
    (style, out, err): (Style, &mut dyn Write, &mut dyn Write),
) -> Result<ExitCode, CommandError> {
    if interactive() {
        let loading = load_in_background(&settings.decks);
        let cache = setup.data_dir.clone();
        let start = |lang| match cache {
            Some(dir) => App::loading(loading, lang).with_search_cache(dir, settings.decks.clone()),
            None => App::loading(loading, lang),
        };
        return open_tui(start, settings, setup, None, (style, out, err));
    }
    let loaded = load(&settings.decks);
    warn(&loaded.warnings, settings.ui(), style, err);
    let start = |lang| App::new(loaded.deck, lang);
    open_tui(start, settings, setup, None, (style, out, err))
}

/// Whether stdin and stdout are a terminal the TUI can draw on: one that does not say it cannot
/// (`TERM=dumb`: Emacs' shell, some CI logs), where the app's escape sequences would be text.
fn interactive() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal() && std::io::stdin().is_terminal() && !dumb_terminal()
}

fn dumb_terminal() -> bool {
    std::env::var_os("TERM").is_some_and(|term| term == "dumb")
}

/// Opens the TUI on the app `start` makes for the content language, or prints the help when
/// there is no terminal to draw on.
fn open_tui(
    start: impl FnOnce(crate::content::Lang) -> App,
    settings: &Settings,
    setup: DrillSetup,
    drill: Option<DrillOptions>,
    (style, out, err): (Style, &mut dyn Write, &mut dyn Write),
) -> Result<ExitCode, CommandError> {
    if !interactive() {
        if drill.is_some() {
            let _ = writeln!(err, "{}", m::DRILL_NEEDS_TERMINAL.get(settings.ui()));
            return Ok(ExitCode::FAILURE);
        }
        let help = crate::cli::localize::localized(
            <Cli as clap::CommandFactory>::command(),
            settings.ui(),
        )
        .render_help()
        .to_string();
        let why = if dumb_terminal() {
            m::APP_NEEDS_DRAWING_TERMINAL
        } else {
            m::APP_NEEDS_TERMINAL
        };
        crate::cli::emit(out, &format!("{help}\n{}\n", why.get(settings.ui())))?;
        return Ok(ExitCode::SUCCESS);
    }
    let config_path = settings
        .config_path
        .clone()
        .or_else(settings::default_config_path);
    // The runner performs the app's effects (saves, ticks, wake-ups) and reads the input.
    let runner = std::rc::Rc::new(std::cell::RefCell::new(tui::terminal::Runner::new(
        config_path,
    )));
    let performer = runner.clone();
    let mut on_effect =
        move |effect: &Effect, app: &mut App| performer.borrow_mut().perform(effect, app);
    let mut app = start(settings.lang)
        .with_ui_lang(settings.ui_lang)
        .with_links(settings.links.clone())
        .with_drill_setup(setup)
        .with_numbers_mix(settings.numbers_mix);
    app.tick(chrono::Utc::now());
    if let Some(options) = drill {
        app.start_drill(options);
        // The runner opens the progress store; the drill starts once it has.
        tui::run_effects(&mut app, &mut on_effect);
        // A message beside a started drill (a draft offered back) stays on screen.
        if app.drill.is_none()
            && let Some(message) = app.status.take()
        {
            return Err(CommandError::User(message));
        }
    }
    for effect in app.take_effects() {
        on_effect(&effect, &mut app);
    }
    tui::terminal::before_exit(|| {
        tui::screens::drill::save_pending_draft();
    });
    let mut terminal = tui::terminal::enter()
        .map_err(|e| CommandError::User(m::CANNOT_START.fill(settings.ui(), &[("error", &e)])))?;
    let inputs = std::iter::from_fn(move || runner.borrow_mut().next_input());
    let result = tui::drive(
        &mut terminal,
        &mut app,
        Theme::from_env(),
        inputs,
        &mut on_effect,
    );
    tui::screens::drill::save_pending_draft();
    tui::terminal::leave();
    // Cards skipped while the deck was read behind the first frame, said once the screen is back.
    warn(&app.take_deck_warnings(), settings.ui(), style, err);
    result.map_err(CommandError::Io)?;
    Ok(ExitCode::SUCCESS)
}
