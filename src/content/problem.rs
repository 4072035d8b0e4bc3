//! A problem found in a card file, located by file and line so an editor can jump to it.

use std::fmt;

use crate::text::sanitize::{sanitize, sanitize_line};

/// One problem in one file: printed as `path:line: message`, the format compilers use.
///
/// The path and message can hold text from the file system and the card (a file name or an
/// unknown TOML key with escape sequences in it), so `Display` shows control characters visibly;
/// the fields themselves keep the original text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file as the user named it (a path on disk, or `bundled:NAME` for the embedded deck).
    pub path: String,
    /// 1-based line number; 0 when the problem is about the file or directory as a whole.
    pub line: usize,
    pub message: String,
}

impl Problem {
    pub fn new(path: &str, line: usize, message: impl Into<String>) -> Self {
        Problem {
            path: path.to_owned(),
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (path, message) = (sanitize_line(&self.path), sanitize(&self.message));
        if self.line == 0 {
            write!(f, "{path}: {message}")
        } else {
            write!(f, "{path}:{}: {message}", self.line)
        }
    }
}

/// Maps byte offsets of a text to 1-based line numbers.
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let starts = crate::text::lines::starts(text).collect();
        LineIndex { starts }
    }

    /// The 1-based line holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_shows_escape_sequences_visibly() {
        let problem = Problem::new(
            "\u{1b}]0;PWN\u{7}\n.md",
            3,
            "unknown field `\u{1b}]52;c;eA==\u{7}`",
        );
        assert_eq!(
            problem.to_string(),
            "^[]0;PWN^G^J.md:3: unknown field `^[]52;c;eA==^G`"
        );
    }

    #[test]
    fn offsets_map_to_lines() {
        let index = LineIndex::new("ab\ncd\n\nef");
        assert_eq!(index.line_of(0), 1);
        assert_eq!(index.line_of(2), 1);
        assert_eq!(index.line_of(3), 2);
        assert_eq!(index.line_of(6), 3);
        assert_eq!(index.line_of(7), 4);
        assert_eq!(index.line_of(100), 4);
    }
}
