//! The quick-arithmetic prompt (`=`): an expression field with a history of earlier ones.

use crate::tui::action::Action;
use crate::tui::text_field::TextField;

/// How many earlier expressions the prompt remembers.
const HISTORY: usize = 20;

/// The prompt and what it last answered.
#[derive(Debug, Clone, Default)]
pub struct PromptState {
    pub input: TextField,
    /// Earlier expressions, newest last.
    pub history: Vec<String>,
    /// Position while browsing the history with ↑/↓.
    pub browsing: Option<usize>,
}

/// What the prompt asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PromptFlow {
    Stay,
    /// Evaluate this expression and show the answer.
    Evaluate(String),
    Close,
    Quit,
}

impl PromptState {
    pub fn update(&mut self, action: Action) -> PromptFlow {
        match action {
            Action::TextKey(key) => {
                self.input.edit(key);
            }
            Action::Move(step) => {
                let len = self.history.len();
                if len > 0 {
                    let at = self.browsing.unwrap_or(len);
                    let at = super::cards::offset(at, step, len).min(len);
                    self.browsing = Some(at);
                    let text = self.history.get(at).cloned().unwrap_or_default();
                    self.input.set_text(&text);
                }
            }
            Action::Open => {
                let expression = self.input.text().trim().to_owned();
                if !expression.is_empty() {
                    self.history.retain(|e| e != &expression);
                    self.history.push(expression.clone());
                    if self.history.len() > HISTORY {
                        self.history.remove(0);
                    }
                    self.input.set_text("");
                    self.browsing = None;
                    return PromptFlow::Evaluate(expression);
                }
            }
            Action::Back => return PromptFlow::Close,
            Action::Quit => return PromptFlow::Quit,
            _ => {}
        }
        PromptFlow::Stay
    }
}
