//! A section's markdown, kept where it costs least: the bundled deck's text is embedded in the
//! binary, so its sections point into it; a user card's sections stay in its file and are read
//! again when shown.
//!
//! A 10,000-card deck is about 240 MB of text, two thirds of it section bodies. Holding all of it
//! took 350 MiB; the list, the drill and the checks need only the front matter, follow-ups and
//! links, which the loader keeps. A file read again is compared (length and hash) with the text
//! that was checked at load, so a card never shows text that was not checked with it: a changed
//! or vanished file shows a message saying to restart instead.

use std::fmt;
use std::hash::Hasher;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use super::file_guard::{self, MAX_CARD_BYTES};
use super::{Bilingual, Card, Lang, Section, card::LangBody};

/// The markdown of one section (without its heading).
#[derive(Clone, Default)]
pub struct SectionText(Repr);

#[derive(Clone)]
enum Repr {
    Owned(String),
    Static(&'static str),
    /// Bytes `range` of the card file's text.
    File {
        file: Arc<FileBody>,
        range: Range<usize>,
    },
}

impl Default for Repr {
    fn default() -> Repr {
        Repr::Owned(String::new())
    }
}

/// A card file whose sections are read from disk when shown, and what its text was at load.
pub struct FileBody {
    path: PathBuf,
    len: usize,
    hash: u64,
    /// The text once read for display (the reader keeps the cards it showed).
    cache: OnceLock<Result<String, String>>,
}

/// A fast hash of a card file's text, to notice that it changed since it was loaded.
fn text_hash(text: &str) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    hasher.write(text.as_bytes());
    hasher.finish()
}

impl FileBody {
    /// The file at `path`, whose text at load is `text`.
    pub fn new(path: PathBuf, text: &str) -> FileBody {
        FileBody {
            path,
            len: text.len(),
            hash: text_hash(text),
            cache: OnceLock::new(),
        }
    }

    /// Reads the file again; an error (unreadable, or changed since load) is the message to show.
    fn read(&self) -> Result<String, String> {
        let text = file_guard::read_regular_string(&self.path, MAX_CARD_BYTES).map_err(|e| {
            format!(
                "*The card file {} {e}. Restart infraprep to load the deck again.*",
                self.path.display()
            )
        })?;
        if text.len() == self.len && text_hash(&text) == self.hash {
            Ok(text)
        } else {
            Err(format!(
                "*The card file {} changed since the deck was loaded. Restart infraprep (or run \
                 `infraprep validate`) to read it again.*",
                self.path.display()
            ))
        }
    }

    fn text(&self) -> &Result<String, String> {
        self.cache.get_or_init(|| self.read())
    }
}

/// The text of `range` in a file read (or the message why it could not be).
fn slice(read: &Result<String, String>, range: Range<usize>) -> &str {
    match read {
        Ok(text) => text.get(range).unwrap_or_default(),
        Err(message) => message,
    }
}

impl SectionText {
    pub fn owned(text: String) -> SectionText {
        SectionText(Repr::Owned(text))
    }

    /// Text embedded in the binary, shared rather than copied.
    pub fn embedded(text: &'static str) -> SectionText {
        SectionText(Repr::Static(text))
    }

    /// Bytes `range` of `file`, read when first shown.
    pub fn in_file(file: Arc<FileBody>, range: Range<usize>) -> SectionText {
        SectionText(Repr::File { file, range })
    }

    /// The markdown; a file's is read on first use and kept.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Owned(text) => text,
            Repr::Static(text) => text,
            Repr::File { file, range } => slice(file.text(), range.clone()),
        }
    }

    fn file(&self) -> Option<&Arc<FileBody>> {
        match &self.0 {
            Repr::File { file, .. } => Some(file),
            _ => None,
        }
    }
}

impl PartialEq for SectionText {
    fn eq(&self, other: &SectionText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for SectionText {}

impl fmt::Debug for SectionText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::File { file, range } => {
                write!(f, "SectionText({}:{range:?})", file.path.display())
            }
            _ => fmt::Debug::fmt(self.as_str(), f),
        }
    }
}

/// A card's sections for one pass over all of them (the search index, snippets) that should not
/// keep a file's text afterwards: the file is read once here and dropped with this value.
pub struct BodyText<'a> {
    body: &'a Bilingual<LangBody>,
    fresh: Option<Result<String, String>>,
}

