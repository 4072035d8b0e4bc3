//! The command line's help in Chinese: each English text is clap's (the doc comment or
//! `help`/`about`/`after_help` it is built from), matched by that text when the help is shown
//! in Chinese. Example blocks are translated line by line: the command lines stay, their
//! comments and the `Examples:` heading are translated. A test checks that every help text of
//! the command line has its Chinese, here or (calculator fields and abouts) in the registry.
//!
//! The texts are data, in `help.toml` beside this file; build.rs makes each entry a constant.

include!(concat!(env!("OUT_DIR"), "/messages/help.rs"));

/// Every message of this part of the catalogue.
pub const HELP_MESSAGES: &[super::Msg] = ENTRIES;
