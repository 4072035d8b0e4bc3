//! The progress file, `progress.json` in the data dir, and how it is kept safe.
//!
//! Every save takes an exclusive lock on `progress.lock`, re-reads the file, merges in what this
//! instance recorded (a union of reviews by id), writes a temp file in the same directory, fsyncs
//! it and renames it over the old one. So two instances never lose each other's reviews, and a
//! crash or `kill -9` at any point leaves either the old file or the new one, never a torn one.
//! A file that cannot be read or parsed is never overwritten: saving stops with an error that
//! names it, and [`set_aside`] moves it out of the way when the user asks.
//!
//! Records are not written into `progress.json` one by one: each is appended to the log
//! `progress.log` ([`log`]) and fsynced, under the same lock, which costs the same at any history
//! length. When the log grows as large as the snapshot, a save compacts: it writes the union into
//! `progress.json` as above and then removes the log. Loading reads the log before the snapshot,
//! so a compaction by another instance in between is never missed (the union keys on ids, so a
//! record read twice counts once).

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use chrono::Utc;
use serde::Serialize;
use thiserror::Error;

use crate::content::file_guard::{self, MAX_PROGRESS_BYTES, ReadError};
use crate::text::sanitize::{sanitize, sanitize_line};

use super::progress::replay::Cached;
pub use super::progress::{
    Attempt, DrillSummary, Extra, Progress, QuestionSummary, Replayed, Review, Seconds, new_id,
};

/// The progress file's name inside the data dir.
pub const FILE_NAME: &str = "progress.json";
/// The lock file that serialises saves between instances.
pub const LOCK_NAME: &str = "progress.lock";
pub use log::LOG_NAME;

/// The cache of replayed memory states (`progress/replay.rs`) inside the data dir.
pub const MEMO_NAME: &str = "progress.memo.json";

/// Histories shorter than this are replayed on every load (a few milliseconds), not cached.
const MEMO_MIN_REVIEWS: usize = 2000;

/// The cache is rewritten when this many reviews came after it.
const MEMO_LAG: usize = 200;

/// The log is compacted into the snapshot when it is larger than this and than the snapshot.
const COMPACT_MIN_BYTES: u64 = 256 << 10;

/// The file format this build writes; files from a newer one are left alone.
pub const FORMAT_VERSION: u32 = 1;

const RECOVER: &str = "run with --set-aside-bad-progress to move it aside and start afresh \
(the bad file is kept), or fix it by hand";

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{path}{}: the progress file is damaged ({message}); it was left untouched; {RECOVER}", line.map(|l| format!(":{l}")).unwrap_or_default())]
    Corrupt {
        path: PathBuf,
        line: Option<usize>,
        message: String,
    },
    #[error(
        "{path}: the progress file has format version {found}, newer than this infraprep ({FORMAT_VERSION}); it was left untouched; update infraprep"
    )]
    TooNew { path: PathBuf, found: u32 },
    /// Not a regular file (a directory, FIFO or device) or larger than the limit.
    #[error("{path}: the progress file {problem}; it was left untouched")]
    File { path: PathBuf, problem: ReadError },
    #[error("{path}: cannot read the progress file: {source}; check its permissions")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{path}: cannot save progress: {source}; check the disk and the permissions of the data dir (or choose another with --data-dir)"
    )]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "no data directory is known (no home directory?); pass --data-dir DIR or set INFRAPREP_DATA_DIR"
    )]
    NoDataDir,
}

impl StoreError {
    /// True when the file exists but is unusable, so [`set_aside`] is the way out.
    pub const fn is_bad_file(&self) -> bool {
        matches!(self, StoreError::Corrupt { .. } | StoreError::TooNew { .. })
    }
}

/// [`ProgressFile`] for writing, borrowing the progress instead of cloning it.
#[derive(Serialize)]
struct ProgressFileRef<'a> {
    version: u32,
    #[serde(flatten)]
    progress: &'a Progress,
}

/// The progress of one data dir, kept in memory and saved after every record.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    progress: Progress,
    /// How far the log has been read into `progress`.
    log: log::LogPos,
    /// Records of this instance not yet appended (a save failed), as log lines.
    pending: String,
    /// The snapshot as last read: when it changes (another build rewrote it, or it was
    /// damaged), the next save reads it again before appending.
    snapshot: Stamp,
    /// When set, `record*` only queue: the caller saves with [`Store::save`] (see
    /// [`Store::defer_saves`]).
    deferred: bool,
}

