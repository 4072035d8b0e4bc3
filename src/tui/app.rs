//! The TUI's state and its one mutator, `update`. No terminal here: tests drive `App` with
//! actions and read its state, and the views only read it.

use chrono::{DateTime, Utc};
use ratatui::layout::Size;

use crate::calc::{HardwareTable, LinkPreset};
use crate::content::{Card, Deck, Lang};
use crate::drill::Stats;
use crate::search::SearchIndex;
use crate::text::messages as m;

mod calculators;
mod drill;
mod loading;
mod numbers;
mod overlays;
mod saving;
mod stats;
#[cfg(test)]
mod tests;

pub use drill::DrillSetup;
pub use saving::DRAFT_PAUSE;
pub use stats::STATS_SECTIONS;

use super::action::Action;
use super::geometry::{body_rows, reader_columns, reader_rows};
use super::keymap::{self, Context};
use super::overlay::Overlay;
use super::screens::calc::CalcScreen;
pub use super::screens::cards::Reading;
use super::screens::cards::{CardsState, Flow};
use super::screens::drill::{DrillScreen, Saving};
use super::screens::drill_choice::DrillChoice;
use super::screens::prompt::PromptState;
use super::screens::search::SearchState;

/// Decks of at least this many cards get their search index built in the background at
/// startup (3 s for 10,000 cards); smaller ones build it on the first search (a few ms).
const BACKGROUND_INDEX_CARDS: usize = 1000;

/// A big deck's search index, built on another thread from the start.
fn background_index(deck: &Deck) -> Option<std::thread::JoinHandle<SearchIndex>> {
    (deck.len() >= BACKGROUND_INDEX_CARDS).then(|| {
        let cards = deck.shared_cards();
        std::thread::spawn(move || SearchIndex::build(&cards))
    })
}

/// The top-level screens, switched with the number keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Cards,
    Calculators,
    Drill,
    Stats,
}

/// Side effects `update` asks the runner to perform, so the state stays pure: `update` never
/// touches the disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Remember the content language in the config file.
    SaveLanguage(Lang),
    /// A clock is on screen (or no longer is): the runner sends ticks only while one is.
    Ticking(bool),
    /// Answers, grades, drafts or a summary were recorded in memory: save them (append and
    /// fsync) before the next input, and report with [`App::saved`].
    SaveProgress,
    /// Open the progress store in this data directory and report with
    /// [`App::progress_opened`] (asked for on the first drill or stats screen, so startup does
    /// not read the history).
    OpenProgress(std::path::PathBuf),
    /// Send one tick at this time even if no key comes (a draft save is due); `None` cancels.
    WakeAt(Option<DateTime<Utc>>),
}

/// Everything the TUI shows: the screens' states, the overlay over them, and the services they
/// share. `update` routes each action to the overlay or the screen in focus.
pub struct App {
    pub deck: Deck,
    /// Built on the first search, so startup does not pay for it; for a big deck, built on a
    /// background thread from the start (`index_job`), so the first search does not wait.
    index: Option<SearchIndex>,
    index_job: Option<std::thread::JoinHandle<SearchIndex>>,
    /// The whole deck being read while `deck` holds its outline (`App::loading`).
    loading: Option<crate::content::deck::Loading>,
    /// Where a big user deck's index is kept between runs (`App::with_search_cache`).
    search_cache: loading::SearchCache,
    /// What reading the deck in the background found, for the front end to print.
    deck_warnings: Vec<crate::content::Problem>,
    pub lang: Lang,
    /// The config's `ui-lang`: the interface language when it should not follow `lang`.
    pub ui_lang: Option<Lang>,
    pub screen: Screen,
    /// The list and the reader.
    pub cards: CardsState,
    /// The terminal size, set by the runner before each update and draw.
    pub size: Size,
    /// The help, search or `=` prompt over the screen, if one is open.
    pub overlay: Option<Overlay>,
    /// The prompt's history, kept while the prompt is closed.
    prompt_history: Vec<String>,
    /// The search a result was opened from: Esc on that card returns to it.
    search_return: Option<SearchState>,
    /// A one-line message for the footer.
    pub status: Option<String>,
    /// The calculators screen, created the first time it is shown.
    pub calc: Option<CalcScreen>,
    /// The calculators were opened by `c` on a number answer: Esc goes back to the drill.
    calc_from_drill: bool,
    /// The user's link presets, added to the bundled ones when the table is first needed.
    user_links: Vec<LinkPreset>,
    /// Built on first use, so startup does not pay for it.
    hardware: Option<HardwareTable>,
    /// The time, as the runner last said; never read from the system here.
    pub now: DateTime<Utc>,
    /// The running (or just finished) drill.
    pub drill: Option<DrillScreen>,
    /// Where drill progress is saved; opened by the runner on the first drill or stats screen.
    pub saving: Option<Saving>,
    /// A drill to start once the runner has opened the store.
    after_open: Option<saving::AfterOpen>,
    /// The progress directory, and the settings every new drill starts from.
    drill_setup: DrillSetup,
    /// How the runner feeds the app: ticks, and bursts of queued input.
    pace: Pace,
    /// The drill screen's setup form.
    pub drill_choice: DrillChoice,
    /// The stats screen's figures, computed when it opens and after each save, not per frame.
    pub stats: Option<Stats>,
    /// Number accuracy per calculator and this week's slips, computed with `stats`.
    pub number_stats: Option<crate::drill::numbers::tally::NumberStats>,
    /// The first stats section shown (the screen scrolls by section).
    pub stats_scroll: usize,
    quit: bool,
    effects: Vec<Effect>,
    /// The answer box's periodic draft save.
    drafts: saving::DraftTimer,
    /// What the runner's last save left.
    save_state: saving::SaveState,
}

