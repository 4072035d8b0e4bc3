//! The whole-deck index the TUI searches, served from the same cache file as `infraprep search`
//! so that a big deck's search is ready a moment after the deck is read, not after every card is
//! tokenized again (15 s of one core for 10,000 cards).
//!
//! The deck's files are listed and fingerprinted when the TUI starts reading them, never after:
//! a file edited while the deck is read then keys the cache by its older state, and the next run
//! sees a new fingerprint and builds again. A cache is used only when its cards are the read
//! deck's cards in the same order (the index names cards by position).

use std::path::{Path, PathBuf};

use super::{FoundBy, format, worth_caching};
use crate::content::deck::Listing;
use crate::content::{Card, DeckSource, Problem};
use crate::search::SearchIndex;

/// Where a deck's index is kept and the fingerprint of its files before they were read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexCache {
    path: PathBuf,
    fingerprint: u64,
    /// How many of the deck's warnings come from listing its files (the cache keeps the rest).
    listed: usize,
}

impl IndexCache {
    /// Lists and fingerprints the card files of `sources`; `None` when the deck is too small to
    /// be worth a cache (then the index is built as before).
    pub fn of(data_dir: &Path, sources: &[DeckSource]) -> Option<IndexCache> {
        let listing = Listing::of(sources);
        worth_caching(&listing).then(|| IndexCache {
            path: super::cache_path(data_dir, sources),
            fingerprint: listing.fingerprint(),
            listed: listing.warnings().len(),
        })
    }

    /// The index of `cards`, the deck as read (whose loading gave `warnings`): the cache file's
    /// when it is up to date and holds these cards in this order; else built, and the file
    /// written again (a file that cannot be written only costs speed next time).
    pub fn index(&self, cards: &[Card], warnings: &[Problem]) -> (SearchIndex, FoundBy) {
        if let Some(cached) = format::read(&self.path, self.fingerprint)
            && cached.heads.len() == cards.len()
            && cached
                .heads
                .iter()
                .zip(cards)
                .all(|(head, card)| head.is_of(card) && head.path == card.origin.path)
        {
            return (cached.index, FoundBy::Cache);
        }
        let loading = warnings.get(self.listed..).unwrap_or_default();
        let (index, _) = super::rebuild(&self.path, self.fingerprint, cards, loading);
        (index, FoundBy::Rebuilt)
    }
}
