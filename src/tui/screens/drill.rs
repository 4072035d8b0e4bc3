//! The drill screen's state: the session, the answer box, and the progress store every graded
//! answer is saved to at once.

use chrono::{DateTime, Utc};

use crate::content::{Card, Deck};
use crate::drill::{DrillOptions, DrillSummary, Grade, Phase, Progress, Session, Store, plan};
use crate::tui::action::Action;
use crate::tui::keymap::{Context, key_for};
use crate::tui::text_field::TextField;

/// Where progress is kept for this run of the app.
pub enum Saving {
    To(Store),
    /// The store could not be opened; the message says why and how to recover.
    Off(String),
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
    /// The last save problem, shown until the next save works.
    pub save_error: Option<String>,
    /// Reviews saved during this drill.
    pub saved: usize,
}

impl DrillScreen {
    /// Plans and starts a drill, or explains why there is nothing to drill.
    pub fn start(
        deck: &Deck,
        progress: &Progress,
        options: DrillOptions,
        now: DateTime<Utc>,
    ) -> Result<DrillScreen, String> {
        let cards: Vec<&Card> = deck.cards().iter().collect();
        let questions = plan(&cards, progress, &options, now);
        if questions.is_empty() {
            return Err(match (&options.card, &options.tag, options.due) {
                (Some(card), _, _) => format!("no card '{card}' to drill"),
                (_, Some(tag), _) => format!("no card has the tag '{tag}'"),
                (_, _, true) => "nothing is due: every card is scheduled later".to_owned(),
                _ => "the deck is empty".to_owned(),
            });
        }
        let mut session = Session::new(questions, options).with_glossary(deck.shared_glossary());
        session.start(now);
        Ok(DrillScreen {
            session,
            answer: new_answer_box(),
            typing: true,
            summary: None,
            save_error: None,
            saved: 0,
        })
    }

    pub fn phase(&self) -> Phase {
        self.session.phase()
    }

    /// The answer box's text.
    pub fn answer_text(&self) -> String {
        self.answer.text()
    }

    /// Submits what was typed (also when the clock runs out).
    pub fn submit(&mut self, now: DateTime<Utc>, saving: &mut Saving) {
        let text = self.answer_text();
        self.session.submit(&text, now);
        // Interview mode asks the next question at once: the box is fresh and has the focus.
        self.typing = matches!(self.phase(), Phase::Answering);
        if self.typing {
            self.fresh_answer();
        }
        self.finish_if_done(saving);
    }

    /// Grades the revealed answer and saves the review at once.
    pub fn grade(&mut self, grade: Grade, now: DateTime<Utc>, saving: &mut Saving) {
        let Some(review) = self.session.grade(grade, now) else {
            return;
        };
        match saving {
            Saving::To(store) => match store.record(review) {
                Ok(()) => {
                    self.saved += 1;
                    self.save_error = None;
                }
                Err(e) => {
                    self.save_error = Some(format!("not saved yet (kept for the next save): {e}"));
                }
            },
            Saving::Off(reason) => self.save_error = Some(format!("not saved: {reason}")),
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

    /// Ends the drill now and saves its summary.
    pub fn end(&mut self, now: DateTime<Utc>, saving: &mut Saving) {
        self.session.end(now);
        self.finish_if_done(saving);
    }

    fn after_move(&mut self, saving: &mut Saving) {
        if matches!(self.phase(), Phase::Answering) {
            self.fresh_answer();
            self.typing = true;
        }
        self.finish_if_done(saving);
    }

    fn fresh_answer(&mut self) {
        self.answer = new_answer_box();
    }

    /// Once the drill is over, keeps its summary and saves it to the history.
    fn finish_if_done(&mut self, saving: &mut Saving) {
        if self.phase() != Phase::Done || self.summary.is_some() {
            return;
        }
        let summary = self.session.summary();
        self.typing = false;
        match saving {
            Saving::To(store) => {
                if let Err(e) = store.record_drill(summary.clone()) {
                    self.save_error = Some(format!("the drill summary was not saved: {e}"));
                }
            }
            Saving::Off(reason) => {
                self.save_error = Some(format!("this drill was not saved: {reason}"));
            }
        }
        self.summary = Some(summary);
    }
}

fn new_answer_box() -> TextField {
    let mut answer = TextField::multiline();
    answer.set_placeholder(&format!(
        "Type your answer (optional: you may answer aloud). {} leaves the box, {} reveals.",
        key_for(Context::DrillAnswer, Action::StopTyping),
        key_for(Context::Drill, Action::Reveal)
    ));
    answer
}
