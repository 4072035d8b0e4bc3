//! The overlays' share of `App::update`: the help, the search (and its index, built on first
//! use or in the background) and the `=` prompt, over whichever screen is showing; and pasted
//! text, which goes to the focused text field.

use super::App;
use crate::search::SearchIndex;
use crate::tui::action::Action;
use crate::tui::keymap::Context;
use crate::tui::overlay::Overlay;
use crate::tui::screens::cards::offset;
use crate::tui::screens::prompt::{PromptFlow, PromptState};
use crate::tui::screens::search::{SearchFlow, SearchState};

impl App {
    /// The open search, if any.
    pub fn search(&self) -> Option<&SearchState> {
        match &self.overlay {
            Some(Overlay::Search(search)) => Some(search),
            _ => None,
        }
    }

    /// The open `=` prompt, if any.
    pub fn prompt(&self) -> Option<&PromptState> {
        match &self.overlay {
            Some(Overlay::Prompt(prompt)) => Some(prompt),
            _ => None,
        }
    }

    /// The help's scroll position, when it is open.
    pub fn help_scroll(&self) -> Option<usize> {
        match &self.overlay {
            Some(Overlay::Help { scroll }) => Some(*scroll),
            _ => None,
        }
    }

    /// Pasted text, whole, into the focused text field (bracketed paste); elsewhere ignored.
    pub fn paste(&mut self, text: &str) {
        match self.context() {
            Context::Search => {
                self.ready_index();
                if let Some(Overlay::Search(search)) = &mut self.overlay {
                    search.paste(text, self.index.as_ref());
                }
            }
            Context::Prompt => {
                if let Some(Overlay::Prompt(prompt)) = &mut self.overlay {
                    prompt.input.paste(text);
                }
            }
            Context::CalcEdit => self.paste_calc(text),
            Context::DrillAnswer => self.paste_answer(text),
            _ => {}
        }
        self.after_step();
    }

    pub(super) fn update_help(&mut self, action: Action) {
        match action {
            Action::ToggleHelp | Action::Back => self.overlay = None,
            Action::Move(rows) => {
                if let Some(Overlay::Help { scroll }) = &mut self.overlay {
                    *scroll = offset(*scroll, rows, usize::MAX);
                }
            }
            Action::Quit => self.quit = true,
            // The footer's other keys (search, language, `=`) work over the help: it closes.
            other => {
                self.overlay = None;
                self.update_global(other);
            }
        }
    }

    /// The search index: the background build's (waiting for it if it is not done), else
    /// built now.
    fn search_index(&mut self) -> &SearchIndex {
        if self.index.is_none()
            && let Some(job) = self.index_job.take()
        {
            self.index = job.join().ok();
        }
        self.index
            .get_or_insert_with(|| SearchIndex::build(self.deck.cards()))
    }

    /// Whether a search can start without waiting for the index.
    /// That is: the whole deck is in, and its index is built, or is small enough to build at
    /// once (no background build is running).
    pub fn search_ready(&self) -> bool {
        self.deck_loaded()
            && (self.index.is_some()
                || self
                    .index_job
                    .as_ref()
                    .is_none_or(std::thread::JoinHandle::is_finished))
    }

    /// Takes in the background index if it is built; never waits for it.
    fn ready_index(&mut self) {
        if self.search_ready() {
            self.search_index();
        }
    }

    /// Runs a query typed while the index was being built (or within a burst of input), once the
    /// index is ready. Nothing to do, and no index built, while no query waits: it runs on every
    /// tick and after every key.
    pub(super) fn settle_search(&mut self) {
        if !self.search_pending() {
            return;
        }
        self.ready_index();
        if let (Some(Overlay::Search(search)), Some(index)) = (&mut self.overlay, &self.index)
            && search.pending
        {
            search.refresh(index);
        }
    }

    /// Whether a query waits for the index: the runner then ticks until it is ready.
    pub(super) fn search_pending(&self) -> bool {
        matches!(&self.overlay, Some(Overlay::Search(search)) if search.pending)
    }

    pub(super) fn open_search(&mut self) {
        self.ready_index();
        self.search_return = None;
        self.overlay = Some(Overlay::Search(SearchState::default()));
    }

    /// Whether more input waits behind the event about to be handled (`Pace::queued_input`).
    pub fn input_queued(&mut self, queued: bool) {
        self.pace.queued_input = queued;
    }

    /// A burst of queued input has been handled: the query it typed runs once.
    pub fn input_settled(&mut self) {
        self.pace.queued_input = false;
        self.settle_search();
        self.check_clock();
    }

    pub(super) fn update_search(&mut self, action: Action) {
        // Within a burst, a typed key only edits the query; any other key (moving, opening)
        // first runs the query typed so far, so it acts on that query's results.
        let deferred = self.pace.queued_input && matches!(action, Action::TextKey(_));
        if !deferred {
            self.settle_search();
        }
        let Some(Overlay::Search(search)) = &mut self.overlay else {
            return;
        };
        let index = if deferred { None } else { self.index.as_ref() };
        match search.update(action, index) {
            SearchFlow::Stay => {}
            SearchFlow::Open(card) => {
                if let Some(Overlay::Search(search)) = self.overlay.take() {
                    self.search_return = Some(search);
                }
                self.cards.history.clear();
                self.open_card(card);
            }
            SearchFlow::Close => self.overlay = None,
            SearchFlow::Quit => self.quit = true,
        }
    }

    pub(super) fn update_prompt(&mut self, action: Action) {
        let Some(Overlay::Prompt(prompt)) = &mut self.overlay else {
            return;
        };
        match prompt.update(action) {
            PromptFlow::Stay => {}
            PromptFlow::Evaluate(expression) => {
                self.prompt_history.clone_from(&prompt.history);
                self.status = Some(self.quick_answer(&expression));
            }
            PromptFlow::Close => self.overlay = None,
            PromptFlow::Quit => self.quit = true,
        }
    }
}
