//! `infraprep validate` on decks with one broken card each: every kind of problem is reported
//! with its file, its line and a message that says what to do.

mod common;

use common::{fixture_arg, infraprep};

/// Validates `tests/fixtures/invalid/NAME` and returns its problem lines.
fn problems(name: &str) -> Vec<String> {
    let dir = fixture_arg(&format!("invalid/{name}"));
    let run = infraprep(&["validate", &dir]);
    assert_eq!(
        run.code, 1,
        "validate {name} should fail: {}{}",
        run.stdout, run.stderr
    );
    assert!(run.stderr.contains("problem"), "{}", run.stderr);
    run.stdout.lines().map(str::to_owned).collect()
}

/// Asserts the only problem is at `file:line` and its message contains every fragment.
fn assert_one(name: &str, file: &str, line: usize, fragments: &[&str]) {
    let found = problems(name);
    assert_eq!(found.len(), 1, "{name}: {found:#?}");
    let prefix = format!(
        "{}/{file}:{line}: ",
        fixture_arg(&format!("invalid/{name}"))
    );
    assert!(
        found[0].starts_with(&prefix),
        "{name}: expected '{prefix}...', got '{}'",
        found[0]
    );
    for fragment in fragments {
        assert!(
            found[0].contains(fragment),
            "{name}: '{}' lacks '{fragment}'",
            found[0]
        );
    }
}

#[test]
fn good_deck_is_clean() {
    let run = infraprep(&["validate", &fixture_arg("good-deck")]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout, "ok: 2 cards, no problems\n");
}

#[test]
fn bundled_deck_is_clean() {
    let run = infraprep(&["validate"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("ok: "), "{}", run.stdout);
}

#[test]
fn bad_toml() {
    assert_one("bad-toml", "alpha.md", 3, &["front matter", "="]);
}

#[test]
fn unknown_field() {
    assert_one(
        "unknown-field",
        "alpha.md",
        4,
        &["unknown field `colour`", "expected one of"],
    );
}

#[test]
fn missing_section() {
    assert_one(
        "missing-section",
        "alpha.md",
        24,
        &["missing section 'interview' in 'zh'", "{#interview}"],
    );
}

#[test]
fn missing_language() {
    assert_one(
        "missing-language",
        "alpha.md",
        23,
        &["missing language 'en'", "{#en}"],
    );
}

#[test]
fn duplicate_id() {
    assert_one(
        "duplicate-id",
        "gamma.md",
        2,
        &["duplicate id 'alpha'", "alpha.md:2"],
    );
}

#[test]
fn duplicate_number() {
    assert_one(
        "duplicate-number",
        "gamma.md",
        3,
        &["number 101", "'alpha'"],
    );
}

#[test]
fn dangling_follow_up_is_reported_in_both_languages() {
    let found = problems("dangling-follow-up");
    assert_eq!(found.len(), 2, "{found:#?}");
    for (problem, line) in found.iter().zip([42, 62]) {
        assert!(
            problem.ends_with(&format!(
                "alpha.md:{line}: link to unknown card 'no-such-card'"
            )),
            "{problem}"
        );
    }
}

#[test]
fn malformed_calculator_preset() {
    assert_one(
        "bad-calc-preset",
        "alpha.md",
        18,
        &[
            "'transfer' calculator preset",
            "'linkz' is not a field of the transfer calculator",
        ],
    );
}

#[test]
fn missing_sources() {
    assert_one(
        "missing-sources",
        "alpha.md",
        2,
        &["missing sources", "[[sources]]"],
    );
}

#[test]
fn uncited_source() {
    assert_one(
        "uncited-source",
        "alpha.md",
        18,
        &["source 'nv' is never cited", "[^nv]"],
    );
}

#[test]
fn unknown_citation() {
    assert_one(
        "unknown-citation",
        "alpha.md",
        48,
        &["'[^nvidia]' names no source"],
    );
}

#[test]
fn follow_ups_must_match_across_languages() {
    assert_one(
        "follow-ups-differ",
        "alpha.md",
        62,
        &["zh lists [beta]", "en lists [alpha-two]"],
    );
}

#[test]
fn every_problem_in_every_file_is_reported_at_once() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["bad-toml", "missing-sources", "unknown-citation"] {
        let from = common::fixture(&format!("invalid/{name}/alpha.md"));
        let text = std::fs::read_to_string(from).unwrap();
        let id = name.replace('-', "");
        let text = text.replacen("id = \"alpha\"", &format!("id = \"{id}\""), 1);
        let text =
            text.replacen("number = = 101", "number = = 7", 1)
                .replacen("number = 101", "", 1);
        std::fs::write(dir.path().join(format!("{name}.md")), text).unwrap();
    }
    let run = infraprep(&["validate", dir.path().to_str().unwrap()]);
    assert_eq!(run.code, 1);
    for name in [
        "bad-toml.md:",
        "missing-sources.md:",
        "unknown-citation.md:",
    ] {
        assert!(
            run.stdout.contains(name),
            "{name} missing from {}",
            run.stdout
        );
    }
}

