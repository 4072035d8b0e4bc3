//! Settings: the command line over the config file over defaults.
//!
//! The config file is TOML in the XDG config directory (`~/.config/infraprep/config.toml`).
//! A missing file is fine; a broken one stops startup with the file, line and key at fault.
//! The file is never written automatically.

use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use serde::Deserialize;
use thiserror::Error;

use crate::calc::{HardwareTable, LinkPreset};
use crate::content::file_guard::{self, Accept, MAX_CONFIG_BYTES, ReadError};
use crate::content::{DeckSource, Lang};
use crate::text::sanitize::sanitize;

/// The config file's contents. Every field is optional.
#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct ConfigFile {
    /// Content language, `zh` or `en`.
    pub lang: Option<Lang>,
    /// Interface language, when it should not follow the content language.
    pub ui_lang: Option<Lang>,
    /// Deck directories added on top of the bundled deck; relative paths are relative to the file.
    pub decks: Vec<PathBuf>,
    /// Link presets that add to or replace the bundled ones (same shape as `content/hardware.toml`).
    pub links: Vec<LinkPreset>,
    /// Where drill progress lives; relative paths are relative to the file.
    pub data_dir: Option<PathBuf>,
    /// The interview date the due queue plans for, `2026-12-20` (a TOML date or a string).
    pub exam_date: Option<ExamDate>,
    /// The share (0 to 1) of drilled cards with number templates whose spoken answer is
    /// followed by a number question, as in a real interview; default 0.
    pub numbers_mix: Option<f64>,
}

/// A date in the config file, written as a TOML date or as a `YYYY-MM-DD` string.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum ExamDate {
    Toml(toml::value::Datetime),
    Text(String),
}

impl ExamDate {
    /// The calendar day, or a message naming the bad value.
    pub fn date(&self) -> Result<NaiveDate, String> {
        let text = match self {
            ExamDate::Toml(datetime) => datetime.to_string(),
            ExamDate::Text(text) => text.clone(),
        };
        parse_date(&text)
    }
}

/// Reads `YYYY-MM-DD`.
pub fn parse_date(text: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| format!("'{text}' is not a date: write it as YYYY-MM-DD, e.g. 2026-12-20"))
}

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("{path}:{line}: {message}")]
    Parse {
        path: String,
        line: usize,
        message: String,
    },
    #[error("{path}: [[links]]: {message}")]
    Links { path: String, message: String },
    #[error("{path}: data-dir: {message}")]
    DataDir { path: String, message: String },
    #[error("{path}: exam-date: {message}")]
    ExamDate { path: String, message: String },
    #[error("{path}: numbers-mix: {message}")]
    NumbersMix { path: String, message: String },
    /// Not a regular file (a directory, FIFO, `/dev/zero`), too large, not UTF-8 or unreadable.
    #[error("{path}: the config file {problem}")]
    File { path: String, problem: ReadError },
    #[error("{path}: cannot read the config file: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
}

/// Everything a command needs to know about how it was asked to run.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub lang: Lang,
    /// The interface language when the config fixes it; otherwise it follows `lang`.
    pub ui_lang: Option<Lang>,
    pub decks: Vec<DeckSource>,
    /// The config file in use, if one exists.
    pub config_path: Option<PathBuf>,
    /// The user's link presets from the config file.
    pub links: Vec<LinkPreset>,
    /// The config file's `data-dir`, made absolute; `--data-dir` and the environment win over it.
    pub data_dir: Option<PathBuf>,
    /// The config file's `exam-date`; `drill --exam-date` wins over it.
    pub exam_date: Option<NaiveDate>,
    /// The config file's `numbers-mix`: how often a drilled card's spoken answer is followed by
    /// a number question (0 to 1).
    pub numbers_mix: f64,
}

impl Settings {
    /// The language of messages and labels: `ui-lang`, else the content language.
    pub fn ui(&self) -> Lang {
        self.ui_lang.unwrap_or(self.lang)
    }

    /// The bundled link presets with the user's added or replaced ones.
    pub fn hardware(&self) -> Result<HardwareTable, ConfigError> {
        HardwareTable::bundled()
            .with_overrides(self.links.clone())
            .map_err(|e| ConfigError::Links {
                path: self
                    .config_path
                    .as_ref()
                    .map_or_else(|| "config file".to_owned(), |p| p.display().to_string()),
                message: e.to_string(),
            })
    }
}

/// The parts of the environment settings depend on, passed in so tests need not touch the process.
pub struct Env<'a> {
    pub var: &'a dyn Fn(&str) -> Option<String>,
    /// The default config file location, when a home directory is known.
    pub default_config: Option<PathBuf>,
}

impl Env<'_> {
    /// The language the locale asks for: `LC_ALL` wins over `LC_MESSAGES` over `LANG`, as in POSIX.
    pub fn locale_lang(&self) -> Option<Lang> {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|name| (self.var)(name).filter(|v| !v.trim().is_empty()))
            .and_then(|value| Lang::from_locale(&value))
    }
}

