//! A calculator's input as text, the way a user types it: the one input type of every front end.

/// Each field's text, in the calculator's field order. Empty means not given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Form {
    pub values: Vec<(&'static str, String)>,
}

impl Form {
    /// The non-blank text of `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.trim().is_empty())
    }

    /// Sets `name` if the form has that field; returns whether it does.
    pub fn set(&mut self, name: &str, value: &str) -> bool {
        match self.values.iter_mut().find(|(n, _)| *n == name) {
            Some((_, slot)) => {
                value.clone_into(slot);
                true
            }
            None => false,
        }
    }

    /// The text of `name`, or empty: for the engine's required fields, which it checks itself.
    pub fn text(&self, name: &str) -> &str {
        self.get(name).unwrap_or("")
    }
}
