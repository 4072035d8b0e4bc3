use std::time::Duration;

use chrono::{TimeDelta, TimeZone};

use super::*;
use crate::content::{Card, Lang};
use crate::drill::store::Progress;
use crate::drill::test_cards::card;

fn deck() -> Vec<Card> {
    vec![
        card("main", &["nvlink"], &["f1", "f2", "missing"]),
        card("f1", &["nvswitch"], &["main"]),
        card("f2", &["nccl"], &[]),
        card("other", &["ib"], &["f2"]),
    ]
}

fn t(seconds: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 1, 9, 0, 0).unwrap() + TimeDelta::seconds(seconds)
}

fn ids(questions: &[Question]) -> Vec<(&str, Option<&str>)> {
    questions
        .iter()
        .map(|q| (q.card_id.as_str(), q.follow_up_of.as_deref()))
        .collect()
}

/// The questions `options` plans from the test deck with `progress` at `now`.
fn planned(progress: &Progress, options: &DrillOptions, now: DateTime<Utc>) -> Vec<Question> {
    let deck = deck();
    let cards: Vec<&Card> = deck.iter().collect();
    plan(&cards, progress, options, now)
}

/// The questions `options` plans from the test deck with no progress yet.
fn planned_fresh(options: &DrillOptions) -> Vec<Question> {
    planned(&Progress::default(), options, t(0))
}

/// A drill of the `main` card and its follow-ups.
fn main_card() -> DrillOptions {
    DrillOptions {
        card: Some("main".to_owned()),
        ..DrillOptions::default()
    }
}

fn session(mode: DrillMode) -> Session {
    let options = DrillOptions {
        mode,
        ..main_card()
    };
    Session::new(planned_fresh(&options), options)
}

#[test]
fn a_card_comes_with_its_follow_up_chain_in_order() {
    let options = main_card();
    let questions = planned_fresh(&options);
    assert_eq!(
        ids(&questions),
        [("main", None), ("f1", Some("main")), ("f2", Some("main"))]
    );
    assert_eq!(
        questions[0].key_points(Lang::En).len(),
        2,
        "english key points"
    );
    let options = DrillOptions {
        count: Some(2),
        ..options
    };
    assert_eq!(planned_fresh(&options).len(), 2);
}

#[test]
fn tag_due_and_random_choices() {
    let by_tag = DrillOptions {
        tag: Some("IB".to_owned()),
        ..DrillOptions::default()
    };
    let questions = planned_fresh(&by_tag);
    assert_eq!(ids(&questions), [("other", None), ("f2", Some("other"))]);

    let mut progress = Progress::default();
    let mut session = session(DrillMode::Practice);
    session.start(t(0));
    session.submit("", t(5));
    progress.add_review(session.grade(Grade::Again, t(6)).unwrap());
    let due = DrillOptions {
        due: true,
        ..DrillOptions::default()
    };
    assert!(planned(&progress, &due, t(7)).is_empty(), "not due yet");
    let questions = planned(&progress, &due, t(3600));
    assert_eq!(questions[0].card_id, "main");

    let random = DrillOptions {
        seed: 7,
        count: Some(10),
        ..DrillOptions::default()
    };
    let first = planned_fresh(&random);
    assert_eq!(first, planned_fresh(&random));
    let mut seen: Vec<&str> = first.iter().map(|q| q.card_id.as_str()).collect();
    seen.sort_unstable();
    assert_eq!(seen, ["f1", "f2", "main", "other"], "each card once");
}

#[test]
fn the_timer_warns_at_thirty_seconds_times_out_and_ignores_pauses() {
    let mut s = session(DrillMode::Practice);
    assert_eq!(s.phase(), Phase::Ready);
    s.start(t(0));
    let timer = s.timer(t(149));
    assert_eq!(timer.remaining, Duration::from_secs(31));
    assert!(!timer.warning);
    assert!(s.timer(t(150)).warning);
    s.pause(t(100));
    assert!(s.timer(t(500)).paused);
    assert_eq!(s.timer(t(500)).elapsed, Duration::from_secs(100));
    s.resume(t(400));
    assert_eq!(s.timer(t(450)).elapsed, Duration::from_secs(150));
    assert!(!s.timer(t(479)).timed_out);
    let late = s.timer(t(480));
    assert!(late.timed_out && late.warning);
    assert_eq!(late.remaining, Duration::ZERO);
}

