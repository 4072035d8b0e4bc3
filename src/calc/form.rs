//! A calculation's input as text, the way a user types it: the one input of every front end and
//! of every engine module.
//!
//! The registry declares the fields once (`calculators/*.rs`); the CLI, a card preset and the
//! TUI fill a [`Form`] under those names, and each engine reads the names it needs from it
//! (`XInput::from_form`), so there is no second list of fields to keep in step.

use crate::calc::{CalcError, units};

/// Each field's text, in the calculator's field order. Empty means not given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Form {
    pub values: Vec<(&'static str, String)>,
}

impl Form {
    /// A form holding these (name, text) pairs, for callers that know their fields (tests,
    /// benches, the sweep).
    pub fn of(pairs: &[(&'static str, &str)]) -> Form {
        Form {
            values: pairs
                .iter()
                .map(|(name, text)| (*name, (*text).to_owned()))
                .collect(),
        }
    }

    /// A copy with `name` set to `text` (added when the form has no such field; empty clears it).
    #[must_use]
    pub fn with(&self, name: &'static str, text: &str) -> Form {
        let mut form = self.clone();
        if !form.set(name, text) {
            form.values.push((name, text.to_owned()));
        }
        form
    }

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

    /// The text of `name`, or empty: for the engine's required fields, whose parsers name the
    /// missing value themselves.
    pub fn text(&self, name: &str) -> &str {
        self.get(name).unwrap_or("")
    }

    /// `name` read by `parse` when given.
    pub fn parse<T>(
        &self,
        name: &str,
        parse: impl FnOnce(&str) -> Result<T, CalcError>,
    ) -> Result<Option<T>, CalcError> {
        self.get(name).map(parse).transpose()
    }

    /// `name` as a whole number of at least 1 (`what` names it in errors), or `default`.
    pub fn count_or(
        &self,
        name: &str,
        what: &'static str,
        default: usize,
    ) -> Result<usize, CalcError> {
        self.get(name)
            .map_or(Ok(default), |t| units::parse_count(what, t, 1))
    }

    /// The flags (`--name`) of the fields in `names` that are not given, for an error that asks
    /// for the rest of a group that only counts whole.
    pub fn missing(&self, names: &[&str]) -> Vec<String> {
        names
            .iter()
            .filter(|name| self.get(name).is_none())
            .map(|name| format!("--{name}"))
            .collect()
    }

    /// The flag and text of the one field of `names` that is given; `none` is the error when
    /// none is, and giving several is refused by name.
    pub fn one_of<'a>(
        &'a self,
        names: &[&'static str],
        none: crate::text::Bi,
    ) -> Result<(&'static str, &'a str), CalcError> {
        let given: Vec<(&'static str, &'a str)> = names
            .iter()
            .filter_map(|name| self.get(name).map(|text| (*name, text)))
            .collect();
        match given.as_slice() {
            [one] => Ok(*one),
            [] => Err(CalcError::invalid(none)),
            many => {
                let flags: Vec<String> = many
                    .iter()
                    .map(|(name, text)| format!("--{name} '{}'", text.trim()))
                    .collect();
                Err(CalcError::invalid(crate::text::Bi::new(
                    format!("give one of {}, not several", flags.join(" and ")),
                    format!("只给其中一个：{}，不要同时给", flags.join("、")),
                )))
            }
        }
    }

    /// `yes`/`no` (also `true`/`false`, `on`/`off`); empty means no.
    pub fn flag(&self, name: &'static str) -> Result<bool, CalcError> {
        self.switch(name, false)
    }

    /// `yes`/`no` (also `true`/`false`, `on`/`off`); empty means `default`, for a switch that is
    /// on unless turned off.
    pub fn switch(&self, name: &'static str, default: bool) -> Result<bool, CalcError> {
        match self
            .get(name)
            .map(|v| v.trim().to_ascii_lowercase())
            .as_deref()
        {
            None => Ok(default),
            Some("no" | "false" | "off") => Ok(false),
            Some("yes" | "true" | "on") => Ok(true),
            Some(_) => Err(CalcError::invalid(format!(
                "{name} '{}' is not yes or no",
                self.text(name).trim()
            ))),
        }
    }
}
