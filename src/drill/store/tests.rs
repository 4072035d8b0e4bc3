use chrono::{DateTime, TimeZone, Utc};

use super::*;
use crate::content::Lang;
use crate::drill::scheduler::Grade;
use crate::drill::test_reviews::reviewed;

/// Minute `minute` of the morning every store test happens on (shared with the log tests).
pub(super) fn at(minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 1, 9, minute, 0).unwrap()
}

fn graded(card: &str, minute: u32) -> Review {
    Review {
        id: new_id(at(minute)),
        seconds: 42.5,
        covered: vec![true, false],
        answer: "双向 900 GB/s".to_owned(),
        hint_used: true,
        follow_up_of: Some("main".to_owned()),
        lang: Lang::Zh,
        ..reviewed(card, Grade::Good, at(minute))
    }
}

#[test]
fn a_missing_file_is_empty_progress_and_a_record_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("not-yet");
    let mut store = Store::open(&data).unwrap();
    assert_eq!(store.progress(), &Progress::default());
    let review = graded("card", 1);
    store.record(review.clone()).unwrap();
    let reopened = Store::open(&data).unwrap();
    assert_eq!(reopened.progress().reviews, vec![review]);
    store.compact().unwrap();
    let text = std::fs::read_to_string(data.join(FILE_NAME)).unwrap();
    assert!(text.contains("\"at\": \"2026-03-01T09:01:00Z\""), "{text}");
    assert!(text.contains("\"grade\": 3"), "{text}");
}

#[test]
fn ids_are_unique() {
    let a = new_id(at(1));
    let b = new_id(at(1));
    assert_ne!(a, b);
    assert!(a.starts_with("20260301T090100.000Z-"), "{a}");
}

#[test]
fn a_crash_between_write_and_rename_leaves_the_old_file_intact() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    store.record(graded("kept", 1)).unwrap();
    store.compact().unwrap();
    let before = std::fs::read(dir.path().join(FILE_NAME)).unwrap();
    let mut next = store.progress().clone();
    next.add_review(graded("lost", 2));
    // Written and fsynced, then the process dies before the rename: the temp file stays behind.
    let (_, temp_path) = write_temp(dir.path(), &next).unwrap().keep().unwrap();
    assert!(temp_path.exists());
    assert_eq!(temp_path.parent(), Some(dir.path()));
    assert_eq!(std::fs::read(dir.path().join(FILE_NAME)).unwrap(), before);
    let reopened = Store::open(dir.path()).unwrap();
    let cards: Vec<&str> = reopened
        .progress()
        .reviews
        .iter()
        .map(|r| r.card_id.as_str())
        .collect();
    assert_eq!(cards, ["kept"]);
    // The next save works despite the leftover, and clears it away.
    let mut reopened = reopened;
    reopened.record(graded("after", 3)).unwrap();
    assert_eq!(Store::open(dir.path()).unwrap().progress().reviews.len(), 2);
    assert!(!temp_path.exists());
}

#[test]
fn a_corrupt_file_names_its_path_and_line_and_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    let bad = "{\n  \"version\": 1,\n  \"reviews\": [ oops ]\n}\n";
    std::fs::write(&path, bad).unwrap();
    let err = Store::open(dir.path()).unwrap_err();
    assert!(err.is_bad_file());
    let message = err.to_string();
    assert!(
        message.starts_with(&format!("{}:3: ", path.display())),
        "{message}"
    );
    assert!(message.contains("--set-aside-bad-progress"), "{message}");
    // A store opened before the file went bad must not overwrite it either.
    std::fs::write(&path, "").unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    std::fs::write(&path, bad).unwrap();
    assert!(store.record(graded("c", 1)).unwrap_err().is_bad_file());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
    assert_eq!(store.progress().reviews.len(), 1, "kept in memory");

    let moved = set_aside(dir.path()).unwrap();
    assert!(!path.exists());
    assert_eq!(std::fs::read_to_string(&moved).unwrap(), bad);
    let name = moved.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("progress.json.bad-"), "{name}");
    store.save().unwrap();
    assert_eq!(Store::open(dir.path()).unwrap().progress().reviews.len(), 1);
}

#[test]
fn a_hand_merged_file_without_version_and_with_repeated_ids_loads_each_review_once() {
    let dir = tempfile::tempdir().unwrap();
    let review = serde_json::to_string(&graded("card", 1)).unwrap();
    let text = format!("{{\"reviews\": [{review}, {review}]}}");
    std::fs::write(dir.path().join(FILE_NAME), text).unwrap();
    assert_eq!(Store::open(dir.path()).unwrap().progress().reviews.len(), 1);
}

#[test]
fn a_file_from_a_newer_version_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    std::fs::write(&path, "{\"version\": 99, \"reviews\": []}").unwrap();
    let err = Store::open(dir.path()).unwrap_err();
    assert!(err.to_string().contains("version 99"), "{err}");
}

