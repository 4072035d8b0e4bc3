//! Number questions in a drill. A numbers drill asks only them; a drill of cards may follow a
//! card's spoken answer with one of its number questions, as an interviewer asks "so how long
//! would that take?", at the rate of the mix setting. A number answer is graded by value and
//! unit when it is submitted, so it needs no 1-4 grade and its review is saved at once.

use chrono::{DateTime, Utc};

use super::plan::{DEFAULT_COUNT, DrillOptions, Question, plan};
use super::{Phase, Session};
use crate::calc::HardwareTable;
use crate::content::{Bilingual, Card};
use crate::drill::numbers::tally::number_review;
use crate::drill::numbers::{
    NumberFilter, NumberQuestion, due_first, follow_up, grade_typed, unanswered,
};
use crate::drill::store::{Progress, Review};

impl Question {
    /// A number question from one of `card`'s templates; `follow_up_of` is the card whose
    /// spoken answer it follows, if any.
    pub fn number(card: &Card, question: NumberQuestion, follow_up_of: Option<&str>) -> Question {
        Question {
            card_id: card.id.clone(),
            follow_up_of: follow_up_of.map(str::to_owned),
            key_points: Vec::new(),
            both_key_points: Bilingual::default(),
            tags: card.tags.clone(),
            follow_ups: Vec::new(),
            number: Some(Box::new(question)),
        }
    }
}

/// The questions of a drill: [`plan`]'s cards, each main card followed by one of its number
/// questions at the mix rate; or, for a numbers drill, number questions only (due templates
/// first, then fresh variants chosen by the seed).
pub fn plan_drill(
    cards: &[&Card],
    progress: &Progress,
    options: &DrillOptions,
    table: &HardwareTable,
    now: DateTime<Utc>,
) -> Vec<Question> {
    if options.numbers {
        return plan_numbers(cards, progress, options, table, now);
    }
    let questions = plan(cards, progress, options, now);
    let rate = options.numbers_mix.unwrap_or(0.0);
    if rate.is_nan() || rate <= 0.0 {
        return questions;
    }
    let mut out = Vec::with_capacity(questions.len() * 2);
    for (i, question) in questions.into_iter().enumerate() {
        let main = (!question.is_follow_up())
            .then(|| cards.iter().find(|c| c.id == question.card_id))
            .flatten();
        out.push(question);
        // Each card draws with its own seed, so one card's draw does not move the others'.
        let seed = options.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if let Some(card) = main
            && let Some(number) = follow_up(card, progress, rate, seed, table, now)
        {
            // Right after the spoken answer, before the card's follow-ups.
            out.push(Question::number(card, number, Some(&card.id)));
        }
    }
    out
}

/// A numbers drill's questions: from one card (id or number), a tag, or the whole deck.
fn plan_numbers(
    cards: &[&Card],
    progress: &Progress,
    options: &DrillOptions,
    table: &HardwareTable,
    now: DateTime<Utc>,
) -> Vec<Question> {
    let card = options.card.as_ref().map(|wanted| {
        cards
            .iter()
            .find(|c| c.id == *wanted || c.number.is_some_and(|n| n.to_string() == *wanted))
            .map_or_else(|| wanted.clone(), |c| c.id.clone())
    });
    let filter = NumberFilter {
        card,
        tag: options.tag.clone(),
    };
    let count = options.count.unwrap_or(DEFAULT_COUNT);
    due_first(cards, &filter, progress, count, options.seed, table, now)
        .into_iter()
        .filter_map(|q| {
            let card = cards.iter().find(|c| c.id == q.card)?;
            Some(Question::number(card, q, None))
        })
        .collect()
}

impl Session {
    /// Why `text` cannot be submitted to the number question on screen (it is no quantity),
    /// or `None`: any text goes to a spoken question, and nothing typed counts as no answer.
    pub fn number_problem(&self, text: &str) -> Option<String> {
        let question = self.current()?.number.as_deref()?;
        if text.trim().is_empty() {
            return None;
        }
        grade_typed(question, text).err()
    }

    /// Grades a number answer on submit: its verdict sets the grade at once.
    pub(super) fn submit_number(&mut self, text: &str, now: DateTime<Utc>) -> bool {
        let Some(question) = self
            .questions
            .get(self.index)
            .and_then(|q| q.number.as_deref())
        else {
            return false;
        };
        let graded = if text.trim().is_empty() {
            unanswered(question, text)
        } else {
            grade_typed(question, text).unwrap_or_else(|_| unanswered(question, text))
        };
        let answer = &mut self.answers[self.index];
        text.clone_into(&mut answer.text);
        answer.stopped = Some(now);
        answer.grade = Some(crate::drill::numbers::tally::grade_of(graded.verdict));
        answer.number = Some(graded);
        answer.submitted = true;
        true
    }

    /// The review of the number answer to question `index`, for the store: under the template's
    /// key, so the template's spaced repetition and `numbers stats` count it.
    pub fn number_review(&self, index: usize, now: DateTime<Utc>) -> Option<Review> {
        let question = self.questions.get(index)?.number.as_deref()?;
        let answer = self.answers.get(index)?;
        let graded = answer.number.as_ref()?;
        let at = answer.stopped.unwrap_or(now);
        let seconds = answer.elapsed(at).as_secs_f64();
        let mut review = number_review(
            question,
            graded,
            &answer.text,
            at,
            seconds,
            self.options.lang,
        );
        review.limit_seconds = self.limit().as_secs_f64();
        review.drill_id = (!self.id.is_empty()).then(|| self.id.clone());
        Some(review)
    }

    /// Whether the question on screen is a number question still being answered.
    pub fn asking_number(&self) -> bool {
        matches!(self.phase, Phase::Answering | Phase::Paused)
            && self.current().is_some_and(|q| q.number.is_some())
    }
}
