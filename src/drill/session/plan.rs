//! Choosing a drill's questions: a card and its follow-up chain, or cards by tag, due date or
//! at random, each main card followed by its follow-ups in the order an interviewer asks them.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::content::{Bilingual, Card, FollowUp, KeyPoint, Lang};
use crate::drill::numbers::NumberQuestion;
use crate::drill::scheduler::due_queue;
use crate::drill::store::Progress;

/// When feedback comes: after each answer, or all at the end like a real interview.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DrillMode {
    /// Answer every question first; reveal and grade them all at the end.
    #[default]
    Interview,
    /// Reveal and grade after each answer.
    Practice,
}

impl FromStr for DrillMode {
    type Err = String;

    /// Reads a mode as [`Display`](fmt::Display) writes it, in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase();
        [DrillMode::Interview, DrillMode::Practice]
            .into_iter()
            .find(|mode| mode.to_string() == wanted)
            .ok_or_else(|| format!("unknown mode '{wanted}': use 'interview' or 'practice'"))
    }
}

impl fmt::Display for DrillMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrillMode::Interview => "interview",
            DrillMode::Practice => "practice",
        })
    }
}

/// Questions asked when no count is given and no card is chosen.
pub const DEFAULT_COUNT: usize = 5;
/// Minutes per answer when none is given.
pub const DEFAULT_MINUTES: f64 = 3.0;
/// Fewest minutes per answer: 6 seconds. Below that every answer times out at once.
pub const MIN_MINUTES: f64 = 0.1;
/// Most minutes per answer: 24 hours. Far above that the clock cannot be shown, and above
/// about 3e17 the conversion to a `Duration` panics.
pub const MAX_MINUTES: f64 = 24.0 * 60.0;

/// Reads a number of minutes per answer (`--minutes`, the drill setup form): a number from
/// [`MIN_MINUTES`] to [`MAX_MINUTES`], or an error naming the value and the range.
pub fn parse_minutes(text: &str) -> Result<f64, String> {
    let range = format!(
        "give a number of minutes from {MIN_MINUTES} to {MAX_MINUTES} (24 hours), e.g. 3 or 1.5"
    );
    match text.trim().parse::<f64>() {
        Ok(m) if (MIN_MINUTES..=MAX_MINUTES).contains(&m) => Ok(m),
        Ok(m) if m > MAX_MINUTES => Err(format!(
            "'{text}' minutes per answer is more than 24 hours: {range}"
        )),
        Ok(m) if m > 0.0 => Err(format!(
            "'{text}' minutes per answer is less than 6 seconds: {range}"
        )),
        _ => Err(format!(
            "'{text}' is not a positive number of minutes: {range}"
        )),
    }
}

/// How to choose and run a drill.
#[derive(Debug, Clone, PartialEq)]
pub struct DrillOptions {
    /// Total questions, follow-ups included. `None`: [`DEFAULT_COUNT`], or with `card`, that
    /// card's whole chain.
    pub count: Option<usize>,
    pub minutes_per_answer: f64,
    /// Only main cards with this tag (follow-ups come whatever their tags).
    pub tag: Option<String>,
    /// Main cards from the due queue, most urgent first, instead of at random.
    pub due: bool,
    /// This card (id or number) and its follow-up chain.
    pub card: Option<String>,
    pub mode: DrillMode,
    /// Seeds the random order, so a drill can be repeated and tests are stable.
    pub seed: u64,
    pub lang: Lang,
    /// With `due`, makes the due queue cover every card before this day.
    pub exam: Option<NaiveDate>,
    /// A numbers drill: back-of-envelope questions from the cards' number templates, due
    /// templates first, each graded by value and unit as it is answered.
    pub numbers: bool,
    /// In a drill of cards, the chance (0 to 1) that a card with number templates is followed
    /// by one of its number questions; `None` leaves it to the front end's setting (0 here).
    pub numbers_mix: Option<f64>,
}

impl Default for DrillOptions {
    fn default() -> Self {
        DrillOptions {
            count: None,
            minutes_per_answer: DEFAULT_MINUTES,
            tag: None,
            due: false,
            card: None,
            mode: DrillMode::default(),
            seed: 0,
            lang: Lang::En,
            exam: None,
            numbers: false,
            numbers_mix: None,
        }
    }
}

