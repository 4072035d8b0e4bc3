//! The one error type of the calculator engine.
//!
//! Every message names the bad value in single quotes and says what to do instead, because these
//! errors are shown as-is on the command line and in the TUI's form fields.

use thiserror::Error;

/// Why a calculation could not be done.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CalcError {
    /// The text was read, but it is the wrong kind of quantity (a rate where a size is wanted).
    #[error("'{input}' is {found}, but {wanted} is needed here: {hint}")]
    WrongKind {
        input: String,
        found: String,
        wanted: &'static str,
        hint: String,
    },
    /// The text could not be read as a quantity at all.
    #[error("'{input}' could not be read: {reason}; {hint}")]
    Unreadable {
        input: String,
        reason: String,
        hint: String,
    },
    /// A value was read but is outside what makes sense (zero, negative, huge).
    #[error("{what} '{input}' {problem}")]
    OutOfRange {
        what: &'static str,
        input: String,
        problem: String,
    },
    /// A link id that is neither bundled nor in the user's config.
    #[error("unknown link '{id}'{examples}")]
    UnknownLink { id: String, examples: String },
    /// Options that do not fit together, or a required one that is missing.
    #[error("{0}")]
    Invalid(String),
    /// Writing the result failed (closed pipe, full disk).
    #[error("could not write the output: {0}")]
    Output(String),
    /// A hardware table (bundled or user override) that fails validation.
    #[error("link preset '{id}': {problem}")]
    BadPreset { id: String, problem: String },
}

impl CalcError {
    /// Shorthand for [`CalcError::Invalid`].
    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        Self::Invalid(message.into())
    }

    /// Wraps an output error.
    pub fn output(error: &std::io::Error) -> Self {
        Self::Output(error.to_string())
    }

    /// Shorthand for [`CalcError::OutOfRange`].
    pub(crate) fn range(
        what: &'static str,
        input: impl Into<String>,
        problem: impl Into<String>,
    ) -> Self {
        Self::OutOfRange {
            what,
            input: input.into(),
            problem: problem.into(),
        }
    }
}
