//! Attempts: what the session hands the store the moment an answer is submitted, and the draft
//! still in the box when the drill is cut short, so nothing typed is lost before the grade.

use chrono::{DateTime, Utc};

use super::{DrillMode, Phase, Session};
use crate::drill::store::{Attempt, Extra, new_id};

impl Session {
    /// The submitted answer to question `index` as an attempt to save; `None` when that
    /// question was not submitted.
    pub fn attempt(&self, index: usize, now: DateTime<Utc>) -> Option<Attempt> {
        let answer = self.answers.get(index)?;
        // A number answer is saved as its review at once (`number_review`), not as an attempt.
        if !answer.submitted || self.questions.get(index)?.number.is_some() {
            return None;
        }
        let at = answer.stopped.unwrap_or(now);
        Some(self.make_attempt(index, answer.text.clone(), at, false))
    }

    /// The text still in the answer box of the question on screen, as a draft to save; `None`
    /// when no answer is in progress or the box is blank.
    pub fn draft(&self, text: &str, now: DateTime<Utc>) -> Option<Attempt> {
        if !matches!(self.phase, Phase::Answering | Phase::Paused)
            || text.trim().is_empty()
            || self.asking_number()
        {
            return None;
        }
        Some(self.make_attempt(self.index, text.to_owned(), now, true))
    }

    fn make_attempt(
        &self,
        index: usize,
        answer: String,
        at: DateTime<Utc>,
        draft: bool,
    ) -> Attempt {
        let question = &self.questions[index];
        let given = &self.answers[index];
        Attempt {
            id: new_id(at),
            card_id: question.card_id.clone(),
            at,
            answer,
            seconds: given.elapsed(at).as_secs_f64(),
            limit_seconds: self.limit().as_secs_f64(),
            mode: self.options.mode,
            lang: self.options.lang,
            covered: if draft {
                Vec::new()
            } else {
                given.covered.clone()
            },
            hint_used: !given.hints.is_empty(),
            follow_up_of: question.follow_up_of.clone(),
            drill_id: (!self.id.is_empty()).then(|| self.id.clone()),
            draft,
            extra: Extra::new(),
        }
    }

    /// `q` in an interview: stops the clock of the question on screen and goes to the
    /// end-of-interview review of every answer submitted so far (the drill ends when there is
    /// none). Anywhere else, and in practice mode, the drill ends at once.
    pub fn finish(&mut self, now: DateTime<Utc>) {
        let answering = matches!(self.phase, Phase::Answering | Phase::Paused);
        if self.options.mode == DrillMode::Interview && answering {
            self.resume(now);
            self.answers[self.index].stopped.get_or_insert(now);
            self.reveal_from(0, now);
        } else {
            self.end(now);
        }
    }
}
