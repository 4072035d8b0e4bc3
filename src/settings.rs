//! Settings: the command line over the config file over defaults.
//!
//! The config file is TOML in the XDG config directory (`~/.config/infraprep/config.toml`).
//! A missing file is fine; a broken one stops startup with the file, line and key at fault.
//! The file is never written automatically, only on request (`remember_lang`). The file's
//! keys and reading live in `settings/file.rs`, its errors in `settings/error.rs`.

mod error;
mod file;
mod remember;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};

use chrono::NaiveDate;

pub use error::ConfigError;
pub use file::{ConfigFile, ExamDate, default_config_path, parse_date, read_config};
pub use remember::remember_lang;

use crate::calc::{HardwareTable, LinkPreset};
use crate::content::{DeckSource, Lang};

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
    /// The config file's `hyperlinks`, when it sets it.
    pub hyperlinks: Option<bool>,
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
                return Err(ConfigError::Missing {
                    path: path.display().to_string(),
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
    // Errors name the config file as the user would type it.
    let shown = config_path
        .as_ref()
        .map_or_else(String::new, |p| p.display().to_string());
    if file
        .data_dir
        .as_ref()
        .is_some_and(|d| d.as_os_str().is_empty())
    {
        return Err(ConfigError::DataDirEmpty { path: shown });
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
    let exam_date = match &file.exam_date {
        Some(date) => Some(date.date().map_err(|_| ConfigError::ExamDate {
            path: shown.clone(),
            value: date.text(),
        })?),
        None => None,
    };
    let numbers_mix = match file.numbers_mix {
        Some(mix) if !(0.0..=1.0).contains(&mix) => {
            return Err(ConfigError::NumbersMix {
                path: shown,
                value: mix,
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
        hyperlinks: file.hyperlinks,
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
