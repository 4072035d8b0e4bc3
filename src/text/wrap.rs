//! Wraps styled text to a width in terminal columns, for Chinese and English alike.
//!
//! ratatui 0.30's `Paragraph::wrap` mis-measures wide (CJK) characters: lines spill past the
//! edge, characters are lost and small widths panic (ratatui issue #2679). So the TUI wraps
//! lines itself, here, and renders paragraphs unwrapped. Rules: break at spaces (the space is
//! dropped), between wide characters, and between a wide and a narrow character; keep Latin
//! words whole unless one is longer than a line; never start a line with closing punctuation or
//! end one with opening punctuation where that can be avoided without overflowing. Styles are
//! generic so this stays independent of ratatui.

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// A run of text with one style.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span<S> {
    pub text: String,
    pub style: S,
}

impl<S> Span<S> {
    pub fn new(text: impl Into<String>, style: S) -> Self {
        Span {
            text: text.into(),
            style,
        }
    }
}

/// Shown instead of a wide character when the width is a single column: it cannot fit.
pub const NARROW_PLACEHOLDER: &str = "?";

/// One grapheme with its width and the index of the input span it came from.
#[derive(Debug, Clone, Copy)]
struct Cell<'a> {
    text: &'a str,
    width: usize,
    span: usize,
}

/// A unit that stays on one line if it can: a whitespace run, a narrow word, or one wide
/// character, with kinsoku punctuation glued to its neighbour.
#[derive(Debug)]
struct Token<'a> {
    cells: Vec<Cell<'a>>,
    width: usize,
    space: bool,
}

/// Wraps one logical line of styled spans to `width` columns. Lines after the first start with
/// `continuation_indent` spaces (ignored when it leaves no room). Always returns at least one line.
pub fn wrap_spans<S: Clone + PartialEq>(
    spans: &[Span<S>],
    width: usize,
    continuation_indent: usize,
) -> Vec<Vec<Span<S>>> {
    let width = width.max(1);
    // The indent must leave room for a wide character, or that character could not fit.
    let indent = if continuation_indent + 2 <= width {
        continuation_indent
    } else {
        0
    };
    let cells = cells(spans, width);
    let tokens = glue_kinsoku(tokenize(&cells));
    let lines = layout(&tokens, width, indent);
    let mut out: Vec<Vec<Span<S>>> = lines
        .iter()
        .enumerate()
        .map(|(number, line)| to_spans(spans, line, if number == 0 { 0 } else { indent }))
        .collect();
    if out.is_empty() {
        out.push(Vec::new());
    }
    out
}

/// Wraps plain text; a convenience over [`wrap_spans`].
pub fn wrap_str(text: &str, width: usize) -> Vec<String> {
    wrap_spans(&[Span::new(text, ())], width, 0)
        .into_iter()
        .map(|line| line.into_iter().map(|span| span.text).collect())
        .collect()
}

/// Splits spans into graphemes with their display widths.
fn cells<S>(spans: &[Span<S>], width: usize) -> Vec<Cell<'_>> {
    spans
        .iter()
        .enumerate()
        .flat_map(|(index, span)| {
            span.text.graphemes(true).map(move |g| {
                let g = if g == "\t" { " " } else { g };
                let w = g.width();
                if w > width {
                    Cell {
                        text: NARROW_PLACEHOLDER,
                        width: 1,
                        span: index,
                    }
                } else {
                    Cell {
                        text: g,
                        width: w,
                        span: index,
                    }
                }
            })
        })
        .collect()
}

fn is_space(cell: &Cell<'_>) -> bool {
    cell.text.chars().all(char::is_whitespace) && !cell.text.is_empty()
}

