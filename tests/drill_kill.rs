//! `kill -9` in the middle of a drill loses nothing that was graded before it.
//!
//! The test re-runs its own binary as a child that drills the bundled deck (card 12 and its
//! follow-ups, three questions at a time, practice mode) and stores every grade, printing each
//! saved review's id. The parent kills it with SIGKILL mid-stream, then reopens the store.

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
