//! The command line speaks the interface language: the locale or `--lang`, unless the config
//! sets `ui-lang`. Errors keep the bad value and the fix in both languages. (Issue 11, point 1.)

mod common;

use common::{infraprep, infraprep_with, words};

#[test]
fn errors_follow_the_locale_and_name_the_bad_value() {
    let zh = infraprep_with(&["show", "nvlink-vs-infiniban"], &[("LANG", "zh_CN.UTF-8")]);
    assert_eq!(zh.code, 1);
    assert!(zh.stderr.starts_with("错误："), "{}", zh.stderr);
    assert!(
        zh.stderr
            .contains("没有 id 或编号为 'nvlink-vs-infiniban' 的卡片")
            && zh.stderr.contains("nvlink-vs-infiniband"),
        "the suggestion survives translation: {}",
        zh.stderr
    );
    let en = infraprep(&["show", "nvlink-vs-infiniban"]);
    assert!(en.stderr.starts_with("error:"), "{}", en.stderr);
    assert!(en.stderr.contains("did you mean"), "{}", en.stderr);
    let flag = infraprep(&["--lang", "zh", "search", ""]);
    assert_eq!(flag.code, 2);
    assert!(flag.stderr.contains("搜索词是空的"), "{}", flag.stderr);
}

#[test]
fn ui_lang_in_the_config_keeps_messages_in_one_language() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("c.toml");
    std::fs::write(&config, "lang = \"zh\"\nui-lang = \"en\"\n").expect("write config");
    let config = config.to_str().expect("utf-8 path");
    let run = infraprep(&["--config", config, "list", "--tag", "no-such-tag"]);
    assert!(
        run.stderr.contains("no card has the tag 'no-such-tag'"),
        "{}",
        run.stderr
    );
    // The cards themselves stay in the content language.
    let list = infraprep(&["--config", config, "list"]);
    assert!(list.stdout.contains("训练集群"), "{}", list.stdout);
}

#[test]
fn stats_labels_line_up_in_chinese() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().to_str().expect("utf-8 path");
    let run = infraprep(&["--lang", "zh", "--data-dir", data, "stats"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for label in ["复习", "见过的卡片", "今天到期", "记忆率", "每日复习"] {
        assert!(run.stdout.contains(label), "{label}: {}", run.stdout);
    }
    assert!(run.stdout.contains("还没有复习"), "{}", run.stdout);
}

/// A run of three or more English words: lower-case ASCII words in a row, outside backticks and
/// quotes, before any command quoted on the line (`infraprep …`, a usage line). Product names,
/// flags, placeholders, ids and units are capitalised, hyphenated or numeric, so they never count.
fn english_runs(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("infraprep ")
            || trimmed.starts_with("用法：")
            || trimmed.starts_with("pbpaste")
            || trimmed.starts_with("infraprep export")
        {
            continue;
        }
        // A command line quoted in a sentence, as in `(±15%; infraprep calc …)`, ends the check.
        let line = line.split("infraprep ").next().unwrap_or_default();
        let unquoted: String = line
            .split('`')
            .step_by(2)
            .collect::<String>()
            .split(['"', '\''])
            .step_by(2)
            .collect();
        let mut run: Vec<&str> = Vec::new();
        for token in unquoted.split_whitespace() {
            let word = token.trim_matches(|c: char| c.is_ascii_punctuation());
            let english = word.len() > 1
                && word.chars().all(|c| c.is_ascii_lowercase())
                && !token.starts_with('-');
            if english {
                run.push(word);
                // Words joined by commas are a list of names (fields, ids), not a sentence.
                if token.ends_with(',') {
                    run.clear();
                }
            } else {
                if run.len() >= 3 {
                    found.push(run.join(" "));
                }
                run.clear();
            }
        }
        if run.len() >= 3 {
            found.push(run.join(" "));
        }
    }
    found
}

