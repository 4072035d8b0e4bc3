//! Card markdown as lines of styled segments, shared by the command line and the TUI.
//!
//! Each line is either flowing text, which the viewer wraps to its width, or preformatted text
//! (code blocks, diagrams, tables), which must keep its alignment and is never re-wrapped. Styles
//! are abstract marks; `render` turns them into ANSI codes and the TUI into ratatui styles. This
//! module must not depend on either.

use pulldown_cmark::Parser;

use crate::content::body::markdown_options;

/// How a segment of text is emphasised.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent text attributes, like a style"
)]
pub struct Mark {
    pub bold: bool,
    pub italic: bool,
    pub code: bool,
    pub link: bool,
    pub heading: bool,
    /// List bullets and numbers.
    pub marker: bool,
    /// Rules, table borders, link targets: secondary ink.
    pub dim: bool,
}

impl Mark {
    pub const PLAIN: Mark = Mark {
        bold: false,
        italic: false,
        code: false,
        link: false,
        heading: false,
        marker: false,
        dim: false,
    };

    /// Secondary ink: rules, table borders, quote bars, the sources list.
    pub const DIM: Mark = Mark {
        dim: true,
        ..Mark::PLAIN
    };
}

/// A run of text with one mark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seg {
    pub text: String,
    pub mark: Mark,
}

/// Whether a line may be re-wrapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    Flow,
    Pre,
}

/// One logical line of a rendered document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocLine {
    pub segs: Vec<Seg>,
    pub kind: LineKind,
    /// Columns that continuation lines are indented by when a flowing line wraps (list items).
    pub indent: usize,
}

impl DocLine {
    pub fn is_blank(&self) -> bool {
        self.segs.iter().all(|s| s.text.trim().is_empty())
    }

    pub fn plain(&self) -> String {
        self.segs.iter().map(|s| s.text.as_str()).collect()
    }
}

/// Replaces `[^key]` citations with `[n]`, using `number` to look keys up; unknown keys stay.
pub fn replace_citations(text: &str, number: &dyn Fn(&str) -> Option<usize>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("[^") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let found = after
            .find(']')
            .and_then(|close| number(after[..close].trim()).map(|n| (close, n)));
        if let Some((close, n)) = found {
            out.push('[');
            out.push_str(&n.to_string());
            out.push(']');
            rest = &after[close + 1..];
        } else {
            out.push_str("[^");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Parses `markdown` into lines. `cite` numbers citation keys.
pub fn parse(markdown: &str, cite: &dyn Fn(&str) -> Option<usize>) -> Vec<DocLine> {
    parse_fitted(markdown, cite, None)
}

/// Parses `markdown` into lines, fitting tables into `width` columns when given: columns
/// shrink and cells wrap, so a table never runs off a narrow screen.
pub fn parse_fitted(
    markdown: &str,
    cite: &dyn Fn(&str) -> Option<usize>,
    width: Option<usize>,
) -> Vec<DocLine> {
    let mut lines = build(markdown, cite, width);
    trim_trailing_blanks(&mut lines);
    lines
}

/// The lines of `markdown`, with the blank lines its last block leaves at the end.
fn build(
    markdown: &str,
    cite: &dyn Fn(&str) -> Option<usize>,
    width: Option<usize>,
) -> Vec<DocLine> {
    let mut builder = Builder::new(cite, width);
    for event in Parser::new_ext(markdown, markdown_options()) {
        builder.event(event);
    }
    builder.finish()
}

fn trim_trailing_blanks(lines: &mut Vec<DocLine>) {
    while lines.last().is_some_and(DocLine::is_blank) {
        lines.pop();
    }
}

mod builder;
mod parts;
mod table;

use builder::Builder;
pub use parts::{parse_part, parts};

#[cfg(test)]
mod tests;