/// How the runner feeds the app.
#[derive(Debug, Default)]
struct Pace {
    /// Whether the runner was last told a clock is on screen.
    ticking: bool,
    /// More input waits behind the event being handled (a paste the terminal did not bracket,
    /// keys typed faster than they are handled): typing in the search box edits the query but
    /// leaves the search for the end of the burst (`input_settled`).
    queued_input: bool,
}

impl App {
    pub fn new(deck: Deck, lang: Lang) -> App {
        let index_job = background_index(&deck);
        App {
            deck,
            index: None,
            index_job,
            loading: None,
            search_cache: loading::SearchCache::Off,
            deck_warnings: Vec::new(),
            lang,
            ui_lang: None,
            screen: Screen::Cards,
            cards: CardsState::default(),
            size: Size::new(80, 24),
            overlay: None,
            prompt_history: Vec::new(),
            search_return: None,
            status: None,
            calc: None,
            calc_from_drill: false,
            user_links: Vec::new(),
            hardware: None,
            now: DateTime::<Utc>::UNIX_EPOCH,
            drill: None,
            saving: None,
            after_open: None,
            drill_setup: DrillSetup::default(),
            pace: Pace::default(),
            drill_choice: DrillChoice::new(3.0),
            stats: None,
            number_stats: None,
            stats_scroll: 0,
            quit: false,
            effects: Vec::new(),
            drafts: saving::DraftTimer::default(),
            save_state: saving::SaveState::default(),
        }
    }

    /// Fixes the interface language (the config's `ui-lang`); `None` follows the content.
    #[must_use]
    pub fn with_ui_lang(mut self, ui_lang: Option<Lang>) -> App {
        self.ui_lang = ui_lang;
        self
    }

    /// Adds the user's link presets (from the config file) to the bundled ones.
    #[must_use]
    pub fn with_links(mut self, links: Vec<LinkPreset>) -> App {
        self.user_links = links;
        self
    }

    /// The language of the interface: the config's `ui-lang`, else the content language.
    pub fn ui(&self) -> Lang {
        self.ui_lang.unwrap_or(self.lang)
    }

    /// The link presets, built on first use. A broken user preset falls back to the bundled
    /// table with a message, rather than leaving the calculators unusable.
    pub fn table(&mut self) -> HardwareTable {
        if let Some(table) = &self.hardware {
            return table.clone();
        }
        let table = match HardwareTable::bundled().with_overrides(self.user_links.clone()) {
            Ok(table) => table,
            Err(e) => {
                self.status = Some(m::CALC_LINKS_NOT_LOADED.fill(self.ui(), &[("error", &e)]));
                HardwareTable::bundled()
            }
        };
        self.hardware = Some(table.clone());
        table
    }

    /// Records the terminal size; paging and scrolling limits follow from it, and the reader's
    /// layout is redone for the new width.
    pub fn resize(&mut self, width: u16, height: u16) {
        self.size = Size::new(width, height);
        self.cards.keep_selection_visible(body_rows(height));
        self.refresh_layout();
    }

    /// Lays out the section being read, if its inputs changed (card, section, language, width).
    pub(super) fn refresh_layout(&mut self) {
        let size = (
            reader_rows(self.size.height),
            reader_columns(self.size.width),
        );
        self.cards.prepare(&self.deck, self.lang, size);
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Side effects requested since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The footer's key hints here: the context's, less those that would only say no now
    /// (`s` on a main drill question, which cannot be skipped).
    pub fn footer_hints(&self) -> Vec<&'static str> {
        let idle: &[Action] = match &self.drill {
            Some(drill) if self.screen == Screen::Drill && !drill.session.can_skip() => {
                &[Action::Skip]
            }
            _ => &[],
        };
        keymap::footer_hints_except(self.context(), self.ui(), idle)
    }

