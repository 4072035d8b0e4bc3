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
    pub fn update(&mut self, action: Action, index: &SearchIndex) -> SearchFlow {
        match action {
            Action::TextKey(key) if self.query.edit(key) => self.refresh(index),
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
    pub fn paste(&mut self, text: &str, index: &SearchIndex) {
        if self.query.paste(text) {
            self.refresh(index);
        }
    }

    /// Re-runs the search after the query changed (every keystroke).
    pub fn refresh(&mut self, index: &SearchIndex) {
        self.compiled = index.query(&self.query.text());
        self.hits = index.run(&self.compiled, 200);
        self.selected = 0;
    }
}
