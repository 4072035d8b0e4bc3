//! What can be wrong with the config file. Each variant carries the file and the bad value, so
//! a front end can word it in the interface language (`cli::errors`); `Display` is the English.

use thiserror::Error;

use crate::content::file_guard::ReadError;

#[derive(Debug, Error)]
pub enum ConfigError {
    /// Not TOML, an unknown key or a value of the wrong type; `message` is the parser's.
    #[error("{path}:{line}: {message}")]
    Parse {
        path: String,
        line: usize,
        message: String,
    },
    /// A `[[links]]` entry the hardware table refuses; `message` is the table's.
    #[error("{path}: [[links]]: {message}")]
    Links { path: String, message: String },
    #[error(
        "{path}: data-dir: it is empty, which would put progress in the config directory; \
         give a directory or remove the line"
    )]
    DataDirEmpty { path: String },
    #[error("{path}: exam-date: '{value}' is not a date: write it as YYYY-MM-DD, e.g. 2026-12-20")]
    ExamDate { path: String, value: String },
    #[error(
        "{path}: numbers-mix: '{value}' is not a share: give a number from 0 (never) to 1 \
         (after every card with number templates), e.g. 0.3"
    )]
    NumbersMix { path: String, value: f64 },
    /// Not a regular file (a directory, FIFO, `/dev/zero`), too large, not UTF-8 or unreadable.
    #[error("{path}: the config file {problem}")]
    File { path: String, problem: ReadError },
    #[error("{path}: cannot read the config file: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    /// `--config` or `INFRAPREP_CONFIG` names a file that does not exist.
    #[error("{path}: cannot read the config file: no such file")]
    Missing { path: String },
}
