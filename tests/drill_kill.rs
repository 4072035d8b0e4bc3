//! `kill -9` in the middle of saving progress loses nothing that was reported saved.
//!
//! The test re-runs its own binary as a writer that records reviews in a loop and prints a line
//! after each save; the parent kills it with SIGKILL mid-stream and reopens the store.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use chrono::Utc;
use infraprep::content::Lang;
use infraprep::drill::scheduler::Grade;
use infraprep::drill::store::{Review, Store, new_id};

const WRITER_DIR: &str = "INFRAPREP_TEST_WRITER_DIR";

/// The child's side: record reviews until killed. Does nothing in a normal test run.
#[test]
fn writer() {
    let Ok(dir) = std::env::var(WRITER_DIR) else {
        return;
    };
    let mut store = Store::open(&dir).unwrap();
    for i in 0.. {
        let at = Utc::now();
        store
            .record(Review {
                id: new_id(at),
                card_id: format!("card-{i}"),
                at,
                grade: Grade::Good,
                seconds: 1.0,
                limit_seconds: 180.0,
                covered: vec![],
                answer: "x".repeat(200),
                hint_used: false,
                follow_up_of: None,
                lang: Lang::En,
                drill_id: None,
            })
            .unwrap();
        println!("saved {i}");
    }
}

#[test]
fn kill_9_while_saving_keeps_every_saved_review() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "writer", "--nocapture", "--test-threads=1"])
        .env(WRITER_DIR, dir.path())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut saved = 0;
    for line in BufReader::new(stdout).lines() {
        if line.unwrap().starts_with("saved ") {
            saved += 1;
        }
        if saved == 40 {
            break;
        }
    }
    child.kill().unwrap(); // SIGKILL on Unix.
    child.wait().unwrap();
    assert_eq!(saved, 40);
    let store = Store::open(dir.path()).expect("the file is whole after kill -9");
    let reviews = &store.progress().reviews;
    assert!(
        reviews.len() >= 40,
        "only {} of 40 saved reviews",
        reviews.len()
    );
    for i in 0..40 {
        let id = format!("card-{i}");
        assert!(reviews.iter().any(|r| r.card_id == id), "{id} lost");
    }
}
