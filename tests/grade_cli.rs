//! `infraprep grade` through the binary: text and JSON, both languages, bad input, and a user
//! deck's glossary.

mod common;

use common::{fixture_arg, infraprep, infraprep_with};
use serde_json::Value;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

const CHINESE_ANSWER: &str = "NVLink 3 每块 A100 单向 300 GB/s，12 条链路，每条 25 GB/s；\
NVLink 4 是 18 条链路，单向 450 GB/s。官方的 600 GB/s 是双向相加。";

#[test]
fn json_has_the_documented_fields_for_every_point() {
    let run = infraprep(&[
        "grade",
        "nvlink-generations",
        "--answer",
        CHINESE_ANSWER,
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report = json(&run.stdout);
    assert_eq!(report["card"], "nvlink-generations");
    let points = report["points"].as_array().expect("points");
    assert_eq!(report["total"], points.len());
    let covered = points.iter().filter(|p| p["covered"] == true).count();
    assert_eq!(report["covered"], covered);
    for (i, point) in points.iter().enumerate() {
        assert_eq!(point["index"], i);
        let mut keys: Vec<&str> = point
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["covered", "en", "index", "matched", "zh"]);
        assert!(!point["zh"].as_str().unwrap().is_empty());
        assert!(!point["en"].as_str().unwrap().is_empty());
    }
    // "折成单向：300 / 450 / 900 GB/s": the answer states 450 GB/s per direction.
    assert_eq!(points[1]["covered"], true, "{}", run.stdout);
    let matched: Vec<&str> = points[1]["matched"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(matched, ["450 GB/s", "单向"]);
}

#[test]
fn a_chinese_answer_scores_the_same_in_english_and_chinese() {
    let covered = |lang: &str| {
        let run = infraprep(&[
            "grade",
            "2",
            "--answer",
            CHINESE_ANSWER,
            "--json",
            "--lang",
            lang,
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        json(&run.stdout)["covered"].as_u64().unwrap()
    };
    assert!(covered("en") >= 1);
    assert_eq!(covered("en"), covered("zh"));
}

#[test]
fn text_output_names_each_state_in_words() {
    let run = infraprep(&[
        "grade",
        "12",
        "--answer",
        "TP stays on NVLink; DP goes over IB",
        "--color",
        "never",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let first = run.stdout.lines().next().unwrap();
    assert_eq!(first, "nvlink-vs-infiniband: 1 of 7 key points covered");
    let covered = run
        .stdout
        .lines()
        .find(|l| l.starts_with("covered"))
        .unwrap();
    assert!(covered.contains("Tensor parallelism"), "{}", run.stdout);
    assert!(
        run.stdout.contains("matched: \"TP\", \"DP\""),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stdout
            .lines()
            .filter(|l| l.starts_with("missed"))
            .count(),
        6
    );
}

#[test]
fn the_answer_can_come_from_a_file_or_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("answer.md");
    std::fs::write(&path, "NVLink 4: 3.6 Tb/s each way").unwrap();
    let run = infraprep(&[
        "grade",
        "2",
        "--answer-file",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        json(&run.stdout)["points"][1]["covered"],
        true,
        "{}",
        run.stdout
    );
}

#[test]
fn bad_input_gets_a_clear_error() {
    let both = infraprep(&["grade", "2", "--answer", "x", "--answer-file", "y"]);
    assert_eq!(both.code, 2);
    assert!(
        both.stderr.contains("cannot be used with"),
        "{}",
        both.stderr
    );
    let neither = infraprep(&["grade", "2"]);
    assert_eq!(neither.code, 2);
    assert!(neither.stderr.contains("--answer"), "{}", neither.stderr);
    let missing = infraprep(&["grade", "2", "--answer-file", "no/such/answer.txt"]);
    assert_eq!(missing.code, 1);
    assert!(
        missing.stderr.contains("'no/such/answer.txt' not found"),
        "{}",
        missing.stderr
    );
    let dir = tempfile::tempdir().unwrap();
    let huge = dir.path().join("huge.txt");
    std::fs::write(&huge, "a".repeat(200_000)).unwrap();
    let run = infraprep(&["grade", "2", "--answer-file", huge.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("64 KiB"), "{}", run.stderr);
    let run = infraprep(&["grade", "2", "--answer-file", dir.path().to_str().unwrap()]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("directory"), "{}", run.stderr);
    let unknown = infraprep(&["grade", "nvlink-gen", "--answer", "x"]);
    assert_eq!(unknown.code, 1);
    assert!(
        unknown.stderr.contains("did you mean 'nvlink-generations'"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn a_user_deck_glossary_extends_the_bundled_one() {
    let deck = fixture_arg("glossary-deck");
    let grade = |answer: &str| {
        let run = infraprep(&[
            "--deck", &deck, "grade", "gamma", "--answer", answer, "--json",
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stderr.is_empty(), "{}", run.stderr);
        json(&run.stdout)["covered"].as_u64().unwrap()
    };
    // A new group (bkt, 分桶) and a spelling added to a bundled group (allredooce).
    assert_eq!(grade("allredooce of the gradients, with bkt"), 2);
    assert_eq!(grade("梯度用 allredooce 同步，再分桶"), 2);
    // The bundled spellings still count; the deck's words stay the deck's.
    assert_eq!(grade("全归约 the grads"), 1);
    let bundled_only = infraprep(&["grade", "nvlink-generations", "--answer", "bkt", "--json"]);
    assert_eq!(json(&bundled_only.stdout)["covered"], 0);
}

#[test]
fn a_broken_deck_glossary_is_named_and_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let card = std::fs::read_to_string(common::fixture("glossary-deck/gamma.md")).unwrap();
    std::fs::write(dir.path().join("gamma.md"), card).unwrap();
    std::fs::write(
        dir.path().join("glossary.toml"),
        "[[term]]\nen = [\"only one\"]\n",
    )
    .unwrap();
    let deck = dir.path().to_str().unwrap();
    let run = infraprep_with(
        &[
            "--deck",
            deck,
            "grade",
            "gamma",
            "--answer",
            "all-reduce of gradients",
            "--json",
        ],
        &[],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("glossary.toml"), "{}", run.stderr);
    assert!(run.stderr.contains("two spellings"), "{}", run.stderr);
    assert_eq!(json(&run.stdout)["covered"], 1);
}
