//! Reading [`Review`] and [`Progress`] without serde's `flatten`.
//!
//! `#[serde(flatten)]` keeps unknown keys by first buffering every key and value of the object
//! into an intermediate tree and then reading the struct from that tree. On the top-level object
//! that meant copying the whole history once more (a 57 MB file at 100,000 reviews), and on each
//! review it meant a map per review; reading took most of `stats`' time. These visitors read the
//! known fields straight from the input and only buffer what they do not know, with the same
//! result as the derived code: unknown keys kept in `extra`, duplicates and missing fields
//! rejected with serde's messages.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};

use super::{Extra, Progress, Review};

/// A key of a review object: a known field, or the name of an unknown one.
enum ReviewKey {
    Id,
    CardId,
    At,
    Grade,
    Seconds,
    LimitSeconds,
    Covered,
    Answer,
    HintUsed,
    FollowUpOf,
    Lang,
    DrillId,
    Other(String),
}

impl<'de> Deserialize<'de> for ReviewKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = ReviewKey;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<ReviewKey, E> {
                Ok(match key {
                    "id" => ReviewKey::Id,
                    "card_id" => ReviewKey::CardId,
                    "at" => ReviewKey::At,
                    "grade" => ReviewKey::Grade,
                    "seconds" => ReviewKey::Seconds,
                    "limit_seconds" => ReviewKey::LimitSeconds,
                    "covered" => ReviewKey::Covered,
                    "answer" => ReviewKey::Answer,
                    "hint_used" => ReviewKey::HintUsed,
                    "follow_up_of" => ReviewKey::FollowUpOf,
                    "lang" => ReviewKey::Lang,
                    "drill_id" => ReviewKey::DrillId,
                    other => ReviewKey::Other(other.to_owned()),
                })
            }
        }
        deserializer.deserialize_identifier(KeyVisitor)
    }
}

/// Sets `slot` from the next value, rejecting a second occurrence of the field.
fn once<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    map: &mut A,
    slot: &mut Option<T>,
    name: &'static str,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(de::Error::duplicate_field(name));
    }
    *slot = Some(map.next_value()?);
    Ok(())
}

/// A type read by hand from a map: what it expects (for serde's "invalid type" message) and how
/// it reads the map's entries. [`MapVisitor`] is the visitor of every such type.
trait FromMap<'de>: Sized {
    const EXPECTING: &'static str;

    fn from_map<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
}

/// The visitor that reads a `T` from a map through [`FromMap`].
struct MapVisitor<T>(PhantomData<T>);

impl<'de, T: FromMap<'de>> Visitor<'de> for MapVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::from_map(map)
    }
}

/// `Deserialize` for each type named, through its [`FromMap`].
macro_rules! deserialize_from_map {
    ($($name:ty),*) => {$(
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_map(MapVisitor(PhantomData))
            }
        }
    )*};
}

deserialize_from_map!(Review, Progress);

impl<'de> FromMap<'de> for Review {
    const EXPECTING: &'static str = "a review object";

    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Review, A::Error> {
        let (mut id, mut card_id, mut at, mut grade) = (None, None, None, None);
        let (mut seconds, mut limit_seconds, mut covered, mut answer) = (None, None, None, None);
        let (mut hint_used, mut follow_up_of, mut lang, mut drill_id) = (None, None, None, None);
        let mut extra = Extra::new();
        while let Some(key) = map.next_key::<ReviewKey>()? {
            match key {
                ReviewKey::Id => once(&mut map, &mut id, "id")?,
                ReviewKey::CardId => once(&mut map, &mut card_id, "card_id")?,
                ReviewKey::At => once(&mut map, &mut at, "at")?,
                ReviewKey::Grade => once(&mut map, &mut grade, "grade")?,
                ReviewKey::Seconds => once(&mut map, &mut seconds, "seconds")?,
                ReviewKey::LimitSeconds => once(&mut map, &mut limit_seconds, "limit_seconds")?,
                ReviewKey::Covered => once(&mut map, &mut covered, "covered")?,
                ReviewKey::Answer => once(&mut map, &mut answer, "answer")?,
                ReviewKey::HintUsed => once(&mut map, &mut hint_used, "hint_used")?,
                ReviewKey::FollowUpOf => once(&mut map, &mut follow_up_of, "follow_up_of")?,
                ReviewKey::Lang => once(&mut map, &mut lang, "lang")?,
                ReviewKey::DrillId => once(&mut map, &mut drill_id, "drill_id")?,
                ReviewKey::Other(name) => {
                    extra.insert(name, map.next_value()?);
                }
            }
        }
        let missing = |name| de::Error::missing_field(name);
        Ok(Review {
            id: id.ok_or_else(|| missing("id"))?,
            card_id: card_id.ok_or_else(|| missing("card_id"))?,
            at: at.ok_or_else(|| missing("at"))?,
            grade: grade.ok_or_else(|| missing("grade"))?,
            seconds: seconds.ok_or_else(|| missing("seconds"))?,
            limit_seconds: limit_seconds.ok_or_else(|| missing("limit_seconds"))?,
            covered: covered.unwrap_or_default(),
            answer: answer.unwrap_or_default(),
            hint_used: hint_used.unwrap_or_default(),
            follow_up_of: follow_up_of.flatten(),
            lang: lang.ok_or_else(|| missing("lang"))?,
            drill_id: drill_id.flatten(),
            extra,
        })
    }
}

impl<'de> FromMap<'de> for Progress {
    const EXPECTING: &'static str = "a progress object with reviews and drills";

    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Progress, A::Error> {
        let (mut reviews, mut drills, mut attempts) = (None, None, None);
        let mut extra = Extra::new();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "reviews" => once(&mut map, &mut reviews, "reviews")?,
                "drills" => once(&mut map, &mut drills, "drills")?,
                "attempts" => once(&mut map, &mut attempts, "attempts")?,
                _ => {
                    extra.insert(key, map.next_value()?);
                }
            }
        }
        Ok(Progress {
            reviews: reviews.unwrap_or_default(),
            drills: drills.unwrap_or_default(),
            attempts: attempts.unwrap_or_default(),
            extra,
            replayed: super::replay::Cached::default(),
        })
    }
}
