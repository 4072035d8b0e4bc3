//! Reading and writing `progress.json`: a damaged, misspelt or newer file is reported, never
//! read as empty; a new one is written whole to a synced temp file the caller renames.

use std::io::Write;
use std::path::Path;

use serde::Serialize;

use super::FILE_NAME;
use super::{FORMAT_VERSION, Progress, StoreError};
use crate::content::file_guard::{self, MAX_PROGRESS_BYTES, ReadError};
use crate::text::sanitize::{sanitize, sanitize_line};

/// [`ProgressFile`] for writing, borrowing the progress instead of cloning it.
#[derive(Serialize)]
struct ProgressFileRef<'a> {
    version: u32,
    #[serde(flatten)]
    progress: &'a Progress,
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
