//! Search over cards in both languages: the one engine behind `infraprep search` and the TUI.
//!
//! Text is split into Latin words and Chinese character bigrams (`search/text.rs` says why not a
//! dictionary segmenter). A query becomes concepts (`search/query.rs`): words, glossary terms with
//! their spellings in both languages (`检查点` = `checkpoint` = `ckpt`), and the bigrams of
//! Chinese phrases, with stop words (的, 怎么, the, how) dropped. Cards are ranked by BM25F over
//! titles, key points, tags and sections of both languages (`search/rank.rs`); each hit can show
//! a snippet with the matched words (`search/snippet.rs`). `search/suggest.rs` ranks
//! near-misses for "did you mean" hints. This module must not depend on the UI or the command
//! line.

pub mod cache;
mod index;
mod postings;
mod query;
mod rank;
mod snippet;
mod stream;
pub mod suggest;
mod text;
mod vocab;

use crate::content::glossary::Glossary;
use crate::content::{Card, Lang};

pub use query::Query;
pub use snippet::Snippet;

use index::Inverted;
use vocab::Vocabulary;

/// One search result: the card's position in the slice the index was built from, and its score
/// (higher ranks first; results come sorted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    pub card: usize,
    pub score: i64,
}

/// A deck's search index, built once per deck.
pub struct SearchIndex {
    inverted: Inverted,
    vocabulary: Vocabulary,
    /// Each card's titles (zh, en) as letters and digits, for the exact-phrase check.
    titles: Vec<[String; 2]>,
    card_count: usize,
    glossary: Glossary,
}

impl SearchIndex {
    /// Builds the index with the bundled glossary.
    pub fn build(cards: &[Card]) -> SearchIndex {
        SearchIndex::with_glossary(cards, Glossary::bundled().clone())
    }

    /// Builds the index with `glossary` for synonyms (the bundled one extended by a deck's own).
    pub fn with_glossary(cards: &[Card], glossary: Glossary) -> SearchIndex {
        SearchIndex::from_inverted(cards, Inverted::build(cards), glossary)
    }

    /// An index of only the terms `query` can use, built in one read of the cards (on all
    /// cores): what a single search needs, for far less work than [`SearchIndex::build`]. It
    /// ranks `query` exactly as the whole index does; other queries it may not.
    pub fn for_query(cards: &[Card], glossary: Glossary, query: &Query) -> SearchIndex {
        let wanted = stream::Wanted::of(query, &glossary);
        SearchIndex::from_inverted(cards, stream::index_for(cards, &wanted), glossary)
    }

    fn from_inverted(cards: &[Card], inverted: Inverted, glossary: Glossary) -> SearchIndex {
        let titles = cards.iter().map(|c| Lang::ALL.map(|lang| c.title(lang)));
        SearchIndex::from_parts(inverted, titles, glossary)
    }

    /// The index of `inverted`, whose cards have these titles (zh, en).
    fn from_parts<'t>(
        inverted: Inverted,
        titles: impl Iterator<Item = [&'t str; 2]>,
        glossary: Glossary,
    ) -> SearchIndex {
        let titles = titles.map(|t| t.map(text::compact)).collect();
        SearchIndex::from_compact(inverted, titles, glossary)
    }

    /// The index of `inverted`, whose cards' titles compacted (zh, en) are `titles`.
    fn from_compact(
        inverted: Inverted,
        titles: Vec<[String; 2]>,
        glossary: Glossary,
    ) -> SearchIndex {
        let vocabulary = Vocabulary::build(&inverted);
        SearchIndex {
            inverted,
            vocabulary,
            card_count: titles.len(),
            titles,
            glossary,
        }
    }

    /// Compiles a query with this index's glossary.
    pub fn query(&self, query: &str) -> Query {
        Query::parse(query, &self.glossary)
    }

    /// The cards matching most of `query`, best first.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit> {
        self.run(&self.query(query), limit)
    }

    /// Runs a compiled query (compile once to search, then to make snippets).
    pub fn run(&self, query: &Query, limit: usize) -> Vec<Hit> {
        rank::run(self, query, limit)
    }

    /// Bytes the posting lists take (reported by the benchmark).
    pub fn postings_bytes(&self) -> usize {
        self.inverted.postings.heap_bytes()
    }

    /// How many distinct terms the deck holds (reported by the benchmark).
    pub fn vocabulary_len(&self) -> usize {
        self.inverted.term_count()
    }
}

/// The cards matching most of `query` (compiled with `glossary`), best first: the same hits as
/// the whole index gives, found without building it (one read of every card).
pub fn search_once(cards: &[Card], glossary: &Glossary, query: &Query, limit: usize) -> Vec<Hit> {
    SearchIndex::for_query(cards, glossary.clone(), query).run(query, limit)
}

/// True when `query` holds nothing to search for: blank, punctuation or only stop words.
pub fn is_blank(query: &str) -> bool {
    Query::parse(query, Glossary::bundled()).is_empty()
}

/// The char positions in `text` that the query's words match, for highlighting.
pub fn match_indices(text: &str, query: &str) -> Vec<usize> {
    Query::parse(query, Glossary::bundled())
        .matches(text)
        .into_iter()
        .flatten()
        .collect()
}

impl Query {
    /// A short passage of `card` in `lang` showing why it matched, at most `width` columns wide.
    pub fn snippet(&self, card: &Card, lang: Lang, width: usize) -> Snippet {
        snippet::snippet(self, card, lang, width)
    }

    /// The char ranges of `text` that this query matches, sorted and disjoint.
    pub fn matches(&self, text: &str) -> Vec<std::ops::Range<usize>> {
        snippet::Marks::of(self).ranges(text)
    }
}