#[test]
fn practice_reveals_after_each_answer_and_grading_makes_a_review() {
    let mut s = session(DrillMode::Practice);
    s.start(t(0));
    assert_eq!(s.hint(), Some(0));
    s.pause(t(10));
    s.resume(t(70));
    s.submit("It is 900GB/s", t(100));
    assert_eq!(s.phase(), Phase::Reveal);
    assert_eq!(s.answer().unwrap().covered, [true, false]);
    assert!(!s.next(t(101)), "grade first");
    let review = s.grade(Grade::Good, t(101)).unwrap();
    assert!(s.grade(Grade::Easy, t(102)).is_none(), "graded once");
    assert_eq!(review.card_id, "main");
    assert!((review.seconds - 40.0).abs() < 1e-9);
    assert!((review.limit_seconds - 180.0).abs() < 1e-9);
    assert!(review.hint_used);
    assert_eq!(review.answer, "It is 900GB/s");
    assert_eq!(review.drill_id.as_deref(), Some(s.id()));
    assert!(s.next(t(110)));
    assert_eq!(s.phase(), Phase::Answering);
    assert_eq!(s.current().unwrap().card_id, "f1");
    assert_eq!(s.timer(t(120)).elapsed, Duration::from_secs(10));
}

#[test]
fn follow_ups_can_be_skipped_but_main_questions_cannot() {
    let mut s = session(DrillMode::Practice);
    s.start(t(0));
    assert!(!s.skip(t(1)));
    s.submit("", t(2));
    s.grade(Grade::Hard, t(3)).unwrap();
    s.next(t(3));
    assert!(s.skip(t(4)), "skip f1 before answering");
    assert_eq!(s.current().unwrap().card_id, "f2");
    s.submit("NVSwitch", t(10));
    assert!(s.skip(t(11)), "skip f2 at the reveal, ungraded");
    assert_eq!(s.phase(), Phase::Done);
}

#[test]
fn interview_mode_asks_everything_then_reveals_each_answer() {
    let mut s = session(DrillMode::Interview);
    s.start(t(0));
    s.submit("900 GB/s over NVSwitch", t(60));
    assert_eq!(s.phase(), Phase::Answering);
    assert_eq!(s.current().unwrap().card_id, "f1");
    assert!(s.skip(t(70)));
    s.submit("", t(100));
    assert_eq!(s.phase(), Phase::Reveal);
    assert_eq!(s.current().unwrap().card_id, "main");
    assert_eq!(s.answer().unwrap().covered, [true, true]);
    let first = s.grade(Grade::Easy, t(200)).unwrap();
    assert!(
        (first.seconds - 60.0).abs() < 1e-9,
        "time used while answering"
    );
    assert!(s.next(t(201)));
    assert_eq!(
        s.current().unwrap().card_id,
        "f2",
        "skipped f1 is not revealed"
    );
    s.grade(Grade::Again, t(202)).unwrap();
    assert!(s.next(t(203)));
    assert_eq!(s.phase(), Phase::Done);

    let summary = s.summary();
    assert_eq!(summary.questions.len(), 3);
    assert_eq!(summary.graded, 2);
    assert_eq!(summary.skipped, 1);
    assert!((summary.total_seconds - 100.0).abs() < 1e-9);
    assert!((summary.total_limit_seconds - 540.0).abs() < 1e-9);
    assert_eq!((summary.coverage.covered, summary.coverage.total), (2, 4));
    assert_eq!(summary.weakest_tags, ["nccl"]);
    assert_eq!(summary.questions[2].grade, Some(Grade::Again));
    assert_eq!(summary.ended_at, t(203));
}

#[test]
fn ending_early_stops_the_clock_and_summarises_what_was_asked() {
    let mut s = session(DrillMode::Practice);
    s.start(t(0));
    s.end(t(30));
    assert_eq!(s.phase(), Phase::Done);
    assert!(s.current().is_none());
    let summary = s.summary();
    assert_eq!(summary.questions.len(), 1);
    assert!((summary.questions[0].seconds - 30.0).abs() < 1e-9);
    assert_eq!(summary.questions[0].grade, None);
    let mut empty = Session::new(Vec::new(), DrillOptions::default());
    empty.start(t(0));
    assert_eq!(empty.phase(), Phase::Done);
}

