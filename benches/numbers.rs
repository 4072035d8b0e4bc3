//! Times the number drill's core as a front end runs it: generating a drill's questions (every
//! answer computed by the calculators), checking every bundled template as `validate` does, and
//! grading one typed answer. `cargo bench --bench numbers`. No criterion: a median of runs.

use std::hint::black_box;
use std::time::{Duration, Instant};

#[path = "support/timing.rs"]
mod timing;
use timing::median;

use infraprep::calc::{HardwareTable, Kind};
use infraprep::content::DeckSource;
use infraprep::content::deck::load;
use infraprep::drill::numbers::{Expected, NumberFilter, check_card, generate, grade};

fn report(name: &str, time: Duration) {
    let micros = time.as_secs_f64() * 1e6;
    println!("{name:<52} {micros:>11.1} µs");
}

fn main() {
    let deck = load(&[DeckSource::Bundled]).deck;
    let table = HardwareTable::bundled();
    let all = NumberFilter::default();
    let mut seed = 0;
    report(
        "generate 5 questions (whole deck)",
        median(31, || {
            seed += 1;
            black_box(generate(deck.cards(), &all, 5, seed, &table));
        }),
    );
    report(
        "generate 1 question (one card)",
        median(101, || {
            seed += 1;
            let one = NumberFilter {
                card: Some("nvlink-vs-infiniband".to_owned()),
                tag: None,
            };
            black_box(generate(deck.cards(), &one, 1, seed, &table));
        }),
    );
    let start = Instant::now();
    let problems: usize = deck
        .cards()
        .iter()
        .map(|c| check_card(c, &table).len())
        .sum();
    report(
        "check every variant of every template (validate)",
        start.elapsed(),
    );
    assert_eq!(problems, 0);
    let expected = Expected {
        value: 0.429_5,
        kind: Kind::Duration,
    };
    for typed in ["430 ms", "430毫秒", "3.44 s"] {
        report(
            &format!("grade '{typed}'"),
            median(301, || {
                black_box(grade(expected, black_box(typed), 0.15)).ok();
            }),
        );
    }
}
