//! Terminal styling for command output: ANSI codes on a terminal, plain text otherwise.
//!
//! Output piped to a file or another program, or run with `NO_COLOR` set, carries no escape codes.

use std::io::IsTerminal;

use crate::cli::ColorChoice;

/// Applies styles, or nothing when colour is off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
}

impl Style {
    pub const PLAIN: Style = Style { color: false };

    /// Decides from the user's choice, `NO_COLOR`, and whether stdout is a terminal.
    pub fn detect(choice: ColorChoice) -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => !no_color && std::io::stdout().is_terminal(),
        };
        Style { color }
    }

    fn wrap(self, code: &str, text: &str) -> String {
        if self.color && !text.is_empty() {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }
}

/// One method per SGR style, each wrapping its text in that code: `name => code`.
macro_rules! styles {
    ($($name:ident => $code:literal),* $(,)?) => {
        impl Style {
            $(
                pub fn $name(self, text: &str) -> String {
                    self.wrap($code, text)
                }
            )*
        }
    };
}

styles! {
    bold => "1",
    dim => "2",
    italic => "3",
    heading => "1;36",
    accent => "33",
    code => "36",
    link => "4;34",
    error => "1;31",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_style_adds_no_escape_codes() {
        assert_eq!(Style::PLAIN.bold("x"), "x");
        assert_eq!(Style { color: true }.bold("x"), "\x1b[1mx\x1b[0m");
        assert_eq!(Style { color: true }.bold(""), "");
    }
}
