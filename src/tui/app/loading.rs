//! Starting on a deck's outline while the whole deck is read in the background.
//!
//! The first frame of a 10,000-card deck needs only the list's rows; reading every card took
//! over a second. So the app starts on the outline (`content::deck::Loading`), lets the list be
//! scrolled meanwhile, and takes the whole deck in when it is read: on a tick, or before any
//! action that needs more than the list (opening a card, search, drills), which waits for it.

use std::path::PathBuf;

use super::{App, background_index};
use crate::content::deck::Loading;
use crate::content::{Deck, DeckSource, Lang, Problem};
use crate::search::SearchIndex;
use crate::search::cache::IndexCache;
use crate::tui::action::Action;
use crate::tui::geometry::body_rows;
use crate::tui::keymap::Context;

impl App {
    /// An app that shows `loading`'s outline at once and takes in the whole deck when it is
    /// read. Problems found reading it are kept for [`App::take_deck_warnings`].
    pub fn loading(mut loading: Loading, lang: Lang) -> App {
        let mut app = App::new(Deck::default(), lang);
        app.deck = std::mem::take(&mut loading.outline);
        app.loading = Some(loading);
        app
    }

    /// Keeps a big user deck's search index in `data_dir` between runs (the cache file
    /// `infraprep search` uses), so the search is ready soon after the deck is read.
    #[must_use]
    pub fn with_search_cache(mut self, data_dir: PathBuf, sources: Vec<DeckSource>) -> App {
        if self.loading.is_some() {
            self.search_cache = SearchCache::Wanted(data_dir, sources);
        }
        self
    }

    /// Whether the whole deck is in (always, unless started with [`App::loading`]).
    pub fn deck_loaded(&self) -> bool {
        self.loading.is_none()
    }

    /// Starts what the first frame does not need: the whole read of a deck shown from its
    /// outline. The runner calls it once the first frame is drawn.
    pub fn after_first_frame(&mut self) {
        if let Some(loading) = &mut self.loading {
            // The files are fingerprinted before any is read (see `IndexCache`), on the read's
            // thread, so the first key press does not wait for 10,000 `stat`s.
            if let SearchCache::Wanted(..) = self.search_cache
                && let SearchCache::Wanted(dir, sources) = std::mem::take(&mut self.search_cache)
            {
                let (listed, listing) = std::sync::mpsc::channel();
                loading.before_read(move || {
                    let _ = listed.send(IndexCache::of(&dir, &sources));
                });
                self.search_cache = SearchCache::Listing(listing);
            }
            loading.start();
        }
    }

    /// Takes in the whole deck if it is read; never waits. (A tick comes before the first
    /// frame too, so it does not start the read.)
    pub fn poll_deck(&mut self) {
        if self.loading.as_ref().is_some_and(Loading::is_finished) {
            self.wait_deck();
        }
    }

    /// Waits for the whole deck and takes it in, keeping the selected card selected.
    pub fn wait_deck(&mut self) {
        let Some(loading) = self.loading.take() else {
            return;
        };
        let loaded = loading.wait();
        let selected = self.card(self.cards.selected).map(|c| c.id.clone());
        self.deck = loaded.deck;
        let cached = self.cached_index(&loaded.warnings);
        self.deck_warnings.extend(loaded.warnings);
        let found = selected.and_then(|id| self.deck.cards().iter().position(|c| c.id == id));
        self.cards.selected =
            found.unwrap_or_else(|| self.cards.selected.min(self.deck.len().saturating_sub(1)));
        self.cards
            .keep_selection_visible(body_rows(self.size.height));
        self.index_job = cached.or_else(|| background_index(&self.deck));
        self.refresh_layout();
    }

    /// The index of the deck just read, from the cache file when it is up to date, else built
    /// and written, on another thread; `None` without a cache.
    fn cached_index(
        &mut self,
        warnings: &[Problem],
    ) -> Option<std::thread::JoinHandle<SearchIndex>> {
        // The listing ran before the read, which is done: its answer is waiting.
        let SearchCache::Listing(listing) = std::mem::take(&mut self.search_cache) else {
            return None;
        };
        let cache = listing.recv().ok().flatten()?;
        let (cards, warnings) = (self.deck.shared_cards(), warnings.to_vec());
        Some(std::thread::spawn(move || cache.index(&cards, &warnings).0))
    }

