//! The stats screen's share of `App::update`: its figures, computed from the stored progress
//! when it opens and after each save (not per frame), and scrolling by section.

use super::{App, Screen};
use crate::drill::numbers::tally::{NumberStats, number_stats};
use crate::drill::{Progress, Stats};
use crate::tui::action::Action;

/// The stats screen's sections, scrolled one at a time: reviews per day, the due forecast,
/// strength per tag, number answers.
pub const STATS_SECTIONS: usize = 4;

impl App {
    /// Shows the stats; the figures are empty until the runner has opened the store, and are
    /// computed again then.
    pub(super) fn show_stats(&mut self) {
        self.request_progress();
        self.refresh_stats();
        self.stats_scroll = 0;
        self.screen = Screen::Stats;
    }

    /// The stats screen's keys: scrolling by section; the rest are global.
    pub(super) fn update_stats(&mut self, action: Action) {
        match action {
            Action::Move(step) => {
                self.stats_scroll = self
                    .stats_scroll
                    .saturating_add_signed(isize::try_from(step.signum()).unwrap_or(0))
                    .min(STATS_SECTIONS - 1);
            }
            Action::Top => self.stats_scroll = 0,
            Action::Bottom => self.stats_scroll = STATS_SECTIONS - 1,
            other => self.update_global(other),
        }
    }

    /// Computes the stats screen's figures from the stored progress, once, not per frame.
    pub(super) fn refresh_stats(&mut self) {
        let (stats, numbers) = self.compute_stats();
        self.stats = Some(stats);
        self.number_stats = Some(numbers);
    }

    /// The stats screen's figures from the stored progress (empty while the store is not
    /// open): the review stats, and number accuracy with this week's slips.
    pub fn compute_stats(&self) -> (Stats, NumberStats) {
        let empty = Progress::default();
        let progress = self.stored_progress().unwrap_or(&empty);
        let cards: Vec<&crate::content::Card> = self.deck.cards().iter().collect();
        let stats = crate::drill::stats(progress, &cards, self.now);
        let week = self.now - chrono::Duration::days(7);
        (stats, number_stats(progress, week))
    }
}
