//! infraprep: study cards, calculators and drills for interviews on LLM-training infrastructure.

pub mod calc;
pub mod calc_cli;
