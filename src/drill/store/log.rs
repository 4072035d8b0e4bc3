//! The append-only review log, `progress.log`, next to the `progress.json` snapshot.
//!
//! Grading appends one line and fsyncs it, instead of re-reading, merging and rewriting the
//! whole history (which took about a second at 100,000 reviews). Each line is one JSON object
//! with one key, the name of the list in `progress.json` the record belongs to, and the record
//! as its value: `{"reviews":{...}}`, `{"drills":{...}}`. A record of a kind this build does not
//! know is kept: it is folded into the snapshot's top-level list of that name. Lines are only
//! written under the save lock, so a line that does not end in a newline is the torn tail of a
//! writer that died mid-write; it is ignored and cut off before the next append.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use serde_json::Value;

use super::{Attempt, DrillSummary, Progress, Review, StoreError};
use crate::text::sanitize::sanitize;

/// The log's name inside the data dir.
pub const LOG_NAME: &str = "progress.log";

/// Which log file was read and how far: a compaction replaces the file, so a changed identity
/// (or a shorter file) means "read it all again".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LogPos {
    pub identity: Option<(u64, u64)>,
    /// Bytes up to the end of the last complete line read.
    pub len: u64,
}

/// The identity of an open file: device and inode where the system has them.
#[cfg(unix)]
#[allow(clippy::unnecessary_wraps)] // `None` on other systems
fn identity(meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn identity(_meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// One line for `record` of the list `kind`.
pub fn line<T: serde::Serialize>(kind: &str, record: &T) -> Result<String, serde_json::Error> {
    let mut map = serde_json::Map::new();
    map.insert(kind.to_owned(), serde_json::to_value(record)?);
    let mut text = serde_json::to_string(&map)?;
    text.push('\n');
    Ok(text)
}

/// Reads the log at `path` from `from` (when it is still the same file), folding its complete
/// lines into a fresh [`Progress`]; returns it and the new position. A missing log is empty.
pub fn read(path: &Path, from: LogPos) -> Result<(Progress, LogPos, bool), StoreError> {
    let read_error = |source| StoreError::Read {
        path: path.to_path_buf(),
        source,
    };
    let mut file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok((
                Progress::default(),
                LogPos::default(),
                from.identity.is_some(),
            ));
        }
        Err(e) => return Err(read_error(e)),
    };
    let meta = file.metadata().map_err(read_error)?;
    if !meta.is_file() {
        return Err(StoreError::Corrupt {
            path: path.to_path_buf(),
            line: None,
            message: "not a regular file".to_owned(),
        });
    }
    let id = identity(&meta);
    let same = id.is_some() && id == from.identity && meta.len() >= from.len;
    let start = if same { from.len } else { 0 };
    file.seek(SeekFrom::Start(start)).map_err(read_error)?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(read_error)?;
    let complete = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
    let mut progress = Progress::default();
    for (n, text) in bytes[..complete].split(|b| *b == b'\n').enumerate() {
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        apply(&mut progress, text).map_err(|message| StoreError::Corrupt {
            path: path.to_path_buf(),
            line: (start == 0).then_some(n + 1),
            message,
        })?;
    }
    let pos = LogPos {
        identity: id,
        len: start + complete as u64,
    };
    Ok((progress, pos, !same))
}

/// Folds one line into `progress`.
fn apply(progress: &mut Progress, text: &[u8]) -> Result<(), String> {
    let clean = |e: serde_json::Error| sanitize(&e.to_string()).into_owned();
    let map: serde_json::Map<String, Value> = serde_json::from_slice(text).map_err(clean)?;
    for (kind, value) in map {
        match kind.as_str() {
            "reviews" => progress
                .reviews
                .push(serde_json::from_value::<Review>(value).map_err(clean)?),
            "drills" => progress
                .drills
                .push(serde_json::from_value::<DrillSummary>(value).map_err(clean)?),
            "attempts" => {
                progress.add_attempt(serde_json::from_value::<Attempt>(value).map_err(clean)?);
            }
            _ => push_unknown(progress, kind, value),
        }
    }
    Ok(())
}

/// Keeps a record of a kind this build does not know in the top-level list of its name.
pub fn push_unknown(progress: &mut Progress, kind: String, value: Value) {
    let entry = progress
        .extra
        .entry(kind)
        .or_insert_with(|| Value::Array(Vec::new()));
    if !entry.is_array() {
        *entry = Value::Array(vec![entry.take()]);
    }
    if let Value::Array(items) = entry
        && !items.contains(&value)
    {
        items.push(value);
    }
}

/// Appends `lines` to the log under the caller's lock, cutting a torn tail first, and fsyncs.
/// On error the file is cut back to where it was, so no half line stays behind.
pub fn append(path: &Path, pos: LogPos, lines: &str) -> Result<LogPos, StoreError> {
    let write_error = |source| StoreError::Write {
        path: path.to_path_buf(),
        source,
    };
    let mut file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(write_error)?;
    let meta = file.metadata().map_err(write_error)?;
    let id = identity(&meta);
    let start = if id.is_some() && id == pos.identity {
        pos.len
    } else {
        meta.len()
    };
    if meta.len() != start {
        file.set_len(start).map_err(write_error)?;
    }
    file.seek(SeekFrom::Start(start)).map_err(write_error)?;
    let written = file
        .write_all(lines.as_bytes())
        .and_then(|()| file.sync_data());
    if let Err(e) = written {
        let _ = file.set_len(start);
        return Err(write_error(e));
    }
    Ok(LogPos {
        identity: id,
        len: start + lines.len() as u64,
    })
}