/// The cards of every review the store holds, sorted.
pub(super) fn cards(store: &Store) -> Vec<String> {
    let mut cards: Vec<String> = store
        .progress()
        .reviews
        .iter()
        .map(|r| r.card_id.clone())
        .collect();
    cards.sort();
    cards
}

/// Two instances on one data dir that have each recorded a review (of cards `one` and `two`).
pub(super) fn two_writers() -> (tempfile::TempDir, Store, Store) {
    let dir = tempfile::tempdir().unwrap();
    let mut first = Store::open(dir.path()).unwrap();
    let mut second = Store::open(dir.path()).unwrap();
    first.record(graded("one", 1)).unwrap();
    second.record(graded("two", 2)).unwrap();
    (dir, first, second)
}

#[test]
fn two_writers_on_one_dir_keep_each_others_reviews() {
    let (dir, mut first, mut second) = two_writers();
    first.record(graded("three", 3)).unwrap();
    second.record(graded("four", 4)).unwrap();
    assert_eq!(
        cards(&Store::open(dir.path()).unwrap()),
        ["four", "one", "three", "two"]
    );
}

#[test]
fn writers_in_threads_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let handles: Vec<_> = (0..4)
        .map(|t| {
            let dir = dir.path().to_path_buf();
            std::thread::spawn(move || {
                let mut store = Store::open(&dir).unwrap();
                for i in 0..5 {
                    store.record(graded(&format!("t{t}-{i}"), i)).unwrap();
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    assert_eq!(
        Store::open(dir.path()).unwrap().progress().reviews.len(),
        20
    );
}

#[test]
fn reviews_of_cards_not_in_the_deck_survive_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    store.record(graded("deleted-card", 1)).unwrap();
    store.record(graded("card", 2)).unwrap();
    let progress = Store::open(dir.path()).unwrap().progress().clone();
    assert!(progress.memory("deleted-card").is_some());
}

#[test]
fn the_data_dir_flag_wins_over_the_config_file() {
    let flag = Path::new("/flag");
    let config = Path::new("/config");
    assert_eq!(data_dir(Some(flag), Some(config)).unwrap(), flag);
    assert_eq!(data_dir(None, Some(config)).unwrap(), config);
}

#[test]
fn a_misspelt_top_level_key_is_reported_and_the_file_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    let mut store = Store::open(dir.path()).unwrap();
    let review = serde_json::to_string(&graded("card", 1)).unwrap();
    let typo = format!("{{\"version\": 1, \"review\": [{review}]}}");
    std::fs::write(&path, &typo).unwrap();
    let err = Store::open(dir.path()).unwrap_err();
    assert!(err.is_bad_file());
    let message = err.to_string();
    assert!(
        message.contains("unknown key 'review' (did you mean 'reviews'?)"),
        "{message}"
    );
    assert!(store.record(graded("new", 2)).is_err());
    assert!(check_savable(dir.path()).unwrap_err().is_bad_file());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), typo);
}

#[test]
fn unknown_keys_and_fields_survive_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    let mut review = serde_json::to_value(graded("card", 1)).unwrap();
    review["note"] = serde_json::json!("ask about SHARP");
    let text = serde_json::json!({
        "version": 1,
        "reviews": [review],
        "settings": {"theme": "dark"},
    });
    std::fs::write(&path, text.to_string()).unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    assert_eq!(store.progress().unknown_keys(), ["settings"]);
    assert_eq!(store.progress().reviews[0].extra["note"], "ask about SHARP");
    store.record(graded("other", 2)).unwrap();
    store.compact().unwrap();
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved["settings"]["theme"], "dark");
    assert_eq!(saved["reviews"][0]["note"], "ask about SHARP");
    assert_eq!(saved["reviews"].as_array().map(Vec::len), Some(2));
}

#[test]
fn duplicate_keys_are_still_damage() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join(FILE_NAME),
        "{\"reviews\": [], \"reviews\": []}",
    )
    .unwrap();
    assert!(Store::open(dir.path()).unwrap_err().is_bad_file());
}

#[test]
fn check_savable_names_what_stops_a_save() {
    let dir = tempfile::tempdir().unwrap();
    check_savable(&dir.path().join("new")).unwrap();
    assert!(dir.path().join("new").is_dir());
    let leftovers: Vec<_> = std::fs::read_dir(dir.path().join("new"))
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "the probe file is removed");

    let path = dir.path().join(FILE_NAME);
    std::fs::write(&path, "{").unwrap();
    let err = check_savable(dir.path()).unwrap_err();
    assert!(
        err.to_string().starts_with(&path.display().to_string()),
        "{err}"
    );

    let not_a_dir = dir.path().join("file");
    std::fs::write(&not_a_dir, "").unwrap();
    let err = check_savable(&not_a_dir).unwrap_err().to_string();
    assert!(err.starts_with(&not_a_dir.display().to_string()), "{err}");

    let as_dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(as_dir.path().join(FILE_NAME)).unwrap();
    let err = check_savable(as_dir.path()).unwrap_err().to_string();
    assert!(err.contains("the progress file is a directory"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_device_as_progress_file_is_refused_without_reading() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.path().join(FILE_NAME)).unwrap();
    let err = Store::open(dir.path()).unwrap_err().to_string();
    assert!(err.contains("is a device, not a regular file"), "{err}");
}

