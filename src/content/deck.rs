//! Decks: the bundled one embedded in the binary, and user directories of card files.
//!
//! Loading never fails as a whole: a broken card is skipped with a warning that names its file
//! and line, so one bad file never hides the good cards. Checking (for `validate`) reports every
//! problem in every file instead.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use super::glossary::Glossary;
use super::{Card, Problem};

mod files;
mod listing;
mod load;
mod outline;
mod walk;

pub use listing::{Listing, reread};
pub use load::{check, load};
pub use outline::{Loading, load_in_background};

include!(concat!(env!("OUT_DIR"), "/bundled_count.rs"));

/// The file in a deck directory whose term groups extend the bundled glossary.
pub const GLOSSARY_FILE: &str = "glossary.toml";

/// Where cards come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeckSource {
    Bundled,
    Dir(PathBuf),
}

/// A set of cards with unique ids, in curriculum order. Cloning shares the cards, so a
/// background search index can be built from them while the UI keeps using the deck.
#[derive(Debug, Clone, Default)]
pub struct Deck {
    cards: Arc<Vec<Card>>,
    by_id: HashMap<String, usize>,
    /// The bundled glossary extended by the decks' `glossary.toml` files; `None` when no deck
    /// added one (then [`Deck::glossary`] is the bundled one, shared, not copied).
    glossary: Option<Arc<Glossary>>,
}

/// A loaded deck and the problems that made some cards be skipped.
#[derive(Debug)]
pub struct Loaded {
    pub deck: Deck,
    pub warnings: Vec<Problem>,
}

impl Deck {
    /// Builds a deck from cards, keeping the first card of each id. Returns the duplicates' problems.
    ///
    /// The cards are deduplicated and sorted where they lie: a card is 864 bytes, and each copy
    /// of the bundled deck's 66 (into a second vector, a sort's scratch space, a shared slice)
    /// touched 14 fresh pages before the first frame.
    pub fn from_cards(mut cards: Vec<Card>) -> (Deck, Vec<Problem>) {
        let mut problems = Vec::new();
        let mut first_of: HashMap<String, (String, usize)> = HashMap::new();
        cards.retain(|card| {
            if let Some((path, line)) = first_of.get(&card.id) {
                problems.push(Problem::new(
                    &card.origin.path,
                    card.origin.id_line,
                    format!("duplicate id '{}': {path}:{line} already uses it; ids are unique across decks", card.id),
                ));
                return false;
            }
            first_of.insert(
                card.id.clone(),
                (card.origin.path.clone(), card.origin.id_line),
            );
            true
        });
        // Ids are unique by now, so the order is total and an unstable sort (in place, with no
        // scratch copy of the cards) gives the one order.
        cards.sort_unstable_by(|a, b| {
            (a.number.is_none(), a.number, &a.id).cmp(&(b.number.is_none(), b.number, &b.id))
        });
        let by_id = cards
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i))
            .collect();
        let deck = Deck {
            cards: Arc::new(cards),
            by_id,
            glossary: None,
        };
        (deck, problems)
    }

    /// The glossary the grader and the search use: the bundled one plus every loaded deck's
    /// `glossary.toml`.
    pub fn glossary(&self) -> &Glossary {
        self.glossary
            .as_deref()
            .unwrap_or_else(|| Glossary::bundled())
    }

    /// [`Deck::glossary`], shared, for a drill session to keep.
    pub fn shared_glossary(&self) -> Arc<Glossary> {
        self.glossary
            .clone()
            .unwrap_or_else(|| Arc::new(Glossary::bundled().clone()))
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The cards, shared, for work on another thread (the search index).
    pub fn shared_cards(&self) -> Arc<Vec<Card>> {
        Arc::clone(&self.cards)
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn get(&self, id: &str) -> Option<&Card> {
        self.by_id.get(id).map(|&i| &self.cards[i])
    }

    /// Finds a card by id or by its curriculum number (`12` or `#12`).
    pub fn find(&self, id_or_number: &str) -> Option<&Card> {
        let wanted = id_or_number.trim();
        self.get(wanted).or_else(|| {
            let number: u32 = wanted.trim_start_matches('#').parse().ok()?;
            self.cards.iter().find(|c| c.number == Some(number))
        })
    }

    /// The ids closest to `wanted`, best first, for "did you mean" hints.
    pub fn suggest(&self, wanted: &str) -> Vec<&str> {
        let ids = self.cards.iter().map(|c| c.id.as_str());
        crate::search::suggest::did_you_mean(wanted, ids, 3)
    }

    /// Every tag of the deck once, sorted.
    pub fn tags(&self) -> Vec<&str> {
        let mut tags: Vec<&str> = self
            .cards
            .iter()
            .flat_map(|c| c.tags.iter().map(String::as_str))
            .collect();
        tags.sort_unstable();
        tags.dedup();
        tags
    }

    /// The tags closest to `wanted`, best first.
    pub fn suggest_tag(&self, wanted: &str) -> Vec<&str> {
        crate::search::suggest::did_you_mean(wanted, self.tags(), 3)
    }

    /// The lowest and highest card numbers, if any card has one.
    pub fn number_range(&self) -> Option<(u32, u32)> {
        let numbers = self.cards.iter().filter_map(|c| c.number);
        Some((numbers.clone().min()?, numbers.max()?))
    }
}
