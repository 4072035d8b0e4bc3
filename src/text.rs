//! Text for people: card markdown into styled lines (`markdown`), CJK-aware wrapping (`wrap`),
//! and control characters made visible (`sanitize`). Pure: no terminal types; both front ends
//! build on it.

mod bi;
pub mod lines;
pub mod markdown;
pub mod messages;
pub mod sanitize;
pub mod wrap;

pub use bi::{Bi, has_english_prose};
