//! Number answers as reviews: grades, stats per calculator and slip, due templates.

use chrono::{Duration, TimeZone, Utc};

use super::*;
use crate::drill::numbers::tally::{
    due_templates, number_review, number_stats, record_of, template_key,
};
use crate::drill::progress::Progress;
use crate::drill::scheduler::Grade;

#[test]
fn answers_become_reviews_with_stats_per_calculator_and_slip() {
    let (deck, table) = bundled();
    let card = deck.get("nvlink-vs-infiniband").expect("card");
    let q = instantiate(card, &card.numbers[0], 0, &table).expect("question");
    let expected = Expected {
        value: q.answer.value,
        kind: q.answer.quantity_kind(),
    };
    let start = Utc
        .with_ymd_and_hms(2026, 5, 1, 9, 0, 0)
        .single()
        .expect("time");
    let mut progress = Progress::default();
    let answers = [
        q.answer.text.clone(),
        "0.5 ms".to_owned(),
        format!("{} s", q.answer.value * 2.0),
    ];
    for (i, typed) in answers.iter().enumerate() {
        let graded = grade(expected, typed, q.tolerance).expect("reads");
        let at = start + Duration::days(i64::try_from(i).expect("small") * 3);
        let review = number_review(&q, &graded, typed, at, 12.0, Lang::En);
        assert_eq!(review.card_id, template_key(&q.card, &q.template));
        assert_eq!(record_of(&review).expect("record").verdict, graded.verdict);
        progress.add_review(review);
    }
    assert_eq!(progress.reviews[0].grade, Grade::Good);
    assert_eq!(progress.reviews[2].grade, Grade::Again);
    let stats = number_stats(&progress, start + Duration::days(5));
    let transfer = stats.per_calculator["transfer"];
    assert_eq!((transfer.asked, transfer.exact, transfer.off), (3, 1, 2));
    // Only the direction slip falls after `since`.
    assert_eq!(stats.mistakes, vec![("direction".to_owned(), 1)]);
    let cards: Vec<&Card> = deck.cards().iter().collect();
    let later = start + Duration::days(7);
    let queue = due_templates(&cards, &progress, later);
    let key = template_key(&q.card, &q.template);
    assert_eq!(queue.first(), Some(&key), "an Again answer is due first");
    let all: usize = deck.cards().iter().map(|c| c.numbers.len()).sum();
    assert_eq!(queue.len(), all, "the rest are never asked");
}
