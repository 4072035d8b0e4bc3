//! A long history: 100,000 reviews in the data dir. `cargo bench --bench progress`.
//! Goals: `infraprep stats` under 200 ms as a whole process; recording one graded answer,
//! durable save included, under 5 ms.

use std::time::{Duration, Instant};

use chrono::Utc;

#[path = "support/timing.rs"]
mod timing;

#[path = "support/history.rs"]
mod history;
use history::{review, write_history};
use timing::{median, ms};

use infraprep::drill::stats::{stats, stats_of};
use infraprep::drill::store::{MEMO_NAME, Store};

const REVIEWS: usize = 100_000;
const BIN: &str = env!("CARGO_BIN_EXE_infraprep");

/// Median wall time of the whole `infraprep stats` process on `dir` (bundled deck only).
fn stats_process(dir: &std::path::Path, json: bool) -> Duration {
    let mut args = vec!["stats"];
    if json {
        args.push("--json");
    }
    median(9, || {
        let out = std::process::Command::new(BIN)
            .args(&args)
            .arg("--data-dir")
            .arg(dir)
            .output()
            .expect("infraprep runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    })
}

fn main() {
    let dir = tempfile::tempdir().expect("a temp dir");
    write_history(dir.path(), REVIEWS);
    let now = Utc::now();
    let start = Instant::now();
    let store = Store::open(dir.path()).expect("it loads");
    std::hint::black_box(stats(store.progress(), &[], now));
    println!(
        "{REVIEWS} reviews, first open + stats (replays every review, then caches the states in {MEMO_NAME}): {}",
        ms(start.elapsed())
    );
    drop(store);
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
        "memory states of every card (part of stats; cached replay): {}; drill start's check_savable: {}",
        ms(replay),
        ms(savable)
    );
    println!(
        "{REVIEWS} reviews: open {} + stats {} (goal: under 200 ms together)",
        ms(load),
        ms(compute)
    );

    let quick = median(9, || {
        std::hint::black_box(stats_of(dir.path(), &[], now).expect("it loads"));
    });
    println!(
        "{REVIEWS} reviews: stats from the memo and the log (stats_of): {}",
        ms(quick)
    );
    println!(
        "whole process `infraprep stats`: {}; `stats --json`: {} (goal: under 200 ms)",
        ms(stats_process(dir.path(), false)),
        ms(stats_process(dir.path(), true))
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
    drop(store);
    println!(
        "after 200 more reviews in the log: stats_of {}; whole process `infraprep stats` {}",
        ms(median(9, || {
            std::hint::black_box(stats_of(dir.path(), &[], now).expect("it loads"));
        })),
        ms(stats_process(dir.path(), false))
    );
}
