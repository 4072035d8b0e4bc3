//! An interviewer that listens: after an answer, the follow-up that probes what it missed comes
//! next. Follow-ups name the key points they probe in the card's front matter (`[probes]`);
//! those that name none keep the card's order.

use super::{Question, Session};
use crate::content::FollowUp;

/// How many of the points a follow-up probes the answer missed (a point beyond `covered` counts
/// as missed: nothing was said about it).
fn missed_probed(follow_up: &FollowUp, covered: &[bool]) -> usize {
    follow_up
        .probes
        .iter()
        .filter(|&&i| !covered.get(i).copied().unwrap_or(false))
        .count()
}

/// The follow-up to ask next after an answer that covered `covered`: of those not in `asked`,
/// the one probing the most missed points; on a tie, or when none probes a missed point, the
/// first in the card's order.
pub fn next_follow_up<'a>(
    follow_ups: &'a [FollowUp],
    covered: &[bool],
    asked: &[&str],
) -> Option<&'a FollowUp> {
    follow_ups
        .iter()
        .filter(|f| !asked.contains(&f.id.as_str()))
        .enumerate()
        .max_by_key(|(order, f)| (missed_probed(f, covered), std::cmp::Reverse(*order)))
        .map(|(_, f)| f)
}

impl Session {
    /// After a main question is answered, puts its follow-ups still to come in the order
    /// [`next_follow_up`] would ask them.
    pub(super) fn order_follow_ups(&mut self) {
        let Some(main) = self.questions.get(self.index).filter(|q| !q.is_follow_up()) else {
            return;
        };
        let main_id = main.card_id.clone();
        let links = main.spoken.follow_ups.clone();
        let covered = self.answers[self.index].covered.clone();
        // A number question right after the main one stays there, before the follow-ups.
        let mut start = self.index + 1;
        while self.questions.get(start).is_some_and(|q| {
            q.number.is_some() && q.follow_up_of.as_deref() == Some(main_id.as_str())
        }) {
            start += 1;
        }
        let count = self.questions[start..]
            .iter()
            .take_while(|q| q.follow_up_of.as_deref() == Some(main_id.as_str()))
            .count();
        let mut block: Vec<Question> = self.questions.drain(start..start + count).collect();
        let mut ordered = Vec::with_capacity(block.len());
        let mut asked: Vec<String> = Vec::new();
        while !block.is_empty() {
            let asked_refs: Vec<&str> = asked.iter().map(String::as_str).collect();
            let pending: Vec<FollowUp> = links
                .iter()
                .filter(|f| block.iter().any(|q| q.card_id == f.id))
                .cloned()
                .collect();
            let at = next_follow_up(&pending, &covered, &asked_refs)
                .and_then(|f| block.iter().position(|q| q.card_id == f.id))
                .unwrap_or(0);
            let question = block.remove(at);
            asked.push(question.card_id.clone());
            ordered.push(question);
        }
        self.questions.splice(start..start, ordered);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn follow_up(id: &str, probes: &[usize]) -> FollowUp {
        FollowUp {
            question: format!("{id}?"),
            id: id.to_owned(),
            line: 1,
            probes: probes.to_vec(),
        }
    }

    #[test]
    fn the_follow_up_probing_what_was_missed_comes_first() {
        let links = [
            follow_up("plain", &[]),
            follow_up("probes-0", &[0]),
            follow_up("probes-1-2", &[1, 2]),
        ];
        let next = |covered: &[bool], asked: &[&str]| {
            next_follow_up(&links, covered, asked).map(|f| f.id.as_str())
        };
        assert_eq!(
            next(&[true, true, true], &[]),
            Some("plain"),
            "nothing missed"
        );
        assert_eq!(next(&[false, true, true], &[]), Some("probes-0"));
        assert_eq!(
            next(&[false, false, true], &[]),
            Some("probes-0"),
            "a tie: card order"
        );
        assert_eq!(next(&[false, false, false], &[]), Some("probes-1-2"));
        assert_eq!(
            next(&[false, false, false], &["probes-1-2"]),
            Some("probes-0")
        );
        assert_eq!(next(&[], &["plain", "probes-0", "probes-1-2"]), None);
    }
}
