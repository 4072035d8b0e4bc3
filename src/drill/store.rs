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
use std::path::{Path, PathBuf};

use serde::Serialize;
use thiserror::Error;

use crate::content::file_guard::ReadError;

pub use super::progress::{
    Attempt, Coverage, DrillSummary, Extra, Progress, QuestionSummary, Replayed, Review, Seconds,
    new_id,
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
        let file = File::open(dir.join(FILE_NAME)).ok();
        let mut progress = read_progress(&dir.join(FILE_NAME))?;
        let memo = memo::read(&dir);
        let tally = memo::snapshot_memo(memo.as_ref(), file.as_ref(), &progress);
        merge_logged(&mut progress, logged);
        memo::refresh_memo(&dir, &mut progress, memo, tally);
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

mod dir;
mod file;
mod log;
mod memo;
pub use dir::{check_savable, data_dir, default_data_dir, set_aside};
use dir::{lock, probe, remove_stale_temps, sync_dir};
pub use file::{read_progress, write_temp};
pub use memo::quick_tally;
#[cfg(test)]
mod log_tests;
#[cfg(test)]
mod memo_tests;
#[cfg(test)]
mod tests;
