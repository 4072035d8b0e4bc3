//! One graded review for the drill tests (scheduler, stats, store): the usual answer, with each
//! test overriding only the fields it is about (`Review { seconds: 42.5, ..reviewed(...) }`).

use chrono::{DateTime, Utc};

use crate::content::Lang;
use crate::drill::scheduler::Grade;
use crate::drill::store::{Extra, Review};

/// `card` graded `grade` at `at`: a minute of a three-minute limit, no hint, nothing typed.
pub fn reviewed(card: &str, grade: Grade, at: DateTime<Utc>) -> Review {
    Review {
        id: format!("{card}-{}", at.timestamp()),
        card_id: card.to_owned(),
        at,
        grade,
        seconds: 60.0,
        limit_seconds: 180.0,
        covered: vec![],
        answer: String::new(),
        hint_used: false,
        follow_up_of: None,
        lang: Lang::En,
        drill_id: None,
        extra: Extra::new(),
    }
}