#[test]
fn missing_directory_is_named() {
    let run = infraprep(&["validate", "no/such/deck"]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "no/such/deck: deck directory not found\n");
}

#[test]
fn a_figure_read_from_a_preset_must_match_what_the_calculator_says() {
    let found = problems("stale-preset-figure");
    let at = |line: usize| {
        let prefix = format!(
            "{}/alpha.md:{line}: ",
            fixture_arg("invalid/stale-preset-figure")
        );
        found
            .iter()
            .find(|p| p.starts_with(&prefix))
            .unwrap_or_else(|| panic!("nothing at line {line}: {found:#?}"))
            .clone()
    };
    // Line 23 states the calculator's 23.86 ms to the precision it prints: no problem there.
    assert_eq!(found.len(), 2, "{found:#?}");
    let stale = at(29);
    assert!(
        stale.contains("results.0.expected_seconds")
            && stale.contains("28.27 ms")
            && stale.contains("'25 ms'"),
        "{stale}"
    );
    assert!(
        at(35).contains("the card has 1 [[calc]] presets"),
        "{found:#?}"
    );
}

#[test]
fn a_figure_takes_its_value_from_one_place() {
    assert_one(
        "figure-two-sources",
        "alpha.md",
        23,
        &["from 'expr' or from 'calc' and 'field', not both"],
    );
}

/// With no DIR, `validate` checks the decks in use, as `list` reads them: a deck added with
/// `--deck` (or by the config file) is checked with the bundled one, not silently skipped.
#[test]
fn without_a_dir_the_decks_in_use_are_checked() {
    let bundled = infraprep(&["validate"]);
    let bundled_cards = count_of(&bundled.stdout);
    let good = infraprep(&["--deck", &fixture_arg("good-deck"), "validate"]);
    assert_eq!(good.code, 0, "{}{}", good.stdout, good.stderr);
    assert_eq!(count_of(&good.stdout), bundled_cards + 2, "{}", good.stdout);

    let dir = fixture_arg("invalid/bad-toml");
    let bad = infraprep(&["--deck", &dir, "validate"]);
    assert_eq!(bad.code, 1, "{}{}", bad.stdout, bad.stderr);
    assert!(
        bad.stdout.contains(&format!("{dir}/alpha.md:3: ")),
        "{}",
        bad.stdout
    );

    let config = tempfile::tempdir().expect("temp dir");
    let file = config.path().join("config.toml");
    let absolute = std::fs::canonicalize(&dir).expect("fixture path");
    std::fs::write(&file, format!("decks = [{absolute:?}]\n")).expect("config written");
    let by_config = infraprep(&["--config", file.to_str().expect("utf-8"), "validate"]);
    assert_eq!(
        by_config.code, 1,
        "{}{}",
        by_config.stdout, by_config.stderr
    );
    assert!(
        by_config.stdout.contains("alpha.md:3: "),
        "{}",
        by_config.stdout
    );
}

/// The card count of an `ok: N cards, no problems` line.
fn count_of(stdout: &str) -> usize {
    stdout
        .strip_prefix("ok: ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {stdout:?}"))
}

/// A user card with a bundled card's id is reported by `validate DIR` (loaded with the bundled
/// deck it would be skipped), at its id line.
#[test]
fn a_bundled_cards_id_is_reported() {
    assert_one(
        "bundled-id",
        "gamma.md",
        2,
        &[
            "duplicate id 'nvlink-vs-infiniband'",
            "bundled",
            "choose another id",
        ],
    );
}

/// A user card with a bundled card's number is reported by `validate DIR`, and warned about
/// whenever the decks are loaded together, instead of silently sharing `show 12`.
#[test]
fn a_bundled_cards_number_is_reported_and_warned() {
    assert_one(
        "bundled-number",
        "alpha.md",
        3,
        &[
            "number 12 is already 'nvlink-vs-infiniband''s",
            "choose another number",
        ],
    );
    let dir = fixture_arg("invalid/bundled-number");
    let list = infraprep(&["--deck", &dir, "list"]);
    assert_eq!(list.code, 0, "{}", list.stderr);
    assert!(
        list.stderr
            .contains(&format!("{dir}/alpha.md:3: number 12 is already")),
        "{}",
        list.stderr
    );
}
