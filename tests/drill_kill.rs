//! `kill -9` in the middle of a drill loses nothing that was graded before it.
//!
//! The test re-runs its own binary as a child that drills the bundled deck (card 12 and its
//! follow-ups, three questions at a time, practice mode) and stores every grade, printing each
//! saved review's id. The parent kills it with SIGKILL mid-stream, then reopens the store.
//! The real app, in a tmux pane, is stopped by SIGTERM, SIGHUP and SIGKILL mid-interview: every
//! submitted answer and the draft in the box survive (the draft is saved once typing pauses,
//! so even `kill -9` keeps it), and the next drill of that card offers the draft back.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use chrono::{TimeDelta, Utc};
use infraprep::content::deck::load;
use infraprep::content::{Card, DeckSource, Lang};
use infraprep::drill::scheduler::Grade;
use infraprep::drill::session::{DrillMode, DrillOptions, Phase, Session, plan};
use infraprep::drill::store::Store;

use common::pane::Pane;

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

/// `infraprep drill` of `card` in a tmux pane, once `ready` shows; `None` without tmux.
fn drill_pane(data_dir: &std::path::Path, card: &str, ready: &str) -> Option<Pane> {
    let args = format!(
        "drill --card {card} --lang en --minutes 30 --data-dir {}",
        data_dir.display()
    );
    let pane = Pane::start("drill_kill", &args)?;
    pane.wait_for(ready);
    Some(pane)
}

/// Answers two interview questions and leaves a third answer half typed, waits past the draft
/// save's pause, then stops the app with `signal`; returns the data dir and the progress found
/// afterwards.
fn interview_stopped_by(signal: &str) -> Option<(tempfile::TempDir, infraprep::drill::Progress)> {
    let dir = tempfile::tempdir().expect("test setup");
    let pane = drill_pane(dir.path(), "12", "Esc")?;
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

#[test]
fn sigterm_sighup_and_kill_9_in_an_interview_keep_every_submitted_answer() {
    for signal in ["TERM", "HUP", "KILL"] {
        let Some((dir, progress)) = interview_stopped_by(signal) else {
            return;
        };
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
    let pane = drill_pane(dir, card, "question 1 of").expect("test setup");
    pane.wait_for("half typed third answer");
    pane.wait_for("is back in the answer box");
}
