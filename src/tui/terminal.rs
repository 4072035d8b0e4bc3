//! Entering and leaving the terminal's TUI mode (raw mode, alternate screen, mouse capture,
//! bracketed paste), so that the shell is always left clean: on
//! quit, on error, on panic, and on SIGTERM, SIGHUP, SIGQUIT, SIGINT, SIGUSR1 or SIGUSR2. And the [`Runner`]: the one
//! place the TUI touches the disk and the clock, performing the effects `update` asks for.

mod frame_backend;

use std::io::{BufWriter, Stdout, Write, stdout};
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use chrono::{DateTime, Utc};
use ratatui::Terminal;
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{EnterAlternateScreen, enable_raw_mode};
use signal_hook::iterator::Signals;

use super::Input;
use super::app::{App, Effect};
use crate::drill::Store;
pub use frame_backend::FrameBackend;

/// The terminal the app draws on. A frame is gathered in a buffer and reaches the terminal in
/// one write when ratatui flushes it: stdout's own 1 KiB line buffer wrote a first frame in
/// about ten writes.
pub type AppTerminal = Terminal<FrameBackend<BufWriter<Stdout>>>;

/// Bytes a frame is gathered in before it is written (a full 120x40 frame takes about 10 KiB;
/// a bigger one is written in pieces of this size).
const FRAME_BUFFER: usize = 64 * 1024;

/// Enters raw mode and the alternate screen with mouse capture, and arranges for all of it to be
/// undone on panic and on termination signals (the signals are caught from here on; the thread
/// that acts on them starts with [`watch_signals`], after the first frame).
pub fn enter() -> std::io::Result<AppTerminal> {
    // As `ratatui::init`: restore the terminal on panic, before the message is printed.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        leave();
        previous(info);
    }));
    enable_raw_mode()?;
    let mut out = BufWriter::with_capacity(FRAME_BUFFER, stdout());
    // Bracketed paste delivers a paste as one event, so it reaches a text field whole
    // instead of as keys the key table would act on.
    execute!(
        out,
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste
    )?;
    catch_signals();
    Terminal::new(FrameBackend::new(out))
}

/// Leaves TUI mode and shows the cursor (a normal quit shows it when the terminal is dropped;
/// an exit on a signal drops nothing). Safe to call more than once.
pub fn leave() {
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        DisableBracketedPaste,
        ratatui::crossterm::cursor::Show
    );
    ratatui::restore();
    let _ = stdout().flush();
}

/// What to save before exiting on a signal (the draft in the drill's answer box), set once by
/// the front end.
static BEFORE_EXIT: OnceLock<fn()> = OnceLock::new();

/// Registers `save` to run when a termination signal arrives, before the terminal is restored
/// and the process exits. Only the first registration counts.
pub fn before_exit(save: fn()) {
    let _ = BEFORE_EXIT.set(save);
}

/// Termination signals caught by [`catch_signals`] and not yet watched by a thread: a signal
/// that arrives meanwhile waits in them until [`watch_signals`] starts the thread.
static CAUGHT: Mutex<Option<Signals>> = Mutex::new(None);

/// Catches the signals whose default is to end the process (SIGTERM, SIGHUP, SIGQUIT, SIGINT,
/// SIGUSR1, SIGUSR2) from now on, so that none ends it with the terminal left in raw mode;
/// [`watch_signals`] acts on them. (In raw mode Ctrl-C is a key, so a SIGINT comes from
/// outside: `kill -INT`, a supervisor.)
fn catch_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2};
    let caught = Signals::new([SIGTERM, SIGHUP, SIGQUIT, SIGINT, SIGUSR1, SIGUSR2]);
    if let (Ok(signals), Ok(mut caught)) = (caught, CAUGHT.lock()) {
        *caught = Some(signals);
    }
}

/// Saves what [`before_exit`] names, restores the terminal and exits when a signal caught since
/// [`enter`] arrives (or has arrived), since raw mode would otherwise outlive the program and a
/// draft would be lost. Started once the first frame is drawn, so the thread costs that frame
/// nothing; later calls do nothing.
pub fn watch_signals() {
    let Some(mut signals) = CAUGHT.lock().ok().and_then(|mut caught| caught.take()) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            if let Some(save) = BEFORE_EXIT.get() {
                save();
            }
            leave();
            std::process::exit(128 + signal);
        }
    });
}

/// How often the clock on screen is redrawn while one shows.
const TICK: Duration = Duration::from_millis(250);

