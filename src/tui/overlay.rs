//! What can sit over a screen and take the keys: the help, the search, the `=` prompt. One at a
//! time, so the focus is never ambiguous. (A terminal too small to draw in is not an overlay of
//! the state: the view shows it whenever the size is too small.)

use super::screens::prompt::PromptState;
use super::screens::search::SearchState;

#[derive(Debug, Clone)]
pub enum Overlay {
    /// The key help, scrolled by this many rows.
    Help {
        scroll: usize,
    },
    Search(SearchState),
    Prompt(PromptState),
}
