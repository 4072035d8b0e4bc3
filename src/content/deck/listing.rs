//! A deck's card files listed but not yet read, with a fingerprint of what they hold: what a
//! cache of work done on the whole deck (the search index) is keyed by.
//!
//! The fingerprint covers the app version, the bundled cards' text, each deck directory (by its
//! canonical path) with its `glossary.toml`, and each card file's path, size, modification time
//! and inode: reading a 10,000-card deck takes seconds, stating its files a few milliseconds.
//! An edit that keeps a file's size and time to the nanosecond goes unseen, as it does for make.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;

use super::files::{self, CardFile, Text};
use super::{DeckSource, GLOSSARY_FILE, Loaded};
use crate::content::{Card, Problem};

/// The card files of some decks, listed, and the problems met listing them.
pub struct Listing {
    sources: Vec<DeckSource>,
    files: Vec<CardFile>,
    warnings: Vec<Problem>,
}

impl Listing {
    /// Lists the card files of `sources` (nothing is read yet).
    pub fn of(sources: &[DeckSource]) -> Listing {
        let mut warnings = Vec::new();
        let files = files::list(sources, &mut warnings);
        Listing {
            sources: sources.to_vec(),
            files,
            warnings,
        }
    }

    /// True when some card file is on disk (not only the bundled deck).
    pub fn has_user_files(&self) -> bool {
        self.files.iter().any(|f| matches!(f.text, Text::Disk(_)))
    }

    /// How many card files were found.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The problems met listing the files; [`Listing::load`] gives them first among its warnings.
    pub fn warnings(&self) -> &[Problem] {
        &self.warnings
    }

    /// Reads and parses the files on all cores: the deck [`super::load`] gives.
    pub fn load(self) -> Loaded {
        super::load::finish(&self.sources, &self.files, self.warnings, true)
    }

    /// A hash of everything loading these files depends on (see the module doc).
    pub fn fingerprint(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        env!("CARGO_PKG_VERSION").hash(&mut hasher);
        for source in &self.sources {
            match source {
                DeckSource::Bundled => files::hash_bundled(&mut hasher),
                DeckSource::Dir(dir) => {
                    std::fs::canonicalize(dir).ok().hash(&mut hasher);
                    hash_file(&dir.join(GLOSSARY_FILE), &mut hasher);
                }
            }
        }
        for file in &self.files {
            file.path.hash(&mut hasher);
            if let Text::Disk(path) = &file.text {
                hash_file(path, &mut hasher);
            }
        }
        hasher.finish()
    }
}

/// Hashes what `path`'s metadata says about its content (or that it has none).
fn hash_file(path: &Path, hasher: &mut DefaultHasher) {
    let Ok(meta) = std::fs::metadata(path) else {
        0_u8.hash(hasher);
        return;
    };
    1_u8.hash(hasher);
    meta.len().hash(hasher);
    meta.modified().ok().hash(hasher);
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (meta.ino(), meta.dev(), meta.ctime(), meta.ctime_nsec()).hash(hasher);
    }
}

/// The card in file `path` (a path as a loaded card's origin gives it: on disk, or
/// `bundled:NAME`), read and parsed again; `None` when it no longer reads as a card.
pub fn reread(path: &str) -> Option<Card> {
    let file = files::card_file(path)?;
    files::parse_file(&file).ok().map(|parsed| parsed.card)
}