fn attempt(card: &str, minute: u32, draft: bool, drill: &str) -> Attempt {
    Attempt {
        id: new_id(at(minute)),
        card_id: card.to_owned(),
        at: at(minute),
        answer: format!("answer to {card}"),
        seconds: 30.0,
        limit_seconds: 180.0,
        mode: crate::drill::DrillMode::Interview,
        lang: Lang::En,
        covered: vec![true, false],
        hint_used: false,
        follow_up_of: None,
        drill_id: Some(drill.to_owned()),
        draft,
        extra: Extra::new(),
    }
}

#[test]
fn attempts_are_saved_ungraded_until_a_review_of_their_drill_grades_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    store.record_attempt(attempt("a", 1, false, "d1")).unwrap();
    store.record_attempt(attempt("b", 2, false, "d1")).unwrap();
    store.record_attempt(attempt("c", 3, true, "d1")).unwrap();
    let reopened = Store::open(dir.path()).unwrap();
    let progress = reopened.progress();
    let ungraded: Vec<&str> = progress.ungraded().map(|a| a.card_id.as_str()).collect();
    assert_eq!(ungraded, ["a", "b"]);
    assert!(
        progress.memory("a").is_none(),
        "an attempt never moves the scheduler"
    );
    assert_eq!(
        progress.draft_of("c").map(|d| d.answer.as_str()),
        Some("answer to c")
    );
    let mut review = graded("a", 5);
    review.drill_id = Some("d1".to_owned());
    store.record(review).unwrap();
    let mut later = attempt("c", 6, false, "d2");
    later.draft = false;
    store.record_attempt(later).unwrap();
    let progress = Store::open(dir.path()).unwrap().progress().clone();
    let ungraded: Vec<&str> = progress.ungraded().map(|a| a.card_id.as_str()).collect();
    assert_eq!(ungraded, ["b", "c"], "a is graded; c answered again");
    assert!(
        progress.draft_of("c").is_none(),
        "a later answer closes the draft"
    );
}

#[test]
fn a_version_1_file_without_attempts_loads_and_stays_without_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    let review = serde_json::to_value(graded("card", 1)).unwrap();
    let text = serde_json::json!({"version": 1, "reviews": [review], "drills": []});
    std::fs::write(&path, text.to_string()).unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    assert!(store.progress().attempts.is_empty());
    assert!(store.progress().unknown_keys().is_empty());
    store.record(graded("other", 2)).unwrap();
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(
        saved.get("attempts").is_none(),
        "older builds see the file they know"
    );
    let mut with_note = serde_json::to_value(attempt("x", 3, false, "d")).unwrap();
    with_note["note"] = serde_json::json!("kept");
    let mut value = saved;
    value["attempts"] = serde_json::json!([with_note]);
    std::fs::write(&path, value.to_string()).unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    store.record(graded("third", 4)).unwrap();
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved["attempts"][0]["note"], "kept");
}

/// A drill's key-point coverage is one `Coverage` in the code and two flat keys in the file,
/// where they always were; a key this build does not know stays beside them.
#[test]
fn drill_summaries_keep_their_covered_and_total_keys() {
    let question = r#"{"card_id":"a","seconds":95.5,"limit_seconds":180.0,"grade":3,"covered":2,"total":3,"hint_used":false,"skipped":false,"over_time":false,"note":"kept"}"#;
    let text = format!(
        r#"{{"id":"d1","started_at":"2026-03-01T09:28:00Z","ended_at":"2026-03-01T09:32:00Z","mode":"interview","lang":"en","questions":[{question}],"total_seconds":95.5,"total_limit_seconds":180.0,"graded":1,"skipped":0,"covered":2,"total":3,"weakest_tags":["nvlink"]}}"#
    );
    let drill: DrillSummary = serde_json::from_str(&text).expect("a drill summary");
    let want = crate::drill::store::Coverage {
        covered: 2,
        total: 3,
    };
    assert_eq!(drill.coverage, want);
    assert_eq!(drill.questions[0].coverage, want);
    assert_eq!(drill.questions[0].extra["note"], "kept");
    assert!(drill.extra.is_empty(), "{:?}", drill.extra);
    assert_eq!(serde_json::to_string(&drill).expect("it serializes"), text);
}
