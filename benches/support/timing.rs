//! Timing helpers shared by the benchmarks.

use std::time::{Duration, Instant};

/// Median wall time of `runs` calls of `f`, after a few warm-up calls.
pub fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    for _ in 0..3 {
        f();
    }
    let mut times: Vec<Duration> = (0..runs.max(1))
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

/// A duration in milliseconds, for reports.
#[allow(dead_code)] // not every benchmark reports in milliseconds
pub fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}
