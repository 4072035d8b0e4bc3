//! The progress store without disk I/O in `update`. The runner opens it
//! ([`Effect::OpenProgress`], asked for on the first drill or stats screen) and reports back
//! through [`App::progress_opened`]; a drill asked for before that starts then. The drill records answers, grades, drafts and summaries
//! into the store's memory ([`Store::defer_saves`]), and `App` asks the runner for
//! [`Effect::SaveProgress`]; the runner saves and reports back through [`App::saved`]. The
//! draft in the answer box is recorded too, once typing has paused for [`DRAFT_PAUSE`], so that
//! even a `kill -9` keeps it; the runner wakes the app for that one save
//! ([`Effect::WakeAt`]) and never otherwise.

use chrono::{DateTime, TimeDelta, Utc};

use super::{App, Effect};
use crate::drill::{DrillMode, DrillOptions, Phase, Progress, Store, StoreError};
use crate::text::messages as m;
use crate::tui::screens::drill::{DrillScreen, Saving};

/// How long the answer box must stay unchanged before its draft is saved: long enough that
/// typing never waits for a save, short enough that little is lost to a `kill -9`.
pub const DRAFT_PAUSE: TimeDelta = TimeDelta::milliseconds(1500);

/// A drill asked for while the store was still to be opened, started once it is.
#[derive(Debug)]
pub(super) enum AfterOpen {
    /// A drill with these options (`d` on a card, `--drill` at startup).
    Drill(DrillOptions),
    /// The drill screen's form, in this mode (else the form's own).
    ScreenDrill(Option<DrillMode>),
}

/// The periodic draft save's state.
#[derive(Debug, Default)]
pub(super) struct DraftTimer {
    /// The answer box's text at the last step (empty when no question is being answered).
    seen: String,
    /// When the draft is to be saved, if it changed since the last save.
    due: Option<DateTime<Utc>>,
}

/// What the runner's saves left behind.
#[derive(Debug, Default)]
pub(super) struct SaveState {
    /// Unsaved records already known (a save was asked for, or the last one failed and kept
    /// them): only a new record asks for another save, so a failing disk is not retried per key.
    known_unsaved: usize,
    /// The last save's error, for the quit question.
    error: Option<String>,
    /// Quit was asked once with records unsaved: asking again quits.
    quit_asked: bool,
}

impl App {
    /// Whether the progress store is open (or saving is off). If not, asks the runner to open
    /// it, once: `update` itself never touches the disk.
    pub(super) fn request_progress(&mut self) -> bool {
        if self.saving.is_some() {
            return true;
        }
        match self.drill_setup.data_dir.clone() {
            None => {
                self.saving = Some(Saving::Off(m::DRILL_NO_DATA_DIR.get(self.ui()).to_owned()));
                true
            }
            Some(dir) => {
                let effect = Effect::OpenProgress(dir);
                if !self.effects.contains(&effect) {
                    self.effects.push(effect);
                }
                false
            }
        }
    }

    /// The runner's report of opening the store: saving is on (records are kept in memory
    /// until the runner saves them), or off with the reason. A drill asked for meanwhile
    /// starts now, and the stats on screen are computed from what was read.
    pub fn progress_opened(&mut self, opened: Result<Store, StoreError>) {
        self.saving = Some(match opened {
            Ok(store) => Saving::To(Box::new(store.defer_saves())),
            Err(e) => Saving::Off(e.to_string()),
        });
        match self.after_open.take() {
            Some(AfterOpen::Drill(options)) => self.start_drill(options),
            Some(AfterOpen::ScreenDrill(mode)) => self.start_screen_drill(mode),
            None => {}
        }
        if self.stats.is_some() {
            self.refresh_stats();
        }
        self.after_step();
    }

    /// The stored progress, if the store is open.
    pub fn stored_progress(&self) -> Option<&Progress> {
        match &self.saving {
            Some(Saving::To(store)) => Some(store.progress()),
            _ => None,
        }
    }

