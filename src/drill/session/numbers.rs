//! Number questions in a drill. A numbers drill asks only them; a drill of cards may follow a
//! card's spoken answer with one of its number questions, as an interviewer asks "so how long
//! would that take?", at the rate of the mix setting. A number answer is graded by value and
//! unit when it is submitted, so it needs no 1-4 grade and its review is saved at once.

use chrono::{DateTime, Utc};

use super::plan::{DEFAULT_COUNT, DrillOptions, Question, Spoken, plan};
use super::{Phase, Session};
use crate::calc::HardwareTable;
use crate::content::Card;
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
            spoken: Spoken::default(),
            tags: card.tags.clone(),
            number: Some(Box::new(question)),
        }
    }
}

/// What a drill's questions are chosen from: the deck's cards, the learner's progress, the link
/// presets number questions compute with, and the time of planning.
#[derive(Clone, Copy)]
pub struct PlanContext<'a> {
    pub cards: &'a [&'a Card],
    pub progress: &'a Progress,
    pub table: &'a HardwareTable,
    pub now: DateTime<Utc>,
}

/// The questions of a drill: [`plan`]'s cards, each main card followed by one of its number
/// questions at the mix rate; or, for a numbers drill, number questions only (due templates
/// first, then fresh variants chosen by the seed).
pub fn plan_drill(context: PlanContext<'_>, options: &DrillOptions) -> Vec<Question> {
    if options.numbers {
        return plan_numbers(context, options);
    }
    let PlanContext {
        cards,
        progress,
        table,
        now,
    } = context;
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
fn plan_numbers(context: PlanContext<'_>, options: &DrillOptions) -> Vec<Question> {
    let cards = context.cards;
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
    due_first(
        cards,
        &filter,
        context.progress,
        count,
        options.seed,
        context.table,
        context.now,
    )
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

#[cfg(test)]
mod tests {
    use chrono::TimeDelta;

    use super::*;
    use crate::content::DeckSource;
    use crate::content::deck::load;
    use crate::drill::numbers::tally::template_key;
    use crate::drill::numbers::{Verdict, instantiate};
    use crate::drill::session::DrillMode;

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-12-01T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
    }

    fn context<'a>(
        cards: &'a [&'a Card],
        progress: &'a Progress,
        table: &'a HardwareTable,
    ) -> PlanContext<'a> {
        PlanContext {
            cards,
            progress,
            table,
            now: now(),
        }
    }

    fn numbers_of(questions: &[Question]) -> usize {
        questions.iter().filter(|q| q.number.is_some()).count()
    }

    #[test]
    fn the_mix_rate_decides_how_many_cards_are_followed_by_a_number() {
        let deck = load(&[DeckSource::Bundled]).deck;
        let cards: Vec<&Card> = deck.cards().iter().collect();
        let table = HardwareTable::bundled();
        let with_templates = cards.iter().filter(|c| !c.numbers.is_empty()).count();
        let options = |mix: f64| DrillOptions {
            count: Some(cards.len()),
            numbers_mix: Some(mix),
            mode: DrillMode::Interview,
            seed: 7,
            ..DrillOptions::default()
        };
        let plain = plan(&cards, &Progress::default(), &options(0.0), now());
        let none = plan_drill(context(&cards, &Progress::default(), &table), &options(0.0));
        assert_eq!(none, plain, "no mix: the plan of cards, unchanged");
        let all = plan_drill(context(&cards, &Progress::default(), &table), &options(1.0));
        let mains_with_templates = plain
            .iter()
            .filter(|q| !q.is_follow_up())
            .filter(|q| {
                cards
                    .iter()
                    .any(|c| c.id == q.card_id && !c.numbers.is_empty())
            })
            .count();
        assert!(mains_with_templates > 0 && with_templates >= mains_with_templates);
        assert_eq!(numbers_of(&all), mains_with_templates);
        for (i, q) in all.iter().enumerate().filter(|(_, q)| q.number.is_some()) {
            let before = &all[i - 1];
            assert_eq!(before.card_id, q.card_id, "right after its own card");
            assert!(!before.is_follow_up() && before.number.is_none());
            assert_eq!(q.follow_up_of.as_deref(), Some(q.card_id.as_str()));
            assert_eq!(q.number.as_ref().unwrap().card, q.card_id);
        }
        let half = numbers_of(&plan_drill(
            context(&cards, &Progress::default(), &table),
            &options(0.5),
        ));
        assert!(
            half > 0 && half < mains_with_templates,
            "{half} of {mains_with_templates}"
        );
    }

    #[test]
    fn a_numbers_drill_asks_due_templates_first_then_fresh_ones_by_seed() {
        let deck = load(&[DeckSource::Bundled]).deck;
        let cards: Vec<&Card> = deck.cards().iter().collect();
        let table = HardwareTable::bundled();
        let options = |seed: u64| DrillOptions {
            count: Some(5),
            numbers: true,
            seed,
            ..DrillOptions::default()
        };
        let fresh = plan_drill(context(&cards, &Progress::default(), &table), &options(1));
        assert_eq!(fresh.len(), 5);
        assert!(
            fresh
                .iter()
                .all(|q| q.number.is_some() && q.spoken == Spoken::default())
        );
        let other = plan_drill(context(&cards, &Progress::default(), &table), &options(2));
        let ids = |qs: &[Question]| -> Vec<String> {
            qs.iter()
                .map(|q| q.number.as_ref().unwrap().id.clone())
                .collect()
        };
        assert_ne!(ids(&fresh), ids(&other), "another seed, other questions");
        // A template answered wrongly two days ago is due now: it comes first.
        let card = cards.iter().rev().find(|c| !c.numbers.is_empty()).unwrap();
        let asked = instantiate(card, &card.numbers[0], 0, &table).unwrap();
        let wrong = unanswered(&asked, "");
        assert_eq!(wrong.verdict, Verdict::Off);
        let mut progress = Progress::default();
        progress.reviews.push(number_review(
            &asked,
            &wrong,
            "",
            now() - TimeDelta::days(2),
            10.0,
            crate::content::Lang::En,
        ));
        let due = plan_drill(context(&cards, &progress, &table), &options(1));
        let first = due[0].number.as_ref().unwrap();
        assert_eq!(
            template_key(&first.card, &first.template),
            template_key(&card.id, &card.numbers[0].id)
        );
        assert_eq!(due.len(), 5);
        let keys: Vec<String> = due
            .iter()
            .map(|q| q.number.as_ref().unwrap())
            .map(|n| template_key(&n.card, &n.template))
            .collect();
        assert!(
            !keys[1..].contains(&keys[0]),
            "the due template is not asked twice"
        );
    }
}