/// What identifies one version of the snapshot: size, modification time and inode.
type Stamp = Option<(u64, Option<std::time::SystemTime>, Option<u64>)>;

fn stamp(path: &Path) -> Stamp {
    let meta = fs::metadata(path).ok()?;
    #[cfg(unix)]
    let inode = Some(std::os::unix::fs::MetadataExt::ino(&meta));
    #[cfg(not(unix))]
    let inode = None;
    Some((meta.len(), meta.modified().ok(), inode))
}

impl Store {
    /// [`check_savable`] for this store's data dir: call it when a drill starts.
    ///
    /// The snapshot is only read again when it changed since this store read it (a 57 MB file
    /// at 100,000 reviews took a second to parse): unchanged, it is known to be good.
    pub fn check_savable(&self) -> Result<(), StoreError> {
        let unchanged = stamp(&self.path()) == self.snapshot;
        probe(&self.dir, !unchanged)
    }

    /// Reads `dir/progress.json`; a missing dir or file is empty progress.
    pub fn open(dir: impl AsRef<Path>) -> Result<Store, StoreError> {
        let dir = dir.as_ref().to_path_buf();
        let (logged, log, _) = log::read(&dir.join(LOG_NAME), log::LogPos::default())?;
        let snapshot = stamp(&dir.join(FILE_NAME));
        let mut progress = read_progress(&dir.join(FILE_NAME))?;
        merge_logged(&mut progress, logged);
        refresh_memo(&dir, &mut progress);
        Ok(Store {
            dir,
            progress,
            log,
            pending: String::new(),
            snapshot,
            deferred: false,
        })
    }

    /// Makes `record*` keep records in memory and queued for the log instead of saving at once;
    /// [`Store::save`] then writes them. The TUI's update stays free of disk I/O this way: its
    /// runner saves right after each update that recorded something, so the guarantee (one
    /// fsynced line per answer before the next key is read) is the same.
    #[must_use]
    pub fn defer_saves(mut self) -> Store {
        self.deferred = true;
        self
    }

    /// Records queued but not yet saved (a deferred record, or a save that failed).
    pub fn unsaved(&self) -> usize {
        self.pending.lines().count()
    }