/// How long after an event the runner looks for the next one to tell a burst (a paste sent as
/// keys) from typing: far below the gap between two typed keys, far above the time a terminal
/// takes to deliver the bytes of one paste.
const BURST_GAP: Duration = Duration::from_millis(1);

/// Performs the app's effects (saving progress, remembering the language) and reads the next
/// input, waking the app only while a clock shows or when it asked for one wake-up.
#[derive(Debug, Default)]
pub struct Runner {
    /// The config file the language is remembered in.
    config_path: Option<PathBuf>,
    /// Whether a clock is on screen.
    ticking: bool,
    /// One wake-up the app asked for (a draft save).
    wake: Option<DateTime<Utc>>,
}

/// An environment variable for startup benchmarks (`benches/startup.rs`): when set to `1`, the
/// app leaves TUI mode and exits with status 0 as soon as its first frame is flushed to the
/// terminal, before it starts anything the frame did not need (the deck's background read, the
/// signal thread). A whole-process timing then measures what a user waits for, and only that,
/// whatever the machine's load. It changes nothing else; the interactive app never sets it.
pub const EXIT_AFTER_FIRST_FRAME: &str = "INFRAPREP_EXIT_AFTER_FIRST_FRAME";

/// Ends the process here, the terminal restored, when [`EXIT_AFTER_FIRST_FRAME`] is set; the
/// loop calls it right after the first frame.
pub fn exit_if_timing_first_frame() {
    if std::env::var_os(EXIT_AFTER_FIRST_FRAME).is_some_and(|v| v == "1") {
        leave();
        std::process::exit(0);
    }
}

impl Runner {
    pub fn new(config_path: Option<PathBuf>) -> Runner {
        Runner {
            config_path,
            ..Runner::default()
        }
    }

    /// Carries out one effect; a failure is reported to the app, which shows it.
    pub fn perform(&mut self, effect: &Effect, app: &mut App) {
        match effect {
            Effect::SaveLanguage(lang) => {
                let Some(path) = &self.config_path else {
                    return;
                };
                if let Err(e) = crate::settings::remember_lang(path, *lang) {
                    let text =
                        crate::text::messages::LANG_NOT_REMEMBERED.fill(app.ui(), &[("error", &e)]);
                    app.status = Some(text);
                }
            }
            Effect::Ticking(on) => self.ticking = *on,
            Effect::WakeAt(at) => self.wake = *at,
            Effect::SaveProgress | Effect::OpenProgress(_) => progress_effects(effect, app),
        }
    }

    /// The next terminal event, stamped with the time; a tick when the clock shows and a
    /// quarter second passes, or when the wake-up comes first. `None` ends the loop (the
    /// terminal is gone).
    pub fn next_input(&mut self) -> Option<Input> {
        use ratatui::crossterm::event;
        // The first frame is drawn: the signals caught since `enter` get their thread.
        watch_signals();
        let until_wake = self
            .wake
            .map(|at| (at - Utc::now()).to_std().unwrap_or(Duration::ZERO));
        let wait = match (self.ticking.then_some(TICK), until_wake) {
            (Some(tick), Some(wake)) => Some(tick.min(wake)),
            (tick, wake) => tick.or(wake),
        };
        if let Some(wait) = wait
            && !event::poll(wait).ok()?
        {
            let now = Utc::now();
            // The wake-up is one tick: the app asks again if it needs another.
            if self.wake.is_some_and(|at| at <= now) {
                self.wake = None;
            }
            return Some(Input::Tick(now));
        }
        let event = event::read().ok()?;
        // Another event already waiting: this one is part of a burst (see `Input::Queued`).
        // A zero timeout would only see events already parsed, not bytes waiting in the tty;
        // a millisecond returns at once when there are some.
        let more = event::poll(BURST_GAP).unwrap_or(false);
        Some(if more {
            Input::Queued(Utc::now(), event)
        } else {
            Input::Timed(Utc::now(), event)
        })
    }
}

/// Opens the progress store ([`Effect::OpenProgress`]) or saves what the app recorded
/// ([`Effect::SaveProgress`]), and reports the result back; other effects are left alone. Tests
/// pass it as `drive`'s effect handler so their key sequences open and save as the app does.
pub fn progress_effects(effect: &Effect, app: &mut App) {
    match effect {
        Effect::OpenProgress(dir) => app.progress_opened(Store::open(dir)),
        Effect::SaveProgress => {
            if let Some(store) = app.store_mut() {
                let result = store.save();
                app.saved(result);
            }
        }
        _ => {}
    }
}
