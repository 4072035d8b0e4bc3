//! One drill as a pure state machine: questions, a clock per answer, hints, reveal and grades.
//!
//! Time is always passed in (`now`), never read here, so the TUI drives it from its tick events
//! and tests drive it with a fixed clock. Grading returns the [`Review`] to store; the session
//! itself never touches the disk.
//!
//! Practice mode: answer -> reveal -> grade -> next. Interview mode: answer every question in
//! turn, then reveal and grade each at the end. Follow-ups may be skipped at any point before
//! they are graded.

mod answer;
mod attempt;
mod clock;
mod numbers;
mod plan;
mod probe;
mod summary;

use std::sync::Arc;

use chrono::{DateTime, Utc};

pub use answer::{Answer, PointState, Timer, WARNING};
pub use numbers::{PlanContext, plan_drill};
pub use plan::{
    DEFAULT_COUNT, DEFAULT_MINUTES, DrillMode, DrillOptions, MAX_MINUTES, MIN_MINUTES, Question,
    parse_minutes, plan,
};
pub use probe::next_follow_up;

use super::grade::Grader;
use super::scheduler::Grade;
use super::store::{Extra, Review, new_id};
use crate::content::glossary::Glossary;

/// Where the drill is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Created, clock not started.
    Ready,
    /// The current question's clock is running.
    Answering,
    Paused,
    /// The current question's reference answer and coverage are shown, waiting for a grade
    /// (then for `next`).
    Reveal,
    Done,
}

/// A drill in progress.
#[derive(Debug, Clone)]
pub struct Session {
    id: String,
    questions: Vec<Question>,
    answers: Vec<Answer>,
    options: DrillOptions,
    phase: Phase,
    index: usize,
    started_at: Option<DateTime<Utc>>,
    ended_at: Option<DateTime<Utc>>,
    /// The glossary answers are graded with; `None` is the bundled one.
    glossary: Option<Arc<Glossary>>,
}

impl Session {
    pub fn new(questions: Vec<Question>, options: DrillOptions) -> Session {
        let answers = vec![Answer::default(); questions.len()];
        Session {
            id: String::new(),
            questions,
            answers,
            options,
            phase: Phase::Ready,
            index: 0,
            started_at: None,
            ended_at: None,
            glossary: None,
        }
    }

    /// Grades answers with `glossary` (the deck's, user additions included) instead of the
    /// bundled one.
    #[must_use]
    pub fn with_glossary(mut self, glossary: Arc<Glossary>) -> Session {
        self.glossary = Some(glossary);
        self
    }

