//! The TUI's state and its one mutator, `update`. No terminal here: tests drive `App` with
//! actions and read its state, and the views only read it.

use chrono::{DateTime, Utc};

use crate::calc::{HardwareTable, LinkPreset};
use crate::content::{Card, Deck, Lang, Section};
use crate::search::{Hit, SearchIndex};

mod calculators;
mod drill;

pub use drill::DrillSetup;

use super::action::Action;
use super::calc_state::CalcScreen;
use super::doc::section_lines;
use super::drill_choice::DrillChoice;
use super::drill_state::{DrillScreen, Saving};
use super::geometry::{body_rows, reader_columns, reader_rows};
use super::keymap::Context;
use super::text_field::TextField;
use super::theme::Theme;

/// The top-level screens, switched with the number keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Cards,
    Calculators,
    Drill,
    Stats,
}

/// Side effects `update` asks the runner to perform, so the state stays pure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Remember the content language in the config file.
    SaveLanguage(Lang),
    /// A clock is on screen (or no longer is): the runner sends ticks only while one is.
    Ticking(bool),
}

/// A card being read: which card, which section, how far down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub card: usize,
    pub section: Section,
    pub scroll: usize,
    /// The follow-up under the cursor, in the follow-ups section.
    pub follow_up: usize,
}

/// The search box and its live results.
#[derive(Debug, Clone, Default)]
pub struct SearchState {
    pub query: TextField,
    pub hits: Vec<Hit>,
    pub selected: usize,
}

/// The quick-arithmetic prompt and what it last answered.
#[derive(Debug, Clone, Default)]
pub struct PromptState {
    pub input: TextField,
    /// Earlier expressions, newest last.
    pub history: Vec<String>,
    /// Position while browsing the history with ↑/↓.
    pub browsing: Option<usize>,
}

/// Everything the TUI shows.
pub struct App {
    pub deck: Deck,
    /// Built on the first search, so startup does not pay for it.
    index: Option<SearchIndex>,
    pub lang: Lang,
    pub screen: Screen,
    /// The selected row of the card list.
    pub selected: usize,
    /// The first card row shown, kept so the selection stays in view.
    pub list_offset: usize,
    /// The terminal size, set by the runner before each update and draw.
    pub width: u16,
    pub height: u16,
    pub reading: Option<Reading>,
    /// Cards read before the current one, for Back.
    pub history: Vec<Reading>,
    pub search: Option<SearchState>,
    pub prompt: Option<PromptState>,
    pub help: Option<usize>,
    /// A one-line message for the footer.
    pub status: Option<String>,
    /// The calculators screen, created the first time it is shown.
    pub calc: Option<CalcScreen>,
    /// The user's link presets, added to the bundled ones when the table is first needed.
    user_links: Vec<LinkPreset>,
    /// Built on first use, so startup does not pay for it.
    hardware: Option<HardwareTable>,
    /// Which of the current card's presets `c` opens next.
    preset_cursor: usize,
    /// The time, as the runner last said; never read from the system here.
    pub now: DateTime<Utc>,
    /// The running (or just finished) drill.
    pub drill: Option<DrillScreen>,
    /// Where drill progress is saved; opened on the first drill or stats screen.
    pub saving: Option<Saving>,
    /// The progress directory, and the settings every new drill starts from.
    drill_setup: DrillSetup,
    /// Whether the runner was last told a clock is on screen.
    ticking: bool,
    /// The drill screen's setup form.
    pub drill_choice: DrillChoice,
    quit: bool,
    effects: Vec<Effect>,
}

impl App {
    pub fn new(deck: Deck, lang: Lang) -> App {
        App {
            deck,
            index: None,
            lang,
            screen: Screen::Cards,
            selected: 0,
            list_offset: 0,
            width: 80,
            height: 24,
            reading: None,
            history: Vec::new(),
            search: None,
            prompt: None,
            help: None,
            status: None,
            calc: None,
            user_links: Vec::new(),
            hardware: None,
            preset_cursor: 0,
            now: DateTime::<Utc>::UNIX_EPOCH,
            drill: None,
            saving: None,
            drill_setup: DrillSetup::default(),
            ticking: false,
            drill_choice: DrillChoice::new(3.0),
            quit: false,
            effects: Vec::new(),
        }
    }

