//! One question's record within a drill, and the clock shown while answering it.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use crate::drill::scheduler::Grade;

/// The remaining time shown in yellow from here on.
pub const WARNING: Duration = Duration::from_secs(30);

/// The current answer's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timer {
    pub elapsed: Duration,
    pub limit: Duration,
    pub remaining: Duration,
    /// At most [`WARNING`] left (also true once timed out).
    pub warning: bool,
    pub timed_out: bool,
    pub paused: bool,
}

/// What happened to one question so far.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Answer {
    pub text: String,
    pub started: Option<DateTime<Utc>>,
    /// When the clock stopped: submitted, skipped or the drill ended.
    pub stopped: Option<DateTime<Utc>>,
    pub(super) paused_since: Option<DateTime<Utc>>,
    pub(super) paused: TimeDelta,
    /// Key point indices revealed as hints, in order.
    pub hints: Vec<usize>,
    /// Key points the submitted text covered.
    pub covered: Vec<bool>,
    pub submitted: bool,
    pub skipped: bool,
    pub grade: Option<Grade>,
}

impl Answer {
    /// Time spent answering up to `now`, pauses excluded.
    pub fn elapsed(&self, now: DateTime<Utc>) -> Duration {
        let Some(started) = self.started else {
            return Duration::ZERO;
        };
        let end = self.stopped.or(self.paused_since).unwrap_or(now);
        (end - started - self.paused).to_std().unwrap_or_default()
    }
}
