//! Number answers in the progress file: each template has its own spaced-repetition state, and
//! the statistics count accuracy per calculator and the slips made most often.
//!
//! A graded number answer is an ordinary [`Review`] whose `card_id` is the template's key
//! (`numbers:CARD/TEMPLATE`), so the scheduler, the merge of progress files and `history export`
//! treat it like any other review; what the grader found is kept under the review's `number`
//! key. The verdict sets the grade: exact is good, close is hard, off is again.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Diagnosis, Graded, NumberQuestion, Verdict};
use crate::content::{Card, Lang};
use crate::drill::progress::{Extra, Progress, Review, new_id};
use crate::drill::scheduler::{Grade, due_queue};

/// The prefix of a template's key, so template keys never collide with card ids.
pub const KEY_PREFIX: &str = "numbers:";

/// The progress key of a template: `numbers:CARD/TEMPLATE`.
pub fn template_key(card: &str, template: &str) -> String {
    format!("{KEY_PREFIX}{card}/{template}")
}

/// The grade a verdict gives the template's memory.
pub const fn grade_of(verdict: Verdict) -> Grade {
    match verdict {
        Verdict::Exact => Grade::Good,
        Verdict::Close => Grade::Hard,
        Verdict::Off => Grade::Again,
    }
}

/// What the grader found, as kept in the review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NumberRecord {
    /// The question id, `card/template#variant`.
    pub question: String,
    pub calculator: String,
    pub verdict: Verdict,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diagnosis: Option<Diagnosis>,
    pub expected: String,
}

/// A graded number answer as a review for the progress file.
pub fn number_review(
    question: &NumberQuestion,
    graded: &Graded,
    typed: &str,
    at: DateTime<Utc>,
    seconds: f64,
    lang: Lang,
) -> Review {
    let record = NumberRecord {
        question: question.id.clone(),
        calculator: question.calculator.clone(),
        verdict: graded.verdict,
        diagnosis: graded.diagnosis,
        expected: question.answer.text.clone(),
    };
    let mut extra = Extra::new();
    if let Ok(value) = serde_json::to_value(&record) {
        extra.insert("number".to_owned(), value);
    }
    Review {
        id: new_id(at),
        card_id: template_key(&question.card, &question.template),
        at,
        grade: grade_of(graded.verdict),
        seconds,
        limit_seconds: 0.0,
        covered: Vec::new(),
        answer: typed.to_owned(),
        hint_used: false,
        follow_up_of: None,
        lang,
        drill_id: None,
        extra,
    }
}

/// The grader's record of a review, if it is a number answer.
pub fn record_of(review: &Review) -> Option<NumberRecord> {
    if !review.card_id.starts_with(KEY_PREFIX) {
        return None;
    }
    serde_json::from_value(review.extra.get("number")?.clone()).ok()
}

/// The template keys to ask at `now`: due ones, most overdue first, then never-asked ones.
pub fn due_templates(cards: &[&Card], progress: &Progress, now: DateTime<Utc>) -> Vec<String> {
    let keys: Vec<String> = cards
        .iter()
        .flat_map(|c| c.numbers.iter().map(|t| template_key(&c.id, &t.id)))
        .collect();
    let ids: Vec<&str> = keys.iter().map(String::as_str).collect();
    let mut queue = due_queue(&ids, progress, now, None);
    let memories = progress.memories();
    queue.extend(
        keys.iter()
            .filter(|k| !memories.contains_key(k.as_str()))
            .cloned(),
    );
    queue
}

/// Answers of one calculator.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Accuracy {
    pub asked: usize,
    pub exact: usize,
    pub close: usize,
    pub off: usize,
}

impl Accuracy {
    /// One calculator's row as the stats screen and `numbers stats` print it: the share right
    /// (exact or close), then the counts. English leads with the share right-aligned so rows
    /// line up; Chinese writes it as it falls.
    pub fn line(&self, ui: Lang) -> String {
        use crate::text::messages as m;
        let right = (self.exact + self.close) as f64 / self.asked.max(1) as f64 * 100.0;
        let right = match ui {
            Lang::En => format!("{right:>3.0}"),
            Lang::Zh => format!("{right:.0}"),
        };
        m::NUM_STATS_ROW.fill(
            ui,
            &[
                ("right", &right),
                ("asked", &self.asked),
                ("exact", &self.exact),
                ("close", &self.close),
                ("off", &self.off),
            ],
        )
    }
}

/// Number accuracy per calculator and the slips made since a time, most frequent first.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct NumberStats {
    pub per_calculator: BTreeMap<String, Accuracy>,
    /// (diagnosis code, times) since the given time.
    pub mistakes: Vec<(String, usize)>,
}

/// Tallies every number answer; mistakes count only those at or after `since`.
pub fn number_stats(progress: &Progress, since: DateTime<Utc>) -> NumberStats {
    let mut stats = NumberStats::default();
    let mut mistakes: BTreeMap<&'static str, usize> = BTreeMap::new();
    for review in &progress.reviews {
        let Some(record) = record_of(review) else {
            continue;
        };
        let entry = stats.per_calculator.entry(record.calculator).or_default();
        entry.asked += 1;
        match record.verdict {
            Verdict::Exact => entry.exact += 1,
            Verdict::Close => entry.close += 1,
            Verdict::Off => entry.off += 1,
        }
        if let Some(diagnosis) = record.diagnosis.filter(|_| review.at >= since) {
            *mistakes.entry(diagnosis.code()).or_default() += 1;
        }
    }
    stats.mistakes = mistakes
        .into_iter()
        .map(|(code, n)| (code.to_owned(), n))
        .collect();
    stats
        .mistakes
        .sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    stats
}
