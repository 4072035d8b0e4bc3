//! `kill -9` in the middle of a drill loses nothing that was graded before it.
//!
//! The test re-runs its own binary as a child that drills the bundled deck (card 12 and its
//! follow-ups, three questions at a time, practice mode) and stores every grade, printing each
//! saved review's id. The parent kills it with SIGKILL mid-stream, then reopens the store.
//! The real app, in a tmux pane, is stopped by SIGTERM, SIGHUP and SIGKILL mid-interview: every
//! submitted answer and the draft in the box survive (the draft is saved once typing pauses,
//! so even `kill -9` keeps it), and the next drill of that card offers the draft back.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use chrono::{TimeDelta, Utc};
use infraprep::content::deck::load;
use infraprep::content::{Card, DeckSource, Lang};
use infraprep::drill::scheduler::Grade;
use infraprep::drill::session::{DrillMode, DrillOptions, Phase, Session, plan};
use infraprep::drill::store::Store;

const CHILD_DIR: &str = "INFRAPREP_TEST_DRILL_DIR";

/// The child's side: drill until killed. Does nothing in a normal test run.
#[test]
fn child_drills_until_killed() {
    let Ok(dir) = std::env::var(CHILD_DIR) else {
        return;
    };
    let deck = load(&[DeckSource::Bundled]).deck;
    let cards: Vec<&Card> = deck.cards().iter().collect();
    let mut store = Store::open(&dir).unwrap();
    let options = DrillOptions {
        count: Some(3),
        card: Some("12".to_owned()),
        mode: DrillMode::Practice,
        lang: Lang::Zh,
        ..DrillOptions::default()
    };
    // A simulated clock running on across drills, so review times follow the drill order.
    let mut now = Utc::now();
    loop {
        let questions = plan(&cards, store.progress(), &options, now);
        assert_eq!(questions.len(), 3);
        let mut session = Session::new(questions, options.clone());
        session.start(now);
        while session.phase() != Phase::Done {
            now += TimeDelta::seconds(40);
            session.submit(
                "张量并行放在NVLink域内，数据并行走IB；NVLink单向300GB/s",
                now,
            );
            let review = session.grade(Grade::Good, now).unwrap();
            let id = review.id.clone();
            store.record(review).unwrap();
            println!("saved {id}");
            session.next(now);
        }
        store.record_drill(session.summary()).unwrap();
    }
}

#[test]
fn kill_9_in_a_drill_keeps_every_graded_answer() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child_drills_until_killed", "--nocapture"])
        .env(CHILD_DIR, dir.path())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut saved = Vec::new();
    for line in BufReader::new(stdout).lines() {
        if let Some(id) = line.unwrap().strip_prefix("saved ") {
            saved.push(id.to_owned());
        }
        if saved.len() == 40 {
            break;
        }
    }
    child.kill().unwrap(); // SIGKILL on Unix.
    child.wait().unwrap();
    assert_eq!(saved.len(), 40);
    let store = Store::open(dir.path()).expect("the file is whole after kill -9");
    let progress = store.progress();
    for id in &saved {
        assert!(progress.reviews.iter().any(|r| &r.id == id), "{id} lost");
    }
    assert!(
        progress.drills.len() >= 13,
        "a summary after every 3 answers"
    );
    let first = &progress.reviews[0];
    assert_eq!(first.card_id, "nvlink-vs-infiniband");
    let deck = load(&[DeckSource::Bundled]).deck;
    let card = deck.get("nvlink-vs-infiniband").unwrap();
    assert_eq!(first.covered.len(), card.key_points.zh.len());
    assert!(
        first.covered.iter().any(|c| *c),
        "the typed answer covers a point"
    );
    assert!(progress.reviews[1].follow_up_of.is_some());
}

/// A private tmux server running `infraprep drill` in an 80x24 pane, so the real binary runs
/// in a real terminal. `None` when tmux is not installed.
struct Pane {
    socket: String,
    _home: tempfile::TempDir,
}

