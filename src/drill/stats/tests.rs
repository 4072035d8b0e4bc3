use chrono::{TimeDelta, TimeZone};

use super::*;
use crate::content::Lang;
use crate::drill::scheduler::review;
use crate::drill::store::Review;
use crate::drill::test_cards::card;
use crate::drill::test_reviews::reviewed;

fn t(hours: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 10, 9, 0, 0).unwrap() + TimeDelta::hours(hours)
}

fn graded(card: &str, grade: Grade, at: DateTime<Utc>, seconds: f64) -> Review {
    Review {
        seconds,
        ..reviewed(card, grade, at)
    }
}

#[test]
fn stats_count_reviews_retention_forecast_and_tags() {
    let deck = [
        card("a", &["nvlink"], &[]),
        card("b", &["nvlink", "ib"], &[]),
        card("c", &["ib"], &[]),
    ];
    let cards: Vec<&Card> = deck.iter().collect();
    let mut progress = Progress::default();
    progress.add_review(graded("a", Grade::Good, t(-48), 60.0));
    progress.add_review(graded("a", Grade::Again, t(-24), 200.0));
    progress.add_review(graded("a", Grade::Good, t(-23), 100.0));
    progress.add_review(graded("b", Grade::Easy, t(-1), 40.0));
    progress.add_review(graded("gone", Grade::Good, t(-1), 0.0));
    let s = stats(&progress, &cards, t(0));
    assert_eq!(s.reviews, 5);
    assert_eq!(s.coverage.cards, 3);
    assert_eq!(s.coverage.cards_seen, 2);
    assert_eq!(s.coverage.never_seen, ["c"]);
    assert_eq!(
        s.retention,
        Some(0.5),
        "of a's 2nd and 3rd reviews, one recalled"
    );
    assert_eq!(s.reviews_per_day.len(), DAYS);
    let counts: Vec<usize> = s.reviews_per_day.iter().map(|d| d.count).collect();
    assert_eq!(&counts[DAYS - 3..], [1, 2, 2]);
    assert_eq!(s.forecast.len(), DAYS);
    assert_eq!(s.forecast[0].date, t(0).date_naive());
    let a = progress.memory("a").unwrap();
    let a_day =
        usize::try_from((a.due.date_naive() - t(0).date_naive()).num_days().max(0)).unwrap();
    assert!(s.forecast[a_day].count >= 1);
    let b = progress.memory("b").unwrap();
    assert!(
        b.due > t(24 * 14),
        "an Easy first review is due after the forecast window"
    );
    assert_eq!(s.forecast.iter().map(|d| d.count).sum::<usize>(), 1);
    assert_eq!(s.due_today, s.forecast[0].count);
    assert!((s.times.average_seconds.unwrap() - 80.0).abs() < 1e-9);
    assert_eq!(s.times.over_time, 1);
    let tags: Vec<&str> = s.tags.iter().map(|t| t.tag.as_str()).collect();
    assert_eq!(
        tags,
        ["ib", "nvlink"],
        "ib has an unseen card, so it is weaker"
    );
    assert!(s.tags[1].strength > 0.5 && s.tags[1].strength <= 1.0);
    let fresh = review(None, Grade::Easy, t(-1));
    assert!(fresh.retrievability(t(0)) > 0.9);
}

#[test]
fn empty_progress_has_no_retention_and_all_cards_unseen() {
    let deck = [card("a", &["x"], &[])];
    let cards: Vec<&Card> = deck.iter().collect();
    let s = stats(&Progress::default(), &cards, t(0));
    assert_eq!((s.reviews, s.coverage.cards_seen, s.due_today), (0, 0, 0));
    assert_eq!(s.retention, None);
    assert_eq!(s.times.average_seconds, None);
    let json = serde_json::to_value(&s).unwrap();
    for key in [
        "reviews",
        "cards_seen",
        "due_today",
        "forecast",
        "tags",
        "retention",
    ] {
        assert!(json.get(key).is_some(), "{key}");
    }
}

#[test]
fn a_card_just_failed_is_weak_and_a_card_just_passed_is_not() {
    let deck = [card("a", &["failed"], &[]), card("b", &["passed"], &[])];
    let cards: Vec<&Card> = deck.iter().collect();
    let mut progress = Progress::default();
    progress.add_review(graded("a", Grade::Again, t(-1), 60.0));
    progress.add_review(graded("b", Grade::Good, t(-1), 60.0));
    let s = stats(&progress, &cards, t(0));
    let strength = |tag: &str| s.tags.iter().find(|t| t.tag == tag).unwrap().strength;
    assert!(strength("failed") < 0.3, "{}", strength("failed"));
    assert!(strength("passed") > 0.6, "{}", strength("passed"));
    assert_eq!(s.tags[0].tag, "failed", "weakest first");
    // Passing it again later makes it stronger than it was.
    progress.add_review(graded("a", Grade::Good, t(24), 60.0));
    let later = stats(&progress, &cards, t(25));
    let again = later
        .tags
        .iter()
        .find(|t| t.tag == "failed")
        .unwrap()
        .strength;
    assert!(again > strength("failed"));
}

#[test]
fn points_missed_again_and_again_come_first() {
    let deck = [card("a", &[], &[]), card("b", &[], &[])];
    let cards: Vec<&Card> = deck.iter().collect();
    let mut progress = Progress::default();
    let typed = |card: &str, hours: i64, covered: &[bool]| Review {
        covered: covered.to_vec(),
        answer: "typed".to_owned(),
        ..graded(card, Grade::Hard, t(hours), 60.0)
    };
    progress.add_review(typed("a", -3, &[false, true]));
    progress.add_review(typed("a", -2, &[false, false]));
    progress.add_review(typed("b", -1, &[true, false]));
    // Answered aloud: not graded point by point, so it does not count.
    progress.add_review(Review {
        answer: String::new(),
        ..typed("b", 0, &[false, false])
    });
    let missed = missed_points(&progress, &cards, Lang::En, 1);
    let found: Vec<(&str, usize, usize, usize)> = missed
        .iter()
        .map(|m| (m.card_id.as_str(), m.index, m.missed, m.answers))
        .collect();
    assert_eq!(found, [("a", 0, 2, 2), ("b", 1, 1, 1), ("a", 1, 1, 2)]);
    assert_eq!(missed[0].point, "900 GB/s");
    assert_eq!(missed_points(&progress, &cards, Lang::En, 2).len(), 1);
}
