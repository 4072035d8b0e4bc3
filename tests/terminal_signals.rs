//! The real app in a tmux pane, stopped by each signal whose default would end it (SIGTERM,
//! SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 and an external SIGINT: in raw mode Ctrl-C is a key, not
//! a signal): the terminal is left as it was before the app started, with the cursor shown, the
//! alternate screen and mouse reporting off, and the exit status says which signal ended it.
//! Also the other ways the real app leaves a terminal as it found it: the startup benchmark's
//! first-frame exit, and a `TERM=dumb` terminal it never takes over. And a long paste from a
//! terminal that sends it as keys reaches the app whole, at once.

mod common;

use common::pane::Pane;
use std::process::Command;

/// Starts the app on the bundled deck, waits for its list, sends `signal`, and returns the
/// pane once the app has exited with the status it printed; `None` without tmux.
fn stopped_by(signal: &str) -> Option<(Pane, String)> {
    let pane = Pane::start_in_shell("terminal_signals", "")?;
    pane.wait_for("Enter read");
    let state = pane.terminal_state();
    assert_eq!(state, (true, false, true), "the app runs in TUI mode first");
    let killed = Command::new("kill")
        .args([&format!("-{signal}"), &pane.child_pid().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let screen = pane.wait_for("EXIT=");
    Some((pane, screen))
}

#[test]
fn every_termination_signal_restores_the_terminal() {
    let signals = [
        ("TERM", 15),
        ("HUP", 1),
        ("QUIT", 3),
        ("INT", 2),
        ("USR1", 10),
        ("USR2", 12),
    ];
    for (signal, number) in signals {
        let Some((pane, screen)) = stopped_by(signal) else {
            return;
        };
        let status = format!("EXIT={}", 128 + number);
        assert!(
            screen.contains(&status),
            "SIG{signal}: {status} in\n{screen}"
        );
        let (alternate, cursor, mouse) = pane.terminal_state();
        assert!(!alternate, "SIG{signal}: the alternate screen is left");
        assert!(cursor, "SIG{signal}: the cursor is shown again");
        assert!(!mouse, "SIG{signal}: mouse reporting is off");
    }
}

/// The startup benchmark's mode (`INFRAPREP_EXIT_AFTER_FIRST_FRAME=1`): with no key pressed the
/// app ends by itself after its first frame, with status 0 and the terminal restored.
#[test]
fn the_first_frame_mode_draws_then_leaves_cleanly() {
    let Some(pane) =
        Pane::start_in_shell_with("terminal_signals", "INFRAPREP_EXIT_AFTER_FIRST_FRAME=1", "")
    else {
        return;
    };
    let screen = pane.wait_for("EXIT=");
    assert!(screen.contains("EXIT=0"), "{screen}");
    let (alternate, cursor, mouse) = pane.terminal_state();
    assert!(!alternate && cursor && !mouse, "the terminal is restored");
}

/// On a terminal that says it cannot draw (`TERM=dumb`), the app does not enter TUI mode: it
/// prints the help with a line that says why, and exits 0.
#[test]
fn a_dumb_terminal_gets_the_help_not_the_app() {
    let Some(pane) = Pane::start_in_shell_with("terminal_signals", "TERM=dumb", "") else {
        return;
    };
    let screen = pane.wait_for("EXIT=");
    assert!(screen.contains("EXIT=0"), "{screen}");
    assert!(screen.contains("TERM=dumb"), "{screen}");
    let (alternate, cursor, mouse) = pane.terminal_state();
    assert!(
        !alternate && cursor && !mouse,
        "the terminal was never taken over"
    );
}

/// A 4 KB paste sent as keys (tmux `paste-buffer` without `-p`, as a terminal without
/// bracketed paste does) lands whole in the search box within seconds: every byte is read
/// without waiting for another key, and the burst is searched and drawn once, not per key.
#[test]
fn a_long_paste_sent_as_keys_arrives_whole_and_at_once() {
    let Some(pane) = Pane::start_in_shell("terminal_signals", "") else {
        return;
    };
    pane.wait_for("Enter read");
    pane.keys(&["/"]);
    let words = [
        "nvlink",
        "bandwidth",
        "checkpoint",
        "congestion",
        "pipeline",
        "latency",
    ];
    let mut text: String = (0..600)
        .map(|i| words[i % words.len()])
        .collect::<Vec<_>>()
        .join(" ");
    text.push_str(" zebraend");
    assert!(text.len() > 4000);
    pane.paste_as_keys(&text);
    let screen = pane.wait_for("zebraend");
    assert!(
        screen
            .lines()
            .any(|l| l.starts_with("/ ") && l.contains("zebraend")),
        "{screen}"
    );
    pane.keys(&["Escape", "q"]);
    pane.wait_for("EXIT=0");
}