impl Pane {
    /// Starts the drill and waits until `ready` shows.
    fn start(data_dir: &std::path::Path, card: &str, ready: &str) -> Option<Pane> {
        let home = tempfile::tempdir().expect("test setup");
        let socket = home
            .path()
            .join("tmux.sock")
            .to_str()
            .expect("test setup")
            .to_owned();
        let command = format!(
            "exec {} drill --card {card} --lang en --minutes 30 --data-dir {}",
            env!("CARGO_BIN_EXE_infraprep"),
            data_dir.display()
        );
        let started = Command::new("tmux")
            .args([
                "-S",
                &socket,
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-x",
                "80",
                "-y",
                "24",
            ])
            .arg(command)
            .env("HOME", home.path())
            .status()
            .ok()?;
        assert!(started.success(), "tmux could not start the drill");
        let pane = Pane {
            socket,
            _home: home,
        };
        pane.wait_for(ready);
        Some(pane)
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

    fn wait_for(&self, needle: &str) {
        for _ in 0..100 {
            if self
                .tmux(&["capture-pane", "-p", "-t", "0"])
                .contains(needle)
            {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!(
            "'{needle}' never appeared:\n{}",
            self.tmux(&["capture-pane", "-p", "-t", "0"])
        );
    }

    fn pid(&self) -> i32 {
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

/// Answers two interview questions and leaves a third answer half typed, waits past the draft
/// save's pause, then stops the app with `signal`; returns the data dir and the progress found
/// afterwards.
fn interview_stopped_by(signal: &str) -> Option<(tempfile::TempDir, infraprep::drill::Progress)> {
    let dir = tempfile::tempdir().expect("test setup");
    let pane = Pane::start(dir.path(), "12", "Esc")?;
    let pid = pane.pid();
    for (i, answer) in [
        "first answer: tensor parallel inside NVLink",
        "second answer: ring all-reduce",
    ]
    .into_iter()
    .enumerate()
    {
        pane.text(answer);
        pane.keys(&["Escape", "Space"]);
        // Signal only once the app has taken the answer: the next question is on screen.
        pane.wait_for(&format!("question {} of", i + 2));
    }
    pane.text("half typed third answer");
    pane.wait_for("half typed third answer");
    // The draft is saved once typing has paused this long; give a loaded machine a margin.
    let pause = infraprep::tui::app::DRAFT_PAUSE
        .to_std()
        .expect("test setup");
    std::thread::sleep(pause + std::time::Duration::from_secs(2));
    let killed = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .expect("test setup");
    assert!(killed.success());
    for _ in 0..50 {
        if !std::path::Path::new(&format!("/proc/{pid}")).exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    drop(pane);
    let progress = Store::open(dir.path())
        .expect("test setup")
        .progress()
        .clone();
    Some((dir, progress))
}

fn has_tmux() -> bool {
    Command::new("tmux").arg("-V").output().is_ok()
}

#[test]
fn sigterm_sighup_and_kill_9_in_an_interview_keep_every_submitted_answer() {
    if !has_tmux() {
        eprintln!("tmux is not installed: the real-terminal signal test did not run");
        return;
    }
    for signal in ["TERM", "HUP", "KILL"] {
        let (dir, progress) = interview_stopped_by(signal).expect("test setup");
        let submitted: Vec<&str> = progress.ungraded().map(|a| a.answer.as_str()).collect();
        assert_eq!(
            submitted,
            [
                "first answer: tensor parallel inside NVLink",
                "second answer: ring all-reduce"
            ],
            "SIG{signal}"
        );
        assert!(
            progress.reviews.is_empty(),
            "nothing graded, nothing scheduled"
        );
        let first = progress.ungraded().next().expect("test setup");
        assert_eq!(first.card_id, "nvlink-vs-infiniband");
        assert!(first.drill_id.is_some() && first.limit_seconds > 0.0);
        // See issue 10: the draft survives kill -9 too, saved when typing paused.
        let drafts: Vec<&str> = progress.open_drafts().map(|d| d.answer.as_str()).collect();
        assert_eq!(drafts, ["half typed third answer"], "SIG{signal}");
        let exported = history_export(dir.path());
        let draft = exported
            .iter()
            .find(|e| e["state"] == "draft")
            .unwrap_or_else(|| panic!("SIG{signal}: no draft in the export: {exported:?}"));
        assert_eq!(draft["answer"], "half typed third answer");
        assert_eq!(
            draft["grade"],
            serde_json::Value::Null,
            "a draft has no grade"
        );
        if signal == "KILL" {
            let card = &progress.open_drafts().next().expect("test setup").card_id;
            draft_is_offered_back(dir.path(), card);
        }
    }
}

/// `history export --format json` of `dir`, as JSON entries.
fn history_export(dir: &std::path::Path) -> Vec<serde_json::Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_infraprep"))
        .args(["history", "export", "--format", "json", "--data-dir"])
        .arg(dir)
        .output()
        .expect("test setup");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let entries: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    entries.as_array().expect("an array").clone()
}

/// A new drill of `card` in `dir` puts the saved draft back in the answer box and says so.
fn draft_is_offered_back(dir: &std::path::Path, card: &str) {
    let pane = Pane::start(dir, card, "question 1 of").expect("test setup");
    pane.wait_for("half typed third answer");
    pane.wait_for("is back in the answer box");
}