/// What a spoken answer is graded against, and the follow-ups it leads to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Spoken {
    /// Both languages' key points, paired by position: answers are graded against both.
    pub key_points: Bilingual<Vec<KeyPoint>>,
    /// The card's follow-up links in the drill's language, with the key points each probes.
    pub follow_ups: Vec<FollowUp>,
}

/// One question of a drill, with what grading and hints need from its card.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub card_id: String,
    /// The main card this follow-up belongs to; `None` for a main question.
    pub follow_up_of: Option<String>,
    /// What a spoken answer is graded against and followed by; empty for a number question.
    pub spoken: Spoken,
    pub tags: Vec<String>,
    /// A number question (from one of the card's templates) instead of a spoken one: graded by
    /// value and unit, with no key points.
    pub number: Option<Box<NumberQuestion>>,
}

impl Question {
    pub fn new(card: &Card, follow_up_of: Option<&str>, lang: Lang) -> Question {
        Question {
            card_id: card.id.clone(),
            follow_up_of: follow_up_of.map(str::to_owned),
            spoken: Spoken {
                key_points: card.key_points.clone(),
                follow_ups: card.body.get(lang).follow_ups.clone(),
            },
            tags: card.tags.clone(),
            number: None,
        }
    }

    /// The card's key points in `lang` (the drill's language), for hints and the review.
    pub fn key_points(&self, lang: Lang) -> &[KeyPoint] {
        self.spoken.key_points.get(lang)
    }

    pub const fn is_follow_up(&self) -> bool {
        self.follow_up_of.is_some()
    }
}

/// The questions for a drill. Each main card is followed by its follow-ups (those in `cards`),
/// and no card is asked twice. Empty when nothing matches.
pub fn plan(
    cards: &[&Card],
    progress: &Progress,
    options: &DrillOptions,
    now: DateTime<Utc>,
) -> Vec<Question> {
    let by_id: HashMap<&str, &Card> = cards.iter().map(|c| (c.id.as_str(), *c)).collect();
    let mains: Vec<&Card> = if let Some(wanted) = &options.card {
        let found = cards
            .iter()
            .find(|c| c.id == *wanted || c.number.is_some_and(|n| n.to_string() == *wanted));
        found.into_iter().copied().collect()
    } else {
        let tag = options.tag.as_deref().map(str::to_lowercase);
        let pool: Vec<&Card> = cards
            .iter()
            .copied()
            .filter(|c| {
                tag.as_ref()
                    .is_none_or(|t| c.tags.iter().any(|ct| ct.to_lowercase() == *t))
            })
            .collect();
        if options.due {
            let ids: Vec<&str> = pool.iter().map(|c| c.id.as_str()).collect();
            due_queue(&ids, progress, now, options.exam)
                .iter()
                .filter_map(|id| by_id.get(id.as_str()).copied())
                .collect()
        } else {
            shuffled(pool, options.seed)
        }
    };
    let limit = match (options.count, &options.card) {
        (Some(n), _) => n,
        (None, Some(_)) => usize::MAX,
        (None, None) => DEFAULT_COUNT,
    };
    let mut questions = Vec::new();
    let mut asked: HashSet<&str> = HashSet::new();
    for main in mains {
        if !asked.insert(main.id.as_str()) {
            continue;
        }
        questions.push(Question::new(main, None, options.lang));
        for id in main.follow_up_ids() {
            if let Some(card) = by_id.get(id).filter(|_| asked.insert(id)) {
                questions.push(Question::new(card, Some(&main.id), options.lang));
            }
        }
        if questions.len() >= limit {
            break;
        }
    }
    questions.truncate(limit);
    questions
}

/// `items` in a random order fixed by `seed` (Fisher-Yates over splitmix64).
fn shuffled<T>(mut items: Vec<T>, seed: u64) -> Vec<T> {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..items.len()).rev() {
        let j = usize::try_from(next() % (i as u64 + 1)).unwrap_or(0);
        items.swap(i, j);
    }
    items
}
