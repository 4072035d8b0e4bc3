//! `infraprep numbers` through the binary: every question's command reproduces its answer, the
//! same seed prints the same questions, typed answers are graded with units and recorded, and
//! `validate` names a template that does not compute.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{fixture_arg, infraprep};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let run = infraprep(args);
    assert_eq!(run.code, 0, "{args:?}: {}{}", run.stdout, run.stderr);
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}\n{}", run.stdout))
}

fn at<'a>(value: &'a Value, path: &str) -> &'a Value {
    path.split('.')
        .fold(value, |v, step| match step.parse::<usize>() {
            Ok(i) if v.is_array() => &v[i],
            _ => &v[step],
        })
}

/// Equal within a few ulps: `serde_json` does not round-trip every `f64` exactly.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= a.abs().max(b.abs()) * 1e-12
}

#[test]
fn every_command_reproduces_its_answer_at_its_path() {
    let questions = json(&["numbers", "--count", "90", "--seed", "11", "--json"]);
    let questions = questions.as_array().expect("a list");
    let templates: std::collections::BTreeSet<&str> = questions
        .iter()
        .map(|q| {
            q["id"]
                .as_str()
                .expect("id")
                .split('#')
                .next()
                .expect("template")
        })
        .collect();
    assert!(templates.len() >= 30, "{} templates", templates.len());
    for q in questions {
        let id = q["id"].as_str().expect("id");
        for key in ["card", "prompt", "answer_path"] {
            assert!(
                q[key].as_str().is_some_and(|s| !s.is_empty()),
                "{id}: {key}"
            );
        }
        assert!(
            q["tolerance"].as_f64().is_some_and(|t| t > 0.0 && t < 1.0),
            "{id}"
        );
        assert!(
            q["answer"]["text"].as_str().is_some_and(|t| !t.is_empty()),
            "{id}"
        );
        let argv: Vec<&str> = q["command"]
            .as_array()
            .expect("command")
            .iter()
            .map(|w| w.as_str().expect("word"))
            .collect();
        assert_eq!(argv.last(), Some(&"--json"), "{id}");
        let report = json(&argv);
        let path = q["answer_path"].as_str().expect("path");
        let found = at(&report, path)
            .as_f64()
            .unwrap_or_else(|| panic!("{id}: no {path}"));
        let answer = q["answer"]["value"].as_f64().expect("value");
        assert!(
            same(found, answer),
            "{id}: command gives {found}, answer {answer}"
        );
    }
}

#[test]
fn the_same_seed_prints_the_same_questions_in_either_language() {
    let args = ["numbers", "--count", "6", "--seed", "5", "--color", "never"];
    let first = infraprep(&args);
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert_eq!(infraprep(&args).stdout, first.stdout);
    assert!(first.stdout.contains("seed 5"), "{}", first.stdout);
    let ids = |lang: &str| -> Vec<String> {
        let list = json(&[
            "numbers", "--count", "6", "--seed", "5", "--json", "--lang", lang,
        ]);
        list.as_array()
            .expect("list")
            .iter()
            .map(|q| q["id"].as_str().expect("id").to_owned())
            .collect()
    };
    assert_eq!(ids("zh"), ids("en"));
    let zh = json(&[
        "numbers", "--count", "1", "--seed", "5", "--json", "--lang", "zh",
    ]);
    assert!(
        zh[0]["prompt"]
            .as_str()
            .expect("prompt")
            .chars()
            .any(|c| c > '\u{3000}')
    );
}

#[test]
fn grade_reports_verdict_diagnosis_and_ratio() {
    let graded = json(&[
        "numbers",
        "grade",
        "--expected",
        "0.4295 s",
        "--answer",
        "430 ms",
        "--json",
    ]);
    assert_eq!(graded["verdict"], "exact");
    assert_eq!(graded["diagnosis"], Value::Null);
    let graded = json(&[
        "numbers",
        "grade",
        "--expected",
        "25 GB/s",
        "--answer",
        "200GB/s",
        "--json",
    ]);
    assert_eq!(
        (graded["verdict"].as_str(), graded["diagnosis"].as_str()),
        (Some("off"), Some("bits-bytes"))
    );
    assert!(same(graded["ratio"].as_f64().expect("ratio"), 8.0));
    let text = infraprep(&[
        "--lang",
        "en",
        "numbers",
        "grade",
        "--expected",
        "0.43 s",
        "--answer",
        "10 GB",
    ]);
    assert!(text.stdout.contains("a size (bytes)"), "{}", text.stdout);
    let bad = infraprep(&["numbers", "grade", "--expected", "0 s", "--answer", "1 s"]);
    assert_eq!(bad.code, 1);
    assert!(bad.stderr.contains("--expected"), "{}", bad.stderr);
}

#[test]
fn an_unknown_card_is_named_with_suggestions() {
    let run = infraprep(&["numbers", "--card", "nvlink-vs-infiniban"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("'nvlink-vs-infiniban'") && run.stderr.contains("did you mean"),
        "{}",
        run.stderr
    );
}

/// A drill on stdin with deliberate slips: the right figure, a bidirectional figure (×2 on a
/// time is half the time) and bits for bytes; then the stats count them.
#[test]
fn ask_grades_slips_and_records_them() {
    let data = tempfile::tempdir().expect("temp dir");
    let dir = data.path().to_str().expect("utf-8 path");
    let base = [
        "--lang", "en", "numbers", "--card", "12", "--count", "3", "--seed", "2",
    ];
    let listed = json(&[&base[..], &["--json"]].concat());
    let value = |i: usize| listed[i]["answer"]["value"].as_f64().expect("value");
    let answers = format!(
        "{} s\n{} s\n{} s\n",
        value(0),
        value(1) / 2.0,
        value(2) * 8.0
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_infraprep"))
        .args(base)
        .args(["--ask", "--color", "never", "--data-dir", dir])
        .env_remove("LANG")
        .env("XDG_CONFIG_HOME", "/nonexistent-infraprep-test-config")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(answers.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("finishes");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("per direction against bidirectional"),
        "{stdout}"
    );
    assert!(stdout.contains("bits taken for bytes"), "{stdout}");
    assert!(stdout.contains("exact 1, close 0, off 2"), "{stdout}");
    let stats = json(&["numbers", "stats", "--json", "--data-dir", dir]);
    assert_eq!(stats["per_calculator"]["transfer"]["asked"], 3);
    let mistakes: Vec<(&str, u64)> = stats["mistakes"]
        .as_array()
        .expect("mistakes")
        .iter()
        .map(|m| (m[0].as_str().expect("code"), m[1].as_u64().expect("n")))
        .collect();
    assert_eq!(mistakes, vec![("bits-bytes", 1), ("direction", 1)]);
}

#[test]
fn validate_names_a_template_variant_that_does_not_compute() {
    let dir = fixture_arg("invalid/bad-number-template");
    let run = infraprep(&["validate", &dir]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(
        lines[0].starts_with(&format!("{dir}/alpha.md:18: ")),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains("number template 'copy'") && lines[0].contains("nvlink9"),
        "{}",
        lines[0]
    );
}
