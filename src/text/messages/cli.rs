//! The command line's words: messages, warnings and errors.
//!
//! The texts are data, in `cli.toml` beside this file; build.rs makes each entry a constant.

include!(concat!(env!("OUT_DIR"), "/messages/cli.rs"));

/// Every message of this part of the catalogue.
pub const CLI_MESSAGES: &[super::Msg] = ENTRIES;
