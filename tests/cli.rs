//! The binary through its command line: list, show, search, settings and bad input.

mod common;

use common::{fixture_arg, infraprep, infraprep_with};
use serde_json::Value;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

#[test]
fn no_subcommand_prints_help_with_examples() {
    let run = infraprep(&[]);
    assert_eq!(run.code, 0);
    for word in ["list", "show", "search", "validate", "Examples:"] {
        assert!(
            run.stdout.contains(word),
            "help lacks {word}: {}",
            run.stdout
        );
    }
}

#[test]
fn list_json_has_the_documented_fields() {
    let run = infraprep(&["list", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let cards = json(&run.stdout);
    let seed = cards
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "nvlink-vs-infiniband")
        .expect("the seed card is bundled");
    assert_eq!(seed["number"], 12);
    assert!(seed["title"]["zh"].as_str().unwrap().contains("NVLink"));
    assert!(seed["title"]["en"].as_str().unwrap().contains("InfiniBand"));
    assert!(
        seed["tags"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t == "nvlink")
    );
    let follow_ups: Vec<&str> = seed["follow_ups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        &follow_ups[..3],
        ["nvswitch-topology", "nccl-nvlink-ib-paths", "ib-congestion"]
    );
    let numbers: Vec<u64> = cards
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["number"].as_u64())
        .collect();
    assert!(
        numbers.windows(2).all(|w| w[0] < w[1]),
        "curriculum order: {numbers:?}"
    );
}

