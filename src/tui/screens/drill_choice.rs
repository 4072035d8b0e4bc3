//! The drill screen's setup form: mode, number of questions, minutes per answer, tag, and which
//! cards (due first, due only, or any). j/k choose a row, h/l change it, Enter starts.

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
}

/// Rows of the form, in order.
pub const ROWS: [Msg; 5] = [
    m::DRILL_ROW_MODE,
    m::DRILL_ROW_QUESTIONS,
    m::DRILL_ROW_MINUTES,
    m::DRILL_ROW_TAG,
    m::DRILL_ROW_CARDS,
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
        }
    }

    pub fn move_row(&mut self, step: i32) {
        self.row = wrap_index(self.row, step, ROWS.len());
    }

    /// Changes the selected row's value one step; `tags` are the deck's tags, sorted.
    pub fn change(&mut self, step: i32, tags: &[String]) {
        match self.row {
            0 => {
                self.mode = match self.mode {
                    DrillMode::Interview => DrillMode::Practice,
                    DrillMode::Practice => DrillMode::Interview,
                }
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
    pub fn values(&self, ui: Lang) -> [String; 5] {
        let mode = match self.mode {
            DrillMode::Interview => m::DRILL_MODE_INTERVIEW,
            DrillMode::Practice => m::DRILL_MODE_PRACTICE,
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
        assert_eq!(choice.row, 0, "rows wrap");
    }
}
