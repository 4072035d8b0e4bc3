//! Errors in both languages: usage errors (clap's error kinds, worded here), the config file's,
//! the progress file's and files the guard refuses. The core's error types keep their English
//! `Display`; the front ends pick these by error kind, filled with the same values.
//!
//! The texts are data, in `errors.toml` beside this file; build.rs makes each entry a constant.

include!(concat!(env!("OUT_DIR"), "/messages/errors.rs"));

/// Every message of this part of the catalogue.
pub const ERROR_MESSAGES: &[super::Msg] = ENTRIES;
