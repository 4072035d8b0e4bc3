//! The answer clock: the time allowed per answer, the running timer, and pausing. Time is
//! passed in, never read.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use super::{DEFAULT_MINUTES, MAX_MINUTES, Phase, Session, Timer, WARNING};

impl Session {
    /// The time per answer. Options that skipped [`parse_minutes`] are clamped into its range
    /// rather than trusted: `Duration::from_secs_f64` panics on huge values.
    pub(super) fn limit(&self) -> Duration {
        let minutes = self.options.minutes_per_answer;
        let minutes = if minutes.is_nan() {
            DEFAULT_MINUTES
        } else {
            minutes.clamp(0.0, MAX_MINUTES)
        };
        Duration::from_secs_f64(minutes * 60.0)
    }

    /// The current answer's clock at `now`.
    pub fn timer(&self, now: DateTime<Utc>) -> Timer {
        let elapsed = self.answer().map_or(Duration::ZERO, |a| a.elapsed(now));
        let limit = self.limit();
        let remaining = limit.saturating_sub(elapsed);
        Timer {
            elapsed,
            limit,
            remaining,
            warning: remaining <= WARNING,
            timed_out: elapsed >= limit,
            paused: self.phase == Phase::Paused,
        }
    }

    pub fn pause(&mut self, now: DateTime<Utc>) {
        if self.phase == Phase::Answering {
            self.answers[self.index].paused_since = Some(now);
            self.phase = Phase::Paused;
        }
    }

    pub fn resume(&mut self, now: DateTime<Utc>) {
        if self.phase == Phase::Paused {
            let answer = &mut self.answers[self.index];
            if let Some(since) = answer.paused_since.take() {
                answer.paused += (now - since).max(TimeDelta::zero());
            }
            self.phase = Phase::Answering;
        }
    }
}
