//! The drill screen's state: the session, the answer box, and the progress store every graded
//! answer is saved to at once.

use std::path::PathBuf;
use std::sync::Mutex;

use chrono::{DateTime, Utc};

use crate::calc::HardwareTable;
use crate::content::{Card, Deck, Lang};
use crate::drill::session::{PlanContext, plan_drill};
use crate::drill::{
    Attempt, DrillMode, DrillOptions, DrillSummary, Grade, Phase, Progress, Review, Session, Store,
    StoreError,
};
use crate::text::messages as m;
use crate::tui::keymap::Context;
use crate::tui::text_field::TextField;

/// The draft in the answer box, and the data dir it belongs in, kept up to date after every
/// action so that a signal thread can save it when the terminal closes: the loop may be
/// blocked on input then, and the app is not `Send`.
static PENDING_DRAFT: Mutex<Option<(PathBuf, Attempt)>> = Mutex::new(None);

/// Saves the draft left in the answer box, if any (on quit, SIGTERM, SIGHUP, SIGQUIT or SIGINT).
/// Returns whether one was saved.
pub fn save_pending_draft() -> bool {
    let pending = PENDING_DRAFT.lock().map_or(None, |mut slot| slot.take());
    let Some((dir, draft)) = pending else {
        return false;
    };
    Store::open(&dir)
        .and_then(|mut store| store.record_attempt(draft))
        .is_ok()
}

/// Where progress is kept for this run of the app.
pub enum Saving {
    To(Box<Store>),
    /// The store could not be opened; the message says why and how to recover.
    Off(String),
}

/// How a drill's saves went: what the review and summary screens say about saving.
#[derive(Debug, Default)]
pub struct DrillSaves {
    /// The last save problem, shown until the next save works.
    pub error: Option<String>,
    /// Reviews saved during this drill.
    pub reviews: usize,
}

/// A drill in progress, or its summary when it is over.
pub struct DrillScreen {
    pub session: Session,
    /// The typed answer to the current question.
    pub answer: TextField,
    /// Whether keys go into the answer box.
    pub typing: bool,
    /// Set when the drill has ended; its summary is shown.
    pub summary: Option<DrillSummary>,
    /// How this drill's saves went.
    pub saves: DrillSaves,
    /// When the draft put back in the box was saved, to say so on screen.
    pub restored_draft: Option<DateTime<Utc>>,
    /// The first row shown of the review or summary; clamped when drawn.
    pub scroll: usize,
    /// The largest useful `scroll` at the last draw (rows below the last page), so `G` and
    /// scrolling past the end stop there.
    pub scroll_max: std::cell::Cell<usize>,
    /// Rows one page scrolls: the shown rows less one kept for context, at the last draw.
    pub page_rows: std::cell::Cell<usize>,
    /// Why the typed text was not taken as a number answer (it is no quantity); shown under
    /// the answer box until the next submit.
    pub number_error: Option<String>,
}

impl DrillScreen {
    /// Plans and starts a drill, or explains why there is nothing to drill.
    pub fn start(
        deck: &Deck,
        progress: &Progress,
        options: DrillOptions,
        table: &HardwareTable,
        now: DateTime<Utc>,
    ) -> Result<DrillScreen, String> {
        let cards: Vec<&Card> = deck.cards().iter().collect();
        let context = PlanContext {
            cards: &cards,
            progress,
            table,
            now,
        };
        let questions = plan_drill(context, &options);
        // The drill speaks the language it was started in, as its questions do.
        let ui = options.lang;
        if questions.is_empty() {
            if options.numbers {
                return Err(no_numbers(&options, ui));
            }
            return Err(match (&options.card, &options.tag, options.due) {
                (Some(card), _, _) => m::DRILL_NO_CARD.fill(ui, &[("id", card)]),
                (_, Some(tag), _) => m::DRILL_NO_TAG.fill(ui, &[("tag", tag)]),
                (_, _, true) => m::DRILL_NOTHING_DUE.get(ui).to_owned(),
                _ => m::DRILL_EMPTY_DECK.get(ui).to_owned(),
            });
        }
        let mut session = Session::new(questions, options).with_glossary(deck.shared_glossary());
        session.start(now);
        Ok(DrillScreen {
            session,
            answer: TextField::multiline(),
            typing: true,
            summary: None,
            saves: DrillSaves::default(),
            restored_draft: None,
            scroll: 0,
            scroll_max: std::cell::Cell::new(0),
            page_rows: std::cell::Cell::new(1),
            number_error: None,
        })
    }