    /// The problems reading the deck found (cards skipped), once; waits for a deck still being
    /// read, so a front end can print them on exit as it would have before starting.
    pub fn take_deck_warnings(&mut self) -> Vec<Problem> {
        self.wait_deck();
        std::mem::take(&mut self.deck_warnings)
    }

    /// Before `action`: takes in the whole deck if it is read, and waits for it unless the
    /// action only moves in the list (or quits), which the outline serves.
    pub(super) fn settle_deck(&mut self, action: Action) {
        // An action comes after the first frame: start the read if nothing has (an app driven
        // without `tui::drive`), so a query typed meanwhile runs once the deck is in.
        self.after_first_frame();
        self.poll_deck();
        // Typing a query needs no deck: it runs once the deck and its index are in.
        let typing = (self.context() == Context::List && action == Action::OpenSearch)
            || (self.context() == Context::Search && action != Action::Open);
        let list_only = typing
            || self.context() == Context::List
                && matches!(
                    action,
                    Action::Move(_)
                        | Action::MovePage(_)
                        | Action::Top
                        | Action::Bottom
                        | Action::ClickRow(_)
                        | Action::ToggleLanguage
                        | Action::Quit
                );
        if !list_only {
            self.wait_deck();
        }
    }
}

/// Whether a big user deck's search index is kept on disk between runs.
#[derive(Debug, Default)]
pub(super) enum SearchCache {
    #[default]
    Off,
    /// In this data dir, for these decks, once the read starts.
    Wanted(PathBuf, Vec<DeckSource>),
    /// The deck's files being listed just before the read (`None`: too small for a cache).
    Listing(std::sync::mpsc::Receiver<Option<IndexCache>>),
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::content::DeckSource;
    use crate::content::deck::{load, load_in_background};

    fn sources(dir: &Path) -> Vec<DeckSource> {
        vec![DeckSource::Bundled, DeckSource::Dir(dir.to_path_buf())]
    }

    /// Types `text` into the focused field.
    fn type_text(app: &mut App, text: &str) {
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        for c in text.chars() {
            app.update(Action::TextKey(KeyEvent::new(
                KeyCode::Char(c),
                KeyModifiers::NONE,
            )));
        }
    }

    #[test]
    fn a_query_typed_before_the_index_is_built_runs_once_it_is() {
        let mut app = App::new(load(&[DeckSource::Bundled]).deck, Lang::En);
        // A background build held back until the query is typed (or 20 s, were the box to
        // wait for it, which the assertions below would then catch).
        let (go, held) = std::sync::mpsc::channel::<()>();
        let cards = app.deck.shared_cards();
        app.index = None;
        app.index_job = Some(std::thread::spawn(move || {
            let _ = held.recv_timeout(std::time::Duration::from_secs(20));
            crate::search::SearchIndex::build(&cards)
        }));
        app.update(Action::OpenSearch);
        type_text(&mut app, "nvlink");
        let search = app.search().expect("the search box is open");
        assert_eq!(search.query.text(), "nvlink");
        assert!(
            search.pending && search.hits.is_empty(),
            "the box did not wait"
        );
        assert!(
            app.pace.ticking,
            "the runner is asked for ticks until the index is in"
        );
        go.send(()).expect("the build is waiting");
        while !app.search_ready() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        app.tick(app.now);
        let search = app.search().expect("still open");
        assert!(!search.pending && !search.hits.is_empty(), "the query ran");
        assert!(!app.pace.ticking, "no ticks once nothing waits");
    }

    #[test]
    fn keys_and_ticks_outside_the_search_build_no_index() {
        let mut app = App::new(load(&[DeckSource::Bundled]).deck, Lang::En);
        app.update(Action::Move(1));
        app.tick(app.now);
        app.input_settled();
        assert!(app.index.is_none(), "built before any search");
        app.update(Action::OpenSearch);
        assert!(app.index.is_some(), "built when the search opens");
    }

    #[test]
    fn a_small_deck_searches_at_once() {
        let mut app = App::new(load(&[DeckSource::Bundled]).deck, Lang::En);
        app.update(Action::OpenSearch);
        type_text(&mut app, "nvlink");
        let search = app.search().expect("open");
        assert!(!search.pending && !search.hits.is_empty());
    }

