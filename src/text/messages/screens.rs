//! The TUI's words: the header, screen titles, labels and status lines.
//!
//! The texts are data, in `screens.toml` beside this file; build.rs makes each entry a constant.

include!(concat!(env!("OUT_DIR"), "/messages/screens.rs"));

/// Every message of this part of the catalogue.
pub const SCREEN_MESSAGES: &[super::Msg] = ENTRIES;
