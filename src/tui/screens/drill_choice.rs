//! The drill screen's setup form: mode (interview, practice or numbers), number of questions,
//! minutes per answer, tag, which cards (due first, due only, or any), and how often number
//! questions follow a card's answer. j/k choose a row, h/l change it, Enter starts.

use super::calc::wrap_index;
use crate::content::Lang;
use crate::drill::DrillMode;
use crate::text::messages::{self as m, Msg};

/// Which cards a drill from the screen draws on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// Due cards when there are any, otherwise any cards.
    DueFirst,
    DueOnly,
    Any,
}

/// The setup form's values.
#[derive(Debug, Clone, PartialEq)]
pub struct DrillChoice {
    pub row: usize,
    pub mode: DrillMode,
    pub count: usize,
    pub minutes: f64,
    /// `None`: every tag.
    pub tag: Option<String>,
    pub pick: Pick,
    /// A numbers drill (number questions only, feedback after each); `mode` is then practice.
    pub numbers: bool,
    /// The share of cards followed by a number question (the `numbers-mix` setting).
    pub numbers_mix: f64,
}

/// The shares the mix row steps through.
const MIXES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Rows of the form, in order.
pub const ROWS: [Msg; 6] = [
    m::DRILL_ROW_MODE,
    m::DRILL_ROW_QUESTIONS,
    m::DRILL_ROW_MINUTES,
    m::DRILL_ROW_TAG,
    m::DRILL_ROW_CARDS,
    m::DRILL_ROW_MIX,
];

impl DrillChoice {
    pub fn new(minutes: f64) -> DrillChoice {
        DrillChoice {
            row: 0,
            mode: DrillMode::Interview,
            count: 5,
            minutes,
            tag: None,
            pick: Pick::DueFirst,
            numbers: false,
            numbers_mix: 0.0,
        }
    }

    pub fn move_row(&mut self, step: i32) {
        self.row = wrap_index(self.row, step, ROWS.len());
    }

    /// Changes the selected row's value one step; `tags` are the deck's tags, sorted.
    pub fn change(&mut self, step: i32, tags: &[String]) {
        match self.row {
            0 => {
                // interview → practice → numbers → interview.
                let modes = [
                    (DrillMode::Interview, false),
                    (DrillMode::Practice, false),
                    (DrillMode::Practice, true),
                ];
                let at = modes
                    .iter()
                    .position(|m| *m == (self.mode, self.numbers))
                    .unwrap_or(0);
                (self.mode, self.numbers) = modes[wrap_index(at, step, modes.len())];
            }
            5 => {
                // From a configured share between the steps, the next step up or down.
                let at = if step > 0 {
                    MIXES.iter().position(|m| *m > self.numbers_mix)
                } else {
                    MIXES.iter().rposition(|m| *m < self.numbers_mix)
                };
                self.numbers_mix = at.map_or(self.numbers_mix, |i| MIXES[i]);
            }
            1 => self.count = self.count.saturating_add_signed(step as isize).clamp(1, 30),
            2 => self.minutes = (self.minutes + f64::from(step) * 0.5).clamp(0.5, 15.0),
            3 => self.tag = cycle_tag(self.tag.as_deref(), step, tags),
            _ => {
                self.pick = match (self.pick, step > 0) {
                    (Pick::DueFirst, true) | (Pick::Any, false) => Pick::DueOnly,
                    (Pick::DueOnly, true) | (Pick::DueFirst, false) => Pick::Any,
                    (Pick::Any, true) | (Pick::DueOnly, false) => Pick::DueFirst,
                }
            }
        }
    }

    /// Each row's value as shown, in the interface language `ui`.
    pub fn values(&self, ui: Lang) -> [String; 6] {
        let mode = match (self.mode, self.numbers) {
            (_, true) => m::DRILL_MODE_NUMBERS,
            (DrillMode::Interview, _) => m::DRILL_MODE_INTERVIEW,
            (DrillMode::Practice, _) => m::DRILL_MODE_PRACTICE,
        };
        let percent = format!("{:.0}", self.numbers_mix * 100.0);
        let mix = if self.numbers_mix > 0.0 {
            m::DRILL_MIX_SHARE.fill(ui, &[("percent", &percent)])
        } else {
            m::DRILL_MIX_NEVER.get(ui).to_owned()
        };
        let pick = match self.pick {
            Pick::DueFirst => m::DRILL_PICK_DUE_FIRST,
            Pick::DueOnly => m::DRILL_PICK_DUE_ONLY,
            Pick::Any => m::DRILL_PICK_ANY,
        };
        [
            mode.get(ui).to_owned(),
            self.count.to_string(),
            format!("{}", self.minutes),
            self.tag
                .clone()
                .unwrap_or_else(|| m::DRILL_ANY_TAG.get(ui).to_owned()),
            pick.get(ui).to_owned(),
            mix,
        ]
    }
}

/// The next tag in `tags` after `current` (or before it), with "any" between the ends.
fn cycle_tag(current: Option<&str>, step: i32, tags: &[String]) -> Option<String> {
    // Position 0 is "any"; tag i is position i + 1.
    let at = current
        .and_then(|t| tags.iter().position(|x| x == t))
        .map_or(0, |i| i + 1);
    let next = wrap_index(at, step, tags.len() + 1);
    next.checked_sub(1).and_then(|i| tags.get(i)).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_change_and_wrap() {
        let tags = vec!["nccl".to_owned(), "nvlink".to_owned()];
        let mut choice = DrillChoice::new(3.0);
        choice.change(1, &tags);
        assert_eq!(choice.mode, DrillMode::Practice);
        choice.move_row(1);
        choice.change(-1, &tags);
        assert_eq!(choice.count, 4);
        choice.move_row(2);
        choice.change(1, &tags);
        assert_eq!(choice.tag.as_deref(), Some("nccl"));
        choice.change(-1, &tags);
        assert_eq!(choice.tag, None);
        choice.change(-1, &tags);
        assert_eq!(choice.tag.as_deref(), Some("nvlink"));
        choice.move_row(1);
        choice.change(1, &tags);
        assert_eq!(choice.pick, Pick::DueOnly);
        choice.move_row(1);
        choice.change(1, &tags);
        assert!((choice.numbers_mix - 0.25).abs() < 1e-12);
        choice.numbers_mix = 0.3;
        choice.change(-1, &tags);
        assert!(
            (choice.numbers_mix - 0.25).abs() < 1e-12,
            "a configured share steps to its neighbour"
        );
        choice.change(-1, &tags);
        choice.change(-1, &tags);
        assert!(choice.numbers_mix.abs() < 1e-12, "stops at never");
        choice.move_row(1);
        assert_eq!(choice.row, 0, "rows wrap");
        choice.change(1, &tags);
        assert!(choice.numbers, "practice → numbers");
        assert_eq!(
            choice.values(Lang::En)[0],
            "numbers (estimates, graded with units)"
        );
        choice.change(1, &tags);
        assert_eq!((choice.mode, choice.numbers), (DrillMode::Interview, false));
        choice.change(-1, &tags);
        assert!(choice.numbers, "interview ← numbers");
    }
}
