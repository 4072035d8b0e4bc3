//! Routing to the calculators screen (its update lives in `screens::calc`), and opening a
//! card's calculator from its preset.

use super::{App, Reading, Screen};
use crate::calc::eval_expression;
use crate::calculators::CALCULATORS;
use crate::calculators::preset::{Opened, open};
use crate::text::messages as m;
use crate::tui::action::Action;
use crate::tui::keymap::{Context, key_for};
use crate::tui::screens::calc::{CalcFlow, CalcScreen};

impl App {
    /// Shows the calculators screen; `return_to` is the card to go back to on Esc.
    pub(super) fn show_calculators(&mut self, return_to: Option<Reading>) {
        let table = self.table();
        let screen = self.calc.get_or_insert_with(|| CalcScreen::new(&table));
        screen.return_to = return_to;
        self.calc_from_drill = false;
        self.screen = Screen::Calculators;
    }

    /// Routes an action to the calculators screen and carries out what it asks.
    pub(super) fn update_calc(&mut self, action: Action) {
        let table = self.table();
        let Some(screen) = &mut self.calc else {
            return self.show_calculators(None);
        };
        match screen.update(action, &table) {
            CalcFlow::Stay => {}
            CalcFlow::Global(action) => self.update_global(action),
            CalcFlow::Leave(Some(reading)) => {
                self.screen = Screen::Cards;
                self.cards.reading = Some(reading);
                self.cards.selected = reading.card;
                self.refresh_layout();
            }
            CalcFlow::Leave(None) if std::mem::take(&mut self.calc_from_drill) => {
                self.screen = Screen::Drill;
            }
            CalcFlow::Leave(None) => self.screen = Screen::Cards,
            CalcFlow::Quit => self.quit = true,
        }
    }

    /// Pasted text into the calculator field being edited.
    pub(super) fn paste_calc(&mut self, text: &str) {
        let table = self.table();
        if let Some(screen) = &mut self.calc {
            screen.paste(text, &table);
        }
    }

    /// Opens the calculator a card pairs with, pre-filled from its preset. Pressing `c` again on
    /// the same card opens its next preset.
    pub(super) fn open_card_calculator(&mut self, card_index: usize, from: Option<Reading>) {
        let Some(card) = self.card(card_index) else {
            return;
        };
        if card.calc.is_empty() {
            self.status = Some(m::CALC_NO_PRESET.fill(
                self.ui(),
                &[
                    ("id", &card.id),
                    ("key", &key_for(Context::List, Action::ShowCalculators)),
                ],
            ));
            return;
        }
        let count = card.calc.len();
        let preset_list = card.calc.clone();
        let card_id = card.id.clone();
        let index = self.cards.next_preset(card_index, count);
        let preset = preset_list[index].clone();
        let table = self.table();
        let (calc, form) = match open(&preset) {
            Ok(Opened::Form(calc, form)) => (calc, form),
            Ok(Opened::Expression(expr)) => {
                self.status = Some(self.quick_answer(&expr));
                return;
            }
            Err(e) => {
                self.status =
                    Some(m::CALC_PRESET_ERROR.fill(self.ui(), &[("id", &card_id), ("error", &e)]));
                return;
            }
        };
        let Some(position) = CALCULATORS.iter().position(|c| c.id == calc.id) else {
            return;
        };
        self.show_calculators(from);
        if let Some(screen) = &mut self.calc {
            screen.load(position, form, &table);
        }
        if count > 1 {
            self.status = Some(m::CALC_PRESET_OF.fill(
                self.ui(),
                &[
                    ("n", &(index + 1)),
                    ("count", &count),
                    ("back", &key_for(Context::Calc, Action::Back)),
                    ("again", &key_for(Context::Reader, Action::OpenCalculator)),
                ],
            ));
        }
    }

    /// The answer to a quick-arithmetic expression, for the status line.
    pub(super) fn quick_answer(&mut self, expression: &str) -> String {
        let table = self.table();
        match eval_expression(expression, &table) {
            Ok(value) => format!("{expression} = {}", value.display),
            Err(e) => format!("{e}"),
        }
    }
}
