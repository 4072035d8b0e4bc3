//! `stats`, `history export` and `drill` through the binary: JSON shapes, where progress is read
//! from, and what a damaged progress file does.

mod common;

use chrono::{TimeZone, Utc};
use common::{infraprep, infraprep_with};
use infraprep::content::Lang;
use infraprep::drill::scheduler::Grade;
use infraprep::drill::store::{Extra, FILE_NAME, Review, Store, new_id};
use serde_json::Value;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

fn review(card: &str, grade: Grade, answer: &str) -> Review {
    let at = Utc.with_ymd_and_hms(2026, 3, 1, 9, 30, 0).unwrap();
    Review {
        id: new_id(at),
        card_id: card.to_owned(),
        at,
        grade,
        seconds: 95.5,
        limit_seconds: 180.0,
        covered: vec![true, false, true],
        answer: answer.to_owned(),
        hint_used: false,
        follow_up_of: None,
        lang: Lang::En,
        drill_id: None,
        extra: Extra::new(),
    }
}

/// A data dir with two reviews: one of a bundled card, one of a card that no longer exists.
fn data_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut store = Store::open(dir.path()).expect("an empty dir opens");
    store
        .record(review(
            "nvlink-vs-infiniband",
            Grade::Good,
            "NVLink inside, IB between nodes",
        ))
        .expect("the review is saved");
    store
        .record(review("deleted-card", Grade::Again, "双向 900 GB/s"))
        .expect("the review is saved");
    dir
}

