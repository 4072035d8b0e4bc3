//! The replay cache next to the progress file, the fast reader of the progress format, and the
//! cheap check at drill start.

use chrono::{DateTime, Duration, TimeZone, Utc};

use std::sync::Arc;

use super::*;
use crate::drill::progress::replay::Cached;
use crate::drill::scheduler::Grade;
use crate::drill::test_reviews::reviewed;

fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 1, 9, 0, 0).unwrap() + Duration::minutes(minutes)
}

/// A review of one of 40 cards, with grades that vary so the memory states differ.
fn review(i: usize) -> Review {
    let minutes = i64::try_from(i).unwrap() * 97;
    let grade = Grade::ALL[(i * 7 + i / 3) % 4];
    Review {
        id: format!("r{i:06}"),
        seconds: 30.0 + (i % 300) as f64,
        ..reviewed(&format!("card-{}", i % 40), grade, at(minutes))
    }
}

fn history(n: usize) -> Progress {
    Progress {
        reviews: (0..n).map(review).collect(),
        ..Progress::default()
    }
}

/// Replays every review with no cache: the reference.
fn full_replay(progress: &Progress) -> std::collections::HashMap<String, crate::drill::Memory> {
    let mut plain = progress.clone();
    plain.replayed = Cached::default();
    plain.memories()
}

fn write_snapshot(dir: &Path, progress: &Progress) {
    write_temp(dir, progress)
        .unwrap()
        .persist(dir.join(FILE_NAME))
        .unwrap();
}

#[test]
fn a_cache_of_a_prefix_gives_the_same_states_as_a_full_replay() {
    let mut progress = history(300);
    let prefix = history(200);
    progress.replayed = Cached(prefix.replay_for_cache().map(Arc::new));
    assert!(progress.replayed_fits());
    assert_eq!(progress.memories(), full_replay(&progress));
    // The cache is used: a poisoned state in it shows through for a card not reviewed since.
    let mut poisoned = prefix.replay_for_cache().unwrap();
    let memory = poisoned.cards.get_mut("card-0").unwrap();
    memory.stability = 12_345.0;
    let mut tail_free = history(200);
    tail_free.replayed = Cached(Some(Arc::new(poisoned)));
    assert!((tail_free.memories()["card-0"].stability - 12_345.0).abs() < 1e-9);
}

#[test]
fn a_review_merged_in_before_the_cached_ones_makes_it_replay_everything() {
    let mut progress = history(200);
    progress.replayed = Cached(history(200).replay_for_cache().map(Arc::new));
    let mut early = review(5);
    early.id = "r000005-from-another-instance".to_owned();
    early.grade = Grade::Again;
    progress.merge(Progress {
        reviews: vec![early],
        ..Progress::default()
    });
    assert!(!progress.replayed_fits());
    assert_eq!(progress.memories(), full_replay(&progress));
}

#[test]
fn a_hand_edited_grade_inside_the_cached_reviews_is_noticed() {
    let mut progress = history(120);
    progress.replayed = Cached(history(120).replay_for_cache().map(Arc::new));
    progress.reviews[10].grade = if progress.reviews[10].grade == Grade::Easy {
        Grade::Again
    } else {
        Grade::Easy
    };
    assert!(!progress.replayed_fits());
    assert_eq!(progress.memories(), full_replay(&progress));
}

#[test]
fn the_cache_reads_back_bit_for_bit() {
    let fresh = history(150).replay_for_cache().unwrap();
    let json = serde_json::to_vec(&fresh).unwrap();
    let back: Replayed = serde_json::from_slice(&json).unwrap();
    assert_eq!(back.cards, fresh.cards);
    assert_eq!(
        (back.count, back.fingerprint),
        (fresh.count, fresh.fingerprint)
    );
}

#[test]
fn a_long_history_is_cached_on_open_and_a_bad_cache_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let progress = history(MEMO_MIN_REVIEWS + 10);
    write_snapshot(dir.path(), &progress);
    let expected = full_replay(&progress);
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.progress().memories(), expected);
    let memo = dir.path().join(MEMO_NAME);
    let cached: Replayed = serde_json::from_slice(&std::fs::read(&memo).unwrap()).unwrap();
    assert_eq!(cached.count, MEMO_MIN_REVIEWS + 10);
    assert_eq!(cached.cards, expected);
    std::fs::write(&memo, "{ not json").unwrap();
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.progress().memories(), expected);
    let cached: Replayed = serde_json::from_slice(&std::fs::read(&memo).unwrap()).unwrap();
    assert_eq!(cached.count, MEMO_MIN_REVIEWS + 10);
}

#[test]
fn a_short_history_writes_no_cache() {
    let dir = tempfile::tempdir().unwrap();
    write_snapshot(dir.path(), &history(50));
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.progress().reviews.len(), 50);
    assert!(!dir.path().join(MEMO_NAME).exists());
}