    /// Where the keyboard focus is, for the key table: the overlay, else the screen.
    pub fn context(&self) -> Context {
        match (&self.overlay, self.screen) {
            (Some(Overlay::Help { .. }), _) => Context::Help,
            (Some(Overlay::Prompt(_)), _) => Context::Prompt,
            (Some(Overlay::Search(_)), _) => Context::Search,
            (None, Screen::Drill) => self
                .drill
                .as_ref()
                .map_or(Context::DrillIdle, DrillScreen::context),
            (None, Screen::Stats) => Context::Stats,
            (None, Screen::Calculators) if self.calc.as_ref().is_some_and(|c| c.editing) => {
                Context::CalcEdit
            }
            (None, Screen::Calculators) => Context::Calc,
            (None, Screen::Cards) if self.cards.reading.is_some() => Context::Reader,
            (None, Screen::Cards) => Context::List,
        }
    }

    pub fn card(&self, index: usize) -> Option<&Card> {
        self.deck.cards().get(index)
    }

    pub fn current_card(&self) -> Option<&Card> {
        self.cards.reading.and_then(|r| self.card(r.card))
    }

    /// The only place state changes.
    pub fn update(&mut self, action: Action) {
        self.settle_deck(action);
        let asked_before = self.take_quit_asked();
        self.update_inner(action);
        self.confirm_quit(asked_before);
        self.after_step();
    }

    fn update_inner(&mut self, action: Action) {
        self.status = None;
        match self.context() {
            Context::Help => self.update_help(action),
            Context::Prompt => self.update_prompt(action),
            Context::Search => self.update_search(action),
            Context::Reader => {
                let size = (
                    reader_rows(self.size.height),
                    reader_columns(self.size.width),
                );
                let flow = self
                    .cards
                    .update_reader(action, &self.deck, self.lang, size);
                self.follow(flow);
                if self.cards.reading.is_none()
                    && let Some(search) = self.search_return.take()
                {
                    // Back from a card opened from the search: the results again.
                    self.overlay = Some(Overlay::Search(search));
                }
            }
            Context::DrillIdle
            | Context::DrillAnswer
            | Context::DrillAsk
            | Context::DrillInterview
            | Context::DrillPaused
            | Context::DrillGrade
            | Context::DrillNext
            | Context::DrillSummary => self.update_drill(action),
            Context::Stats => self.update_stats(action),
            Context::Calc | Context::CalcEdit => self.update_calc(action),
            Context::List | Context::Global => {
                let flow =
                    self.cards
                        .update_list(action, self.deck.len(), body_rows(self.size.height));
                self.follow(flow);
                self.refresh_layout();
            }
        }
    }

    /// Carries out what the cards screen asked for.
    fn follow(&mut self, flow: Flow) {
        match flow {
            Flow::Done => {}
            Flow::Global(action) => self.update_global(action),
            Flow::OpenCalculator(card, from) => self.open_card_calculator(card, from),
            Flow::StartDrill(card) => self.start_card_drill(card),
            Flow::Status(message) => self.status = Some(message),
        }
    }

    /// Actions every context shares.
    fn update_global(&mut self, action: Action) {
        match action {
            Action::Quit => self.quit = true,
            Action::ToggleHelp => self.overlay = Some(Overlay::Help { scroll: 0 }),
            Action::OpenSearch => self.open_search(),
            Action::ToggleLanguage => {
                self.lang = self.lang.other();
                self.effects.push(Effect::SaveLanguage(self.lang));
                self.refresh_layout();
            }
            Action::OpenQuickCalc => {
                self.overlay = Some(Overlay::Prompt(PromptState {
                    history: self.prompt_history.clone(),
                    ..PromptState::default()
                }));
            }
            Action::ShowCards => self.screen = Screen::Cards,
            Action::ShowCalculators => self.show_calculators(None),
            Action::ShowDrill => {
                self.screen = Screen::Drill;
                self.request_progress();
            }
            Action::ShowStats => self.show_stats(),
            _ => {}
        }
    }

    /// Opens a card from elsewhere (search): the cards screen, that card's first section.
    fn open_card(&mut self, index: usize) {
        self.cards.open(index, body_rows(self.size.height));
        self.screen = Screen::Cards;
        self.refresh_layout();
    }
}
