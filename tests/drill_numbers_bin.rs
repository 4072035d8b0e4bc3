//! `infraprep drill --numbers` in a real terminal (a private tmux server, 80x24): the app starts
//! straight into a numbers drill with its clock, refuses text that is no quantity, grades what
//! is, and saves every answer as a number review. Skipped when tmux is not installed.

use std::process::Command;

use infraprep::drill::numbers::tally::record_of;
use infraprep::drill::store::Store;

struct Pane {
    socket: String,
    _home: tempfile::TempDir,
}

impl Pane {
    fn start(args: &str) -> Option<Pane> {
        Command::new("tmux").arg("-V").output().ok()?;
        let home = tempfile::tempdir().expect("test setup");
        let socket = home.path().join("tmux.sock").display().to_string();
        let command = format!("exec {} {args}", env!("CARGO_BIN_EXE_infraprep"));
        let started = Command::new("tmux")
            .args(["-S", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", "80", "-y", "24"])
            .arg(command)
            .env("HOME", home.path())
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("INFRAPREP_CONFIG")
            .status()
            .ok()?;
        assert!(started.success(), "tmux could not start the drill");
        Some(Pane {
            socket,
            _home: home,
        })
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-S", &self.socket])
            .args(args)
            .output()
            .expect("test setup");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.tmux(&["send-keys", "-t", "0", key]);
            std::thread::sleep(std::time::Duration::from_millis(150));
        }
    }

    fn text(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "0", "-l", text]);
        std::thread::sleep(std::time::Duration::from_millis(300));
    }

    fn wait_for(&self, needle: &str) -> String {
        for _ in 0..100 {
            let shown = self.tmux(&["capture-pane", "-p", "-t", "0"]);
            if shown.contains(needle) {
                return shown;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!(
            "'{needle}' never appeared:\n{}",
            self.tmux(&["capture-pane", "-p", "-t", "0"])
        );
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

#[test]
fn drill_numbers_starts_a_numbers_drill_and_saves_each_answer() {
    let dir = tempfile::tempdir().expect("test setup");
    let args = format!(
        "drill --numbers --count 2 --lang en --minutes 30 --data-dir {}",
        dir.path().display()
    );
    let Some(pane) = Pane::start(&args) else {
        eprintln!("tmux is not installed: the real-terminal numbers drill did not run");
        return;
    };
    let shown = pane.wait_for("question 1 of 2");
    assert!(shown.contains("numbers") && shown.contains("⏱"), "{shown}");
    assert!(shown.contains("Enter submits"), "{shown}");
    pane.text("soon");
    pane.keys(&["Enter"]);
    pane.wait_for("not a number with a unit");
    pane.keys(&["C-u"]);
    pane.text("1 s");
    pane.keys(&["Enter"]);
    let shown = pane.wait_for("you: ");
    assert!(shown.contains(" · answer: "), "{shown}");
    pane.keys(&["n"]);
    pane.wait_for("question 2 of 2");
    pane.keys(&["Enter"]);
    let shown = pane.wait_for("(no answer)");
    assert!(shown.contains("✗ off"), "{shown}");
    pane.keys(&["n"]);
    pane.wait_for("Drill summary");
    drop(pane);
    let store = Store::open(dir.path()).expect("test setup");
    let records: Vec<_> = store
        .progress()
        .reviews
        .iter()
        .filter_map(record_of)
        .collect();
    assert_eq!(records.len(), 2, "both answers saved as number reviews");
    assert!(
        store
            .progress()
            .reviews
            .iter()
            .all(|r| r.card_id.starts_with("numbers:") && r.drill_id.is_some())
    );
}