    /// The progress, without copying it (for a command that only reads).
    pub fn into_progress(self) -> Progress {
        self.progress
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The progress file's path, for messages.
    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// Everything known: the file as last read or saved, plus what this instance recorded.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Records a graded answer and saves at once (unless [`Store::defer_saves`]). On error the review is still in
    /// [`Store::progress`], so the session can go on; it is saved with the next successful save.
    pub fn record(&mut self, review: Review) -> Result<(), StoreError> {
        self.queue("reviews", &review)?;
        self.progress.add_review(review);
        self.save_unless_deferred()
    }

    /// Records a submitted answer or a draft and saves at once; like [`Store::record`], it
    /// stays in memory for the next save when this one fails.
    pub fn record_attempt(&mut self, attempt: Attempt) -> Result<(), StoreError> {
        self.queue("attempts", &attempt)?;
        self.progress.add_attempt(attempt);
        self.save_unless_deferred()
    }

    /// Records a drill's summary and saves at once (unless deferred).
    pub fn record_drill(&mut self, summary: DrillSummary) -> Result<(), StoreError> {
        self.queue("drills", &summary)?;
        self.progress.add_drill(summary);
        self.save_unless_deferred()
    }

    /// Saves now, unless the caller saves later ([`Store::defer_saves`]).
    fn save_unless_deferred(&mut self) -> Result<(), StoreError> {
        if self.deferred { Ok(()) } else { self.save() }
    }

    /// Queues one record of the list `kind` for the next save: any serialisable record can go
    /// into the log, which keeps it under that name.
    fn queue<T: Serialize>(&mut self, kind: &str, record: &T) -> Result<(), StoreError> {
        let line = log::line(kind, record).map_err(|e| StoreError::Write {
            path: self.dir.join(LOG_NAME),
            source: std::io::Error::other(e),
        })?;
        self.pending.push_str(&line);
        Ok(())
    }

    /// Under the lock: reads what other instances appended since the last save, appends this
    /// instance's pending records and fsyncs them; compacts when the log has grown large.
    pub fn save(&mut self) -> Result<(), StoreError> {
        let write_error = |source| StoreError::Write {
            path: self.path(),
            source,
        };
        fs::create_dir_all(&self.dir).map_err(write_error)?;
        let lock = lock(&self.dir)?;
        remove_stale_temps(&self.dir);
        let log_path = self.dir.join(LOG_NAME);
        let (logged, pos, reread) = log::read(&log_path, self.log)?;
        let snapshot = stamp(&self.path());
        if reread || snapshot != self.snapshot {
            // Compacted by another instance, rewritten by an older build, or damaged: read it
            // again, and append nothing to a data dir whose snapshot is bad.
            self.progress.merge(read_progress(&self.path())?);
            self.snapshot = snapshot;
        }
        merge_logged(&mut self.progress, logged);
        self.log = pos;
        if !self.pending.is_empty() {
            let created = pos.identity.is_none();
            self.log = log::append(&log_path, pos, &self.pending)?;
            self.pending.clear();
            if created {
                sync_dir(&self.dir);
            }
        }
        let snapshot = self.snapshot.map_or(0, |(len, _, _)| len);
        if self.log.len > COMPACT_MIN_BYTES.max(snapshot) {
            self.compact()?;
        }
        drop(lock);
        Ok(())
    }

    /// Writes everything into the snapshot and removes the log; the caller holds the lock and
    /// has read the whole log. A crash before the log is removed only leaves records that are
    /// in both files, which load once.
    fn compact(&mut self) -> Result<(), StoreError> {
        let path = self.path();
        let write_error = |source| StoreError::Write {
            path: path.clone(),
            source,
        };
        // An older build may have rewritten the snapshot without knowing the log.
        self.progress.merge(read_progress(&path)?);
        let temp = write_temp(&self.dir, &self.progress)?;
        temp.persist(&path).map_err(|e| write_error(e.error))?;
        sync_dir(&self.dir);
        self.snapshot = stamp(&path);
        let log_path = self.dir.join(LOG_NAME);
        fs::remove_file(&log_path).map_err(|source| StoreError::Write {
            path: log_path,
            source,
        })?;
        sync_dir(&self.dir);
        self.log = log::LogPos::default();
        Ok(())
    }
}

/// Attaches the cached replay of `dir` to `progress`, and rewrites the cache when it does not
/// fit the history or lags it by [`MEMO_LAG`] reviews or more. The cache is only an
/// optimisation: a missing, damaged or stale one is replaced, and failing to write it is not an
/// error. It is written through a temp file and a rename, so a reader never sees half of it.
fn refresh_memo(dir: &Path, progress: &mut Progress) {
    if progress.reviews.len() < MEMO_MIN_REVIEWS {
        return;
    }
    let memo = file_guard::read_regular(&dir.join(MEMO_NAME), MAX_PROGRESS_BYTES)
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Replayed>(&bytes).ok());
    progress.replayed = Cached(memo.map(Arc::new));
    let covered = progress.replayed.0.as_ref().map_or(0, |c| c.count);
    if progress.reviews.len() < covered + MEMO_LAG && progress.replayed_fits() {
        return;
    }
    let Some(fresh) = progress.replay_for_cache() else {
        return;
    };
    if let Ok(json) = serde_json::to_vec(&fresh)
        && let Ok(mut temp) = tempfile::Builder::new()
            .prefix(".progress.json.")
            .suffix(".tmp")
            .tempfile_in(dir)
        && temp.write_all(&json).is_ok()
    {
        let _ = temp.persist(dir.join(MEMO_NAME));
    }
    progress.replayed = Cached(Some(Arc::new(fresh)));
}

/// Adds what the log held to what the snapshot held.
fn merge_logged(progress: &mut Progress, mut logged: Progress) {
    for (kind, value) in std::mem::take(&mut logged.extra) {
        let serde_json::Value::Array(items) = value else {
            continue;
        };
        for item in items {
            log::push_unknown(progress, kind.clone(), item);
        }
    }
    progress.merge(logged);
}