#[test]
fn minutes_are_read_within_a_day_and_huge_options_do_not_panic() {
    assert!((parse_minutes(" 1.5 ").unwrap() - 1.5).abs() < f64::EPSILON);
    assert!((parse_minutes("1440").unwrap() - MAX_MINUTES).abs() < f64::EPSILON);
    for (bad, says) in [
        ("1e18", "more than 24 hours"),
        ("1441", "more than 24 hours"),
        ("1e-300", "less than 6 seconds"),
        ("0", "not a positive number"),
        ("NaN", "not a positive number"),
        ("inf", "more than 24 hours"),
        ("soon", "not a positive number"),
    ] {
        let err = parse_minutes(bad).unwrap_err();
        assert!(
            err.contains(says) && err.contains(&format!("'{bad}'")),
            "{err}"
        );
    }
    for minutes in [1e18, f64::MAX, f64::INFINITY, f64::NAN, -5.0] {
        let mut drill = session(DrillMode::Practice);
        drill.options.minutes_per_answer = minutes;
        drill.start(t(0));
        let timer = drill.timer(t(1));
        assert!(timer.limit <= Duration::from_secs(86_400), "{minutes}");
    }
}

#[test]
fn an_answer_that_misses_a_point_is_followed_by_the_follow_up_probing_it() {
    let mut deck = deck();
    // main's points: 0 = 900 GB/s, 1 = NVSwitch. f1 probes point 1, f2 probes point 0.
    let body = &mut deck[0].body;
    for body in [&mut body.zh, &mut body.en] {
        body.follow_ups[0].probes = vec![1];
        body.follow_ups[1].probes = vec![0];
    }
    let cards: Vec<&Card> = deck.iter().collect();
    let order = |answer: &str| {
        let options = main_card();
        let questions = plan(&cards, &Progress::default(), &options, t(0));
        let mut s = Session::new(questions, options);
        s.start(t(0));
        s.submit(answer, t(10));
        s.questions()
            .iter()
            .map(|q| q.card_id.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(order("900 GB/s through the NVSwitch"), ["main", "f1", "f2"]);
    assert_eq!(order("NVSwitch"), ["main", "f2", "f1"], "missed 900 GB/s");
    assert_eq!(order("900 GB/s"), ["main", "f1", "f2"], "missed NVSwitch");
    assert_eq!(
        order("PCIe"),
        ["main", "f1", "f2"],
        "a tie keeps the card's order"
    );
}

#[test]
fn hints_show_as_their_own_state_in_the_review() {
    let mut s = session(DrillMode::Practice);
    s.start(t(0));
    assert_eq!(s.hint(), Some(0));
    s.submit("900 GB/s", t(10));
    let answer = s.answer().unwrap();
    assert_eq!(
        answer.point_states(2),
        [PointState::Hinted, PointState::Missed]
    );
    let grading = answer.grading.as_ref().unwrap();
    assert_eq!(grading.points[0].matched[0].text, "900 GB/s");
}

#[test]
fn a_submitted_answer_is_an_attempt_before_any_grade_and_q_leads_to_the_review() {
    let mut s = session(DrillMode::Interview);
    s.start(t(0));
    s.submit("nvlink inside the node", t(30));
    let attempt = s.attempt(0, t(31)).expect("submitted");
    assert_eq!(attempt.card_id, "main");
    assert_eq!(attempt.answer, "nvlink inside the node");
    assert_eq!(attempt.at, t(30), "stamped when submitted");
    assert!((attempt.seconds - 30.0).abs() < 1e-9);
    assert_eq!(attempt.mode, DrillMode::Interview);
    assert_eq!(attempt.drill_id.as_deref(), Some(s.id()));
    assert!(!attempt.draft && attempt.covered == s.answers()[0].covered);
    assert!(s.attempt(1, t(31)).is_none(), "question 2 not submitted");
    let draft = s.draft("half", t(40)).expect("typing");
    assert!(draft.draft && draft.card_id == "f1" && draft.covered.is_empty());
    assert!(s.draft("  ", t(40)).is_none(), "a blank box is no draft");
    s.finish(t(45));
    assert_eq!(
        s.phase(),
        Phase::Reveal,
        "q in an interview opens the review"
    );
    assert_eq!(s.index(), 0);
    assert!(s.grade(Grade::Good, t(50)).is_some());
    assert!(s.next(t(51)));
    assert_eq!(
        s.phase(),
        Phase::Done,
        "only the submitted answer is reviewed"
    );
}

#[test]
fn q_in_an_interview_with_nothing_submitted_or_in_practice_ends_at_once() {
    for mode in [DrillMode::Interview, DrillMode::Practice] {
        let mut s = session(mode);
        s.start(t(0));
        s.finish(t(10));
        assert_eq!(s.phase(), Phase::Done, "{mode:?}");
    }
}
