//! Drills: timed mock interviews, spaced repetition and the progress that must never be lost.
//!
//! Everything here is plain logic over plain data, with time passed in as an argument, so it can
//! be tested with a fixed clock. Only `store` touches the disk. This module must never import
//! `ratatui` or `crossterm`: the TUI and the command line build on it, not the other way round.

pub mod grade;
pub mod numbers;
pub mod progress;
pub mod scheduler;
pub mod session;
pub mod stats;
pub mod store;
#[cfg(test)]
mod test_cards;
#[cfg(test)]
mod test_reviews;

pub use grade::{Grader, Grading, PointGrade, grade};
pub use scheduler::{CardState, Grade, Memory, due_queue, review};
pub use session::{DrillMode, DrillOptions, Phase, Question, Session, Timer, plan};
pub use stats::{MissedPoint, Stats, missed_points, stats};
pub use store::{Attempt, DrillSummary, Progress, QuestionSummary, Review, Store, StoreError};
