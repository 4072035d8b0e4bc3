//! Problems in card files, in both languages. The English of each is the exact sentence the
//! content checks write, with the values as `{placeholders}`: the front end recognises a
//! problem's message by it, takes the values back out and fills the Chinese. A message no
//! template matches is shown as written.
//!
//! The texts are data, in `problems.toml` beside this file; build.rs makes each entry a constant.

include!(concat!(env!("OUT_DIR"), "/messages/problems.rs"));

/// Every message of this part of the catalogue.
pub const PROBLEM_MESSAGES: &[super::Msg] = ENTRIES;
