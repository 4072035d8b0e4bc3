//! The data dir: the save lock, the check that a drill's grades can be saved, stale temp
//! files, setting a bad file aside, and where the data dir is.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use chrono::Utc;

use super::{FILE_NAME, LOCK_NAME, LOG_NAME, StoreError, log, read_progress};

/// Takes the exclusive save lock of `dir`, waiting for another instance to finish its save.
pub(super) fn lock(dir: &Path) -> Result<File, StoreError> {
    let path = dir.join(LOCK_NAME);
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|source| StoreError::Write {
            path: path.clone(),
            source,
        })?;
    file.lock()
        .map_err(|source| StoreError::Write { path, source })?;
    Ok(file)
}

/// Checks, before a drill starts, that its grades can be saved, so a front end can refuse to
/// start (exit 1 naming the file, as the README promises) instead of running a whole drill and
/// saying at the end that nothing was saved.
///
/// Checks that the progress file in `dir` is absent or readable and undamaged (the errors of
/// [`read_progress`]), and that the data dir accepts a new file: it is created if missing, the
/// save lock is taken, and a small probe file is written, synced and removed. A disk that fills
/// up later can still fail a save; that error comes from [`Store::record`] as before.
pub fn check_savable(dir: &Path) -> Result<(), StoreError> {
    probe(dir, true)
}

/// [`check_savable`], reading the progress file only when `read` is true.
pub(super) fn probe(dir: &Path, read: bool) -> Result<(), StoreError> {
    let path = dir.join(FILE_NAME);
    if read {
        read_progress(&path)?;
    }
    let write_error = |source| StoreError::Write {
        path: path.clone(),
        source,
    };
    fs::create_dir_all(dir).map_err(write_error)?;
    let lock = lock(dir)?;
    let mut probe = tempfile::Builder::new()
        .prefix(".progress.json.")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(write_error)?;
    probe.write_all(&[b' '; 4096]).map_err(write_error)?;
    probe.as_file().sync_all().map_err(write_error)?;
    probe.close().map_err(write_error)?;
    drop(lock);
    Ok(())
}

/// Deletes temp files a killed save left behind. Only called under the lock, when no other
/// instance can be writing one.
pub(super) fn remove_stale_temps(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(".progress.json.") && name.ends_with(".tmp") {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Makes the rename itself durable. Best effort: some systems cannot open a directory.
pub(super) fn sync_dir(dir: &Path) {
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
}

/// Renames a bad `progress.json` to `progress.json.bad-<UTC timestamp>` and returns the new path.
///
/// When the log is the damaged file, the log is moved instead (as `progress.log.bad-…`).
pub fn set_aside(dir: &Path) -> Result<PathBuf, StoreError> {
    let lock = lock(dir)?;
    let log_bad =
        log::read(&dir.join(LOG_NAME), log::LogPos::default()).is_err_and(|e| e.is_bad_file());
    let name = if log_bad { LOG_NAME } else { FILE_NAME };
    let from = dir.join(name);
    let stamp = Utc::now().format("%Y%m%dT%H%M%SZ");
    let mut to = dir.join(format!("{name}.bad-{stamp}"));
    let mut n = 1;
    while to.exists() {
        n += 1;
        to = dir.join(format!("{name}.bad-{stamp}-{n}"));
    }
    fs::rename(&from, &to).map_err(|source| StoreError::Write {
        path: from.clone(),
        source,
    })?;
    drop(lock);
    Ok(to)
}

/// The default data dir: `$XDG_DATA_HOME/infraprep` (usually `~/.local/share/infraprep`).
pub fn default_data_dir() -> Result<PathBuf, StoreError> {
    use etcetera::BaseStrategy;
    etcetera::choose_base_strategy()
        .map(|strategy| strategy.data_dir().join("infraprep"))
        .map_err(|_| StoreError::NoDataDir)
}

/// The data dir to use: `--data-dir` or `INFRAPREP_DATA_DIR` (clap reads both into `flag`), then
/// the config file's `data-dir`, then [`default_data_dir`].
pub fn data_dir(flag: Option<&Path>, config: Option<&Path>) -> Result<PathBuf, StoreError> {
    match flag.or(config) {
        Some(dir) => Ok(dir.to_path_buf()),
        None => default_data_dir(),
    }
}