#[test]
fn the_english_run_check_catches_a_sentence_and_spares_names() {
    assert_eq!(
        english_runs("错误： no such file here"),
        ["no such file here"]
    );
    assert!(english_runs("错误：找不到 NVLink InfiniBand 卡片 `the card id`").is_empty());
    assert!(english_runs("  infraprep search checkpoint interval --json").is_empty());
    assert!(english_runs("--data-dir <DIR> 数据 zh 或 en").is_empty());
    assert!(english_runs("字段有：size, links, bandwidth, latency").is_empty());
    assert_eq!(
        english_runs("错误：size, try other words"),
        ["try other words"]
    );
}

/// Representative commands in Chinese print no English sentence, on stdout or stderr.
#[test]
fn chinese_mode_prints_no_english_sentences() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().to_str().expect("utf-8 path").to_owned();
    let bad_config = dir.path().join("bad.toml");
    std::fs::write(&bad_config, "colour = 1\n").expect("write");
    let bad_config = bad_config.to_str().expect("utf-8 path").to_owned();
    let zh = [("LANG", "zh_CN.UTF-8")];
    let commands: Vec<Vec<&str>> = vec![
        vec!["--help"],
        vec!["show", "--help"],
        vec!["drill", "--help"],
        vec!["search", "--help"],
        vec!["export", "anki", "--help"],
        vec!["history", "--help"],
        vec!["list", "--bogus"],
        vec!["lsit"],
        vec!["show"],
        vec!["show", "9999"],
        vec!["show", "nvlink-vs-infiniban"],
        vec!["drill", "--minutes", "soon"],
        vec!["--color", "sometimes", "list"],
        vec!["search", ""],
        vec!["list", "--tag", "nvlnk"],
        vec!["--data-dir", &data, "stats"],
        vec!["--data-dir", &data, "history", "export"],
        vec!["--config", &bad_config, "list"],
        vec!["--config", "/nonexistent/c.toml", "list"],
        vec!["validate", "tests/fixtures/invalid/unknown-field"],
        vec!["validate", "tests/fixtures/invalid/missing-section"],
        vec!["validate", "tests/fixtures/invalid/bad-calc-preset"],
        vec!["validate", "tests/fixtures/invalid/bad-number-template"],
        vec!["validate", "tests/fixtures/invalid/stale-preset-figure"],
        vec!["validate", "tests/fixtures/invalid/figure-two-sources"],
        vec!["drill"],
        vec!["calc"],
        vec!["calc", "10", "GiB", "/", "nvlnk3"],
        vec!["--version"],
        vec!["--lang", "both", "list"],
        vec!["numbers", "--count", "2", "--seed", "1"],
        vec!["numbers", "grade", "--expected", "1 s", "--answer", "2 s"],
        vec!["grade", "2", "--answer", "NVLink"],
        vec!["grade", "2"],
        vec!["export", "anki", "--tag", "nope"],
        vec!["calc", "transfer", "10GiB", "--link", "nvlnk4"],
        vec!["calc", "transfer", "10GiBs", "--link", "nvlink4"],
        vec!["calc", "10 GiB / 25 GB/s"],
        vec!["calc", "pipeline", "--stages", "8", "--micro-batches", "16"],
        words("calc tp --micro-batch 1 --seq 4096 --hidden 8192 --tp 1"),
        words("calc mfu --params 70B --gpus 64 --peak h100"),
    ];
    for args in &commands {
        let run = infraprep_with(args, &zh);
        for (stream, text) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
            let runs = english_runs(text);
            assert!(runs.is_empty(), "{args:?} {stream}: {runs:?}\n{text}");
        }
    }
}

/// Runs `args` once in each language (`--lang` for one, the locale for the other) and returns
/// (Chinese, English).
fn both(args: &[&str]) -> (common::Run, common::Run) {
    let zh = infraprep_with(args, &[("LANG", "zh_CN.UTF-8")]);
    let en = infraprep(args);
    (zh, en)
}

