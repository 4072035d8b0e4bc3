//! Figures that are known together or not at all: an `Option` of one struct in the engine, and
//! in the report's JSON that struct's fields side by side with the others, each `null` when the
//! group is absent, so a report keeps one flat JSON shape whatever the input gave.
//!
//! Use as `#[serde(flatten, serialize_with = "group::flat")] pub times: Option<Times>`.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// A struct of figures known together; `FIELDS` are its JSON names, in order.
pub trait Group: Serialize {
    const FIELDS: &'static [&'static str];
}

/// The group's fields, or each of its names with `null` when it is absent.
#[allow(clippy::ref_option)] // serde's `serialize_with` passes the field by reference
pub fn flat<T: Group, S: Serializer>(group: &Option<T>, serializer: S) -> Result<S::Ok, S::Error> {
    if let Some(group) = group {
        return group.serialize(serializer);
    }
    let mut map = serializer.serialize_map(Some(T::FIELDS.len()))?;
    for name in T::FIELDS {
        map.serialize_entry(name, &())?;
    }
    map.end()
}

/// Test support: `FIELDS` are the names the struct serializes, in order.
#[cfg(test)]
pub(crate) fn assert_fields<T: Group>(example: &T) {
    let json = serde_json::to_string(example).expect("a group serializes");
    let keys = serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&json)
        .expect("a group is a JSON object")
        .len();
    assert_eq!(keys, T::FIELDS.len(), "{json}");
    let at: Vec<Option<usize>> = T::FIELDS
        .iter()
        .map(|name| json.find(&format!("\"{name}\":")))
        .collect();
    assert!(
        at.iter().all(Option::is_some),
        "{json} lacks one of {:?}",
        T::FIELDS
    );
    assert!(
        at.is_sorted(),
        "{json} is not in the order of {:?}",
        T::FIELDS
    );
}
