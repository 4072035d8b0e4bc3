//! Finding and reading the progress for the commands that need it (`stats`, `history`, `drill`).
//!
//! A damaged file stops the command with a message that names it and says how to recover; it is
//! never written here. `--set-aside-bad-progress` moves it aside first.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::CommandError;
use crate::content::Lang;
use crate::drill::store::{self, Progress, Store, StoreError};
use crate::text::messages as m;

/// The data dir: `--data-dir` or `INFRAPREP_DATA_DIR`, then the config file, then the XDG default.
pub fn data_dir(flag: Option<&Path>, config: Option<&Path>) -> Result<PathBuf, CommandError> {
    store::data_dir(flag, config).map_err(user)
}

/// Reads the progress in `dir`; a damaged or unreadable file is an error naming it.
pub fn load(dir: &Path) -> Result<Progress, CommandError> {
    Store::open(dir).map(Store::into_progress).map_err(user)
}

/// `--set-aside-bad-progress`: moves a damaged progress file aside and says where, on `err`.
pub fn set_aside_if_bad(dir: &Path, ui: Lang, err: &mut dyn Write) -> Result<(), CommandError> {
    match Store::open(dir) {
        Err(e) if e.is_bad_file() => {
            let moved = store::set_aside(dir).map_err(user)?;
            let _ = writeln!(
                err,
                "{}",
                m::PROGRESS_MOVED.fill(ui, &[("path", &moved.display())])
            );
            Ok(())
        }
        Err(e) => Err(user(e)),
        Ok(_) => {
            let _ = writeln!(
                err,
                "{}",
                m::PROGRESS_FINE.fill(ui, &[("path", &dir.join(store::FILE_NAME).display())])
            );
            Ok(())
        }
    }
}

#[allow(clippy::needless_pass_by_value)] // Used as `map_err(user)`.
pub(super) fn user(e: StoreError) -> CommandError {
    CommandError::User(e.to_string())
}
