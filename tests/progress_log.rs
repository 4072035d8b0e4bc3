//! Several processes grading into one data dir at once lose no review, also while the review
//! log is compacted into `progress.json` under them.
//!
//! The test re-runs its own binary as four children that each record reviews with long answers
//! (so the log passes the compaction size several times); the parent then reopens the store.

use std::process::Command;

use chrono::{TimeDelta, Utc};
use infraprep::content::Lang;
use infraprep::drill::scheduler::Grade;
use infraprep::drill::store::{Extra, LOG_NAME, Review, Store, new_id};

const CHILD_DIR: &str = "INFRAPREP_TEST_APPEND_DIR";
const CHILD_NAME: &str = "INFRAPREP_TEST_APPEND_NAME";
const CHILDREN: usize = 4;
const EACH: usize = 60;

/// The child's side: record `EACH` reviews. Does nothing in a normal test run.
#[test]
fn child_appends_reviews() {
    let (Ok(dir), Ok(name)) = (std::env::var(CHILD_DIR), std::env::var(CHILD_NAME)) else {
        return;
    };
    let mut store = Store::open(&dir).unwrap();
    let start = Utc::now();
    for i in 0..EACH {
        let at = start + TimeDelta::seconds(i64::try_from(i).unwrap());
        store
            .record(Review {
                id: new_id(at),
                card_id: format!("{name}-{i}"),
                at,
                grade: Grade::Good,
                seconds: 30.0,
                limit_seconds: 180.0,
                covered: vec![true, false],
                answer: "ring all-reduce over NVLink; ".repeat(100),
                hint_used: false,
                follow_up_of: None,
                lang: Lang::En,
                drill_id: None,
                extra: Extra::new(),
            })
            .unwrap();
    }
}

#[test]
fn processes_appending_at_once_lose_no_review() {
    let dir = tempfile::tempdir().unwrap();
    let children: Vec<_> = (0..CHILDREN)
        .map(|c| {
            Command::new(std::env::current_exe().unwrap())
                .args(["--exact", "child_appends_reviews", "--nocapture"])
                .env(CHILD_DIR, dir.path())
                .env(CHILD_NAME, format!("p{c}"))
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let store = Store::open(dir.path()).unwrap();
    let mut cards: Vec<String> = store
        .progress()
        .reviews
        .iter()
        .map(|r| r.card_id.clone())
        .collect();
    cards.sort();
    let mut expected: Vec<String> = (0..CHILDREN)
        .flat_map(|c| (0..EACH).map(move |i| format!("p{c}-{i}")))
        .collect();
    expected.sort();
    assert_eq!(cards, expected);
    // 240 answers of about 3 KB: the log was compacted at least once on the way.
    let log = std::fs::metadata(dir.path().join(LOG_NAME)).map_or(0, |m| m.len());
    assert!(log < 240 * 3000, "log of {log} bytes was never compacted");
}