/// The default config file: `$XDG_CONFIG_HOME/infraprep/config.toml` (or `~/.config/...`).
pub fn default_config_path() -> Option<PathBuf> {
    use etcetera::BaseStrategy;
    etcetera::choose_base_strategy()
        .ok()
        .map(|strategy| strategy.config_dir().join("infraprep").join("config.toml"))
}

/// Reads a config file; `Ok(None)` when it does not exist.
///
/// Only a regular file of at most [`MAX_CONFIG_BYTES`] is read, so `--config /dev/zero` or a
/// FIFO is an error rather than a hang.
///
/// `[[links]]` entries are checked here (efficiency, ids, duplicates), so a bad one stops every
/// command, not only the ones that compute.
pub fn read_config(path: &Path) -> Result<Option<ConfigFile>, ConfigError> {
    let Some(text) = read_config_text(path)? else {
        return Ok(None);
    };
    let file = parse_config(&text, path)?;
    if !file.links.is_empty() {
        HardwareTable::bundled()
            .with_overrides(file.links.clone())
            .map_err(|e| ConfigError::Links {
                path: path.display().to_string(),
                message: e.to_string(),
            })?;
    }
    Ok(Some(file))
}

/// The config file's text; `Ok(None)` when it does not exist. `/dev/null` reads as empty (the
/// usual way to say "no config"), and a pipe is read (`--config <(...)`); other devices,
/// sockets and directories are refused.
fn read_config_text(path: &Path) -> Result<Option<String>, ConfigError> {
    if path == Path::new("/dev/null") {
        return Ok(Some(String::new()));
    }
    match file_guard::read_limited_string(path, MAX_CONFIG_BYTES, Accept::AlsoPipes) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.is_not_found() => Ok(None),
        Err(problem) => Err(ConfigError::File {
            path: path.display().to_string(),
            problem,
        }),
    }
}

fn parse_config(text: &str, path: &Path) -> Result<ConfigFile, ConfigError> {
    toml::from_str(text).map_err(|err| {
        let line = err.span().map_or(1, |span| {
            text[..span.start.min(text.len())].matches('\n').count() + 1
        });
        ConfigError::Parse {
            path: path.display().to_string(),
            line,
            // The message can quote a key or value from the file; show its control characters.
            message: sanitize(&err.message().trim().replace('\n', " ")).into_owned(),
        }
    })
}

/// Remembers the content language in the config file at `path`, keeping everything else in it
/// as written: the top-level `lang = ...` line is replaced, or added at the top. The file is
/// replaced atomically, so a crash never leaves it half written.
pub fn remember_lang(path: &Path, lang: Lang) -> Result<(), ConfigError> {
    // Write through a symlink (a dotfile manager's link stays a link) and keep the file's mode.
    let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let read_error = |source| ConfigError::Read {
        path: target.display().to_string(),
        source,
    };
    let existing = match std::fs::metadata(&target) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(read_error(e)),
    };
    if existing.is_some() {
        // Never rename a temp file over /dev/null, a pipe or a device.
        file_guard::check_regular(&target, MAX_CONFIG_BYTES).map_err(|problem| {
            ConfigError::File {
                path: target.display().to_string(),
                problem,
            }
        })?;
    }
    let text = read_config_text(&target)?.unwrap_or_default();
    let updated = with_lang_line(&text, lang);
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(read_error)?;
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(read_error)?;
    std::io::Write::write_all(&mut file, updated.as_bytes()).map_err(read_error)?;
    if let Some(meta) = &existing {
        file.as_file()
            .set_permissions(meta.permissions())
            .map_err(read_error)?;
    }
    file.as_file().sync_all().map_err(read_error)?;
    file.persist(&target).map_err(|e| read_error(e.error))?;
    Ok(())
}

/// `text` with its top-level `lang` key set to `lang`.
fn with_lang_line(text: &str, lang: Lang) -> String {
    let line = format!("lang = \"{lang}\"");
    let mut out = Vec::new();
    let mut replaced = false;
    let mut top_level = true;
    for existing in text.lines() {
        let trimmed = existing.trim_start();
        if trimmed.starts_with('[') {
            top_level = false;
        }
        // `lang`, `"lang"` and `'lang'` are the same TOML key.
        let is_lang = ["lang", "\"lang\"", "'lang'"].iter().any(|key| {
            trimmed
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        });
        if top_level && is_lang && !replaced {
            out.push(line.clone());
            replaced = true;
        } else {
            out.push(existing.to_owned());
        }
    }
    if !replaced {
        out.insert(0, line);
    }
    out.join("\n") + "\n"
}

