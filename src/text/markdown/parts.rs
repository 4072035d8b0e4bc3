//! Cutting a long document into parts that can be parsed one at a time.
//!
//! A 5 MB section took two seconds to parse and wrap at once, so the reader lays out only the
//! parts near the screen. A part boundary falls only where no markdown construct can continue
//! past it: at a blank line followed by an unindented line that starts with a letter, digit or
//! CJK character and is not a list item (`2. x`), outside fenced code and the HTML blocks that
//! run across blank lines (comments, `<pre>` and the like). Such a line starts a paragraph (or
//! a table or setext heading), which begins with a blank line after whatever came before: that is
//! what [`parse_part`] puts at the end of every part but the last. A document with a link
//! reference definition (`[x]: url`), which any part could use, is one part.

use std::ops::Range;

use super::{DocLine, LineKind, build, trim_trailing_blanks};

/// Byte ranges of `markdown` that parse the same one by one (see [`parse_part`]) as the whole
/// does at once, each at least `min_bytes` long but the last. They cover `markdown` in order.
pub fn parts(markdown: &str, min_bytes: usize) -> Vec<Range<usize>> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut scan = Scan::default();
    let mut previous_blank = false;
    let mut at = 0;
    for line in markdown.split_inclusive('\n') {
        if previous_blank && scan.is_boundary(line) && at - start >= min_bytes {
            parts.push(start..at);
            start = at;
        }
        if scan.is_reference_definition(line) {
            return std::iter::once(0..markdown.len()).collect();
        }
        scan.step(line);
        previous_blank = is_blank(line);
        at += line.len();
    }
    parts.push(start..markdown.len());
    parts
}

/// Parses one part of a document cut by [`parts`]: like [`super::parse_fitted`], except that a
/// part other than the last keeps its trailing blank lines and ends with one, as the paragraph
/// that follows it would add.
pub fn parse_part(
    part: &str,
    cite: &dyn Fn(&str) -> Option<usize>,
    width: Option<usize>,
    last: bool,
) -> Vec<DocLine> {
    let mut lines = build(part, cite, width);
    if last {
        trim_trailing_blanks(&mut lines);
    } else if lines.last().is_some_and(|l| !l.is_blank()) {
        lines.push(DocLine {
            segs: Vec::new(),
            kind: LineKind::Flow,
            indent: 0,
        });
    }
    lines
}

/// What the lines read so far leave open.
#[derive(Debug, Default)]
struct Scan {
    /// The fence character and length of an open fenced code block.
    fence: Option<Fence>,
    /// The text that ends an open HTML block of a kind that runs across blank lines.
    html_end: Option<&'static str>,
}

impl Scan {
    /// Whether a part may start at `line`, which follows a blank line.
    fn is_boundary(&self, line: &str) -> bool {
        if self.fence.is_some() || self.html_end.is_some() {
            return false;
        }
        let Some(first) = line.chars().next() else {
            return false;
        };
        first.is_alphanumeric() && !(first.is_ascii_digit() && is_ordered_item(line))
    }

    fn is_reference_definition(&self, line: &str) -> bool {
        if self.fence.is_some() {
            return false;
        }
        let trimmed = line.trim_start_matches(' ');
        line.len() - trimmed.len() <= 3
            && trimmed.starts_with('[')
            && trimmed.find("]:").is_some_and(|close| close > 1)
    }

    fn step(&mut self, line: &str) {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let trimmed = line.trim();
        if let Some(open) = self.fence {
            let run = trimmed.chars().take_while(|c| *c == open.char).count();
            // A fence less indented than its opening may belong to an enclosing list item's
            // end (and open a new block), so the block is taken to go on: fewer parts, never
            // a wrong one.
            let closes = (open.indent..=3).contains(&indent)
                && run >= open.count
                && run == trimmed.chars().count();
            if closes {
                self.fence = None;
            }
            return;
        }
        if let Some(end) = self.html_end {
            if line.to_ascii_lowercase().contains(end) {
                self.html_end = None;
            }
            return;
        }
        let content = line.trim_start();
        for char in ['`', '~'] {
            let count = content.chars().take_while(|c| *c == char).count();
            if count >= 3 {
                self.fence = Some(Fence {
                    char,
                    count,
                    indent,
                });
                return;
            }
        }
        if indent <= 3 && content.starts_with('<') {
            self.html_end = html_block_end(content).filter(|end| {
                // The block may end on the line it starts on (after its opening text).
                let lower = content.to_ascii_lowercase();
                !lower.get(2..).is_some_and(|rest| rest.contains(end))
            });
        }
    }
}

/// An open fenced code block: its character, how many, and the opening line's indent.
#[derive(Debug, Clone, Copy)]
struct Fence {
    char: char,
    count: usize,
    indent: usize,
}

/// A blank line as `CommonMark` has it: spaces and tabs only (an ideographic space is text).
fn is_blank(line: &str) -> bool {
    line.trim_matches([' ', '\t', '\n', '\r']).is_empty()
}

/// `12. x` or `3) x`: an ordered list item, which continues a list across a blank line.
fn is_ordered_item(line: &str) -> bool {
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    line[digits..].starts_with(['.', ')'])
}

/// The text that ends an HTML block starting with `line`, for the kinds `CommonMark` lets run
/// across blank lines; `None` for the others, which end at a blank line.
fn html_block_end(line: &str) -> Option<&'static str> {
    let lower = line.to_ascii_lowercase();
    for (tag, end) in [
        ("<script", "</script>"),
        ("<pre", "</pre>"),
        ("<style", "</style>"),
        ("<textarea", "</textarea>"),
    ] {
        if lower.starts_with(tag) {
            return Some(end);
        }
    }
    if lower.starts_with("<!--") {
        Some("-->")
    } else if lower.starts_with("<?") {
        Some("?>")
    } else if lower.starts_with("<![cdata[") {
        Some("]]>")
    } else if lower.starts_with("<!") {
        Some(">")
    } else {
        None
    }
}

#[cfg(test)]
mod tests;
