//! A long history: 100,000 reviews in the data dir. `cargo bench --bench progress`.
//! Goals: loading plus `stats` under 200 ms; recording one graded answer, durable save
//! included, under 5 ms.

use std::time::{Duration, Instant};

use chrono::{TimeZone, Utc};

#[path = "support/timing.rs"]
mod timing;
use timing::{median, ms};

use infraprep::content::Lang;
use infraprep::drill::scheduler::Grade;
use infraprep::drill::stats::stats;
use infraprep::drill::store::{Extra, Progress, Review, Store, new_id, write_temp};

const REVIEWS: usize = 100_000;

fn review(i: usize) -> Review {
    let minutes = i64::try_from(i).unwrap_or(i64::MAX);
    let at =
        Utc.with_ymd_and_hms(2025, 1, 1, 9, 0, 0).unwrap() + chrono::Duration::minutes(minutes);
    Review {
        id: new_id(at),
        card_id: format!("card-{}", i % 3000),
        at,
        grade: [Grade::Again, Grade::Hard, Grade::Good, Grade::Easy][i % 4],
        seconds: 42.5,
        limit_seconds: 180.0,
        covered: vec![true, false, true],
        answer: "NVLink 4 gives 900 GB/s bidirectional per GPU; the ring all-reduce moves 2(n-1)/n of the data.".to_owned(),
        hint_used: i.is_multiple_of(7),
        follow_up_of: None,
        lang: if i.is_multiple_of(2) { Lang::En } else { Lang::Zh },
        drill_id: None,
        extra: Extra::new(),
    }
}

fn main() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let progress = Progress {
        reviews: (0..REVIEWS).map(review).collect(),
        ..Progress::default()
    };
    let temp = write_temp(dir.path(), &progress).expect("the file is written");
    temp.persist(dir.path().join("progress.json"))
        .expect("renamed");
    drop(progress);

    let now = Utc::now();
    let load = median(9, || {
        let store = Store::open(dir.path()).expect("it loads");
        std::hint::black_box(store.progress().reviews.len());
    });
    let store = Store::open(dir.path()).expect("it loads");
    let compute = median(9, || {
        std::hint::black_box(stats(store.progress(), &[], now));
    });
    let replay = median(9, || {
        std::hint::black_box(store.progress().memories());
    });
    let savable = median(9, || {
        store.check_savable().expect("savable");
    });
    drop(store);
    println!(
        "FSRS replay of every card's history (part of stats): {}; drill start's check_savable: {}",
        ms(replay),
        ms(savable)
    );
    println!(
        "{REVIEWS} reviews: open {} + stats {} (goal: under 200 ms together)",
        ms(load),
        ms(compute)
    );

    let mut store = Store::open(dir.path()).expect("it loads");
    let mut times: Vec<Duration> = Vec::new();
    for i in 0..200 {
        let start = Instant::now();
        store.record(review(REVIEWS + i)).expect("it saves");
        times.push(start.elapsed());
    }
    times.sort();
    println!(
        "record one review (durable): median {}, max {} over {} (goal: under 5 ms)",
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1]),
        times.len()
    );
}
