//! The calculator registry: every calculator is declared once, in its own file, and every front
//! end is derived from that declaration.
//!
//! A [`Calculator`] lists its fields (name, label, kind, whether required or positional, help;
//! title, label and help also in Chinese for the TUI, while `--help` and the docs stay English),
//! reads a [`Form`] into the engine's input, computes, and presents the result once as an
//! [`Outcome`] (headline figures, steps, charts, tables) plus the report as JSON. From it come the
//! `infraprep calc <id>` subcommand and its `--json` (`cli/calc.rs`), a card's `[[calc]]` preset
//! (`preset.rs`), the TUI form (`tui/screens/calc.rs`) and the README's calculator reference.
//! Adding a calculator is one new file here plus one line in [`CALCULATORS`].
//!
//! Pure: no terminal or argument-parser types. Results are recomputed on every keystroke, so
//! nothing here does more than parse the fields and call the engine.

mod busbw;
mod checkpoint;
mod collective;
mod fabric;
mod field;
mod json_path;
mod layout;
mod memory;
mod mfu;
mod outcome;
mod overlap;
mod pipeline;
pub mod preset;
pub mod reference;
mod step;
mod tp;
mod transfer;

pub use crate::calc::Form;
pub use field::{Field, FieldKind, check_field};
use field::{entry, field};
pub use json_path::lookup;
pub use outcome::{Chart, Outcome, Row, Table, Unit, one, pair, times};

use crate::calc::{CalcError, HardwareTable};
use crate::content::Lang;
use crate::text::Bi;

/// A calculator: its fields, how to compute it, and how its result reads.
pub struct Calculator {
    /// The subcommand and preset name, e.g. `collective`.
    pub id: &'static str,
    /// The form's title.
    pub title: &'static str,
    /// One line for `infraprep calc --help`.
    pub about: &'static str,
    /// The title in Chinese, for the TUI when the interface is in Chinese (`--help` and the docs
    /// stay English).
    pub title_zh: &'static str,
    /// The one line in Chinese.
    pub about_zh: &'static str,
    /// Examples and conventions for `infraprep calc <id> --help`.
    pub after_help: &'static str,
    pub fields: &'static [Field],
    /// Values a fresh form starts with.
    pub example: &'static [(&'static str, &'static str)],
    pub compute: fn(&Form, &HardwareTable) -> Result<Computed, CalcError>,
    /// The choices a field offers given the rest of the form, where they depend on it (the
    /// algorithms an operation can run); `None` means the field's own list.
    pub choices: fn(&Form, &str) -> Option<&'static [&'static str]>,
}

/// For calculators whose choices never depend on other fields.
pub(crate) fn fixed_choices(_: &Form, _: &str) -> Option<&'static [&'static str]> {
    None
}

/// A result, as every front end shows it: the outcome for people, the report for `--json`.
#[derive(Debug, Clone, PartialEq)]
pub struct Computed {
    pub outcome: Outcome,
    pub json: serde_json::Value,
}

impl Computed {
    /// The engine's report serialised for `--json`, with the outcome beside it.
    pub fn new(outcome: Outcome, report: &impl serde::Serialize) -> Computed {
        Computed {
            outcome,
            json: serde_json::to_value(report).unwrap_or(serde_json::Value::Null),
        }
    }
}

/// Why a form has no result: a field that does not parse, or inputs that do not fit together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormError {
    /// The field at fault, when the fault is one field's.
    pub field: Option<&'static str>,
    pub message: Bi,
}

impl std::fmt::Display for FormError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message.en())
    }
}

impl Calculator {
    /// The title in `lang`.
    pub fn title_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.title_zh,
            Lang::En => self.title,
        }
    }

    /// The one-line description in `lang`.
    pub fn about_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.about_zh,
            Lang::En => self.about,
        }
    }

    /// A form filled with the example values.
    pub fn example_form(&self) -> Form {
        let mut form = self.empty_form();
        for (name, value) in self.example {
            form.set(name, value);
        }
        form
    }

    /// A form with every field empty, in the field order.
    pub fn empty_form(&self) -> Form {
        Form {
            values: self
                .fields
                .iter()
                .map(|f| (f.name, String::new()))
                .collect(),
        }
    }

    /// The field called `name`.
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// Checks every field, then computes. The error names the first bad field, if it is one.
    pub fn evaluate(&self, form: &Form, table: &HardwareTable) -> Result<Computed, FormError> {
        for spec in self.fields {
            check_field(spec, form.get(spec.name), table).map_err(|message| FormError {
                field: Some(spec.name),
                message,
            })?;
        }
        (self.compute)(form, table).map_err(|e| FormError {
            field: None,
            message: e.text(),
        })
    }
}

/// Every calculator, in the order the TUI lists them and the CLI's help shows them.
pub const CALCULATORS: &[Calculator] = &[
    transfer::TRANSFER,
    collective::COLLECTIVE,
    busbw::BUSBW,
    checkpoint::CHECKPOINT,
    tp::TP,
    pipeline::PIPELINE,
    memory::MEMORY,
    mfu::MFU,
    fabric::FABRIC,
    overlap::OVERLAP,
    layout::LAYOUT,
    step::STEP,
];

/// The calculator with this id.
pub fn calculator(id: &str) -> Option<&'static Calculator> {
    CALCULATORS.iter().find(|c| c.id == id)
}

/// `yes`/`no` (also `true`/`false`, `on`/`off`); empty means no.
pub(crate) fn yes_no(form: &Form, name: &'static str) -> Result<bool, CalcError> {
    form.flag(name)
}

#[cfg(test)]
mod tests;
