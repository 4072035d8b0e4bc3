//! The key points a user keeps missing across drills, from the per-point coverage each stored
//! review keeps (`Review::covered`, by the point's position, either language counting).

use std::collections::HashMap;

use serde::Serialize;

use crate::content::{Card, Lang};
use crate::drill::store::Progress;

/// A key point and how often typed answers left it out.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MissedPoint {
    pub card_id: String,
    /// The point's 0-based position in the card's key points.
    pub index: usize,
    /// The point's text in the language asked for.
    pub point: String,
    /// Typed answers to the card that left the point out.
    pub missed: usize,
    /// Typed answers to the card graded on the point.
    pub answers: usize,
}

/// Key points missed by at least `min_missed` typed answers, most missed first (then by the
/// share missed, then in deck order).
///
/// Only reviews with a typed answer count: an answer given aloud was never graded point by
/// point. Reviews of cards no longer in `cards`, and positions a card no longer has, are left
/// out.
pub fn missed_points(
    progress: &Progress,
    cards: &[&Card],
    lang: Lang,
    min_missed: usize,
) -> Vec<MissedPoint> {
    // (card, index) -> (missed, answers)
    let mut counts: HashMap<(&str, usize), (usize, usize)> = HashMap::new();
    for review in progress
        .reviews
        .iter()
        .filter(|r| !r.answer.trim().is_empty())
    {
        for (index, covered) in review.covered.iter().enumerate() {
            let entry = counts.entry((review.card_id.as_str(), index)).or_default();
            entry.0 += usize::from(!covered);
            entry.1 += 1;
        }
    }
    let mut missed: Vec<(usize, MissedPoint)> = Vec::new();
    for (order, card) in cards.iter().enumerate() {
        for (index, point) in card.key_points.get(lang).iter().enumerate() {
            let Some(&(count, answers)) = counts.get(&(card.id.as_str(), index)) else {
                continue;
            };
            if count >= min_missed.max(1) {
                missed.push((
                    order,
                    MissedPoint {
                        card_id: card.id.clone(),
                        index,
                        point: point.point.clone(),
                        missed: count,
                        answers,
                    },
                ));
            }
        }
    }
    missed.sort_by(|(oa, a), (ob, b)| {
        let share = |p: &MissedPoint| p.missed as f64 / p.answers as f64;
        b.missed
            .cmp(&a.missed)
            .then(share(b).total_cmp(&share(a)))
            .then(oa.cmp(ob))
            .then(a.index.cmp(&b.index))
    });
    missed.into_iter().map(|(_, p)| p).collect()
}
