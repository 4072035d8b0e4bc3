//! infraprep: study cards, calculators and drills for interviews on LLM-training infrastructure.
//!
//! The library holds everything; `main.rs` only parses arguments and dispatches. `content`,
//! `search` and the calculators are pure and never touch the terminal.

pub mod app;
pub mod calc;
pub mod calc_cli;
pub mod calculators;
pub mod cli;
pub mod commands;
pub mod content;
pub mod drill;
pub mod markdown;
pub mod render;
pub mod safe_out;
pub mod sanitize;
pub mod search;
pub mod settings;
pub mod style;
pub mod tui;
pub mod wrap;