/// Layers the command line over the config file over the defaults.
///
/// `explicit_config` is `--config` (or `INFRAPREP_CONFIG`): that file must exist.
pub fn resolve(
    cli_lang: Option<Lang>,
    cli_decks: &[PathBuf],
    explicit_config: Option<&Path>,
    env: &Env<'_>,
) -> Result<Settings, ConfigError> {
    let (config_path, file) = match explicit_config {
        Some(path) => match read_config(path)? {
            Some(file) => (Some(path.to_path_buf()), file),
            None => {
                return Err(ConfigError::Read {
                    path: path.display().to_string(),
                    source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
                });
            }
        },
        None => match env.default_config.as_deref() {
            Some(path) => match read_config(path)? {
                Some(file) => (Some(path.to_path_buf()), file),
                None => (None, ConfigFile::default()),
            },
            None => (None, ConfigFile::default()),
        },
    };
    if file
        .data_dir
        .as_ref()
        .is_some_and(|d| d.as_os_str().is_empty())
    {
        return Err(ConfigError::DataDir {
            path: config_path
                .as_ref()
                .map_or_else(String::new, |p| p.display().to_string()),
            message: "it is empty, which would put progress in the config directory; \
                      give a directory or remove the line"
                .to_owned(),
        });
    }
    let lang = cli_lang
        .or(file.lang)
        .or_else(|| env.locale_lang())
        .unwrap_or(Lang::En);
    let base = config_path
        .as_deref()
        .and_then(Path::parent)
        .map(Path::to_path_buf);
    let home = (env.var)("HOME").map(PathBuf::from);
    let mut decks = vec![DeckSource::Bundled];
    decks.extend(
        file.decks
            .iter()
            .map(|d| DeckSource::Dir(expand(d, base.as_deref(), home.as_deref()))),
    );
    decks.extend(cli_decks.iter().map(|d| DeckSource::Dir(d.clone())));
    let exam_date = file
        .exam_date
        .as_ref()
        .map(ExamDate::date)
        .transpose()
        .map_err(|message| ConfigError::ExamDate {
            path: config_path
                .as_ref()
                .map_or_else(String::new, |p| p.display().to_string()),
            message,
        })?;
    let numbers_mix = match file.numbers_mix {
        Some(mix) if !(0.0..=1.0).contains(&mix) => {
            return Err(ConfigError::NumbersMix {
                path: config_path
                    .as_ref()
                    .map_or_else(String::new, |p| p.display().to_string()),
                message: format!(
                    "'{mix}' is not a share: give a number from 0 (never) to 1 (after every \
                     card with number templates), e.g. 0.3"
                ),
            });
        }
        mix => mix.unwrap_or(0.0),
    };
    Ok(Settings {
        numbers_mix,
        lang,
        ui_lang: file.ui_lang,
        decks,
        data_dir: file
            .data_dir
            .as_deref()
            .map(|d| expand(d, base.as_deref(), home.as_deref())),
        exam_date,
        config_path,
        links: file.links,
    })
}

/// Expands `~/` and makes a config-relative path absolute.
fn expand(path: &Path, base: Option<&Path>, home: Option<&Path>) -> PathBuf {
    if let (Ok(rest), Some(home)) = (path.strip_prefix("~"), home) {
        return home.join(rest);
    }
    match base {
        Some(base) if path.is_relative() => base.join(path),
        _ => path.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn data_dir_and_exam_date_come_from_the_config_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        let var = env_with(&[]);
        let env = Env {
            var: &var,
            default_config: Some(path.clone()),
        };
        std::fs::write(&path, "data-dir = \"progress\"\nexam-date = 2026-12-20\n").unwrap();
        let settings = resolve(None, &[], None, &env).unwrap();
        assert_eq!(settings.data_dir, Some(dir.path().join("progress")));
        assert_eq!(settings.exam_date, NaiveDate::from_ymd_opt(2026, 12, 20));
        std::fs::write(&path, "exam-date = \"2026-12-21\"\n").unwrap();
        let settings = resolve(None, &[], None, &env).unwrap();
        assert_eq!(settings.exam_date, NaiveDate::from_ymd_opt(2026, 12, 21));
        std::fs::write(&path, "data-dir = \"\"\n").unwrap();
        let err = resolve(None, &[], None, &env).unwrap_err().to_string();
        assert!(err.contains("data-dir: it is empty"), "{err}");
        std::fs::write(&path, "exam-date = \"soon\"\n").unwrap();
        let err = resolve(None, &[], None, &env).unwrap_err().to_string();
        assert!(err.contains("exam-date: 'soon' is not a date"), "{err}");
    }

    #[test]
    fn numbers_mix_is_a_share_from_the_config_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        let var = env_with(&[]);
        let env = Env {
            var: &var,
            default_config: Some(path.clone()),
        };
        std::fs::write(&path, "lang = \"en\"\n").unwrap();
        assert!(resolve(None, &[], None, &env).unwrap().numbers_mix.abs() < 1e-12);
        std::fs::write(&path, "numbers-mix = 0.3\n").unwrap();
        assert!((resolve(None, &[], None, &env).unwrap().numbers_mix - 0.3).abs() < 1e-12);
        std::fs::write(&path, "numbers-mix = 1\n").unwrap();
        assert!((resolve(None, &[], None, &env).unwrap().numbers_mix - 1.0).abs() < 1e-12);
        std::fs::write(&path, "numbers-mix = 30\n").unwrap();
        let err = resolve(None, &[], None, &env).unwrap_err().to_string();
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
}
