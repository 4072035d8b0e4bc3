//! The cards screen: the list, the reader with its sections and follow-up history, and which of
//! a card's calculator presets `c` opens next.

use std::time::Duration;

use super::layout::{LayoutCache, LayoutKey, Scroll, SectionLayout};
use crate::content::{Deck, Lang, Section};
use crate::text::messages as m;
use crate::tui::action::Action;

/// A card being read: which card, which section, how far down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub card: usize,
    pub section: Section,
    pub scroll: Scroll,
    /// The follow-up under the cursor, in the follow-ups section.
    pub follow_up: usize,
}

/// What the screen asks the app to do after an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Flow {
    Done,
    /// Not this screen's action: the app's global handling applies.
    Global(Action),
    /// Open the calculator of this card, returning to `from` on Esc.
    OpenCalculator(usize, Option<Reading>),
    StartDrill(usize),
    Status(String),
}

/// How long one key may spend laying out more of a long section than it shows.
const LAYOUT_BUDGET: Duration = Duration::from_millis(10);

/// The list and the reader.
#[derive(Debug, Clone, Default)]
pub struct CardsState {
    /// The selected row of the list.
    pub selected: usize,
    /// The first row shown, kept so the selection stays in view.
    pub list_offset: usize,
    pub reading: Option<Reading>,
    /// Cards read before the current one, for Back.
    pub history: Vec<Reading>,
    /// (card, index) of the preset `c` opens next on that card; another card starts at 0.
    preset: (usize, usize),
    layout: LayoutCache,
}

impl CardsState {
    pub fn update_list(&mut self, action: Action, count: usize, rows: usize) -> Flow {
        let last = count.saturating_sub(1);
        let flow = match action {
            Action::Move(step) => {
                self.selected = offset(self.selected, step, last);
                Flow::Done
            }
            Action::MovePage(pages) => {
                self.selected = offset(self.selected, pages * page(rows), last);
                Flow::Done
            }
            Action::Top => {
                self.selected = 0;
                Flow::Done
            }
            Action::Bottom => {
                self.selected = last;
                Flow::Done
            }
            Action::ClickRow(row) => {
                self.selected = (self.list_offset + row as usize).min(last);
                Flow::Done
            }
            Action::Open if count > 0 => {
                self.open(self.selected, rows);
                Flow::Done
            }
            Action::OpenCalculator => Flow::OpenCalculator(self.selected, None),
            Action::StartDrill => Flow::StartDrill(self.selected),
            other => Flow::Global(other),
        };
        self.keep_selection_visible(rows);
        flow
    }

    /// `rows` is the reader's text height and `width` its wrapping width.
    pub fn update_reader(
        &mut self,
        action: Action,
        deck: &Deck,
        lang: Lang,
        (rows, width): (usize, usize),
    ) -> Flow {
        let Some(mut reading) = self.reading else {
            return Flow::Done;
        };
        let Some(card) = deck.cards().get(reading.card) else {
            return Flow::Done;
        };
        let follow_ups = card.body.get(lang).follow_ups.len();
        let flow = match action {
            Action::Move(step) if reading.section == Section::Followups => {
                reading.follow_up = offset(reading.follow_up, step, follow_ups.saturating_sub(1));
                self.reading = Some(reading);
                Flow::Done
            }
            Action::Move(_) | Action::MovePage(_) | Action::Top | Action::Bottom => {
                reading.scroll = match action {
                    Action::Move(step) => reading.scroll.moved(step),
                    Action::MovePage(pages) => {
                        reading.scroll.moved(pages.saturating_mul(page(rows)))
                    }
                    Action::Top => Scroll::Top(0),
                    _ => Scroll::End(0),
                };
                self.reading = Some(reading);
                Flow::Done
            }
            Action::NextSection | Action::PreviousSection => {
                let step = if action == Action::NextSection {
                    1
                } else {
                    Section::ALL.len() - 1
                };
                reading.section =
                    Section::ALL[(reading.section as usize + step) % Section::ALL.len()];
                reading.scroll = Scroll::Top(0);
                self.reading = Some(reading);
                Flow::Done
            }
            Action::Open if reading.section == Section::Followups => {
                self.open_follow_up(deck, lang, reading, rows)
            }
            Action::Back => {
                self.back(rows);
                Flow::Done
            }
            Action::OpenCalculator => Flow::OpenCalculator(reading.card, Some(reading)),
            Action::StartDrill => Flow::StartDrill(reading.card),
            other => Flow::Global(other),
        };
        // The next frame's lines, laid out now so drawing finds them ready.
        self.prepare(deck, lang, (rows, width));
        flow
    }