#[test]
fn unknown_fields_survive_and_bad_fields_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    let one = r#"{"id":"a","card_id":"c","at":"2026-01-01T00:00:00Z","grade":3,"seconds":5,"limit_seconds":180,"lang":"en","note":"mine"}"#;
    std::fs::write(
        &path,
        format!(r#"{{"version":1,"settings":{{"x":1}},"reviews":[{one}]}}"#),
    )
    .unwrap();
    let progress = read_progress(&path).unwrap();
    assert_eq!(progress.reviews[0].extra["note"], "mine");
    assert_eq!(progress.extra["settings"]["x"], 1);
    assert!(!progress.extra.contains_key("version"));
    let cases = [
        (one.replace(r#""grade":3,"#, ""), "missing field `grade`"),
        (
            one.replace(r#""seconds":5"#, r#""seconds":5,"seconds":6"#),
            "duplicate field `seconds`",
        ),
        (
            one.replace(r#""grade":3"#, r#""grade":9"#),
            "grade '9' is not 1-4",
        ),
    ];
    for (review, message) in cases {
        std::fs::write(&path, format!(r#"{{"reviews":[{review}]}}"#)).unwrap();
        let err = read_progress(&path).unwrap_err().to_string();
        assert!(err.contains(message), "{err}");
    }
    std::fs::write(&path, r#"{"version":"one","reviews":[]}"#).unwrap();
    let err = read_progress(&path).unwrap_err().to_string();
    assert!(err.contains("not a format number"), "{err}");
    std::fs::write(&path, r#"{"version":7,"reviews":[]}"#).unwrap();
    assert!(matches!(
        read_progress(&path),
        Err(StoreError::TooNew { found: 7, .. })
    ));
}

#[test]
fn drill_start_check_still_sees_a_file_damaged_after_open() {
    let dir = tempfile::tempdir().unwrap();
    write_snapshot(dir.path(), &history(10));
    let store = Store::open(dir.path()).unwrap();
    store.check_savable().unwrap();
    std::fs::write(dir.path().join(FILE_NAME), "{ damaged").unwrap();
    assert!(store.check_savable().unwrap_err().is_bad_file());
}

/// Every review of `dir` tallied in time order, read the long way: the reference.
fn full_tally(dir: &Path) -> (crate::drill::progress::Tally, usize) {
    let progress = Store::open(dir).unwrap().into_progress();
    let mut tally = crate::drill::progress::Tally::default();
    for review in &progress.reviews {
        tally.add(review);
    }
    (tally, progress.drills.len())
}

/// A long history in `dir`, opened once so the memo holds the snapshot's tally.
fn long_history(dir: &Path) -> Progress {
    let progress = history(MEMO_MIN_REVIEWS + 10);
    write_snapshot(dir, &progress);
    Store::open(dir).unwrap();
    progress
}

#[test]
fn stats_of_a_snapshot_and_newer_logged_reviews_come_from_the_memo_exactly() {
    let dir = tempfile::tempdir().unwrap();
    long_history(dir.path());
    assert_eq!(
        quick_tally(dir.path()).unwrap(),
        Some(full_tally(dir.path()))
    );
    let mut store = Store::open(dir.path()).unwrap();
    for i in 0..5 {
        store.record(review(MEMO_MIN_REVIEWS + 10 + i)).unwrap();
    }
    let quick = quick_tally(dir.path()).unwrap();
    assert_eq!(
        quick.as_ref().map(|(t, _)| t.reviews),
        Some(MEMO_MIN_REVIEWS + 15)
    );
    assert_eq!(quick, Some(full_tally(dir.path())));
}

#[test]
fn a_changed_snapshot_or_an_older_logged_review_is_read_the_long_way() {
    let dir = tempfile::tempdir().unwrap();
    let mut progress = long_history(dir.path());
    // Another instance's review from before the snapshot's newest: the tally cannot go on.
    let mut store = Store::open(dir.path()).unwrap();
    store
        .record(Review {
            id: "early".to_owned(),
            ..review(3)
        })
        .unwrap();
    assert_eq!(quick_tally(dir.path()).unwrap(), None);
    drop(store);
    std::fs::remove_file(dir.path().join(LOG_NAME)).unwrap();
    assert!(quick_tally(dir.path()).unwrap().is_some());
    // A snapshot rewritten (here by hand, one grade changed) no longer has the memo's mark.
    progress.reviews[7].grade = Grade::Easy;
    write_snapshot(dir.path(), &progress);
    assert_eq!(quick_tally(dir.path()).unwrap(), None);
    // Reading it the long way marks the memo again, with the new grade.
    let (full, _) = full_tally(dir.path());
    assert_eq!(quick_tally(dir.path()).unwrap().map(|(t, _)| t), Some(full));
}

#[test]
fn a_review_in_both_the_log_and_the_snapshot_counts_once() {
    // A compaction cut short after the rename, before the log was removed.
    let dir = tempfile::tempdir().unwrap();
    let progress = long_history(dir.path());
    let last = progress.reviews.last().unwrap();
    std::fs::write(
        dir.path().join(LOG_NAME),
        log::line("reviews", last).unwrap(),
    )
    .unwrap();
    assert_eq!(quick_tally(dir.path()).unwrap(), None);
    let now = at(0);
    let stats = crate::drill::stats::stats_of(dir.path(), &[], now).unwrap();
    assert_eq!(stats.reviews, MEMO_MIN_REVIEWS + 10);
}

#[test]
fn a_damaged_log_is_an_error_on_the_quick_path_too() {
    let dir = tempfile::tempdir().unwrap();
    long_history(dir.path());
    std::fs::write(dir.path().join(LOG_NAME), "{\"reviews\": 3}\n").unwrap();
    let err = quick_tally(dir.path()).unwrap_err();
    assert!(err.is_bad_file(), "{err}");
}
