//! Prints card markdown as terminal text for `infraprep show`: the lines of `markdown::parse`
//! with ANSI styles, or plain when colour is off. On a terminal, prose is wrapped to its width
//! at word boundaries (CJK-aware), while tables and diagrams keep their alignment and a URL is
//! never broken (a line holding one may be as long as the URL, so it can still be copied).
//! Piped output is not wrapped.

use crate::cli::ansi::Style;
use crate::text::markdown::{DocLine, LineKind, Mark, Seg, parse_fitted};
use crate::text::wrap::{Span as StyledRun, wrap_spans};

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
    let width = table_width();
    let mut out = String::new();
    for line in parse_fitted(markdown, cite, width) {
        if line.is_blank() {
            out.push('\n');
            continue;
        }
        match width {
            Some(width) if line.kind == LineKind::Flow => {
                for wrapped in wrap_line(&line, width) {
                    out.push_str(&line_to_terminal(&wrapped, style));
                    out.push('\n');
                }
            }
            _ => {
                out.push_str(&line_to_terminal(&line, style));
                out.push('\n');
            }
        }
    }
    out
}

/// A flowing line wrapped to `width`. Each URL stands in as one private-use character while
/// wrapping, so it is never split: the line that holds it may run past the width.
fn wrap_line(line: &DocLine, width: usize) -> Vec<DocLine> {
    let mut urls: Vec<String> = Vec::new();
    let runs: Vec<StyledRun<Mark>> = line
        .segs
        .iter()
        .map(|s| {
            let text = s
                .text
                .split_inclusive(char::is_whitespace)
                .map(|piece| {
                    let word = piece.trim_end();
                    match char::from_u32(0xE000 + urls.len() as u32) {
                        Some(stand_in) if word.contains("://") => {
                            urls.push(word.to_owned());
                            format!("{stand_in}{}", &piece[word.len()..])
                        }
                        _ => piece.to_owned(),
                    }
                })
                .collect::<String>();
            StyledRun::new(text, s.mark)
        })
        .collect();
    let restore = |text: String| -> String {
        text.chars()
            .map(|c| {
                let i = (c as u32).wrapping_sub(0xE000) as usize;
                urls.get(i).cloned().unwrap_or_else(|| c.to_string())
            })
            .collect()
    };
    wrap_spans(&runs, width.max(20), line.indent)
        .into_iter()
        .map(|runs| DocLine {
            segs: runs
                .into_iter()
                .map(|r| Seg {
                    text: restore(r.text),
                    mark: r.style,
                })
                .collect(),
            ..line.clone()
        })
        .collect()
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
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn plain_output_marks_inline_code_and_has_no_escapes() {
        let out = markdown_to_terminal("**bold** `c` [d](https://x.y)", Style::PLAIN, &|_| None);
        assert_eq!(out, "bold `c` d (https://x.y)\n");
    }

    #[test]
    fn prose_wraps_at_words_and_a_url_stays_whole() {
        let url = "https://docs.nvidia.com/networking/display/a-very-long-page-name-indeed";
        let text =
            format!("NVLink carries tensor parallel traffic inside a node; see {url} for more.");
        let doc = parse_fitted(&text, &|_| None, Some(30));
        let lines = wrap_line(&doc[0], 30);
        let texts: Vec<String> = lines
            .iter()
            .map(|l| l.segs.iter().map(|s| s.text.as_str()).collect())
            .collect();
        assert!(texts.len() > 2, "{texts:?}");
        assert!(
            texts.iter().any(|l| l.contains(url)),
            "the URL is on one line: {texts:?}"
        );
        assert!(
            texts
                .iter()
                .all(|l| !l.trim().is_empty() && (l.width() <= 30 || l.contains(url))),
            "{texts:?}"
        );
    }

    #[test]
    fn styled_output_uses_escape_codes_but_keeps_code_blocks_verbatim() {
        let out = markdown_to_terminal("**b**\n\n```\na  b\n```", Style { color: true }, &|_| None);
        assert!(out.starts_with("\x1b[1mb\x1b[0m\n"), "{out:?}");
        assert!(out.contains("a  b"), "{out:?}");
    }
}