    /// Lays out what the reader shows next (the section being read, at `width`, `rows` lines
    /// from its scroll position), keeps the scroll position within the section, and lays out
    /// a little more of a long section, so its line count is soon known.
    pub fn prepare(&mut self, deck: &Deck, lang: Lang, (rows, width): (usize, usize)) {
        let Some(mut reading) = self.reading else {
            return;
        };
        let Some(card) = deck.cards().get(reading.card) else {
            return;
        };
        let key = LayoutKey {
            card: reading.card,
            section: reading.section,
            lang,
            width,
        };
        let (layout, scroll) = self.layout.get_carried(key, card, reading.scroll, rows);
        layout.advance(card, LAYOUT_BUDGET);
        reading.scroll = layout.settle(card, scroll, rows);
        self.reading = Some(reading);
    }

    /// The layout of the section being read, if it was prepared for `width` and `lang`.
    pub fn layout(&self, lang: Lang, width: usize) -> Option<&SectionLayout> {
        let reading = self.reading?;
        self.layout.peek(LayoutKey {
            card: reading.card,
            section: reading.section,
            lang,
            width,
        })
    }

    pub fn open(&mut self, index: usize, rows: usize) {
        self.reading = Some(Reading {
            card: index,
            section: Section::Short,
            scroll: Scroll::Top(0),
            follow_up: 0,
        });
        self.selected = index;
        self.keep_selection_visible(rows);
    }

    fn open_follow_up(&mut self, deck: &Deck, lang: Lang, reading: Reading, rows: usize) -> Flow {
        let Some(card) = deck.cards().get(reading.card) else {
            return Flow::Done;
        };
        let Some(follow_up) = card.body.get(lang).follow_ups.get(reading.follow_up) else {
            return Flow::Done;
        };
        match deck.cards().iter().position(|c| c.id == follow_up.id) {
            Some(index) => {
                self.history.push(reading);
                self.open(index, rows);
                Flow::Done
            }
            None => Flow::Status(m::NO_SUCH_FOLLOW_UP.fill(lang, &[("id", &follow_up.id)])),
        }
    }

    /// Returns to the previous card, like a browser, or to the list.
    pub fn back(&mut self, rows: usize) {
        self.reading = self.history.pop();
        if let Some(reading) = self.reading {
            self.selected = reading.card;
        }
        self.keep_selection_visible(rows);
    }

    pub fn keep_selection_visible(&mut self, rows: usize) {
        let rows = rows.max(1);
        if self.selected < self.list_offset {
            self.list_offset = self.selected;
        } else if self.selected >= self.list_offset + rows {
            self.list_offset = self.selected + 1 - rows;
        }
    }

    /// The index of the preset of `card` that `c` opens now, of `count`; the next press opens
    /// the one after. Another card starts again at its first.
    pub fn next_preset(&mut self, card: usize, count: usize) -> usize {
        let index = if self.preset.0 == card {
            self.preset.1
        } else {
            0
        } % count.max(1);
        self.preset = (card, index + 1);
        index
    }
}

/// Rows moved by one page: the visible rows less one, so a line of context stays in view.
pub fn page(rows: usize) -> i32 {
    i32::try_from(rows.saturating_sub(1).max(1)).unwrap_or(i32::MAX)
}

/// `value + delta`, kept within `0..=max`.
pub fn offset(value: usize, delta: i32, max: usize) -> usize {
    let moved = if delta < 0 {
        value.saturating_sub(delta.unsigned_abs() as usize)
    } else {
        value.saturating_add(delta.unsigned_abs() as usize)
    };
    moved.min(max)
}
