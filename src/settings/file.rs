//! The config file: its keys, where it lives, and reading it safely (a device or a huge file is
//! an error, never a hang). Pure data and parsing; layering is `settings::resolve`.

use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use serde::Deserialize;

use super::ConfigError;
use crate::calc::{HardwareTable, LinkPreset};
use crate::content::Lang;
use crate::content::file_guard::{self, Accept, MAX_CONFIG_BYTES};
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
    /// Source URLs as OSC 8 hyperlinks on a terminal; default true.
    pub hyperlinks: Option<bool>,
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
        parse_date(&self.text())
    }

    /// The date as written in the file.
    pub fn text(&self) -> String {
        match self {
            ExamDate::Toml(datetime) => datetime.to_string(),
            ExamDate::Text(text) => text.clone(),
        }
    }
}

/// Reads `YYYY-MM-DD`.
pub fn parse_date(text: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| format!("'{text}' is not a date: write it as YYYY-MM-DD, e.g. 2026-12-20"))
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
pub(super) fn read_config_text(path: &Path) -> Result<Option<String>, ConfigError> {
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

pub(super) fn parse_config(text: &str, path: &Path) -> Result<ConfigFile, ConfigError> {
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