    #[test]
    fn the_whole_read_starts_once_the_first_frame_is_drawn() {
        use std::time::{Duration, Instant};
        let loading = load_in_background(&[DeckSource::Bundled]);
        std::thread::sleep(Duration::from_millis(30));
        assert!(
            !loading.is_finished(),
            "nothing is read before the first frame"
        );
        let mut app = App::loading(loading, Lang::En);
        // The front end ticks once before drawing: that starts nothing either.
        app.tick(chrono::Utc::now());
        std::thread::sleep(Duration::from_millis(30));
        assert!(
            !app.loading.as_ref().is_some_and(Loading::is_finished),
            "a tick does not start the read"
        );
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).expect("terminal");
        let theme = crate::tui::theme::Theme { color: false };
        let no_input = std::iter::empty::<crate::tui::Input>();
        crate::tui::drive(&mut terminal, &mut app, theme, no_input, &mut |_, _| {}).expect("draws");
        let start = Instant::now();
        while !app.loading.as_ref().is_some_and(Loading::is_finished) {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the read started"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        app.poll_deck();
        assert!(app.deck_loaded());
        assert_eq!(app.deck.len(), load(&[DeckSource::Bundled]).deck.len());
    }

    /// A user deck with a good card and one whose body is broken after a good head.
    fn deck_dir() -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("temp dir");
        let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/good-deck");
        for entry in std::fs::read_dir(fixture).expect("fixture") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "md") {
                let name = path.file_name().expect("name");
                std::fs::copy(&path, dir.path().join(name)).expect("copied");
            }
        }
        let text = std::fs::read_to_string(dir.path().join("alpha.md")).expect("read");
        let broken: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with("number = "))
            .map(|l| {
                if l.starts_with("id = ") {
                    "id = \"zz-broken-body\""
                } else {
                    l
                }
            })
            .collect();
        let broken = broken.join("\n").replacen("{#detail}", "{#detial}", 1);
        std::fs::write(dir.path().join("zz-broken.md"), broken).expect("written");
        dir
    }

    #[test]
    fn the_outline_lists_what_the_whole_deck_lists_but_the_broken_body() {
        let dir = deck_dir();
        let full = load(&sources(dir.path()));
        let loading = load_in_background(&sources(dir.path()));
        let ids =
            |deck: &Deck| -> Vec<String> { deck.cards().iter().map(|c| c.id.clone()).collect() };
        let mut outline = ids(&loading.outline);
        assert!(outline.contains(&"zz-broken-body".to_owned()));
        outline.retain(|id| id != "zz-broken-body");
        assert_eq!(outline, ids(&full.deck));
        for (a, b) in loading.outline.cards().iter().zip(full.deck.cards()) {
            assert_eq!((&a.title, &a.tags, a.number), (&b.title, &b.tags, b.number));
        }
        let loaded = loading.wait();
        assert_eq!(ids(&loaded.deck), ids(&full.deck));
        assert_eq!(loaded.warnings, full.warnings);
        assert!(
            loaded
                .warnings
                .iter()
                .any(|w| w.path.ends_with("zz-broken.md"))
        );
    }

    #[test]
    fn the_app_takes_the_whole_deck_in_before_opening_a_card() {
        let dir = deck_dir();
        let mut app = App::loading(load_in_background(&sources(dir.path())), Lang::En);
        app.resize(100, 30);
        app.update(Action::Bottom);
        let last = app.card(app.cards.selected).map(|c| c.id.clone());
        app.update(Action::Open);
        assert!(app.deck_loaded());
        let open = app.current_card().expect("a card is open");
        assert!(
            !open
                .body
                .en
                .section(crate::content::Section::Short)
                .is_empty()
        );
        // The broken card was last in the outline; the selection falls back to the last card.
        assert_eq!(last.as_deref(), Some("zz-broken-body"));
        assert_eq!(app.cards.selected, app.deck.len() - 1);
        let warnings = app.take_deck_warnings();
        assert!(
            warnings.iter().any(|w| w.path.ends_with("zz-broken.md")),
            "{warnings:?}"
        );
        assert!(app.take_deck_warnings().is_empty());
    }
}
