//! The real binary in a real terminal: a private tmux server (its own socket and `HOME`) with
//! one 80x24 pane running `infraprep`, driven by keys and read back by capturing the pane.

use std::io::Write as _;
use std::process::Command;
use std::time::Duration;

/// One pane of a private tmux server running the binary; the server is killed on drop.
pub struct Pane {
    socket: String,
    home: tempfile::TempDir,
}

impl Pane {
    /// Runs `infraprep <args>` in a new 80x24 pane. When tmux is not installed, prints a skip
    /// line naming `test` (so the skip is seen, not passed silently) and returns `None`.
    pub fn start(test: &str, args: &str) -> Option<Pane> {
        let command = format!("exec {} {args}", env!("CARGO_BIN_EXE_infraprep"));
        Pane::run(test, &command)
    }

    /// Runs `infraprep <args>` from the pane's shell, which prints `EXIT=<status>` when it ends
    /// and keeps the pane (and the terminal state the program left) open; the program is then
    /// [`Pane::child_pid`], not [`Pane::pid`].
    pub fn start_in_shell(test: &str, args: &str) -> Option<Pane> {
        Pane::start_in_shell_with(test, "", args)
    }

    /// [`Pane::start_in_shell`] with `vars` (`NAME=value ...`) in the program's environment.
    pub fn start_in_shell_with(test: &str, vars: &str, args: &str) -> Option<Pane> {
        let command = format!(
            "env {vars} {} {args}; echo EXIT=$?; exec sleep 600",
            env!("CARGO_BIN_EXE_infraprep")
        );
        Pane::run(test, &command)
    }

    fn run(test: &str, command: &str) -> Option<Pane> {
        if Command::new("tmux").arg("-V").output().is_err() {
            // Straight to stderr, not `eprintln!`: the test harness hides what a passing test
            // prints, and a skip must be seen.
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED {test}: tmux is not installed, so the real-terminal test did not run"
            );
            return None;
        }
        let home = tempfile::tempdir().expect("test setup");
        let socket = home.path().join("tmux.sock").display().to_string();
        let started = Command::new("tmux")
            .args(["-S", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", "80", "-y", "24"])
            .arg(command)
            .env("HOME", home.path())
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("INFRAPREP_CONFIG")
            .status()
            .expect("tmux runs");
        assert!(started.success(), "tmux could not start '{command}'");
        Some(Pane { socket, home })
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-S", &self.socket])
            .args(args)
            .output()
            .expect("test setup");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Sends tmux key names (`Escape`, `Space`, `C-u`) one at a time.
    pub fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.tmux(&["send-keys", "-t", "0", key]);
            std::thread::sleep(Duration::from_millis(150));
        }
    }

    /// Types `text` literally.
    pub fn text(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "0", "-l", text]);
        std::thread::sleep(Duration::from_millis(300));
    }

    /// Pastes `text` as a terminal without bracketed paste sends it: as typed keys, all at once
    /// (line breaks as Enter).
    #[allow(dead_code)] // not every test binary that shares this module pastes
    pub fn paste_as_keys(&self, text: &str) {
        let file = self.home.path().join("paste.txt");
        std::fs::write(&file, text).expect("test setup");
        self.tmux(&["load-buffer", &file.to_string_lossy()]);
        self.tmux(&["paste-buffer", "-t", "0"]);
    }

    /// What the pane shows now.
    pub fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "0"])
    }

    /// Waits up to ten seconds for `needle` to show and returns the screen then; panics with
    /// the screen if it never does.
    pub fn wait_for(&self, needle: &str) -> String {
        for _ in 0..100 {
            let shown = self.screen();
            if shown.contains(needle) {
                return shown;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("'{needle}' never appeared:\n{}", self.screen());
    }

    /// The terminal modes the pane is left in: (alternate screen on, cursor shown, mouse
    /// reporting on), as tmux tracks them from what the program wrote.
    pub fn terminal_state(&self) -> (bool, bool, bool) {
        let out = self.tmux(&[
            "display-message",
            "-p",
            "-t",
            "0",
            "#{alternate_on} #{cursor_flag} #{mouse_any_flag}",
        ]);
        let flags: Vec<bool> = out.split_whitespace().map(|f| f == "1").collect();
        match flags[..] {
            [alternate, cursor, mouse] => (alternate, cursor, mouse),
            _ => panic!("tmux gave no terminal state: {out:?}"),
        }
    }

    /// The process id of the program started by [`Pane::start_in_shell`].
    pub fn child_pid(&self) -> i32 {
        let out = Command::new("pgrep")
            .args(["-P", &self.pid().to_string()])
            .output()
            .expect("pgrep runs");
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .next()
            .and_then(|pid| pid.parse().ok())
            .expect("the program runs under the pane's shell")
    }

    /// The process id of the program in the pane.
    pub fn pid(&self) -> i32 {
        self.tmux(&["display-message", "-p", "-t", "0", "#{pane_pid}"])
            .trim()
            .parse()
            .expect("test setup")
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}
