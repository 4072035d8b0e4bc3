//! The settings layering, the config file's errors and remembering the language.

use std::path::{Path, PathBuf};

use chrono::NaiveDate;

use super::file::parse_config;
use super::remember::with_lang_line;
use super::*;

fn env_with(vars: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
    move |name| {
        vars.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| (*v).to_owned())
    }
}

#[test]
fn language_comes_from_cli_then_config_then_locale() {
    let var = env_with(&[("LANG", "zh_CN.UTF-8")]);
    let env = Env {
        var: &var,
        default_config: None,
    };
    assert_eq!(resolve(None, &[], None, &env).unwrap().lang, Lang::Zh);
    assert_eq!(
        resolve(Some(Lang::En), &[], None, &env).unwrap().lang,
        Lang::En
    );
    let var = env_with(&[("LC_ALL", "en_US.UTF-8"), ("LANG", "zh_CN.UTF-8")]);
    let env = Env {
        var: &var,
        default_config: None,
    };
    assert_eq!(resolve(None, &[], None, &env).unwrap().lang, Lang::En);
    let var = env_with(&[]);
    let env = Env {
        var: &var,
        default_config: None,
    };
    assert_eq!(resolve(None, &[], None, &env).unwrap().lang, Lang::En);
}

#[test]
fn interface_language_follows_content_unless_the_config_sets_it() {
    let env = Env {
        var: &|_: &str| None,
        default_config: None,
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.toml");
    std::fs::write(&path, "lang = \"zh\"\n").unwrap();
    let settings = resolve(None, &[], Some(&path), &env).unwrap();
    assert_eq!((settings.lang, settings.ui()), (Lang::Zh, Lang::Zh));
    let settings = resolve(Some(Lang::En), &[], Some(&path), &env).unwrap();
    assert_eq!(settings.ui(), Lang::En, "--lang moves the interface too");
    std::fs::write(&path, "lang = \"zh\"\nui-lang = \"en\"\n").unwrap();
    let settings = resolve(None, &[], Some(&path), &env).unwrap();
    assert_eq!((settings.lang, settings.ui()), (Lang::Zh, Lang::En));
}

#[test]
fn config_file_sets_language_and_decks_relative_to_itself() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "lang = \"zh\"\ndecks = [\"mine\", \"~/other\"]\n").unwrap();
    let var = env_with(&[("LANG", "en_US"), ("HOME", "/home/u")]);
    let env = Env {
        var: &var,
        default_config: Some(path.clone()),
    };
    let settings = resolve(None, &[PathBuf::from("cli")], None, &env).unwrap();
    assert_eq!(settings.lang, Lang::Zh);
    assert_eq!(
        settings.decks,
        vec![
            DeckSource::Bundled,
            DeckSource::Dir(dir.path().join("mine")),
            DeckSource::Dir(PathBuf::from("/home/u/other")),
            DeckSource::Dir(PathBuf::from("cli")),
        ]
    );
}

#[test]
fn missing_default_config_is_fine_but_missing_explicit_one_is_not() {
    let var = env_with(&[]);
    let env = Env {
        var: &var,
        default_config: Some(PathBuf::from("/nonexistent/config.toml")),
    };
    assert!(resolve(None, &[], None, &env).is_ok());
    let err = resolve(None, &[], Some(Path::new("/nonexistent/x.toml")), &env).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("/nonexistent/x.toml: cannot read")
    );
}

#[test]
fn remembering_the_language_keeps_the_rest_of_the_file() {
    assert_eq!(with_lang_line("", Lang::Zh), "lang = \"zh\"\n");
    let text = "# mine\nlang = \"en\"  # default\ndecks = [\"a\"]\n\n[[links]]\nlang = 1\n";
    let updated = with_lang_line(text, Lang::Zh);
    assert_eq!(
        updated,
        "# mine\nlang = \"zh\"\ndecks = [\"a\"]\n\n[[links]]\nlang = 1\n"
    );
    assert_eq!(
        with_lang_line("\"lang\" = \"en\"\n", Lang::Zh),
        "lang = \"zh\"\n"
    );
    assert_eq!(
        with_lang_line("'lang'=\"en\"\n", Lang::Zh),
        "lang = \"zh\"\n"
    );
    let updated = with_lang_line("decks = []\n", Lang::En);
    assert_eq!(updated, "lang = \"en\"\ndecks = []\n");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub").join("config.toml");
    remember_lang(&path, Lang::Zh).unwrap();
    assert_eq!(read_config(&path).unwrap().unwrap().lang, Some(Lang::Zh));
}