    /// Where progress is saved, or why it is not, for the drill and stats screens.
    pub fn saving_status(&self) -> Option<String> {
        match &self.saving {
            // The data dir, not `progress.json`: until the first compaction the reviews are
            // only in the log beside it.
            Some(Saving::To(store)) => {
                Some(m::DRILL_PROGRESS_AT.fill(self.ui(), &[("path", &store.dir().display())]))
            }
            Some(Saving::Off(reason)) => {
                Some(m::DRILL_PROGRESS_OFF.fill(self.ui(), &[("reason", reason)]))
            }
            None => None,
        }
    }

    /// The store, when saving is on: the runner saves it for [`Effect::SaveProgress`].
    pub fn store_mut(&mut self) -> Option<&mut Store> {
        match &mut self.saving {
            Some(Saving::To(store)) => Some(store),
            _ => None,
        }
    }

    /// Records this run holds that are not on disk yet.
    pub fn unsaved(&self) -> usize {
        match &self.saving {
            Some(Saving::To(store)) => store.unsaved(),
            _ => 0,
        }
    }

    /// The runner's report of a save: an error is shown where the drill shows save problems
    /// (else in the status line); the records stay queued for the next save.
    pub fn saved(&mut self, result: Result<(), StoreError>) {
        let error = result
            .err()
            .map(|e| format!("not saved yet (kept for the next save): {e}"));
        self.save_state.known_unsaved = self.unsaved();
        self.save_state.error.clone_from(&error);
        match &mut self.drill {
            Some(drill) => drill.saves.error = error,
            None => {
                if error.is_some() {
                    self.status = error;
                }
            }
        }
        if self.stats.is_some() {
            // A save also reads what other windows saved.
            self.refresh_stats();
        }
    }

    /// Quitting with records unsaved (the last save failed) asks first: the first quit says
    /// what would be lost, a second one quits.
    pub(super) fn confirm_quit(&mut self, asked_before: bool) {
        let unsaved = self.unsaved();
        if !self.quit || unsaved == 0 || asked_before {
            return;
        }
        self.quit = false;
        self.save_state.quit_asked = true;
        let reason = self
            .save_state
            .error
            .as_deref()
            .unwrap_or("the save failed");
        self.status = Some(format!(
            "{unsaved} record{} not saved ({reason}); quit again to leave without {}",
            if unsaved == 1 { " is" } else { "s are" },
            if unsaved == 1 { "it" } else { "them" }
        ));
    }

    /// Whether the last action was the first quit of [`App::confirm_quit`]; reading clears it,
    /// so any other key withdraws the question.
    pub(super) fn take_quit_asked(&mut self) -> bool {
        std::mem::take(&mut self.save_state.quit_asked)
    }

    /// After every update, tick and paste: the clock, the draft timer, and a save if anything
    /// was recorded.
    pub(super) fn after_step(&mut self) {
        self.check_clock();
        self.track_draft();
        let unsaved = self.unsaved();
        if unsaved > self.save_state.known_unsaved {
            self.save_state.known_unsaved = unsaved;
            self.effects.push(Effect::SaveProgress);
        }
    }

    /// Restarts the draft timer when the answer box changed; records the draft when it is due.
    fn track_draft(&mut self) {
        let text = self
            .drill
            .as_ref()
            .filter(|d| matches!(d.phase(), Phase::Answering | Phase::Paused))
            .map(DrillScreen::answer_text)
            .unwrap_or_default();
        if text != self.drafts.seen {
            let due = (!text.trim().is_empty()).then(|| self.now + DRAFT_PAUSE);
            self.drafts.seen = text;
            self.set_draft_due(due);
        } else if self.drafts.due.is_some_and(|due| due <= self.now) {
            self.set_draft_due(None);
            let now = self.now;
            if let (Some(drill), Some(Saving::To(store))) = (&self.drill, &mut self.saving)
                && let Some(draft) = drill.draft(now)
                && let Err(e) = store.record_attempt(draft)
            {
                self.status = Some(format!("the draft was not saved: {e}"));
            }
        }
    }

    fn set_draft_due(&mut self, due: Option<DateTime<Utc>>) {
        if due != self.drafts.due {
            self.drafts.due = due;
            self.effects.push(Effect::WakeAt(due));
        }
    }
}
