//! The search cache (`search::cache`): a big user deck's index kept in the data dir gives the
//! same hits as reading the deck whole, and a missing, stale or damaged cache file is rebuilt
//! without a word.

use std::path::{Path, PathBuf};

use infraprep::content::DeckSource;
use infraprep::content::deck::Listing;
use infraprep::content::glossary::Glossary;
use infraprep::search::Query;
use infraprep::search::cache::{self, FoundBy, MIN_CACHED_FILES};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/good-deck");

/// A deck of `MIN_CACHED_FILES` cards made from the good fixture's two cards, each with its own
/// id and a word of its own in the title.
fn big_deck(dir: &Path) -> PathBuf {
    let deck = dir.join("deck");
    std::fs::create_dir_all(&deck).expect("deck dir");
    let texts: Vec<String> = ["alpha.md", "beta.md"]
        .iter()
        .map(|n| std::fs::read_to_string(Path::new(FIXTURE).join(n)).expect("fixture"))
        .collect();
    for i in 0..MIN_CACHED_FILES {
        let text = &texts[i % 2];
        let id_line = text.lines().find(|l| l.starts_with("id = ")).expect("id");
        let text = text
            .replacen(id_line, &format!("id = \"made-{i}\""), 1)
            .replacen("\nen = \"", &format!("\nen = \"word{i} "), 1);
        std::fs::write(deck.join(format!("card-{i:04}.md")), text).expect("card");
    }
    deck
}

fn sources(deck: &Path) -> Vec<DeckSource> {
    vec![DeckSource::Bundled, DeckSource::Dir(deck.to_path_buf())]
}

fn search(deck: &Path, data: &Path, text: &str) -> (Vec<(String, i64)>, FoundBy) {
    let sources = sources(deck);
    let query = Query::parse(text, Glossary::bundled());
    let found = cache::search(
        Listing::of(&sources),
        &cache::cache_path(data, &sources),
        &query,
        50,
    );
    (found.hits, found.source)
}

#[test]
fn a_second_search_reads_the_cache_and_finds_the_same() {
    let dir = tempfile::tempdir().expect("tmp");
    let deck = big_deck(dir.path());
    let data = dir.path().join("data");
    let (first, how) = search(&deck, &data, "tensor parallel");
    assert_eq!(how, FoundBy::Rebuilt);
    assert!(!first.is_empty());
    let (second, how) = search(&deck, &data, "tensor parallel");
    assert_eq!(how, FoundBy::Cache);
    assert_eq!(second, first);
}
