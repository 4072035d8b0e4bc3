//! Prints card markdown as terminal text for `infraprep show`: the lines of `markdown::parse`
//! with ANSI styles, or plain when colour is off. Lines are not wrapped: terminals wrap flowing
//! text, and tables and diagrams must keep their alignment.

use crate::cli::ansi::Style;
use crate::text::markdown::{DocLine, LineKind, Mark, parse_fitted};

pub use crate::text::markdown::replace_citations;

/// The terminal's width when stdout is one, so tables fit it; piped output keeps whole tables.
fn table_width() -> Option<usize> {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() {
        return None;
    }
    ratatui::crossterm::terminal::size()
        .ok()
        .map(|(width, _)| usize::from(width))
}

/// Renders `markdown` as terminal text ending in a newline.
pub fn markdown_to_terminal(
    markdown: &str,
    style: Style,
    cite: &dyn Fn(&str) -> Option<usize>,
) -> String {
    let mut out = String::new();
    for line in parse_fitted(markdown, cite, table_width()) {
        if !line.is_blank() {
            out.push_str(&line_to_terminal(&line, style));
        }
        out.push('\n');
    }
    out
}

fn line_to_terminal(line: &DocLine, style: Style) -> String {
    let inline = line.kind == LineKind::Flow;
    line.segs
        .iter()
        .map(|seg| styled(&seg.text, seg.mark, inline, style))
        .collect()
}

/// Styles one segment. Without colour, inline code keeps its backticks so it still stands out;
/// code blocks are already set apart by their indent.
fn styled(text: &str, mark: Mark, inline: bool, style: Style) -> String {
    if mark.code {
        return match (style.color, inline) {
            (true, _) => style.code(text),
            (false, true) => format!("`{text}`"),
            (false, false) => text.to_owned(),
        };
    }
    if mark.heading || mark.bold {
        style.bold(text)
    } else if mark.link {
        style.link(text)
    } else if mark.marker {
        style.accent(text)
    } else if mark.italic {
        style.italic(text)
    } else if mark.dim {
        style.dim(text)
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_output_marks_inline_code_and_has_no_escapes() {
        let out = markdown_to_terminal("**bold** `c` [d](https://x.y)", Style::PLAIN, &|_| None);
        assert_eq!(out, "bold `c` d (https://x.y)\n");
    }

    #[test]
    fn styled_output_uses_escape_codes_but_keeps_code_blocks_verbatim() {
        let out = markdown_to_terminal("**b**\n\n```\na  b\n```", Style { color: true }, &|_| None);
        assert!(out.starts_with("\x1b[1mb\x1b[0m\n"), "{out:?}");
        assert!(out.contains("a  b"), "{out:?}");
    }
}
