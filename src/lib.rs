//! infraprep: study cards, calculators and drills for interviews on LLM-training infrastructure.
//!
//! The library holds everything; `main.rs` only parses arguments and dispatches.
//!
//! The core (`calc` the engine, `calculators` the registry, `content`, `drill`, `search`,
//! `settings`, `text`) is pure and never touches the terminal or the argument parser; `cli` and
//! `tui` are the two front ends built on it.

pub mod calc;
pub mod calculators;
pub mod cli;
pub mod content;
pub mod drill;
pub mod search;
pub mod settings;
#[cfg(test)]
mod test_support;
pub mod text;
pub mod tui;