#[test]
fn a_bad_flag_is_a_usage_error_in_either_language() {
    let (zh, en) = both(&["list", "--bogus"]);
    assert_eq!((zh.code, en.code), (2, 2));
    assert!(
        zh.stderr.starts_with("错误：无法识别的参数 '--bogus'"),
        "{}",
        zh.stderr
    );
    assert!(
        zh.stderr.contains("用法：infraprep list [选项]"),
        "{}",
        zh.stderr
    );
    assert!(
        en.stderr.contains("unexpected argument '--bogus'"),
        "{}",
        en.stderr
    );
    let (zh, en) = both(&["drill", "--minutes", "soon"]);
    assert_eq!((zh.code, en.code), (2, 2));
    assert!(
        zh.stderr.contains("'soon' 无效：请写正数分钟"),
        "{}",
        zh.stderr
    );
    assert!(
        en.stderr
            .contains("'soon' is not a positive number of minutes"),
        "{}",
        en.stderr
    );
    let (zh, _) = both(&["lsit"]);
    assert!(
        zh.stderr.contains("无法识别的子命令 'lsit'") && zh.stderr.contains("'list'"),
        "{}",
        zh.stderr
    );
}

#[test]
fn a_bad_config_value_names_key_and_value_in_either_language() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("c.toml");
    let config_arg = config.to_str().expect("utf-8 path");
    std::fs::write(&config, "numbers-mix = 30\n").expect("write");
    let (zh, en) = both(&["--config", config_arg, "list"]);
    assert_eq!((zh.code, en.code), (1, 1));
    assert!(
        zh.stderr.contains("numbers-mix：'30' 不是比例"),
        "{}",
        zh.stderr
    );
    assert!(
        en.stderr.contains("numbers-mix: '30' is not a share"),
        "{}",
        en.stderr
    );
    std::fs::write(&config, "colour = \"red\"\n").expect("write");
    let (zh, en) = both(&["--config", config_arg, "list"]);
    assert!(
        zh.stderr.contains(":1：配置文件有误：未知的键 `colour`"),
        "{}",
        zh.stderr
    );
    assert!(
        en.stderr.contains("unknown field `colour`"),
        "{}",
        en.stderr
    );
    std::fs::write(&config, "lang = \"fr\"\n").expect("write");
    let (zh, _) = both(&["--config", config_arg, "list"]);
    assert!(
        zh.stderr.contains("未知的值 `fr`：可以写 `zh` 或 `en`"),
        "{}",
        zh.stderr
    );
}

#[test]
fn a_damaged_progress_file_is_named_in_either_language() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("progress.json"), "{ not json").expect("write");
    let data = dir.path().to_str().expect("utf-8 path");
    let (zh, en) = both(&["--data-dir", data, "stats"]);
    assert_eq!((zh.code, en.code), (1, 1));
    assert!(
        zh.stderr.contains("progress.json") && zh.stderr.contains("进度文件已损坏"),
        "{}",
        zh.stderr
    );
    assert!(
        zh.stderr.contains("--set-aside-bad-progress"),
        "{}",
        zh.stderr
    );
    assert!(
        en.stderr.contains("the progress file is damaged"),
        "{}",
        en.stderr
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("progress.json")).expect("kept"),
        "{ not json",
        "left untouched"
    );
}

#[test]
fn a_bad_card_is_reported_in_either_language() {
    let (zh, en) = both(&["validate", "tests/fixtures/invalid/missing-section"]);
    assert_eq!((zh.code, en.code), (1, 1));
    assert!(zh.stdout.contains("中缺少节 'interview'"), "{}", zh.stdout);
    assert!(zh.stderr.contains("个问题，在"), "{}", zh.stderr);
    assert!(
        en.stdout.contains("missing section 'interview'"),
        "{}",
        en.stdout
    );
    // Loading a deck with a broken card warns and goes on.
    let (zh, en) = both(&["--deck", "tests/fixtures/invalid/unknown-field", "list"]);
    assert!(
        zh.stderr.contains("警告：") && zh.stderr.contains("未知的键 `colour`"),
        "{}",
        zh.stderr
    );
    assert!(zh.stderr.contains("（已跳过这张卡片）"), "{}", zh.stderr);
    assert!(
        en.stderr.contains("warning: ") && en.stderr.contains("(card skipped)"),
        "{}",
        en.stderr
    );
}

