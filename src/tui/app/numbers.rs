//! Number questions' share of `App::update`: `c` after a number answer opens its calculator.

use super::App;
use crate::calculators::CALCULATORS;
use crate::calculators::preset::Opened;
use crate::content::Lang;
use crate::drill::Phase;
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
        let zh = self.lang == Lang::Zh;
        match opened {
            None => {
                self.status = Some(if zh {
                    "答完数字题后可以用计算器打开这道题的输入".to_owned()
                } else {
                    "after a number answer this opens its calculator with its inputs".to_owned()
                });
            }
            Some(None) => {
                self.status = Some(if zh {
                    "这道题的计算器打不开".to_owned()
                } else {
                    "this question's calculator could not be opened".to_owned()
                });
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
                // Digits edit calculator fields, so the way back is Esc (to the cards), then 3.
                let esc = key_for(Context::Calc, Action::Back);
                let back = key_for(Context::Global, Action::ShowDrill);
                self.status = Some(if zh {
                    format!("已填入这道题的输入；按 {esc} 再按 {back} 回到练习")
                } else {
                    format!(
                        "this question's inputs are filled in; {esc}, then {back}, back to the drill"
                    )
                });
            }
        }
    }
}
