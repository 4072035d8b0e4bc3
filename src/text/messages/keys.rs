//! The key table's words: where a binding applies, its footer hint and its help line.
//! Footer hints start with the key as the footer shows it, then one space, then the label.
//!
//! The texts are data, in `keys.toml` beside this file; build.rs makes each entry a constant.

include!(concat!(env!("OUT_DIR"), "/messages/keys.rs"));

/// Every message of this part of the catalogue.
pub const KEY_MESSAGES: &[super::Msg] = ENTRIES;
