//! One question's record within a drill, and the clock shown while answering it.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use crate::drill::grade::Grading;
use crate::drill::numbers::Graded;
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
    /// Key points the submitted text covered, by position (either language counts).
    pub covered: Vec<bool>,
    /// The grader's detail for the submitted text: which words matched each point.
    pub grading: Option<Grading>,
    pub submitted: bool,
    pub skipped: bool,
    pub grade: Option<Grade>,
    /// A number question's grade: verdict, slip, the typed value as read.
    pub number: Option<Graded>,
}

/// How a key point stands in the review: three looks, never told apart by colour alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointState {
    /// The answer stated it without help.
    Covered,
    /// Shown as a hint while answering: it counts as not known, whatever the answer said.
    Hinted,
    Missed,
}

impl Answer {
    /// The state of each of `total` key points.
    pub fn point_states(&self, total: usize) -> Vec<PointState> {
        (0..total)
            .map(|i| {
                if self.hints.contains(&i) {
                    PointState::Hinted
                } else if self.covered.get(i).copied().unwrap_or(false) {
                    PointState::Covered
                } else {
                    PointState::Missed
                }
            })
            .collect()
    }

    /// Time spent answering up to `now`, pauses excluded.
    pub fn elapsed(&self, now: DateTime<Utc>) -> Duration {
        let Some(started) = self.started else {
            return Duration::ZERO;
        };
        let end = self.stopped.or(self.paused_since).unwrap_or(now);
        (end - started - self.paused).to_std().unwrap_or_default()
    }
}