/// Takes the exclusive save lock of `dir`, waiting for another instance to finish its save.
fn lock(dir: &Path) -> Result<File, StoreError> {
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

/// Reads a progress file; missing or blank is empty progress.
///
/// Only a regular file of at most [`MAX_PROGRESS_BYTES`] is read. The text is parsed once on
/// the happy path; only a file that fails to parse is looked at again for its version, so a file
/// from a newer build is reported as such rather than as damaged.
pub fn read_progress(path: &Path) -> Result<Progress, StoreError> {
    let bytes = match file_guard::read_regular(path, MAX_PROGRESS_BYTES) {
        Ok(bytes) => bytes,
        Err(e) if e.is_not_found() => return Ok(Progress::default()),
        Err(ReadError::Io(source)) => {
            return Err(StoreError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
        Err(problem) => {
            return Err(StoreError::File {
                path: path.to_path_buf(),
                problem,
            });
        }
    };
    let corrupt = |line: Option<usize>, message: String| StoreError::Corrupt {
        path: path.to_path_buf(),
        line,
        message,
    };
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return Err(corrupt(None, "not UTF-8 text".to_owned()));
    };
    if text.trim().is_empty() {
        return Ok(Progress::default());
    }
    let too_new = |found: u64| StoreError::TooNew {
        path: path.to_path_buf(),
        found: u32::try_from(found).unwrap_or(u32::MAX),
    };
    // The file is the progress plus a `version` key, read as one of its unknown keys (missing
    // in a hand-written file: read as the current version).
    let mut progress: Progress = match serde_json::from_str(text) {
        Ok(progress) => progress,
        Err(e) => {
            let value: Option<serde_json::Value> = serde_json::from_str(text).ok();
            let version = value.as_ref().and_then(|v| v.get("version")?.as_u64());
            if let Some(found) = version.filter(|v| *v > u64::from(FORMAT_VERSION)) {
                return Err(too_new(found));
            }
            // serde's message can quote a string from the file (an unknown variant).
            let message = sanitize(&e.to_string()).into_owned();
            return Err(corrupt((e.line() > 0).then_some(e.line()), message));
        }
    };
    match progress.extra.remove("version") {
        None => {}
        Some(serde_json::Value::Number(n))
            if n.as_u64().is_some_and(|v| u32::try_from(v).is_ok()) =>
        {
            let version = n.as_u64().unwrap_or_default();
            if version > u64::from(FORMAT_VERSION) {
                return Err(too_new(version));
            }
        }
        Some(other) => {
            let shown = sanitize_line(&other.to_string()).into_owned();
            return Err(corrupt(
                None,
                format!(
                    "the version {shown} is not a format number; write \"version\": {FORMAT_VERSION}"
                ),
            ));
        }
    }
    if let Some((key, known)) = misspelt_key(&progress) {
        let key = sanitize_line(key);
        return Err(corrupt(
            None,
            format!(
                "unknown key '{key}' (did you mean '{known}'?): this infraprep would read \
                 nothing from it; rename the key"
            ),
        ));
    }
    progress.normalize();
    Ok(progress)
}

/// An unknown top-level key that looks like a misspelt known one (`review` for `reviews`).
///
/// Other unknown keys are kept and written back as they are, but a near miss means the
/// reviews under it would silently read as none, so the file is reported instead.
fn misspelt_key(progress: &Progress) -> Option<(&str, &'static str)> {
    const KNOWN: [&str; 4] = ["reviews", "drills", "attempts", "version"];
    progress.unknown_keys().into_iter().find_map(|key| {
        let lower = key.to_lowercase();
        KNOWN
            .iter()
            .find(|known| edit_distance(&lower, known) <= 2)
            .map(|known| (key, *known))
    })
}

/// Levenshtein distance between short ASCII-ish keys.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != *cb);
            current.push(substitute.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
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
fn probe(dir: &Path, read: bool) -> Result<(), StoreError> {
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

/// Writes `progress` to a new temp file in `dir` and fsyncs it; the caller persists it.
///
/// Split from the rename so a test can stop between the two, as a crash would.
pub fn write_temp(dir: &Path, progress: &Progress) -> Result<tempfile::NamedTempFile, StoreError> {
    let write_error = |source| StoreError::Write {
        path: dir.join(FILE_NAME),
        source,
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".progress.json.")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(write_error)?;
    let file = ProgressFileRef {
        version: FORMAT_VERSION,
        progress,
    };
    let json =
        serde_json::to_string_pretty(&file).map_err(|e| write_error(std::io::Error::other(e)))?;
    temp.write_all(json.as_bytes()).map_err(write_error)?;
    temp.write_all(b"\n").map_err(write_error)?;
    temp.as_file().sync_all().map_err(write_error)?;
    Ok(temp)
}

/// Deletes temp files a killed save left behind. Only called under the lock, when no other
/// instance can be writing one.
fn remove_stale_temps(dir: &Path) {
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
fn sync_dir(dir: &Path) {
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

mod log;
#[cfg(test)]
mod log_tests;
#[cfg(test)]
mod memo_tests;
#[cfg(test)]
mod tests;
