//! Number questions' share of `App::update`: `c` after a number answer opens its calculator.

use super::App;
use crate::calculators::CALCULATORS;
use crate::calculators::preset::Opened;
use crate::drill::Phase;
use crate::text::messages as m;
use crate::tui::action::Action;
use crate::tui::keymap::{Context, key_for};

impl App {
    /// `c` after a number answer: the calculators screen with that question's inputs.
    pub(super) fn open_number_calculator(&mut self) {
        let opened = self
            .drill
            .as_ref()
            .filter(|d| d.phase() == Phase::Reveal)
            .and_then(|d| d.session.current())
            .and_then(|q| q.number.as_deref())
            .map(crate::drill::numbers::NumberQuestion::opened);
        let ui = self.ui();
        match opened {
            None => {
                self.status = Some(m::NUM_CALC_AFTER_ANSWER.get(ui).to_owned());
            }
            Some(None) => {
                self.status = Some(m::NUM_CALC_CANNOT_OPEN.get(ui).to_owned());
            }
            Some(Some(Opened::Expression(expr))) => self.status = Some(self.quick_answer(&expr)),
            Some(Some(Opened::Form(calc, form))) => {
                let Some(position) = CALCULATORS.iter().position(|c| c.id == calc.id) else {
                    return;
                };
                let table = self.table();
                self.show_calculators(None);
                if let Some(screen) = &mut self.calc {
                    screen.load(position, form, &table);
                }
                // Esc leaves the calculators for the drill this answer came from.
                self.calc_from_drill = true;
                let esc = key_for(Context::Calc, Action::Back);
                self.status = Some(m::NUM_CALC_FILLED.fill(ui, &[("esc", &esc)]));
            }
        }
    }
}