fn tokenize<'a>(cells: &[Cell<'a>]) -> Vec<Token<'a>> {
    let mut tokens: Vec<Token<'a>> = Vec::new();
    for &cell in cells {
        let space = is_space(&cell);
        let joins = tokens.last().is_some_and(|last| {
            let last_cell = last.cells.last().map_or(0, |c| c.width);
            last.space == space && (space || (cell.width < 2 && last_cell < 2))
        });
        match tokens.last_mut() {
            Some(last) if joins => {
                last.width += cell.width;
                last.cells.push(cell);
            }
            _ => tokens.push(Token {
                cells: vec![cell],
                width: cell.width,
                space,
            }),
        }
    }
    tokens
}

/// Places tokens on lines greedily. Spaces at a break are dropped; a token wider than a whole
/// line is split at grapheme boundaries.
fn layout<'a>(tokens: &[Token<'a>], width: usize, indent: usize) -> Vec<Vec<Cell<'a>>> {
    let mut lines: Vec<Vec<Cell<'a>>> = vec![Vec::new()];
    let mut used = 0;
    let mut pending_space: Option<&Token<'a>> = None;
    for token in tokens {
        let capacity = if lines.len() == 1 {
            width
        } else {
            width - indent
        };
        if token.space {
            if used > 0 {
                pending_space = Some(token);
            }
            continue;
        }
        let space_width = pending_space.map_or(0, |s| s.width);
        if used + space_width + token.width <= capacity {
            if let Some(space) = pending_space.take() {
                extend_last(&mut lines, &space.cells);
                used += space_width;
            }
            extend_last(&mut lines, &token.cells);
            used += token.width;
            continue;
        }
        let space = pending_space.take();
        if token.width <= width - indent || used == 0 && token.width <= capacity {
            if used > 0 {
                lines.push(Vec::new());
            }
            extend_last(&mut lines, &token.cells);
            used = token.width;
            continue;
        }
        // A token longer than any line starts right here, after its space, when both fit.
        let first = token.cells.first().map_or(0, |c| c.width);
        if let Some(space) = space.filter(|s| used + s.width + first <= capacity) {
            extend_last(&mut lines, &space.cells);
            used += space.width;
        }
        used = split_long(token, &mut lines, used, width, indent);
    }
    if lines.len() > 1 && lines.last().is_some_and(Vec::is_empty) {
        lines.pop();
    }
    lines
}

fn extend_last<'a>(lines: &mut [Vec<Cell<'a>>], cells: &[Cell<'a>]) {
    if let Some(line) = lines.last_mut() {
        line.extend_from_slice(cells);
    }
}

/// Puts a token longer than a line on as many lines as it needs, starting on the current line
/// when it has room. Returns the columns used on the last line.
fn split_long<'a>(
    token: &Token<'a>,
    lines: &mut Vec<Vec<Cell<'a>>>,
    mut used: usize,
    width: usize,
    indent: usize,
) -> usize {
    for &cell in &token.cells {
        let capacity = if lines.len() == 1 {
            width
        } else {
            width - indent
        };
        if used + cell.width > capacity && used > 0 {
            let carried = carry_for_kinsoku(lines.last_mut(), cell, width - indent);
            used = carried.iter().map(|c| c.width).sum();
            lines.push(carried);
        }
        if let Some(line) = lines.last_mut() {
            line.push(cell);
        }
        used += cell.width;
    }
    used
}

/// Rebuilds styled spans from a line of cells, merging neighbours of one style.
fn to_spans<S: Clone + PartialEq>(
    spans: &[Span<S>],
    line: &[Cell<'_>],
    indent: usize,
) -> Vec<Span<S>> {
    let mut out: Vec<Span<S>> = Vec::new();
    if indent > 0
        && let Some(first) = line.first()
    {
        out.push(Span::new(
            " ".repeat(indent),
            spans[first.span].style.clone(),
        ));
    }
    for cell in line {
        let style = &spans[cell.span].style;
        match out.last_mut() {
            Some(last) if &last.style == style => last.text.push_str(cell.text),
            _ => out.push(Span::new(cell.text, style.clone())),
        }
    }
    out
}

mod kinsoku;
use kinsoku::{carry_for_kinsoku, glue_kinsoku};

#[cfg(test)]
mod tests;
