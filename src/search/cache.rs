//! The search index of a big user deck kept on disk between runs, so that `infraprep search`
//! reads one file instead of every card (a 10,000-card deck is 234 MB of text, seconds to read).
//!
//! The cache file (`search-index-HASH.bin` in the data dir, one per set of decks) holds the
//! whole index, each card's path, id, number and title, and the warnings loading the deck gave.
//! It is keyed by the deck's fingerprint ([`Listing::fingerprint`]: app version, bundled cards,
//! each file's path, size and time) and the format version below. A search reads it, ranks, and
//! parses again only the cards it shows, checking that each still has the id, number and title
//! the cache says. A missing, stale, truncated, corrupt, oversized or foreign file is never an
//! error: the deck is read whole, as without a cache, and the file written again (to a temp file,
//! synced, then renamed over the old one, so a crash leaves the old file or the new one).

mod codec;
mod deck_index;
mod format;

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{Hit, Query, SearchIndex};
use crate::content::deck::{Listing, reread};
use crate::content::{Bilingual, Card, Deck, DeckSource, Problem};

pub use deck_index::IndexCache;
pub use format::MAX_CACHE_BYTES;

/// Decks with fewer card files than this are read whole: that is about as fast as the cache.
pub const MIN_CACHED_FILES: usize = 200;

/// What the search shows of a card without reading its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardHead {
    pub path: String,
    pub id: String,
    pub number: Option<u32>,
    pub title: Bilingual<String>,
}

impl CardHead {
    fn of(card: &Card) -> CardHead {
        CardHead {
            path: card.origin.path.clone(),
            id: card.id.clone(),
            number: card.number,
            title: card.title.clone(),
        }
    }

    fn is_of(&self, card: &Card) -> bool {
        self.id == card.id && self.number == card.number && self.title == card.title
    }
}

/// A search through the cache: the warnings loading the decks gave, the cards of the hits,
/// and the hits by card id with their scores, best first.
pub struct Found {
    pub warnings: Vec<Problem>,
    pub deck: Deck,
    pub hits: Vec<(String, i64)>,
}

/// Where a search's index came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoundBy {
    /// The cache file, up to date.
    Cache,
    /// The deck read whole; the cache file was written.
    Rebuilt,
}

/// The cache file for `sources` in data dir `dir`.
pub fn cache_path(dir: &Path, sources: &[DeckSource]) -> PathBuf {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut hasher = DefaultHasher::new();
    for source in sources {
        match source {
            DeckSource::Bundled => 0_u8.hash(&mut hasher),
            DeckSource::Dir(path) => std::fs::canonicalize(path)
                .unwrap_or_else(|_| path.clone())
                .hash(&mut hasher),
        }
    }
    dir.join(format!("search-index-{:016x}.bin", hasher.finish()))
}

/// True when `listing` is worth a cache: it has user card files, and many.
pub fn worth_caching(listing: &Listing) -> bool {
    listing.has_user_files() && listing.len() >= MIN_CACHED_FILES
}

/// The search through the cache file `path`, when it is up to date for `listing`; `None`
/// (nothing read but the file) when it is missing, stale or damaged. `search` then reads the
/// deck once for its query and starts [`build`] in the background.
pub fn lookup(listing: &Listing, path: &Path, query: &Query, limit: usize) -> Option<Found> {
    let cached = format::read(path, listing.fingerprint())?;
    from_cache(listing, cached, query, limit)
}

/// What [`build`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Built {
    /// The cache file is written, for this many cards.
    Wrote(usize),
    /// Another build of the same file holds its lock: nothing was read or written.
    Busy,
}

/// Reads the decks of `listing` whole and writes the cache file `path` for them, keyed by their
/// fingerprint taken before the read (what `infraprep build-search-cache` does), or does
/// nothing while another build of the same file runs: each search that finds the cache stale
/// starts one, and a few searches in a row must not read a big deck a few times over. The lock
/// is `path` with the extension `lock`, held until the file is written.
pub fn build(listing: Listing, path: &Path) -> std::io::Result<Built> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let lock = std::fs::File::create(path.with_extension("lock"))?;
    match lock.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => return Ok(Built::Busy),
        Err(std::fs::TryLockError::Error(error)) => return Err(error),
    }
    let fingerprint = listing.fingerprint();
    let listed = listing.warnings().len();
    let loaded = listing.load();
    let cards = loaded.deck.cards();
    let loading = loaded.warnings.get(listed..).unwrap_or_default();
    let (_, written) = rebuild(path, fingerprint, cards, loading);
    written.map(|()| Built::Wrote(cards.len()))
}

/// The index of `cards` (whose loading, past the listing, gave `warnings`); the cache file
/// `path` is written with it and the cards' heads under `fingerprint`. The app ignores a failed
/// write (a read-only data dir, a full disk only cost speed); `build-search-cache` reports it.
fn rebuild(
    path: &Path,
    fingerprint: u64,
    cards: &[Card],
    warnings: &[Problem],
) -> (SearchIndex, std::io::Result<()>) {
    let index = SearchIndex::build(cards);
    let heads: Vec<CardHead> = cards.iter().map(CardHead::of).collect();
    let written = write(path, &format::encode(fingerprint, &heads, warnings, &index));
    (index, written)
}

/// The search from a cache read, or `None` when a card it shows no longer matches its file.
fn from_cache(
    listing: &Listing,
    cached: format::Cached,
    query: &Query,
    limit: usize,
) -> Option<Found> {
    let hits = cached.index.run(query, limit);
    let mut cards = Vec::with_capacity(hits.len());
    for hit in &hits {
        let head = cached.heads.get(hit.card)?;
        let card = reread(&head.path).filter(|card| head.is_of(card))?;
        cards.push(card);
    }
    let (deck, _) = Deck::from_cards(cards);
    let mut warnings = listing.warnings().to_vec();
    warnings.extend(cached.warnings);
    let hits = ids(&hits, &cached.heads);
    // Freeing a big deck's index (hundreds of thousands of words) takes tens of milliseconds:
    // done on another thread, so the answer does not wait for it.
    let index = cached.index;
    // (Should no thread start, the closure and the index are dropped here instead.)
    let _ = std::thread::Builder::new().spawn(move || drop(index));
    Some(Found {
        warnings,
        deck,
        hits,
    })
}

fn ids(hits: &[Hit], heads: &[CardHead]) -> Vec<(String, i64)> {
    hits.iter()
        .filter_map(|hit| Some((heads.get(hit.card)?.id.clone(), hit.score)))
        .collect()
}

/// Writes `bytes` to `path` crash-safe: a temp file in the same directory, synced, renamed.
fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}
