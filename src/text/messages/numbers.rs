//! The number drill's words: the answer box, verdicts, named slips and their statistics, in
//! the TUI and on the command line (`infraprep numbers --ask`, `infraprep numbers stats`).
//!
//! The texts are data, in `numbers.toml` beside this file; build.rs makes each entry a constant.

include!(concat!(env!("OUT_DIR"), "/messages/numbers.rs"));

/// Every message of this part of the catalogue.
pub const NUMBER_MESSAGES: &[super::Msg] = ENTRIES;