    pub fn phase(&self) -> Phase {
        self.session.phase()
    }

    /// Whether answers wait for the end of the drill to be revealed.
    pub fn interview(&self) -> bool {
        self.session.options().mode == crate::drill::DrillMode::Interview
    }

    /// Where the keys go: the answer box while typing, else the drill in its phase; each
    /// phase binds only the keys that do something in it, so the footer lists only those.
    pub fn context(&self) -> Context {
        if self.typing {
            return Context::DrillAnswer;
        }
        match self.phase() {
            Phase::Ready | Phase::Answering if self.interview() => Context::DrillInterview,
            Phase::Ready | Phase::Answering => Context::DrillAsk,
            Phase::Paused => Context::DrillPaused,
            Phase::Reveal
                if self
                    .session
                    .answer()
                    .is_some_and(|a| a.grade.is_none() && !a.skipped) =>
            {
                Context::DrillGrade
            }
            Phase::Reveal => Context::DrillNext,
            Phase::Done => Context::DrillSummary,
        }
    }

    /// The answer box's text.
    pub fn answer_text(&self) -> String {
        self.answer.text()
    }

    /// Submits what was typed (also when the clock runs out) and saves it at once as an
    /// ungraded attempt, so an interview cut short keeps every answer given.
    pub fn submit(&mut self, now: DateTime<Utc>, saving: &mut Saving) {
        self.submit_then(now, saving, true);
    }

    /// [`DrillScreen::submit`], going on to the next question only when `move_on`.
    fn submit_then(&mut self, now: DateTime<Utc>, saving: &mut Saving, move_on: bool) {
        let text = self.answer_text();
        // Text that is no quantity stays in the box to be fixed, while there is time.
        self.number_error = self
            .session
            .number_problem(&text)
            .filter(|_| !self.session.timer(now).timed_out);
        if self.number_error.is_some() {
            return;
        }
        let index = self.session.index();
        if move_on {
            self.session.submit(&text, now);
        } else {
            self.session.record(&text, now);
        }
        if let Some(attempt) = self.session.attempt(index, now) {
            self.store_attempt(attempt, saving);
        }
        if let Some(review) = self.session.number_review(index, now) {
            self.store_review(review, saving);
        }
        self.scroll = 0;
        // Interview mode asks the next question at once: the box is fresh and has the focus.
        self.typing = matches!(self.phase(), Phase::Answering);
        if self.typing {
            self.fresh_answer(saving);
        }
        self.finish_if_done(saving);
    }

    /// The language the drill's messages are in: the one it was started in.
    fn ui(&self) -> Lang {
        self.session.options().lang
    }

    /// Saves an attempt (a submitted answer or a draft); a failure is shown, and the attempt
    /// stays in memory for the next save.
    fn store_attempt(&mut self, attempt: Attempt, saving: &mut Saving) {
        self.save_with(saving, |store| store.record_attempt(attempt));
    }

    /// Saves one record with `save`: clears the shown problem when it works, else shows why
    /// not. Returns whether it was saved.
    fn save_with(
        &mut self,
        saving: &mut Saving,
        save: impl FnOnce(&mut Store) -> Result<(), StoreError>,
    ) -> bool {
        let error = match saving {
            Saving::To(store) => match save(store) {
                Ok(()) => None,
                Err(e) => Some(m::DRILL_NOT_SAVED_YET.fill(self.ui(), &[("error", &e)])),
            },
            Saving::Off(reason) => Some(m::DRILL_NOT_SAVED.fill(self.ui(), &[("reason", reason)])),
        };
        let saved = error.is_none();
        self.saves.error = error;
        saved
    }

    /// The text in the answer box as a draft, for [`save_pending_draft`].
    pub fn draft(&self, now: DateTime<Utc>) -> Option<Attempt> {
        self.session.draft(&self.answer_text(), now)
    }

    /// Publishes the current draft (or none) for [`save_pending_draft`].
    pub fn publish_draft(&self, now: DateTime<Utc>, saving: &Saving) {
        let pending = match saving {
            Saving::To(store) => self
                .draft(now)
                .map(|draft| (store.dir().to_path_buf(), draft)),
            Saving::Off(_) => None,
        };
        if let Ok(mut slot) = PENDING_DRAFT.lock() {
            *slot = pending;
        }
    }

