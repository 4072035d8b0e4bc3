use clap::CommandFactory;

use super::*;
use crate::cli::Cli;

#[test]
fn every_help_text_has_its_chinese() {
    let mut cmd = Cli::command();
    cmd.build();
    let mut missing: Vec<String> = help_texts(&cmd)
        .into_iter()
        .flat_map(|(_, text)| untranslated(&text))
        .collect();
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "help texts without Chinese: {missing:#?}"
    );
}

#[test]
fn chinese_help_has_chinese_headings_and_keeps_flags() {
    let mut cmd = localized(Cli::command(), Lang::Zh);
    let help = cmd.render_help().to_string();
    for heading in ["用法：infraprep [选项] [命令]", "命令:", "选项:", "示例："] {
        assert!(help.contains(heading), "{heading}: {help}");
    }
    for english in [
        "Usage:",
        "Options:",
        "Commands:",
        "[default:",
        "[env:",
        "Print help",
    ] {
        assert!(!help.contains(english), "{english}: {help}");
    }
    assert!(
        help.contains("--data-dir <DIR>") && help.contains("INFRAPREP_DATA_DIR"),
        "{help}"
    );
    let mut drill = cmd.find_subcommand_mut("drill").expect("drill").clone();
    let help = drill.render_long_help().to_string();
    assert!(help.contains("（默认：interview）"), "{help}");
    assert!(
        help.contains("参数:") || !help.contains("Arguments:"),
        "{help}"
    );
}

#[test]
fn english_help_is_clap_own() {
    let mut plain = Cli::command();
    let mut built = localized(Cli::command(), Lang::En);
    assert_eq!(
        plain.render_long_help().to_string(),
        built.render_long_help().to_string()
    );
}

#[test]
fn the_language_is_known_before_parsing() {
    let args = |line: &str| -> Vec<OsString> {
        std::iter::once("infraprep")
            .chain(line.split_whitespace())
            .map(OsString::from)
            .collect()
    };
    let none = |_: &str| None;
    let zh_locale = |name: &str| (name == "LANG").then(|| "zh_CN.UTF-8".to_owned());
    let dir = tempfile::tempdir().expect("dir");
    let config = dir.path().join("c.toml");
    std::fs::write(&config, "lang = \"zh\"\nui-lang = \"en\"\n").expect("write");
    let config = config.display().to_string();
    assert_eq!(ui_lang(&args("list --lang zh"), &none), Lang::Zh);
    assert_eq!(ui_lang(&args("--lang=zh list"), &none), Lang::Zh);
    assert_eq!(ui_lang(&args("list -- --lang zh"), &none), Lang::En);
    assert_eq!(ui_lang(&args("list"), &zh_locale), Lang::Zh);
    assert_eq!(ui_lang(&args("--lang en list"), &zh_locale), Lang::En);
    let line = format!("--config {config} --lang zh list");
    assert_eq!(ui_lang(&args(&line), &none), Lang::En, "ui-lang wins");
}

/// A command's own options come first; the options every command takes follow under their own
/// heading, in both languages, so `calc step --help` is not its flags shuffled with `--deck`.
#[test]
fn global_options_follow_a_commands_own_under_their_heading() {
    for (lang, own, global) in [
        (Lang::En, "Options:", "Global options:"),
        (Lang::Zh, "选项:", "全局选项:"),
    ] {
        let mut cmd = localized(Cli::command(), lang);
        cmd.build();
        let calc = cmd.find_subcommand_mut("calc").expect("calc");
        let step = calc.find_subcommand_mut("step").expect("step");
        let help = step.render_help().to_string();
        let at = |text: &str| help.find(text).unwrap_or_else(|| panic!("{text}: {help}"));
        let (own_at, global_at) = (at(&format!("\n{own}")), at(&format!("\n{global}")));
        // An option's own line, not the usage line.
        let line = |flag: &str| at(&format!("    {flag} "));
        assert!(
            own_at < line("--global-batch") && line("--global-batch") < global_at,
            "{help}"
        );
        for flag in ["--lang", "--deck", "--config", "--data-dir", "--color"] {
            assert!(line(flag) > global_at, "{flag} before {global}: {help}");
        }
    }
}
