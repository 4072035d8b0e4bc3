//! The command line speaks the interface language: the locale or `--lang`, unless the config
//! sets `ui-lang`. Errors keep the bad value and the fix in both languages. (Issue 11, point 1.)

mod common;

use common::{infraprep, infraprep_with};

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
