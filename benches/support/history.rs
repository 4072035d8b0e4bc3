//! A long generated review history for benchmarks.

use chrono::{TimeZone, Utc};

use infraprep::content::Lang;
use infraprep::drill::scheduler::Grade;
use infraprep::drill::store::{Extra, Progress, Review, new_id, write_temp};

/// The `i`-th review: one a minute from 2025-01-01, over 3,000 cards, all four grades.
pub fn review(i: usize) -> Review {
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

/// Writes `count` reviews as `dir/progress.json`, as a compaction would.
#[allow(dead_code)] // not every benchmark writes a history
pub fn write_history(dir: &std::path::Path, count: usize) {
    let progress = Progress {
        reviews: (0..count).map(review).collect(),
        ..Progress::default()
    };
    let temp = write_temp(dir, &progress).expect("the file is written");
    temp.persist(dir.join("progress.json")).expect("renamed");
}
