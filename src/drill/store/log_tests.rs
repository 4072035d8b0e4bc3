//! The review log: appends instead of rewrites, torn tails, damage, unknown records, compaction
//! and the migration of a v1 `progress.json`.

use super::tests::{at, cards, two_writers};
use super::*;
use crate::drill::scheduler::Grade;
use crate::drill::test_reviews::reviewed;

fn graded(card: &str, minute: u32) -> Review {
    Review {
        id: new_id(at(minute)),
        seconds: 12.0,
        covered: vec![true],
        answer: "ring all-reduce".to_owned(),
        ..reviewed(card, Grade::Good, at(minute))
    }
}

const V1: &str = r#"{
  "version": 1,
  "reviews": [
    {"id": "r1", "card_id": "nvlink", "at": "2026-02-01T10:00:00Z", "grade": 3,
     "seconds": 30.0, "limit_seconds": 180.0, "lang": "en", "note": "hand-written"}
  ],
  "drills": [],
  "streak_goal": 5
}
"#;

/// A directory holding the v1 file, opened, with a review of `ib` recorded since.
fn v1_and_a_review() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join(FILE_NAME), V1).unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    store.record(graded("ib", 1)).unwrap();
    (dir, store)
}

#[test]
fn a_record_appends_to_the_log_and_leaves_the_snapshot_untouched() {
    let (dir, _store) = v1_and_a_review();
    assert_eq!(fs::read_to_string(dir.path().join(FILE_NAME)).unwrap(), V1);
    let log = fs::read_to_string(dir.path().join(LOG_NAME)).unwrap();
    assert_eq!(log.lines().count(), 1, "{log}");
    assert!(log.starts_with(r#"{"reviews":{"#), "{log}");
    assert_eq!(cards(&Store::open(dir.path()).unwrap()), ["ib", "nvlink"]);
}

#[test]
fn a_v1_file_migrates_through_compaction_without_loss() {
    let (dir, mut store) = v1_and_a_review();
    store.compact().unwrap();
    assert!(!dir.path().join(LOG_NAME).exists());
    let text = fs::read_to_string(dir.path().join(FILE_NAME)).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["version"], 1);
    assert_eq!(value["streak_goal"], 5);
    assert_eq!(value["reviews"][0]["note"], "hand-written");
    assert_eq!(value["reviews"][1]["card_id"], "ib");
    assert_eq!(cards(&Store::open(dir.path()).unwrap()), ["ib", "nvlink"]);
}

#[test]
fn a_torn_last_line_is_ignored_and_cut_before_the_next_append() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    store.record(graded("one", 1)).unwrap();
    let log_path = dir.path().join(LOG_NAME);
    let whole = fs::read_to_string(&log_path).unwrap();
    let torn = log::line("reviews", &graded("torn", 2)).unwrap();
    fs::write(&log_path, format!("{whole}{}", &torn[..torn.len() / 2])).unwrap();
    let mut reopened = Store::open(dir.path()).unwrap();
    assert_eq!(cards(&reopened), ["one"]);
    reopened.record(graded("two", 3)).unwrap();
    assert_eq!(cards(&Store::open(dir.path()).unwrap()), ["one", "two"]);
    assert_eq!(fs::read_to_string(&log_path).unwrap().lines().count(), 2);
}

#[test]
fn a_damaged_line_inside_the_log_is_reported_with_its_line_and_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let log_path = dir.path().join(LOG_NAME);
    let good = log::line("reviews", &graded("one", 1)).unwrap();
    fs::write(&log_path, format!("{good}{{\"reviews\": 7}}\n{good}")).unwrap();
    let err = Store::open(dir.path()).unwrap_err();
    assert!(err.is_bad_file(), "{err}");
    let message = err.to_string();
    assert!(message.contains("progress.log:2"), "{message}");
    let moved = set_aside(dir.path()).unwrap();
    assert!(
        moved.to_string_lossy().contains("progress.log.bad-"),
        "{moved:?}"
    );
    assert!(
        Store::open(dir.path())
            .unwrap()
            .progress()
            .reviews
            .is_empty()
    );
}

#[test]
fn a_record_of_an_unknown_kind_is_kept_through_compaction() {
    let dir = tempfile::tempdir().unwrap();
    let attempt = serde_json::json!({"id": "a1", "card_id": "nvlink", "answer": "900"});
    let line = format!("{}\n", serde_json::json!({ "bookmarks": attempt }));
    fs::write(dir.path().join(LOG_NAME), line.repeat(2)).unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    assert_eq!(
        store.progress().extra["bookmarks"],
        serde_json::json!([attempt])
    );
    store.record(graded("one", 1)).unwrap();
    store.compact().unwrap();
    let value: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join(FILE_NAME)).unwrap()).unwrap();
    assert_eq!(value["bookmarks"], serde_json::json!([attempt]));
    assert_eq!(value["reviews"][0]["card_id"], "one");
}

#[test]
fn an_instance_sees_a_compaction_by_another_and_loses_nothing() {
    let (dir, mut first, mut second) = two_writers();
    second.compact().unwrap();
    first.record(graded("three", 3)).unwrap();
    assert_eq!(cards(&first), ["one", "three", "two"]);
    assert_eq!(
        cards(&Store::open(dir.path()).unwrap()),
        ["one", "three", "two"]
    );
}

#[test]
fn a_long_log_is_compacted_into_the_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    let mut long = graded("long", 0);
    long.answer = "x".repeat(4096);
    let n = usize::try_from(COMPACT_MIN_BYTES / 4096 + 2).unwrap();
    for i in 0..n {
        let mut r = long.clone();
        r.id = format!("r{i}");
        store.record(r).unwrap();
    }
    let log_len = fs::metadata(dir.path().join(LOG_NAME)).map_or(0, |m| m.len());
    assert!(log_len < COMPACT_MIN_BYTES, "log of {log_len} bytes");
    assert_eq!(Store::open(dir.path()).unwrap().progress().reviews.len(), n);
}