#[test]
fn list_filters_by_tag_and_shows_titles_in_the_chosen_language() {
    let deck = fixture_arg("good-deck");
    let run = infraprep(&["--deck", &deck, "list", "--tag", "fixture", "--lang", "zh"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(lines[0].contains("alpha") && lines[0].contains("张量并行为什么要放在节点内？"));
    assert!(lines[1].contains("beta"));
    let run = infraprep(&["list", "--tag", "no-such-tag"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("no card has the tag 'no-such-tag'"),
        "{}",
        run.stderr
    );
}

#[test]
fn show_by_number_and_id_prints_every_section_and_the_sources() {
    let by_number = infraprep(&["show", "12"]);
    let by_id = infraprep(&["show", "nvlink-vs-infiniband"]);
    assert_eq!(by_number.code, 0, "{}", by_number.stderr);
    assert_eq!(by_number.stdout, by_id.stdout);
    let text = &by_number.stdout;
    assert!(text.contains("#12 · nvlink-vs-infiniband"), "{text}");
    assert!(text.contains("Sources\n[1] "), "{text}");
    assert!(text.contains("→ nvswitch-topology"), "{text}");
    assert!(!text.contains("[^"), "raw citation markers leaked: {text}");
}

#[test]
fn show_one_section_in_chinese_as_plain_text_when_piped() {
    let run = infraprep(&["show", "12", "--lang", "zh", "--section", "short"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("NVLink"), "{}", run.stdout);
    assert!(
        run.stdout
            .chars()
            .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("Sources"));
    assert!(!run.stdout.contains('\x1b'), "escape codes in piped output");
}

#[test]
fn colour_is_forced_by_always_and_suppressed_by_no_color() {
    let run = infraprep(&["--color", "always", "show", "12", "--section", "followups"]);
    assert!(run.stdout.contains('\x1b'), "{}", run.stdout);
    let run = infraprep_with(
        &["show", "12", "--section", "followups"],
        &[("NO_COLOR", "1")],
    );
    assert!(!run.stdout.contains('\x1b'));
}

#[test]
fn locale_and_config_choose_the_language() {
    let zh = infraprep_with(&["list", "--json"], &[("LANG", "zh_CN.UTF-8")]);
    assert_eq!(zh.code, 0);
    let run = infraprep_with(
        &["show", "12", "--section", "short"],
        &[("LANG", "zh_CN.UTF-8")],
    );
    assert!(run.stdout.contains("单向"), "{}", run.stdout);
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "lang = \"en\"\n").unwrap();
    let run = infraprep_with(
        &[
            "--config",
            config.to_str().unwrap(),
            "show",
            "12",
            "--section",
            "short",
        ],
        &[("LANG", "zh_CN.UTF-8")],
    );
    assert!(run.stdout.contains("per direction"), "{}", run.stdout);
}

#[test]
fn unknown_card_suggests_near_ids() {
    let run = infraprep(&["show", "nvlink"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("no card with id or number 'nvlink'"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("did you mean"), "{}", run.stderr);
}

#[test]
fn search_finds_the_seed_card_near_the_top_for_nvl_ib() {
    let run = infraprep(&["search", "nvl", "ib", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let hits = json(&run.stdout);
    let top: Vec<&str> = hits
        .as_array()
        .unwrap()
        .iter()
        .take(3)
        .map(|h| h["id"].as_str().unwrap())
        .collect();
    assert!(top.contains(&"nvlink-vs-infiniband"), "{top:?}");
    let first = &hits.as_array().unwrap()[0];
    assert!(first["score"].as_i64().unwrap() > 0);
    assert!(first["title"]["en"].is_string());
    let scores: Vec<i64> = hits
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["score"].as_i64().unwrap())
        .collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "ranked by score: {scores:?}"
    );
}

#[test]
fn search_in_chinese_and_limit() {
    let deck = fixture_arg("good-deck");
    let run = infraprep(&["--deck", &deck, "search", "张量", "--json", "--limit", "50"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let ids: Vec<String> = json(&run.stdout)
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].as_str().unwrap().to_owned())
        .collect();
    assert!(ids.contains(&"alpha".to_owned()), "{ids:?}");
    let run = infraprep(&["search", "nvlink", "--limit", "2"]);
    let results = run.stdout.lines().filter(|l| !l.starts_with("      "));
    assert_eq!(results.count(), 2, "{}", run.stdout);
    // Each result is followed by its snippet.
    assert_eq!(run.stdout.lines().count(), 4, "{}", run.stdout);
}

#[test]
fn search_json_has_snippets_with_char_ranges() {
    let run = infraprep(&["--lang", "zh", "search", "检查点", "写入时间", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let results = json(&run.stdout);
    let first = &results.as_array().unwrap()[0];
    assert_eq!(first["id"], "checkpoint-size-write-time");
    let snippet: Vec<char> = first["snippet"].as_str().unwrap().chars().collect();
    let matches = first["matches"].as_array().unwrap();
    assert!(!matches.is_empty(), "{first}");
    for range in matches {
        let (start, end) = (range[0].as_u64().unwrap(), range[1].as_u64().unwrap());
        let highlighted: String = snippet[start as usize..end as usize].iter().collect();
        assert!(!highlighted.trim().is_empty(), "{highlighted:?} in {first}");
    }
}

#[test]
fn an_empty_search_is_a_usage_error() {
    for query in ["", "   ", "the how", "怎么 的"] {
        let run = infraprep(&["search", query]);
        assert_eq!(run.code, 2, "{query:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("add a word") || run.stderr.contains("empty"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn unknown_ids_and_tags_suggest_the_closest_first() {
    let run = infraprep(&["show", "nvlink-vs-infiniban"]);
    assert!(
        run.stderr.contains("did you mean 'nvlink-vs-infiniband'"),
        "{}",
        run.stderr
    );
    let run = infraprep(&["list", "--tag", "nvlnk"]);
    assert!(
        run.stderr.contains("did you mean 'nvlink'"),
        "{}",
        run.stderr
    );
    let run = infraprep(&["show", "999"]);
    assert!(run.stderr.contains("numbered 1 to"), "{}", run.stderr);
}

#[test]
fn search_without_matches_says_so() {
    let run = infraprep(&["search", "qqqzzzxxx"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("no card matches 'qqqzzzxxx'"),
        "{}",
        run.stderr
    );
    let run = infraprep(&["search", "qqqzzzxxx", "--json"]);
    assert_eq!(run.stdout.trim(), "[]");
    // A pasted page of one word is answered at once and not echoed back whole.
    let long = "q".repeat(100_000);
    let run = infraprep(&["search", &long]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains(&format!("'{}…'", "q".repeat(40))),
        "{}",
        run.stderr
    );
    assert!(run.stderr.len() < 400, "{} bytes", run.stderr.len());
    let run = infraprep(&["search", "!!!???..."]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("only punctuation, symbols"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_broken_user_card_is_skipped_with_a_warning_and_good_cards_stay() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(common::fixture("good-deck/alpha.md")).unwrap();
    let good = good.replace("card:beta", "card:nvlink-vs-infiniband");
    std::fs::write(dir.path().join("good.md"), good).unwrap();
    std::fs::write(
        dir.path().join("broken.md"),
        "+++\nid = \"broken\"\ntitle = 3\n+++\n",
    )
    .unwrap();
    let run = infraprep(&["--deck", dir.path().to_str().unwrap(), "list"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("alpha"), "{}", run.stdout);
    assert!(run.stdout.contains("nvlink-vs-infiniband"));
    assert!(!run.stdout.contains("broken"));
    let warning = format!("warning: {}:3: ", dir.path().join("broken.md").display());
    assert!(run.stderr.contains(&warning), "{}", run.stderr);
    assert!(run.stderr.contains("card skipped"), "{}", run.stderr);
}

#[test]
fn a_user_card_may_not_take_a_bundled_id() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(common::fixture("good-deck/alpha.md")).unwrap();
    let text = text
        .replace("id = \"alpha\"", "id = \"nvlink-vs-infiniband\"")
        .replace("number = 101\n", "");
    std::fs::write(dir.path().join("dup.md"), text).unwrap();
    let run = infraprep(&[
        "--deck",
        dir.path().to_str().unwrap(),
        "show",
        "12",
        "--section",
        "short",
    ]);
    assert_eq!(run.code, 0);
    assert!(
        !run.stdout.contains("Tensor parallelism talks"),
        "the bundled card wins"
    );
    assert!(
        run.stderr.contains("duplicate id 'nvlink-vs-infiniband'"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_broken_config_names_file_line_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "lang = \"zh\"\n\ndeck = [\"x\"]\n").unwrap();
    let run = infraprep(&["--config", config.to_str().unwrap(), "list"]);
    assert_eq!(run.code, 1);
    let expected = format!("error: {}:3: unknown field `deck`", config.display());
    assert!(run.stderr.starts_with(&expected), "{}", run.stderr);
}

#[test]
fn config_decks_are_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let config_dir = dir.path().join("infraprep");
    std::fs::create_dir(&config_dir).unwrap();
    let deck = common::fixture("good-deck");
    std::fs::write(
        config_dir.join("config.toml"),
        format!("decks = [{:?}]\n", deck.display().to_string()),
    )
    .unwrap();
    let run = infraprep_with(
        &["show", "alpha", "--section", "short"],
        &[("XDG_CONFIG_HOME", dir.path().to_str().unwrap())],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("Tensor parallelism talks every layer."),
        "{}",
        run.stdout
    );
}

#[test]
fn bad_arguments_are_usage_errors() {
    let run = infraprep(&["list", "--lang", "fr"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown language 'fr'"),
        "{}",
        run.stderr
    );
    let run = infraprep(&["show", "12", "--section", "summary"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown section 'summary'"),
        "{}",
        run.stderr
    );
    let run = infraprep(&["search", "x", "--limit", "0"]);
    assert_eq!(run.code, 2);
}

#[test]
fn output_to_a_closed_pipe_is_not_an_error() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_infraprep"))
        .args(["show", "12"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
}

#[test]
fn version_names_the_bundled_deck_size() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_infraprep"))
        .arg("--version")
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains(env!("CARGO_PKG_VERSION")), "{text}");
    let cards = infraprep::content::deck::load(&[infraprep::content::DeckSource::Bundled])
        .deck
        .len();
    assert!(text.contains(&format!("({cards} bundled cards)")), "{text}");
}

#[test]
fn empty_config_and_data_dir_variables_count_as_unset() {
    let home = tempfile::tempdir().unwrap();
    let home = home.path().to_str().unwrap();
    let empty = [
        ("INFRAPREP_CONFIG", ""),
        ("INFRAPREP_DATA_DIR", ""),
        ("HOME", home),
    ];
    for args in [
        &["calc", "1+1"][..],
        &["list", "--tag", "nvlink"],
        &["stats"],
    ] {
        let run = infraprep_with(args, &empty);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        assert!(!run.stdout.is_empty(), "{args:?}");
    }
    // A value set is still read.
    let run = infraprep_with(
        &["list"],
        &[("INFRAPREP_CONFIG", "/nonexistent/config.toml")],
    );
    assert_ne!(run.code, 0);
    assert!(
        run.stderr.contains("/nonexistent/config.toml"),
        "{}",
        run.stderr
    );
}