    /// Grades the revealed answer and saves the review at once.
    pub fn grade(&mut self, grade: Grade, now: DateTime<Utc>, saving: &mut Saving) {
        if let Some(review) = self.session.grade(grade, now) {
            self.store_review(review, saving);
        }
    }

    /// Saves a graded review; a failure is shown, and the review stays in memory for the next
    /// save.
    fn store_review(&mut self, review: Review, saving: &mut Saving) {
        if self.save_with(saving, |store| store.record(review)) {
            self.saves.reviews += 1;
        }
    }

    /// Moves to the next question after a grade.
    pub fn next(&mut self, now: DateTime<Utc>, saving: &mut Saving) {
        if self.session.next(now) {
            self.after_move(saving);
        }
    }

    pub fn skip(&mut self, now: DateTime<Utc>, saving: &mut Saving) -> bool {
        let skipped = self.session.skip(now);
        if skipped {
            self.after_move(saving);
        }
        skipped
    }

    /// `q`: in an interview, what is in the box is submitted (and saved) and the
    /// end-of-interview review of every answer given follows; in practice, or during the
    /// review, the drill ends at once, a typed answer kept as a draft.
    pub fn end(&mut self, now: DateTime<Utc>, saving: &mut Saving) {
        let answering = matches!(self.phase(), Phase::Answering | Phase::Paused);
        let typed = !self.answer_text().trim().is_empty();
        if answering && typed {
            if self.session.options().mode == DrillMode::Interview {
                // The answer is kept and graded; the interview ends on this question.
                self.submit_then(now, saving, false);
            } else if let Some(draft) = self.draft(now) {
                self.store_attempt(draft, saving);
            }
        }
        self.session.finish(now);
        self.typing = false;
        self.scroll = 0;
        self.finish_if_done(saving);
    }

    /// Scrolls the review or summary by `rows` (negative is up), within what was drawn.
    pub fn scroll_by(&mut self, rows: isize) {
        let max = self.scroll_max.get();
        self.scroll = self.scroll.min(max).saturating_add_signed(rows).min(max);
    }

    fn after_move(&mut self, saving: &mut Saving) {
        self.scroll = 0;
        if matches!(self.phase(), Phase::Answering) {
            self.fresh_answer(saving);
            self.typing = true;
        }
        self.finish_if_done(saving);
    }

    /// A fresh answer box for the question on screen, holding the draft an earlier drill left
    /// for this card, if any.
    fn fresh_answer(&mut self, saving: &Saving) {
        self.answer = TextField::multiline();
        self.offer_draft(saving);
    }

    /// Puts the open draft of the current card back in the box.
    pub fn offer_draft(&mut self, saving: &Saving) {
        let Saving::To(store) = saving else { return };
        let Some(card) = self.session.current().filter(|q| q.number.is_none()) else {
            return;
        };
        if let Some(draft) = store.progress().draft_of(&card.card_id) {
            self.answer.set_text(&draft.answer);
            self.restored_draft = Some(draft.at);
        }
    }

    /// Once the drill is over, keeps its summary and saves it to the history.
    fn finish_if_done(&mut self, saving: &mut Saving) {
        if self.phase() != Phase::Done || self.summary.is_some() {
            return;
        }
        let summary = self.session.summary();
        self.typing = false;
        self.scroll = 0;
        match saving {
            Saving::To(store) => {
                if let Err(e) = store.record_drill(summary.clone()) {
                    self.saves.error =
                        Some(m::DRILL_SUMMARY_NOT_SAVED.fill(self.ui(), &[("error", &e)]));
                }
            }
            Saving::Off(reason) => {
                self.saves.error =
                    Some(m::DRILL_THIS_NOT_SAVED.fill(self.ui(), &[("reason", reason)]));
            }
        }
        self.summary = Some(summary);
    }
}

/// Why a numbers drill has no questions.
fn no_numbers(options: &DrillOptions, ui: Lang) -> String {
    match (&options.card, &options.tag) {
        (Some(card), _) => m::NUMBERS_NONE_ON_CARD.fill(ui, &[("id", card)]),
        (_, Some(tag)) => m::NUMBERS_NONE_WITH_TAG.fill(ui, &[("tag", tag)]),
        _ => m::NUMBERS_NONE.get(ui).to_owned(),
    }
}