#[test]
fn stats_json_reads_the_data_dir_flag() {
    let dir = data_dir();
    let path = dir.path().to_str().unwrap();
    let run = infraprep(&["stats", "--json", "--data-dir", path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let stats = json(&run.stdout);
    assert_eq!(stats["reviews"], 2);
    assert_eq!(stats["cards_seen"], 1);
    assert!(stats["due_today"].is_u64());
    assert_eq!(stats["forecast"].as_array().unwrap().len(), 14);
    assert!(stats["tags"].is_array());
}

#[test]
fn stats_text_has_charts_and_the_environment_variable_works() {
    let dir = data_dir();
    let path = dir.path().to_str().unwrap();
    let run = infraprep_with(
        &["stats", "--color", "never"],
        &[("INFRAPREP_DATA_DIR", path)],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The first line names the data dir that holds the snapshot and its log.
    let first = run.stdout.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        format!("Progress in {path} (progress.json and its append log, progress.log)")
    );
    assert!(run.stdout.contains("Reviews      2"), "{}", run.stdout);
    assert!(run.stdout.contains("Due per day"), "{}", run.stdout);
    assert!(run.stdout.contains('█'), "{}", run.stdout);
}

#[test]
fn the_config_file_can_set_the_data_dir() {
    let dir = data_dir();
    let config = dir.path().join("config.toml");
    let data = dir.path().display().to_string();
    std::fs::write(&config, format!("data-dir = {data:?}\n")).unwrap();
    let run = infraprep(&["stats", "--json", "--config", config.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(json(&run.stdout)["reviews"], 2);
}

#[test]
fn history_export_json_has_every_review_with_its_answer() {
    let dir = data_dir();
    let path = dir.path().to_str().unwrap();
    let run = infraprep(&["history", "export", "--format", "json", "--data-dir", path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let reviews = json(&run.stdout);
    let reviews = reviews.as_array().unwrap();
    assert_eq!(reviews.len(), 2);
    let gone = reviews
        .iter()
        .find(|r| r["card_id"] == "deleted-card")
        .unwrap();
    assert_eq!(gone["grade"], 1);
    assert_eq!(gone["answer"], "双向 900 GB/s");
    assert_eq!(gone["seconds"], 95.5);
    assert_eq!(gone["title"], Value::Null);
    let at = gone["at"].as_str().unwrap();
    assert!(chrono::DateTime::parse_from_rfc3339(at).is_ok(), "{at}");
    let kept = reviews
        .iter()
        .find(|r| r["card_id"] == "nvlink-vs-infiniband")
        .unwrap();
    assert_eq!(kept["grade"], 3);
    assert_eq!(
        (kept["covered"].as_u64(), kept["total"].as_u64()),
        (Some(2), Some(3))
    );
}

#[test]
fn history_export_markdown_shows_titles_grades_and_answers() {
    let dir = data_dir();
    let path = dir.path().to_str().unwrap();
    let run = infraprep(&["history", "export", "--data-dir", path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for text in [
        "# infraprep history",
        "> NVLink inside, IB between nodes",
        "grade 3 (good)",
        "1:36 of 3:00",
        "(card no longer in the deck)",
    ] {
        assert!(run.stdout.contains(text), "lacks {text}: {}", run.stdout);
    }
}

#[test]
fn a_damaged_progress_file_is_named_left_alone_and_can_be_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(FILE_NAME);
    let bad = "{\"version\": 1, \"reviews\": [\n  {\"id\": 3}\n]}\n";
    std::fs::write(&file, bad).unwrap();
    let path = dir.path().to_str().unwrap();
    for args in [&["stats"][..], &["history", "export", "--format", "json"]] {
        let run = infraprep_with(args, &[("INFRAPREP_DATA_DIR", path)]);
        assert_eq!(run.code, 1, "{args:?}");
        assert!(
            run.stderr.contains(&format!("{}:", file.display())),
            "{}",
            run.stderr
        );
        assert!(
            run.stderr.contains("--set-aside-bad-progress"),
            "{}",
            run.stderr
        );
        assert!(run.stdout.is_empty());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), bad);
    }
    let run = infraprep(&[
        "--set-aside-bad-progress",
        "stats",
        "--json",
        "--data-dir",
        path,
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("progress.json.bad-"), "{}", run.stderr);
    assert_eq!(json(&run.stdout)["reviews"], 0);
    assert!(!file.exists());
    let moved: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("progress.json.bad-")
        })
        .collect();
    assert_eq!(moved.len(), 1);
    assert_eq!(std::fs::read_to_string(moved[0].path()).unwrap(), bad);
}

#[test]
fn drill_needs_a_terminal_and_checks_its_arguments() {
    let run = infraprep(&["drill", "--card", "12"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("drill needs a terminal"),
        "{}",
        run.stderr
    );
    let run = infraprep(&["drill", "--exam-date", "next week"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("YYYY-MM-DD"), "{}", run.stderr);
    let run = infraprep(&["drill", "--mode", "exam"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("'interview' or 'practice'"),
        "{}",
        run.stderr
    );
    let run = infraprep(&["drill", "--minutes", "0"]);
    assert_eq!(run.code, 2);
}

fn attempt(card: &str, minute: u32, draft: bool, answer: &str) -> infraprep::drill::Attempt {
    let at = Utc.with_ymd_and_hms(2026, 3, 2, 9, minute, 0).unwrap();
    infraprep::drill::Attempt {
        id: new_id(at),
        card_id: card.to_owned(),
        at,
        answer: answer.to_owned(),
        seconds: 61.0,
        limit_seconds: 180.0,
        mode: infraprep::drill::DrillMode::Interview,
        lang: Lang::En,
        covered: if draft {
            vec![]
        } else {
            vec![true, false, false]
        },
        hint_used: false,
        follow_up_of: None,
        drill_id: Some("drill-x".to_owned()),
        draft,
        extra: Extra::new(),
    }
}

#[test]
fn history_export_shows_answers_not_yet_graded_and_drafts() {
    let dir = data_dir();
    let mut store = Store::open(dir.path()).unwrap();
    store
        .record_attempt(attempt(
            "nvlink-vs-infiniband",
            1,
            false,
            "NVLink inside, IB across",
        ))
        .unwrap();
    store
        .record_attempt(attempt("ib-congestion", 2, true, "half a thought"))
        .unwrap();
    let path = dir.path().to_str().unwrap();
    let run = infraprep(&["history", "export", "--format", "json", "--data-dir", path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let entries = json(&run.stdout);
    let entries = entries.as_array().unwrap();
    assert_eq!(
        entries.len(),
        4,
        "two reviews, one ungraded answer, one draft"
    );
    let ungraded = entries.iter().find(|e| e["state"] == "ungraded").unwrap();
    assert_eq!(ungraded["answer"], "NVLink inside, IB across");
    assert_eq!(ungraded["grade"], Value::Null);
    assert_eq!(
        (ungraded["covered"].as_u64(), ungraded["total"].as_u64()),
        (Some(1), Some(3))
    );
    let draft = entries.iter().find(|e| e["state"] == "draft").unwrap();
    assert_eq!(draft["answer"], "half a thought");
    assert_eq!(entries.iter().filter(|e| e["state"] == "graded").count(), 2);
    let md = infraprep(&["history", "export", "--data-dir", path]);
    assert!(md.stdout.contains("not graded yet"), "{}", md.stdout);
    assert!(md.stdout.contains("draft, never submitted"));
    assert!(md.stdout.contains("> half a thought"));
    // The ungraded answer does not move the scheduler: stats count the two reviews only.
    let stats = json(&infraprep(&["stats", "--json", "--data-dir", path]).stdout);
    assert_eq!(stats["reviews"], 2);
}

/// docs/usage.md names every key `history export --format json` prints, and says `grade` is
/// null for an answer not graded (an ungraded one or a draft). See issue 10.
#[test]
fn the_usage_doc_names_every_history_export_key_and_the_null_grade() {
    let dir = data_dir();
    let mut store = Store::open(dir.path()).unwrap();
    store
        .record_attempt(attempt("nvlink-vs-infiniband", 5, false, "submitted"))
        .unwrap();
    store
        .record_attempt(attempt("ib-congestion", 6, true, "a draft"))
        .unwrap();
    let path = dir.path().to_str().unwrap();
    let run = infraprep(&["history", "export", "--format", "json", "--data-dir", path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let entries = json(&run.stdout);
    let entries = entries.as_array().unwrap();
    for state in ["ungraded", "draft"] {
        let entry = entries.iter().find(|e| e["state"] == state).unwrap();
        assert_eq!(entry["grade"], Value::Null, "{state}");
    }
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/usage.md")).unwrap();
    let start = doc
        .find("`history export --format json` prints")
        .expect("the doc describes the export");
    let described = &doc[start..];
    let described = &described[..described.find("\n\n").unwrap_or(described.len())];
    for entry in entries {
        for key in entry.as_object().unwrap().keys() {
            assert!(
                described.contains(&format!("\"{key}\"")),
                "'{key}' is not documented"
            );
        }
    }
    assert!(described.contains("\"grade\" (1-4, or null"), "{described}");
}