    /// Adds the user's link presets (from the config file) to the bundled ones.
    #[must_use]
    pub fn with_links(mut self, links: Vec<LinkPreset>) -> App {
        self.user_links = links;
        self
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
                self.status = Some(format!("your [[links]] presets were not loaded: {e}"));
                HardwareTable::bundled()
            }
        };
        self.hardware = Some(table.clone());
        table
    }

    /// Records the terminal size; paging and scrolling limits follow from it.
    pub fn resize(&mut self, width: u16, height: u16) {
        self.width = width;
        self.height = height;
        self.keep_selection_visible();
    }

    fn keep_selection_visible(&mut self) {
        let rows = body_rows(self.height).max(1);
        if self.selected < self.list_offset {
            self.list_offset = self.selected;
        } else if self.selected >= self.list_offset + rows {
            self.list_offset = self.selected + 1 - rows;
        }
    }

    /// How many rows the current reader section takes at the current width.
    fn section_rows(&self) -> usize {
        let (Some(reading), Some(card)) = (self.reading, self.current_card()) else {
            return 0;
        };
        section_lines(
            card,
            self.lang,
            reading.section,
            reader_columns(self.width),
            Theme { color: false },
        )
        .len()
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Side effects requested since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Where the keyboard focus is, for the key table.
    pub fn context(&self) -> Context {
        if self.help.is_some() {
            Context::Help
        } else if self.prompt.is_some() {
            Context::Prompt
        } else if self.search.is_some() {
            Context::Search
        } else if self.screen == Screen::Drill {
            match &self.drill {
                Some(drill) if drill.typing => Context::DrillAnswer,
                Some(_) => Context::Drill,
                None => Context::DrillIdle,
            }
        } else if self.screen == Screen::Stats {
            Context::Stats
        } else if self.screen == Screen::Calculators {
            if self.calc.as_ref().is_some_and(|c| c.editing) {
                Context::CalcEdit
            } else {
                Context::Calc
            }
        } else if self.reading.is_some() {
            Context::Reader
        } else {
            Context::List
        }
    }

    pub fn card(&self, index: usize) -> Option<&Card> {
        self.deck.cards().get(index)
    }

    pub fn current_card(&self) -> Option<&Card> {
        self.reading.and_then(|r| self.card(r.card))
    }

    /// Pasted text, whole, into the focused text field (bracketed paste); elsewhere ignored.
    pub fn paste(&mut self, text: &str) {
        match self.context() {
            Context::Search => {
                if let Some(search) = &mut self.search
                    && search.query.paste(text)
                {
                    self.refresh_search();
                }
            }
            Context::Prompt => {
                if let Some(prompt) = &mut self.prompt {
                    prompt.input.paste(text);
                }
            }
            Context::CalcEdit => self.paste_calc(text),
            Context::DrillAnswer => self.paste_answer(text),
            _ => {}
        }
    }

    /// The only place state changes.
    pub fn update(&mut self, action: Action) {
        self.update_inner(action);
        self.check_clock();
    }

    fn update_inner(&mut self, action: Action) {
        self.status = None;
        match self.context() {
            Context::Help => self.update_help(action),
            Context::Prompt => self.update_prompt(action),
            Context::Search => self.update_search(action),
            Context::Reader => self.update_reader(action),
            Context::DrillIdle | Context::Drill | Context::DrillAnswer => self.update_drill(action),
            Context::Stats => self.update_global(action),
            Context::Calc => self.update_calc(action),
            Context::CalcEdit => self.update_calc_edit(action),
            Context::List | Context::Global => self.update_list(action),
        }
    }

    /// Actions every context shares.
    fn update_global(&mut self, action: Action) {
        match action {
            Action::Quit => self.quit = true,
            Action::ToggleHelp => self.help = Some(0),
            Action::OpenSearch => self.open_search(),
            Action::ToggleLanguage => {
                self.lang = self.lang.other();
                self.effects.push(Effect::SaveLanguage(self.lang));
            }
            Action::OpenQuickCalc => self.prompt = Some(PromptState::default()),
            Action::ShowCards => self.screen = Screen::Cards,
            Action::ShowCalculators => self.show_calculators(None),
            Action::ShowDrill => self.screen = Screen::Drill,
            Action::ShowStats => self.show_stats(),
            _ => {}
        }
    }

    fn update_help(&mut self, action: Action) {
        match action {
            Action::ToggleHelp | Action::Back => self.help = None,
            Action::Move(rows) => self.help = self.help.map(|s| offset(s, rows, usize::MAX)),
            Action::Quit => self.quit = true,
            _ => {}
        }
    }

    fn update_list(&mut self, action: Action) {
        let last = self.deck.len().saturating_sub(1);
        let rows = body_rows(self.height);
        match action {
            Action::Move(rows) => self.selected = offset(self.selected, rows, last),
            Action::MovePage(pages) => {
                self.selected = offset(self.selected, pages * page(rows), last);
            }
            Action::Top => self.selected = 0,
            Action::Bottom => self.selected = last,
            Action::ClickRow(row) => self.selected = (self.list_offset + row as usize).min(last),
            Action::Open if !self.deck.is_empty() => self.open_card(self.selected),
            Action::OpenCalculator => self.open_card_calculator(self.selected, None),
            Action::StartDrill => self.start_card_drill(self.selected),
            other => self.update_global(other),
        }
        self.keep_selection_visible();
    }

    fn update_reader(&mut self, action: Action) {
        let Some(mut reading) = self.reading else {
            return;
        };
        let follow_ups = self
            .current_card()
            .map_or(0, |c| c.body.get(self.lang).follow_ups.len());
        let rows = reader_rows(self.height);
        let max_scroll = self.section_rows().saturating_sub(rows);
        match action {
            Action::Move(rows) if reading.section == Section::Followups => {
                reading.follow_up = offset(reading.follow_up, rows, follow_ups.saturating_sub(1));
            }
            Action::Move(rows) => reading.scroll = offset(reading.scroll, rows, max_scroll),
            Action::MovePage(pages) => {
                reading.scroll = offset(reading.scroll, pages * page(rows), max_scroll);
            }
            Action::Top => reading.scroll = 0,
            Action::Bottom => reading.scroll = max_scroll,
            Action::NextSection | Action::PreviousSection => {
                let step = if action == Action::NextSection {
                    1
                } else {
                    Section::ALL.len() - 1
                };
                reading.section =
                    Section::ALL[(reading.section as usize + step) % Section::ALL.len()];
                reading.scroll = 0;
            }
            Action::Open if reading.section == Section::Followups => {
                return self.open_follow_up(reading);
            }
            Action::Back => return self.back(),
            Action::OpenCalculator => {
                return self.open_card_calculator(reading.card, Some(reading));
            }
            Action::StartDrill => return self.start_card_drill(reading.card),
            other => return self.update_global(other),
        }
        self.reading = Some(reading);
    }

    fn open_card(&mut self, index: usize) {
        self.reading = Some(Reading {
            card: index,
            section: Section::Short,
            scroll: 0,
            follow_up: 0,
        });
        self.selected = index;
        self.screen = Screen::Cards;
        self.keep_selection_visible();
    }

    fn open_follow_up(&mut self, reading: Reading) {
        let Some(card) = self.card(reading.card) else {
            return;
        };
        let Some(follow_up) = card.body.get(self.lang).follow_ups.get(reading.follow_up) else {
            return;
        };
        let target = follow_up.id.clone();
        match self.deck.cards().iter().position(|c| c.id == target) {
            Some(index) => {
                self.history.push(reading);
                self.open_card(index);
            }
            None => self.status = Some(format!("no card '{target}' in the loaded decks")),
        }
    }

    /// Returns to the previous card, like a browser, or to the list.
    fn back(&mut self) {
        self.reading = self.history.pop();
        if let Some(reading) = self.reading {
            self.selected = reading.card;
        }
        self.keep_selection_visible();
    }

    fn open_search(&mut self) {
        if self.index.is_none() {
            self.index = Some(SearchIndex::build(self.deck.cards()));
        }
        self.search = Some(SearchState::default());
    }

    fn update_search(&mut self, action: Action) {
        let Some(search) = &mut self.search else {
            return;
        };
        match action {
            Action::TextKey(key) => {
                if !search.query.edit(key) {
                    return;
                }
            }
            Action::Move(rows) => {
                search.selected =
                    offset(search.selected, rows, search.hits.len().saturating_sub(1));
                return;
            }
            Action::Open => {
                let chosen = search.hits.get(search.selected).map(|h| h.card);
                self.search = None;
                if let Some(card) = chosen {
                    self.history.clear();
                    self.open_card(card);
                }
                return;
            }
            Action::Back => {
                self.search = None;
                return;
            }
            Action::Quit => {
                self.quit = true;
                return;
            }
            _ => return,
        }
        self.refresh_search();
    }

    /// Re-runs the search after the query changed (every keystroke).
    fn refresh_search(&mut self) {
        let (Some(search), Some(index)) = (&mut self.search, &self.index) else {
            return;
        };
        search.hits = index.search(&search.query.text(), 200);
        search.selected = 0;
    }

    fn update_prompt(&mut self, action: Action) {
        let Some(prompt) = &mut self.prompt else {
            return;
        };
        match action {
            Action::TextKey(key) => {
                prompt.input.edit(key);
            }
            Action::Move(step) => {
                let len = prompt.history.len();
                if len > 0 {
                    let at = prompt.browsing.unwrap_or(len);
                    let at = offset(at, step, len).min(len);
                    prompt.browsing = Some(at);
                    let text = prompt.history.get(at).cloned().unwrap_or_default();
                    prompt.input.set_text(&text);
                }
            }
            Action::Open => {
                let expression = prompt.input.text().trim().to_owned();
                if !expression.is_empty() {
                    prompt.history.retain(|e| e != &expression);
                    prompt.history.push(expression.clone());
                    if prompt.history.len() > 20 {
                        prompt.history.remove(0);
                    }
                    prompt.input.set_text("");
                    prompt.browsing = None;
                    self.status = Some(self.quick_answer(&expression));
                }
            }
            Action::Back => self.prompt = None,
            Action::Quit => self.quit = true,
            _ => {}
        }
    }
}

/// Rows moved by one page: the visible rows less one, so a line of context stays in view.
fn page(rows: usize) -> i32 {
    i32::try_from(rows.saturating_sub(1).max(1)).unwrap_or(i32::MAX)
}

/// `value + delta`, kept within `0..=max`.
fn offset(value: usize, delta: i32, max: usize) -> usize {
    let moved = if delta < 0 {
        value.saturating_sub(delta.unsigned_abs() as usize)
    } else {
        value.saturating_add(delta.unsigned_abs() as usize)
    };
    moved.min(max)
}
