use chrono::{TimeDelta, TimeZone};

use super::*;
use crate::drill::store::Review;
use crate::drill::test_reviews::reviewed;

fn at(day: u32, hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, day, hour, 0, 0).unwrap()
}

fn graded(card: &str, grade: Grade, when: DateTime<Utc>) -> Review {
    reviewed(card, grade, when)
}

#[test]
fn grades_parse_and_serialise_as_numbers() {
    assert_eq!("3".parse::<Grade>(), Ok(Grade::Good));
    assert_eq!("Easy".parse::<Grade>(), Ok(Grade::Easy));
    assert!("5".parse::<Grade>().unwrap_err().contains("'5'"));
    assert_eq!(serde_json::to_string(&Grade::Hard).unwrap(), "2");
    assert_eq!(serde_json::from_str::<Grade>("1").unwrap(), Grade::Again);
    assert!(serde_json::from_str::<Grade>("0").is_err());
}

#[test]
fn better_grades_push_the_first_due_date_later() {
    let now = at(1, 9);
    let dues: Vec<_> = Grade::ALL
        .iter()
        .map(|g| review(None, *g, now).due)
        .collect();
    assert!(dues.windows(2).all(|w| w[0] < w[1]), "{dues:?}");
    assert!(dues[0] > now);
    let easy = review(None, Grade::Easy, now);
    assert_eq!(easy.state, CardState::Review);
    assert!(easy.due - now >= TimeDelta::days(1));
}

#[test]
fn again_on_a_learned_card_is_a_lapse_and_comes_back_soon() {
    let mut memory = review(None, Grade::Good, at(1, 9));
    memory = review(Some(&memory), Grade::Good, at(1, 10));
    memory = review(Some(&memory), Grade::Good, memory.due);
    assert_eq!(memory.state, CardState::Review);
    assert_eq!(memory.lapses, 0);
    let interval = memory.due - memory.last_review;
    let when = memory.due;
    let lapsed = review(Some(&memory), Grade::Again, when);
    assert_eq!(lapsed.lapses, 1);
    assert_eq!(lapsed.state, CardState::Relearning);
    assert!(lapsed.due - when < interval);
    assert!(lapsed.stability < memory.stability);
    let good = review(Some(&memory), Grade::Good, when);
    assert!(good.due - when > interval, "a success grows the interval");
}

#[test]
fn memory_replays_reviews_in_time_order_whatever_the_file_order() {
    let mut progress = Progress::default();
    progress.reviews.push(graded("a", Grade::Good, at(3, 9)));
    progress.reviews.push(graded("a", Grade::Again, at(1, 9)));
    let expected = review(
        Some(&review(None, Grade::Again, at(1, 9))),
        Grade::Good,
        at(3, 9),
    );
    assert_eq!(progress.memory("a"), Some(expected));
    assert_eq!(progress.memory("b"), None);
}

#[test]
fn due_queue_lists_due_cards_most_overdue_first() {
    let mut progress = Progress::default();
    progress.add_review(graded("late", Grade::Again, at(1, 9)));
    progress.add_review(graded("later", Grade::Again, at(1, 8)));
    progress.add_review(graded("fresh", Grade::Easy, at(1, 9)));
    let ids = ["fresh", "late", "later", "unseen"];
    let queue = due_queue(&ids, &progress, at(1, 12), None);
    assert_eq!(queue, ["later", "late"]);
}

#[test]
fn an_exam_date_brings_in_enough_unseen_cards_each_day() {
    let ids = ["a", "b", "c", "d", "e"];
    let progress = Progress::default();
    let exam = NaiveDate::from_ymd_opt(2026, 3, 4).unwrap();
    // Three days left: 5 unseen cards need 2 a day.
    assert_eq!(due_queue(&ids, &progress, at(1, 9), Some(exam)), ["a", "b"]);
    // The day before the exam, everything left comes in.
    assert_eq!(due_queue(&ids, &progress, at(3, 9), Some(exam)).len(), 5);
    assert!(due_queue(&ids, &progress, at(4, 9), Some(exam)).is_empty());
}

#[test]
fn the_final_pass_refreshes_cards_due_only_after_the_exam_once() {
    let mut progress = Progress::default();
    let mut memory = None;
    let mut when = at(1, 9);
    for _ in 0..4 {
        let next = review(memory.as_ref(), Grade::Easy, when);
        progress.add_review(graded("known", Grade::Easy, when));
        when = next.due;
        memory = Some(next);
    }
    let memory = memory.unwrap();
    let exam = memory.due.date_naive() - Days::new(2);
    let two_weeks_before = (exam - Days::new(14))
        .and_hms_opt(9, 0, 0)
        .unwrap()
        .and_utc();
    let day_before = (exam - Days::new(1))
        .and_hms_opt(9, 0, 0)
        .unwrap()
        .and_utc();
    assert!(memory.last_review < two_weeks_before);
    assert!(due_queue(&["known"], &progress, two_weeks_before, Some(exam)).is_empty());
    assert_eq!(
        due_queue(&["known"], &progress, day_before, Some(exam)),
        ["known"]
    );
    progress.add_review(graded("known", Grade::Easy, day_before));
    let later = day_before + TimeDelta::hours(1);
    assert!(due_queue(&["known"], &progress, later, Some(exam)).is_empty());
}
