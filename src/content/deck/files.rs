//! Finding a deck's card files and parsing each one: embedded in the binary (the bundled deck)
//! or read from disk by the worker that parses it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use include_dir::{Dir, include_dir};

use super::{DeckSource, walk};
use crate::content::Problem;
use crate::content::file_guard;
use crate::content::parse::{Parsed, Storage, parse_card_stored};
use crate::content::section_text::FileBody;

static BUNDLED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/content/cards");

/// One card file: where its text comes from. A file on disk is read by the worker that parses
/// it, and its text dropped once parsed, so a big deck's texts are never all in memory at once.
pub(super) struct CardFile {
    pub(super) path: String,
    pub(super) text: Text,
}

pub(super) enum Text {
    /// The file's bytes in the binary, checked to be UTF-8 ([`embedded_text`]) only when read:
    /// checking all of the bundled deck's (1.7 MB) took a tenth of the first frame's time.
    Embedded(&'static [u8]),
    /// A bundled card by file name (build.rs's list), its bytes looked up when it is read: the
    /// embedded names sit among the embedded texts, and reading each of them to list the deck
    /// mapped most of the texts' 1.7 MB (64 KiB around each page touched) before the first frame.
    Bundled(&'static str),
    Disk(PathBuf),
}

impl Text {
    /// The bytes of an embedded file (`None` for a file on disk, or a bundled name the binary
    /// does not hold).
    pub(super) fn embedded_bytes(&self) -> Option<&'static [u8]> {
        match self {
            Text::Embedded(bytes) => Some(bytes),
            Text::Bundled(name) => BUNDLED.get_file(name).map(include_dir::File::contents),
            Text::Disk(_) => None,
        }
    }
}

/// One parsed file: the card, or its problems and (for a file whose front matter did not
/// parse) the id it seems to have.
pub(super) type ParseResult = Result<Parsed, (Vec<Problem>, Option<String>)>;

/// Every card file of `sources`, read and parsed on all cores (startup time is dominated by
/// parsing), in source and path order. Problems finding the files go to `problems`.
pub(super) fn read_and_parse(
    sources: &[DeckSource],
    problems: &mut Vec<Problem>,
) -> Vec<ParseResult> {
    parse_all(&list(sources, problems))
}

/// Every card file of `sources`, in source and path order, not yet read. Problems finding the
/// files go to `problems`.
pub(super) fn list(sources: &[DeckSource], problems: &mut Vec<Problem>) -> Vec<CardFile> {
    sources
        .iter()
        .flat_map(|s| read_source(s, problems))
        .collect()
}

/// `files` read and parsed on all cores, in their order.
pub(super) fn parse_all(files: &[CardFile]) -> Vec<ParseResult> {
    crate::content::parallel::map(files, parse_file)
}

/// The text of an embedded card file, or why it is not one.
pub(super) fn embedded_text(bytes: &'static [u8]) -> Result<&'static str, String> {
    std::str::from_utf8(bytes).map_err(|_| "not valid UTF-8".to_owned())
}

pub(super) fn parse_file(file: &CardFile) -> ParseResult {
    let unreadable = |message: String| (vec![Problem::new(&file.path, 0, message)], None);
    let parse = |text: &str, storage: Storage| {
        parse_card_stored(text, &file.path, &storage).map_err(|found| (found, loose_id(text)))
    };
    match &file.text {
        Text::Embedded(_) | Text::Bundled(_) => {
            let bytes = file.text.embedded_bytes();
            match bytes.map(embedded_text) {
                Some(Ok(text)) => parse(text, Storage::Embedded(text)),
                Some(Err(message)) => Err(unreadable(message)),
                None => Err(unreadable("not in this binary".to_owned())),
            }
        }
        Text::Disk(path) => {
            match file_guard::read_regular_string(path, file_guard::MAX_CARD_BYTES) {
                Ok(text) => {
                    let body = FileBody::new(path.clone(), &text);
                    parse(&text, Storage::File(Arc::new(body)))
                }
                Err(e) => Err(unreadable(format!("the card file {e}"))),
            }
        }
    }
}

fn read_source(source: &DeckSource, problems: &mut Vec<Problem>) -> Vec<CardFile> {
    match source {
        DeckSource::Bundled => bundled_files(),
        DeckSource::Dir(dir) => dir_files(dir, problems).unwrap_or_else(|message| {
            problems.push(Problem::new(&dir.display().to_string(), 0, message));
            Vec::new()
        }),
    }
}

/// The card file at `path`, as [`CardFile::path`] shows it; `None` for a bundled name the
/// binary does not hold.
pub(super) fn card_file(path: &str) -> Option<CardFile> {
    let text = match path.strip_prefix("bundled:") {
        Some(name) => Text::Embedded(BUNDLED.get_file(name)?.contents()),
        None => Text::Disk(PathBuf::from(path)),
    };
    Some(CardFile {
        path: path.to_owned(),
        text,
    })
}

/// Hashes the bundled cards' names and text (they change with the binary).
pub(super) fn hash_bundled(hasher: &mut impl std::hash::Hasher) {
    for file in BUNDLED.files() {
        hasher.write(file.path().as_os_str().as_encoded_bytes());
        hasher.write(file.contents());
    }
}

fn bundled_files() -> Vec<CardFile> {
    super::BUNDLED_CARD_NAMES
        .iter()
        .map(|&name| CardFile {
            path: format!("bundled:{name}"),
            text: Text::Bundled(name),
        })
        .collect()
}

/// Every `*.md` file under `dir`, recursively, in path order. Problems with single entries
/// (unreadable, special files, symlink loops) are pushed to `problems` and the entry skipped; only
/// an unreadable `dir` itself is an error.
fn dir_files(dir: &Path, problems: &mut Vec<Problem>) -> Result<Vec<CardFile>, String> {
    if !dir.is_dir() {
        return Err(if dir.exists() {
            "is not a directory: --deck takes a directory of card files".to_owned()
        } else {
            "deck directory not found".to_owned()
        });
    }
    let mut paths = walk::card_paths(dir, problems)?;
    paths.sort();
    Ok(paths
        .into_iter()
        .map(|path| CardFile {
            path: path.display().to_string(),
            text: Text::Disk(path),
        })
        .collect())
}

/// The `id = "..."` of a card whose front matter did not parse, found line by line.
fn loose_id(text: &str) -> Option<String> {
    text.lines()
        .take_while(|l| !l.trim_start().starts_with("# "))
        .find_map(|line| {
            let value = line
                .trim()
                .strip_prefix("id")?
                .trim_start()
                .strip_prefix('=')?
                .trim();
            Some(value.trim_matches('"').to_owned())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_bytes_are_checked_when_the_card_is_read() {
        static BAD: &[u8] = b"+++\nid = \"a\xff\"\n+++\n";
        let file = CardFile {
            path: "bundled:bad.md".to_owned(),
            text: Text::Embedded(BAD),
        };
        let Err((problems, id)) = parse_file(&file) else {
            panic!("invalid UTF-8 was read as a card");
        };
        assert_eq!(
            problems,
            vec![Problem::new("bundled:bad.md", 0, "not valid UTF-8")]
        );
        assert_eq!(id, None);
        let bundled = bundled_files();
        let mut embedded: Vec<_> = BUNDLED
            .files()
            .filter(|f| f.path().extension().is_some_and(|e| e == "md"))
            .map(|f| format!("bundled:{}", f.path().display()))
            .collect();
        embedded.sort();
        let listed: Vec<_> = bundled.iter().map(|f| f.path.clone()).collect();
        assert_eq!(
            listed, embedded,
            "build.rs lists the embedded card files, sorted"
        );
        for file in &bundled {
            assert!(parse_file(file).is_ok(), "{} reads", file.path);
        }
    }
}
