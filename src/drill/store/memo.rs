//! The memo, `progress.memo.json`: what a long history costs to recompute, kept between runs.
//!
//! It holds the replayed memory states of the first reviews of the history
//! (`progress/replay.rs`), and the stats tally of the reviews in `progress.json`
//! ([`SnapshotMemo`]), marked with that file's size, modification time and inode. While the
//! snapshot keeps that mark, `stats` reads the memo and the log and never parses the snapshot
//! (57 MB at 100,000 reviews), provided every review in the log is newer than the snapshot's
//! newest (always so unless two instances interleaved, or a compaction was cut short; then the
//! whole history is read as before). The memo is only an optimisation: a missing, damaged or
//! stale one is replaced, and failing to write it is not an error. It is written through a temp
//! file and a rename, so a reader never sees half of it.

use std::collections::HashSet;
use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{
    FILE_NAME, LOG_NAME, MEMO_LAG, MEMO_MIN_REVIEWS, MEMO_NAME, Progress, Replayed, StoreError, log,
};
use crate::content::file_guard::{self, MAX_PROGRESS_BYTES};
use crate::drill::progress::Tally;
use crate::drill::progress::replay::Cached;
use crate::drill::progress::tally::StoredTally;

/// The memo file.
#[derive(Serialize, Deserialize)]
pub(super) struct MemoFile {
    #[serde(flatten)]
    replayed: Replayed,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    snapshot: Option<SnapshotMemo>,
}

/// The snapshot's tally, as [`snapshot_memo`] found it.
pub(super) enum SnapshotTally {
    /// Too few reviews to keep one.
    Short,
    /// The memo's is the snapshot's.
    Kept,
    Fresh(SnapshotMemo),
}

/// The stats tally of the reviews in one version of `progress.json`.
#[derive(Serialize, Deserialize)]
pub(super) struct SnapshotMemo {
    /// The snapshot's size, modification time and inode.
    mark: Mark,
    /// The snapshot's newest review (time, id): a review of the log after it is not in it.
    newest: Option<(DateTime<Utc>, String)>,
    drills: Vec<String>,
    tally: StoredTally,
}

type Mark = (u64, SystemTime, u64);

/// The mark of the regular file `file`, where the system gives all three parts.
fn mark(file: &File) -> Option<Mark> {
    let meta = file.metadata().ok().filter(std::fs::Metadata::is_file)?;
    #[cfg(unix)]
    {
        let inode = std::os::unix::fs::MetadataExt::ino(&meta);
        Some((meta.len(), meta.modified().ok()?, inode))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Reads the memo of `dir`; missing or unreadable is none.
pub(super) fn read(dir: &Path) -> Option<MemoFile> {
    let bytes = file_guard::read_regular(&dir.join(MEMO_NAME), MAX_PROGRESS_BYTES).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// The snapshot's tally for the memo, `snapshot` being `progress.json` as just read, before
/// the log is merged in: the memo's own when its mark is the file's (`file` is opened before
/// the snapshot is read, so a compaction in between only makes the mark stale), else a new
/// one (replaying every review once).
pub(super) fn snapshot_memo(
    memo: Option<&MemoFile>,
    file: Option<&File>,
    snapshot: &Progress,
) -> SnapshotTally {
    if snapshot.reviews.len() < MEMO_MIN_REVIEWS {
        return SnapshotTally::Short;
    }
    let Some(mark) = file.and_then(mark) else {
        return SnapshotTally::Short;
    };
    if memo
        .and_then(|m| m.snapshot.as_ref())
        .is_some_and(|kept| kept.mark == mark)
    {
        return SnapshotTally::Kept;
    }
    let mut tally = Tally::default();
    for review in &snapshot.reviews {
        tally.add(review);
    }
    SnapshotTally::Fresh(SnapshotMemo {
        mark,
        newest: snapshot.reviews.last().map(|r| (r.at, r.id.clone())),
        drills: snapshot.drills.iter().map(|d| d.id.clone()).collect(),
        tally: StoredTally::from(&tally),
    })
}

/// Attaches the memo's replay to `progress` (the whole history), and rewrites the memo when
/// that replay does not fit the history or lags it by [`MEMO_LAG`] reviews or more, or when
/// the snapshot's tally changed.
pub(super) fn refresh_memo(
    dir: &Path,
    progress: &mut Progress,
    memo: Option<MemoFile>,
    tally: SnapshotTally,
) {
    if progress.reviews.len() < MEMO_MIN_REVIEWS {
        return;
    }
    let (replayed, old_snapshot) = match memo {
        Some(m) => (Some(m.replayed), m.snapshot),
        None => (None, None),
    };
    let (snapshot, tally_current) = match tally {
        SnapshotTally::Kept => (old_snapshot, true),
        SnapshotTally::Fresh(fresh) => (Some(fresh), false),
        SnapshotTally::Short => (None, old_snapshot.is_none()),
    };
    progress.replayed = Cached(replayed.map(Arc::new));
    let covered = progress.replayed.0.as_ref().map_or(0, |c| c.count);
    let replay_current = progress.reviews.len() < covered + MEMO_LAG && progress.replayed_fits();
    if replay_current && tally_current {
        return;
    }
    let replayed = match progress.replay_for_cache() {
        Some(fresh) if !replay_current => Arc::new(fresh),
        _ => match progress.replayed.0.clone() {
            Some(current) => current,
            None => return,
        },
    };
    let file = MemoFile {
        replayed: Replayed::clone(&replayed),
        snapshot,
    };
    if let Ok(json) = serde_json::to_vec(&file)
        && let Ok(mut temp) = tempfile::Builder::new()
            .prefix(".progress.json.")
            .suffix(".tmp")
            .tempfile_in(dir)
        && temp.write_all(&json).is_ok()
    {
        let _ = temp.persist(dir.join(MEMO_NAME));
    }
    progress.replayed = Cached(Some(replayed));
}

/// The tally of every review in `dir` and the number of drills, from the memo and the log,
/// when the memo's tally is of the snapshot as it is and the log only adds newer reviews;
/// `None` when the whole history must be read. A damaged log is an error, as in
/// [`super::Store::open`].
pub fn quick_tally(dir: &Path) -> Result<Option<(Tally, usize)>, StoreError> {
    let Some(snapshot) = read(dir).and_then(|m| m.snapshot) else {
        return Ok(None);
    };
    let path = dir.join(FILE_NAME);
    // Opened, so a snapshot this user cannot read is reported by the full read, as before.
    let Ok(file) = File::open(&path) else {
        return Ok(None);
    };
    if mark(&file) != Some(snapshot.mark) {
        return Ok(None);
    }
    let (mut logged, _, _) = log::read(&dir.join(LOG_NAME), log::LogPos::default())?;
    logged.normalize();
    let newest = snapshot.newest.as_ref().map(|(at, id)| (*at, id.as_str()));
    if let Some(first) = logged.reviews.first()
        && newest.is_some_and(|newest| (first.at, first.id.as_str()) <= newest)
    {
        return Ok(None);
    }
    let mut tally = Tally::from(snapshot.tally);
    for review in &logged.reviews {
        tally.add(review);
    }
    let mut drills: HashSet<String> = snapshot.drills.into_iter().collect();
    drills.extend(logged.drills.into_iter().map(|d| d.id));
    Ok(Some((tally, drills.len())))
}
