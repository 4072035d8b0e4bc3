//! The search overlay: the query in a text field and its live results. The query is kept when
//! a result is opened, so coming back shows the same results.

use crate::search::{Hit, Query, SearchIndex};
use crate::tui::action::Action;
use crate::tui::text_field::TextField;

/// The search box and its results.
#[derive(Debug, Clone, Default)]
pub struct SearchState {
    pub query: TextField,
    /// The query as last compiled, kept for the results' highlights and snippets.
    pub compiled: Query,
    pub hits: Vec<Hit>,
    pub selected: usize,
    /// The query changed while the search index was still being built: the results are those
    /// of an older query (or none) until the index is ready and the app runs it again.
    pub pending: bool,
}

/// What the search asks the app to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchFlow {
    Stay,
    /// Open this card (the search closes).
    Open(usize),
    Close,
    Quit,
}

impl SearchState {
    /// One action; `index` is `None` while the index is being built, when typing only edits
    /// the query (the box never waits for the index).
    pub fn update(&mut self, action: Action, index: Option<&SearchIndex>) -> SearchFlow {
        match action {
            Action::TextKey(key) if self.query.edit(key) => self.changed(index),
            Action::Move(step) => {
                self.selected =
                    super::cards::offset(self.selected, step, self.hits.len().saturating_sub(1));
            }
            Action::Open => {
                if let Some(hit) = self.hits.get(self.selected) {
                    return SearchFlow::Open(hit.card);
                }
            }
            Action::Back => return SearchFlow::Close,
            Action::Quit => return SearchFlow::Quit,
            _ => {}
        }
        SearchFlow::Stay
    }

    /// Pasted text into the query.
    pub fn paste(&mut self, text: &str, index: Option<&SearchIndex>) {
        if self.query.paste(text) {
            self.changed(index);
        }
    }

    /// The query changed: run it, or mark it to run once the index is ready.
    fn changed(&mut self, index: Option<&SearchIndex>) {
        if let Some(index) = index {
            self.refresh(index);
        } else {
            self.pending = true;
            self.hits.clear();
            self.selected = 0;
        }
    }

    /// Re-runs the search after the query changed (every keystroke).
    pub fn refresh(&mut self, index: &SearchIndex) {
        self.compiled = index.query(&self.query.text());
        self.hits = index.run(&self.compiled, 200);
        self.selected = 0;
        self.pending = false;
    }
}
