//! The end-of-drill summary: per question time, grade and coverage; totals; weakest tags.

use std::collections::HashMap;

use super::Session;
use crate::drill::scheduler::Grade;
use crate::drill::store::{Coverage, DrillSummary, Extra, QuestionSummary};

/// How many weak tags a summary names.
const WEAKEST: usize = 3;

impl Session {
    /// The summary of what was asked so far (questions never reached are left out).
    pub fn summary(&self) -> DrillSummary {
        let limit_seconds = self.limit().as_secs_f64();
        let questions: Vec<QuestionSummary> = self
            .questions
            .iter()
            .zip(&self.answers)
            .filter(|(_, a)| a.started.is_some())
            .map(|(q, a)| {
                let end = a
                    .stopped
                    .or(self.ended_at)
                    .or(a.started)
                    .unwrap_or_default();
                let seconds = a.elapsed(end).as_secs_f64();
                QuestionSummary {
                    card_id: q.card_id.clone(),
                    follow_up_of: q.follow_up_of.clone(),
                    seconds,
                    limit_seconds,
                    grade: a.grade,
                    coverage: Coverage {
                        covered: Coverage::of(&a.covered).covered,
                        total: q.key_points(self.options.lang).len(),
                    },
                    hint_used: !a.hints.is_empty(),
                    skipped: a.skipped,
                    over_time: seconds > limit_seconds,
                    extra: Extra::new(),
                }
            })
            .collect();
        let started_at = self.started_at.unwrap_or_default();
        let answered = questions.iter().filter(|q| !q.skipped);
        DrillSummary {
            id: self.id.clone(),
            started_at,
            ended_at: self.ended_at.unwrap_or(started_at),
            mode: self.options.mode,
            lang: self.options.lang,
            total_seconds: questions.iter().map(|q| q.seconds).sum(),
            total_limit_seconds: limit_seconds * questions.len() as f64,
            graded: questions.iter().filter(|q| q.grade.is_some()).count(),
            skipped: questions.iter().filter(|q| q.skipped).count(),
            coverage: answered.map(|q| q.coverage).sum(),
            weakest_tags: self.weakest_tags(),
            questions,
            extra: Extra::new(),
        }
    }

    /// Tags whose graded questions averaged below Good, weakest first (ties: less coverage).
    fn weakest_tags(&self) -> Vec<String> {
        // tag -> (sum of grades, graded count, key points covered)
        let mut by_tag: HashMap<&str, (u32, u32, Coverage)> = HashMap::new();
        for (question, answer) in self.questions.iter().zip(&self.answers) {
            let Some(grade) = answer.grade else { continue };
            for tag in &question.tags {
                let entry = by_tag.entry(tag).or_default();
                entry.0 += u32::from(grade.number());
                entry.1 += 1;
                entry.2 = entry.2 + Coverage::of(&answer.covered);
            }
        }
        let good = f64::from(Grade::Good.number());
        let mut weak: Vec<(&str, f64, f64)> = by_tag
            .into_iter()
            .map(|(tag, (sum, n, coverage))| (tag, f64::from(sum) / f64::from(n), coverage.share()))
            .filter(|(_, mean, _)| *mean < good)
            .collect();
        weak.sort_by(|a, b| {
            a.1.total_cmp(&b.1)
                .then(a.2.total_cmp(&b.2))
                .then(a.0.cmp(b.0))
        });
        weak.into_iter()
            .take(WEAKEST)
            .map(|(tag, _, _)| tag.to_owned())
            .collect()
    }
}
