//! Entering and leaving the terminal's TUI mode (raw mode, alternate screen, mouse capture,
//! bracketed paste), so that the shell is always left clean: on
//! quit, on error, on panic, and on SIGTERM, SIGHUP or SIGQUIT.

use std::io::{Write, stdout};
use std::sync::OnceLock;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::execute;

/// Enters raw mode and the alternate screen with mouse capture, and arranges for all of it to be
/// undone on panic and on termination signals.
pub fn enter() -> std::io::Result<DefaultTerminal> {
    // ratatui::init restores raw mode and the screen on panic; mouse capture is ours to undo.
    let terminal = ratatui::try_init()?;
    let ratatui_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture, DisableBracketedPaste);
        ratatui_hook(info);
    }));
    // Bracketed paste delivers a paste as one event, so it reaches a text field whole
    // instead of as keys the key table would act on.
    execute!(stdout(), EnableMouseCapture, EnableBracketedPaste)?;
    watch_signals();
    Ok(terminal)
}

/// Leaves TUI mode. Safe to call more than once.
pub fn leave() {
    let _ = execute!(stdout(), DisableMouseCapture, DisableBracketedPaste);
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

/// Saves what [`before_exit`] names, restores the terminal and exits when the process is asked
/// to stop, since raw mode would otherwise outlive the program and a draft would be lost.
pub fn watch_signals() {
    use signal_hook::consts::{SIGHUP, SIGQUIT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGQUIT]) else {
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