#[test]
fn help_is_chinese_in_chinese_and_clap_own_in_english() {
    let (zh, en) = both(&["drill", "--help"]);
    assert_eq!((zh.code, en.code), (0, 0));
    for expected in [
        "限时模拟面试",
        "用法：infraprep drill [选项]",
        "选项:",
        "每个回答的分钟数",
        "（默认：interview）",
        "示例：",
    ] {
        assert!(zh.stdout.contains(expected), "{expected}: {}", zh.stdout);
    }
    assert!(
        en.stdout.contains("Usage: infraprep drill [OPTIONS]"),
        "{}",
        en.stdout
    );
    assert!(en.stdout.contains("Minutes per answer"), "{}", en.stdout);
    let zh = infraprep(&["--lang", "zh", "--help"]);
    assert!(
        zh.stdout.contains("命令:") && !zh.stdout.contains("Commands:"),
        "{}",
        zh.stdout
    );
}

#[test]
fn source_urls_are_hyperlinks_only_when_allowed() {
    const OSC8: &str = "\u{1b}]8;;https://www.nvidia.com/en-us/data-center/nvlink/\u{1b}\\";
    let show = ["--deck", "tests/fixtures/good-deck", "show", "alpha"];
    let piped = infraprep(&show);
    assert_eq!(piped.code, 0, "{}", piped.stderr);
    assert!(!piped.stdout.contains('\u{1b}'), "piped output is plain");
    assert!(
        piped
            .stdout
            .contains("https://www.nvidia.com/en-us/data-center/nvlink/")
    );
    let asked = infraprep_with(&show, &[("INFRAPREP_HYPERLINKS", "always")]);
    assert!(asked.stdout.contains(OSC8), "{:?}", asked.stdout);
    assert!(
        asked.stdout.contains("\u{1b}]8;;\u{1b}\\"),
        "the link is closed"
    );
    let mut never = vec!["--color", "never"];
    never.extend(show);
    let off = infraprep_with(&never, &[("INFRAPREP_HYPERLINKS", "always")]);
    assert!(!off.stdout.contains('\u{1b}'), "{:?}", off.stdout);
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("c.toml");
    std::fs::write(&config, "hyperlinks = false\n").expect("write");
    let mut configured = vec!["--config", config.to_str().expect("utf-8 path")];
    configured.extend(show);
    let off = infraprep_with(&configured, &[("INFRAPREP_HYPERLINKS", "always")]);
    assert!(!off.stdout.contains("\u{1b}]8"), "{:?}", off.stdout);
}

#[test]
fn card_text_cannot_smuggle_its_own_hyperlink() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(common::fixture("good-deck/alpha.md")).expect("fixture");
    let hostile = text
        .replace(
            "title = \"NVIDIA NVLink page\"",
            "title = \"NVIDIA \\u001b]8;;https://evil.example/\\u001b\\\\page\"",
        )
        .replace(
            "张量并行每层都要通信",
            "\u{1b}]8;;https://evil.example/\u{1b}\\张量并行每层都要通信",
        );
    assert_ne!(hostile, text, "the fixture changed: update this test");
    std::fs::write(dir.path().join("alpha.md"), hostile).expect("write");
    let deck = dir.path().to_str().expect("utf-8 path");
    let run = infraprep_with(
        &["--deck", deck, "--lang", "zh", "show", "alpha"],
        &[("INFRAPREP_HYPERLINKS", "always")],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        !run.stdout.contains("\u{1b}]8;;https://evil"),
        "{:?}",
        run.stdout
    );
    assert!(
        run.stdout.contains("^[]8;;https://evil.example/"),
        "{:?}",
        run.stdout
    );
    assert!(
        run.stdout.contains("\u{1b}]8;;https://www.nvidia.com/"),
        "ours still pass"
    );
}