impl BodyText<'_> {
    pub fn section(&self, lang: Lang, section: Section) -> &str {
        let text = &self.body.get(lang).sections[section as usize];
        match (&text.0, &self.fresh) {
            (Repr::File { range, .. }, Some(read)) => slice(read, range.clone()),
            _ => text.as_str(),
        }
    }
}

impl Card {
    /// The sections of both languages, read once (see [`BodyText`]); a file the reader already
    /// showed is not read again.
    pub fn body_text(&self) -> BodyText<'_> {
        let file = [&self.body.zh, &self.body.en]
            .into_iter()
            .flat_map(|b| &b.sections)
            .find_map(SectionText::file);
        let fresh = file.and_then(|f| f.cache.get().is_none().then(|| f.read()));
        BodyText {
            body: &self.body,
            fresh,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::super::deck::{BUNDLED_CARD_FILES, load};
    use super::super::parse::parse_card;
    use super::super::{Card, DeckSource, Lang, Section};

    const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/good-deck");

    /// A copy of the good fixture deck and its first card as loaded from there.
    fn loaded_deck() -> (tempfile::TempDir, Card) {
        let dir = tempfile::tempdir().expect("temp dir");
        for name in ["alpha.md", "beta.md"] {
            std::fs::copy(Path::new(FIXTURE).join(name), dir.path().join(name)).expect("copy");
        }
        let loaded = load(&[DeckSource::Dir(dir.path().to_path_buf())]);
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        let card = loaded.deck.cards()[0].clone();
        (dir, card)
    }

    fn file_of(card: &Card) -> &str {
        card.origin.path.as_str()
    }

    /// The card as a plain parse of its file's text (every section copied) reads.
    fn copied(card: &Card) -> Card {
        let text = std::fs::read_to_string(file_of(card)).expect("card file");
        parse_card(&text, file_of(card)).expect("parses").card
    }

    #[test]
    fn a_user_card_reads_its_sections_from_its_file() {
        let (_dir, card) = loaded_deck();
        let plain = copied(&card);
        for lang in Lang::ALL {
            for section in Section::ALL {
                let want = plain.body.get(lang).section(section);
                assert!(!want.is_empty());
                assert_eq!(card.body.get(lang).section(section), want);
                assert_eq!(card.body_text().section(lang, section), want);
            }
        }
        assert_eq!(card, plain);
    }

    #[test]
    fn a_file_changed_after_loading_shows_a_message_not_the_new_text() {
        let (_dir, card) = loaded_deck();
        let path = file_of(&card).to_owned();
        let old = std::fs::read_to_string(&path).expect("read");
        // `body_text` reads without keeping: the change below is seen by the next read.
        let short = card
            .body_text()
            .section(Lang::En, Section::Short)
            .to_owned();
        std::fs::write(&path, old.replace(&short, "Replaced after loading.")).expect("write");
        let shown = card.body.get(Lang::En).section(Section::Short);
        assert!(
            shown.contains("changed since the deck was loaded"),
            "{shown}"
        );
        assert!(!shown.contains("Replaced"), "{shown}");
    }

    #[test]
    fn a_section_once_shown_is_kept_when_its_file_changes_or_goes() {
        let (_dir, card) = loaded_deck();
        let shown = card.body.get(Lang::Zh).section(Section::Detail).to_owned();
        std::fs::remove_file(file_of(&card)).expect("remove");
        assert_eq!(card.body.get(Lang::Zh).section(Section::Detail), shown);
        assert_eq!(card.body_text().section(Lang::Zh, Section::Detail), shown);
    }

    #[test]
    fn a_vanished_file_shows_that_it_cannot_be_read() {
        let (_dir, card) = loaded_deck();
        std::fs::remove_file(file_of(&card)).expect("remove");
        let shown = card.body.get(Lang::En).section(Section::Interview);
        assert!(shown.contains("cannot be read"), "{shown}");
        assert!(shown.contains("Restart infraprep"), "{shown}");
    }

    #[test]
    fn bundled_cards_point_into_the_binary_and_read_as_a_plain_parse() {
        let deck = load(&[DeckSource::Bundled]).deck;
        assert_eq!(deck.len(), BUNDLED_CARD_FILES);
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/content/cards");
        for card in deck.cards() {
            let name = card.origin.path.trim_start_matches("bundled:");
            let text = std::fs::read_to_string(Path::new(dir).join(name)).expect("card file");
            let plain = parse_card(&text, &card.origin.path).expect("parses").card;
            assert_eq!(card, &plain, "{name}");
        }
    }
}