#[cfg(unix)]
#[test]
fn remembering_the_language_keeps_a_symlink_and_the_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("dotfiles-config.toml");
    std::fs::write(&real, "decks = []\n").unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o644)).unwrap();
    let link = dir.path().join("config.toml");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    remember_lang(&link, Lang::Zh).unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(
        std::fs::read_to_string(&real).unwrap(),
        "lang = \"zh\"\ndecks = []\n"
    );
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o644);
}

/// Resolves with `text` written to `dir`'s `config.toml` as the default config file and an
/// empty environment.
fn resolve_config_text(dir: &Path, text: &str) -> Result<Settings, ConfigError> {
    let path = dir.join("config.toml");
    std::fs::write(&path, text).unwrap();
    let var = env_with(&[]);
    let env = Env {
        var: &var,
        default_config: Some(path),
    };
    resolve(None, &[], None, &env)
}

#[test]
fn data_dir_and_exam_date_come_from_the_config_file() {
    let dir = tempfile::tempdir().unwrap();
    let settings = |text: &str| resolve_config_text(dir.path(), text);
    let read = settings("data-dir = \"progress\"\nexam-date = 2026-12-20\n").unwrap();
    assert_eq!(read.data_dir, Some(dir.path().join("progress")));
    assert_eq!(read.exam_date, NaiveDate::from_ymd_opt(2026, 12, 20));
    let read = settings("exam-date = \"2026-12-21\"\n").unwrap();
    assert_eq!(read.exam_date, NaiveDate::from_ymd_opt(2026, 12, 21));
    let err = settings("data-dir = \"\"\n").unwrap_err().to_string();
    assert!(err.contains("data-dir: it is empty"), "{err}");
    let err = settings("exam-date = \"soon\"\n").unwrap_err().to_string();
    assert!(err.contains("exam-date: 'soon' is not a date"), "{err}");
}

#[test]
fn numbers_mix_is_a_share_from_the_config_file() {
    let dir = tempfile::tempdir().unwrap();
    let mix = |text: &str| resolve_config_text(dir.path(), text).map(|s| s.numbers_mix);
    assert!(mix("lang = \"en\"\n").unwrap().abs() < 1e-12);
    assert!((mix("numbers-mix = 0.3\n").unwrap() - 0.3).abs() < 1e-12);
    assert!((mix("numbers-mix = 1\n").unwrap() - 1.0).abs() < 1e-12);
    let err = mix("numbers-mix = 30\n").unwrap_err().to_string();
    assert!(
        err.contains("numbers-mix: '30' is not a share") && err.contains("from 0"),
        "{err}"
    );
}

#[test]
fn special_files_as_config_are_errors_not_hangs() {
    let err = read_config(Path::new("/dev/zero")).unwrap_err().to_string();
    assert_eq!(
        err,
        "/dev/zero: the config file is a device, not a regular file; point to a regular file"
    );
    assert_eq!(
        read_config(Path::new("/dev/null")).unwrap(),
        Some(ConfigFile::default())
    );
    let dir = tempfile::tempdir().unwrap();
    let err = read_config(dir.path()).unwrap_err().to_string();
    assert!(err.contains("the config file is a directory"), "{err}");
    let big = dir.path().join("big.toml");
    std::fs::write(&big, "#".repeat(5 << 20)).unwrap();
    let err = read_config(&big).unwrap_err().to_string();
    assert!(err.contains("is 5 MiB; the limit is 4 MiB"), "{err}");
    let err = remember_lang(Path::new("/dev/zero"), Lang::Zh).unwrap_err();
    assert!(err.to_string().contains("is a device"), "{err}");
}

#[test]
fn bad_links_stop_the_config_from_loading() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    for (links, says) in [
        (
            "id = \"mine\"\nbandwidth = \"1 GB/s\"\nefficiency = 2.0",
            "efficiency '2'",
        ),
        ("id = \"s\"\nbandwidth = \"1 GB/s\"", "also a unit"),
        (
            "id = \"10\"\nbandwidth = \"1 GB/s\"",
            "start with a lowercase letter",
        ),
    ] {
        std::fs::write(&path, format!("[[links]]\n{links}\n")).unwrap();
        let err = read_config(&path).unwrap_err().to_string();
        assert!(err.contains("[[links]]") && err.contains(says), "{err}");
    }
}

#[test]
fn broken_config_names_file_line_and_key() {
    let err = parse_config("lang = \"en\"\ncolour = 1\n", Path::new("c.toml")).unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with("c.toml:2: "), "{text}");
    assert!(text.contains("colour"), "{text}");
    let err = parse_config("lang = \"fr\"\n", Path::new("c.toml")).unwrap_err();
    assert!(err.to_string().starts_with("c.toml:1: "), "{err}");
    let err = parse_config("\"\\u001b]0;PWN\\u0007\" = 1\n", Path::new("c.toml")).unwrap_err();
    assert!(!err.to_string().contains('\u{1b}'), "{err}");
}
