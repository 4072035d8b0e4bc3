//! Reading a file the user pointed at, without hanging on what is not a file.
//!
//! A FIFO named `x.md` blocks the first read forever, `/dev/zero` (as a card, through a symlink, or
//! as `--config`) reads until memory runs out, and a 200 MB "card" freezes every screen that shows
//! it. Card files, the config file and the progress file all come through [`read_regular`], which
//! reads regular files only and stops at a size limit.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

/// Largest card file read: 4 MiB, a hundred times the longest bundled card.
pub const MAX_CARD_BYTES: u64 = 4 << 20;
/// Largest config file read: 4 MiB (a config is a few hundred bytes; 20,000 links are 2 MB).
pub const MAX_CONFIG_BYTES: u64 = 4 << 20;
/// Largest progress file read: 1 GiB (100,000 reviews take 57 MB).
pub const MAX_PROGRESS_BYTES: u64 = 1 << 30;

/// Why a file was not read. Displayed as a predicate ("is a FIFO …", "cannot be read: …") to
/// follow the file's name or "the file".
#[derive(Debug)]
pub enum ReadError {
    /// A directory, FIFO, socket or device.
    NotRegular(&'static str),
    /// Larger than the limit; `size` is `None` when the file grew past it while being read.
    TooLarge {
        size: Option<u64>,
        limit: u64,
    },
    /// Not UTF-8 text; the byte offset of the first bad byte.
    NotUtf8(usize),
    Io(io::Error),
}

impl ReadError {
    /// True when the file does not exist (callers treat a missing optional file as empty).
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotRegular(kind) => {
                write!(f, "is {kind}, not a regular file; point to a regular file")
            }
            ReadError::TooLarge {
                size: Some(size),
                limit,
            } => write!(
                f,
                "is {}; the limit is {}: check that this is the file you meant, or split it",
                mib(*size),
                mib(*limit)
            ),
            ReadError::TooLarge { size: None, limit } => write!(
                f,
                "is larger than {}, the limit: check that this is the file you meant, or split it",
                mib(*limit)
            ),
            ReadError::NotUtf8(at) => write!(f, "is not valid UTF-8 (byte {at}): save it as UTF-8"),
            ReadError::Io(e) => write!(f, "cannot be read: {e}"),
        }
    }
}

impl std::error::Error for ReadError {}

fn mib(bytes: u64) -> String {
    let value = bytes as f64 / f64::from(1u32 << 20);
    if value >= 10.0 || value.fract() == 0.0 {
        format!("{value:.0} MiB")
    } else {
        format!("{value:.1} MiB")
    }
}

/// What a non-regular file type is, in words.
fn kind_of(file_type: fs::FileType) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if file_type.is_socket() {
            return Some("a socket");
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return Some("a device");
        }
    }
    if file_type.is_dir() {
        Some("a directory")
    } else if file_type.is_file() {
        None
    } else {
        Some("not a regular file")
    }
}

/// Which files besides regular ones a reader takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accept {
    /// Regular files only: for files found by walking a directory (cards), where a FIFO is
    /// a trap rather than a choice.
    RegularOnly,
    /// Also pipes and FIFOs, still within the size limit: for a file the user named on the
    /// command line, so `--config <(generate-config)` works.
    AlsoPipes,
}

fn refused(file_type: fs::FileType, accept: Accept) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if accept == Accept::AlsoPipes && file_type.is_fifo() {
            return None;
        }
    }
    let _ = accept;
    kind_of(file_type)
}

/// Checks, without opening it, that `path` (after symlinks) is a regular file within `limit`.
/// Opening a FIFO blocks until a writer appears, so this must come before `File::open`.
pub fn check_regular(path: &Path, limit: u64) -> Result<(), ReadError> {
    check(path, limit, Accept::RegularOnly)
}

fn check(path: &Path, limit: u64, accept: Accept) -> Result<(), ReadError> {
    let meta = fs::metadata(path).map_err(ReadError::Io)?;
    if let Some(kind) = refused(meta.file_type(), accept) {
        return Err(ReadError::NotRegular(kind));
    }
    if meta.is_file() && meta.len() > limit {
        return Err(ReadError::TooLarge {
            size: Some(meta.len()),
            limit,
        });
    }
    Ok(())
}

/// The bytes of `path`, which must be a regular file (or, with [`Accept::AlsoPipes`], a pipe)
/// of at most `limit` bytes.
///
/// The size is checked again while reading, since a file can grow (or be `/proc`-like and report
/// 0) between the check and the read.
pub fn read_limited(path: &Path, limit: u64, accept: Accept) -> Result<Vec<u8>, ReadError> {
    check(path, limit, accept)?;
    let file = File::open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if let Some(kind) = refused(meta.file_type(), accept) {
        return Err(ReadError::NotRegular(kind));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len().min(limit)).unwrap_or(0));
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { size: None, limit });
    }
    Ok(bytes)
}

/// [`read_limited`] of a regular file.
pub fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    read_limited(path, limit, Accept::RegularOnly)
}

/// [`read_limited`] as UTF-8 text.
pub fn read_limited_string(path: &Path, limit: u64, accept: Accept) -> Result<String, ReadError> {
    let bytes = read_limited(path, limit, accept)?;
    String::from_utf8(bytes).map_err(|e| ReadError::NotUtf8(e.utf8_error().valid_up_to()))
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_string(path: &Path, limit: u64) -> Result<String, ReadError> {
    read_limited_string(path, limit, Accept::RegularOnly)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_regular_files_within_the_limit() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.md");
        fs::write(&path, "hello").expect("write");
        assert_eq!(read_regular(&path, 5).expect("read"), b"hello");
        let err = read_regular(&path, 4).expect_err("too large").to_string();
        assert!(err.contains("the limit is"), "{err}");
        let err = read_regular(dir.path(), 5).expect_err("dir").to_string();
        assert!(err.contains("a directory"), "{err}");
        assert!(
            read_regular(&dir.path().join("missing"), 5)
                .expect_err("missing")
                .is_not_found()
        );
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_refused_without_reading() {
        let err = read_regular(Path::new("/dev/zero"), MAX_CONFIG_BYTES)
            .expect_err("device")
            .to_string();
        assert!(err.contains("is a device, not a regular file"), "{err}");
    }

    #[test]
    fn sizes_read_in_mib() {
        assert_eq!(mib(4 << 20), "4 MiB");
        assert_eq!(mib(3 << 19), "1.5 MiB");
        assert_eq!(mib(200 << 20), "200 MiB");
    }
}