    /// Starts the first question's clock; a drill without questions is done at once.
    pub fn start(&mut self, now: DateTime<Utc>) {
        if self.phase != Phase::Ready {
            return;
        }
        self.id = new_id(now);
        self.started_at = Some(now);
        if self.questions.is_empty() {
            self.end(now);
        } else {
            self.ask(0, now);
        }
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The question on screen; `None` before the start and after the end.
    pub fn current(&self) -> Option<&Question> {
        matches!(self.phase, Phase::Answering | Phase::Paused | Phase::Reveal)
            .then(|| self.questions.get(self.index))
            .flatten()
    }

    /// What happened to the question on screen so far.
    pub fn answer(&self) -> Option<&Answer> {
        self.current().and_then(|_| self.answers.get(self.index))
    }

    /// The position of the question on screen, from 0.
    pub fn index(&self) -> usize {
        self.index
    }

    pub fn questions(&self) -> &[Question] {
        &self.questions
    }

    pub fn answers(&self) -> &[Answer] {
        &self.answers
    }

    pub fn options(&self) -> &DrillOptions {
        &self.options
    }

    /// The drill's id, which its reviews carry; empty before `start`.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Reveals the next key point of the current question; `None` when all are shown or no
    /// answer is in progress. Using a hint is recorded in the review.
    pub fn hint(&mut self) -> Option<usize> {
        if self.phase != Phase::Answering {
            return None;
        }
        let total = self.questions[self.index]
            .key_points(self.options.lang)
            .len();
        let answer = &mut self.answers[self.index];
        let next = (0..total).find(|i| !answer.hints.contains(i))?;
        answer.hints.push(next);
        Some(next)
    }

    /// Stops the clock on `text` and grades it against the key points of both languages. Practice mode reveals
    /// the answer; interview mode asks the next question, and reveals all after the last.
    pub fn submit(&mut self, text: &str, now: DateTime<Utc>) {
        if self.record(text, now) {
            self.after_submit(now);
        }
    }

    /// Stops the clock on `text` and grades it, staying on the question: what an interview
    /// ended in the middle of an answer keeps, without asking a question nobody will see.
    /// False when no question is being answered.
    pub fn record(&mut self, text: &str, now: DateTime<Utc>) -> bool {
        if !matches!(self.phase, Phase::Answering | Phase::Paused) {
            return false;
        }
        self.resume(now);
        if self.submit_number(text, now) {
            return true;
        }
        let glossary = self
            .glossary
            .as_deref()
            .unwrap_or_else(|| Glossary::bundled());
        let question = &self.questions[self.index];
        let grading =
            Grader::new(&question.spoken.key_points, glossary).grade(text, self.options.lang);
        let answer = &mut self.answers[self.index];
        text.clone_into(&mut answer.text);
        answer.stopped = Some(now);
        answer.covered = grading.flags();
        answer.grading = Some(grading);
        answer.submitted = true;
        self.order_follow_ups();
        true
    }

    /// Practice mode reveals the answer; interview mode asks the next question.
    fn after_submit(&mut self, now: DateTime<Utc>) {
        match self.options.mode {
            DrillMode::Practice => self.phase = Phase::Reveal,
            DrillMode::Interview => self.ask_or_reveal(self.index + 1, now),
        }
    }

    /// Grades the revealed question and returns the review for the caller to store; `None` when
    /// nothing is waiting for a grade.
    pub fn grade(&mut self, grade: Grade, now: DateTime<Utc>) -> Option<Review> {
        if self.phase != Phase::Reveal {
            return None;
        }
        let limit_seconds = self.limit().as_secs_f64();
        let question = &self.questions[self.index];
        let answer = &mut self.answers[self.index];
        if answer.grade.is_some() || answer.skipped || !answer.submitted {
            return None;
        }
        answer.grade = Some(grade);
        Some(Review {
            id: new_id(now),
            card_id: question.card_id.clone(),
            at: now,
            grade,
            seconds: answer.elapsed(now).as_secs_f64(),
            limit_seconds,
            covered: answer.covered.clone(),
            answer: answer.text.clone(),
            hint_used: !answer.hints.is_empty(),
            follow_up_of: question.follow_up_of.clone(),
            lang: self.options.lang,
            drill_id: Some(self.id.clone()),
            extra: Extra::new(),
        })
    }

    /// Whether `skip` would act now: only an ungraded follow-up on screen can be skipped (a
    /// main question is answered or left blank), so the footer offers `s` only then.
    pub fn can_skip(&self) -> bool {
        matches!(self.phase, Phase::Answering | Phase::Paused | Phase::Reveal)
            && self.questions[self.index].is_follow_up()
            && self.answers[self.index].grade.is_none()
    }

    /// Skips the current follow-up (main questions cannot be skipped) and moves on. Returns
    /// whether it skipped.
    pub fn skip(&mut self, now: DateTime<Utc>) -> bool {
        if !self.can_skip() {
            return false;
        }
        let from_reveal = self.phase == Phase::Reveal;
        self.resume(now);
        let answer = &mut self.answers[self.index];
        answer.skipped = true;
        answer.stopped.get_or_insert(now);
        self.move_on(from_reveal, now);
        true
    }

    /// Moves on from a graded (or skipped) reveal; returns whether it moved.
    pub fn next(&mut self, now: DateTime<Utc>) -> bool {
        let answer = &self.answers[self.index];
        if self.phase != Phase::Reveal || (answer.grade.is_none() && !answer.skipped) {
            return false;
        }
        self.move_on(true, now);
        true
    }

    /// Ends the drill now (`q`): the clock of an answer in progress stops, unasked questions
    /// stay unasked, and the summary covers what was done.
    pub fn end(&mut self, now: DateTime<Utc>) {
        if matches!(self.phase, Phase::Answering | Phase::Paused) {
            self.resume(now);
            self.answers[self.index].stopped.get_or_insert(now);
        }
        self.phase = Phase::Done;
        self.ended_at.get_or_insert(now);
    }

    /// After the question at `self.index` is finished with, go on to the next one to ask or to
    /// reveal. Interview reveals come one after another once every question was answered.
    fn move_on(&mut self, from_reveal: bool, now: DateTime<Utc>) {
        if from_reveal && self.options.mode == DrillMode::Interview {
            self.reveal_from(self.index + 1, now);
        } else {
            self.ask_or_reveal(self.index + 1, now);
        }
    }

    /// Asks question `index`, or if there is none, starts the reveals (interview) or ends.
    fn ask_or_reveal(&mut self, index: usize, now: DateTime<Utc>) {
        if index < self.questions.len() {
            self.ask(index, now);
        } else if self.options.mode == DrillMode::Interview {
            self.reveal_from(0, now);
        } else {
            self.end(now);
        }
    }

    fn ask(&mut self, index: usize, now: DateTime<Utc>) {
        self.index = index;
        self.answers[index].started = Some(now);
        self.phase = Phase::Answering;
    }

    /// Interview mode: reveals the first answered question from `index` on, or ends.
    fn reveal_from(&mut self, index: usize, now: DateTime<Utc>) {
        let next = (index..self.questions.len())
            .find(|&i| self.answers[i].submitted && !self.answers[i].skipped);
        match next {
            Some(i) => {
                self.index = i;
                self.phase = Phase::Reveal;
            }
            None => self.end(now),
        }
    }
}

#[cfg(test)]
mod tests;
