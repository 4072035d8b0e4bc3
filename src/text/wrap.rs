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

/// Punctuation that must not begin a line.
const CLOSING: &str = "，。、；：？！）」』】》〉’”…‥,.;:?!)]}％%）］｝〕〗〙〛・ー〜～";
/// Punctuation that must not end a line.
const OPENING: &str = "（「『【《〈‘“([{［｛〔〖〘〚";

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

fn starts_with_closing(token: &Token<'_>) -> bool {
    token
        .cells
        .first()
        .is_some_and(|c| CLOSING.contains(c.text))
}

fn ends_with_opening(token: &Token<'_>) -> bool {
    token.cells.last().is_some_and(|c| OPENING.contains(c.text))
}

/// Glues closing punctuation to the token before it and opening punctuation to the token after
/// it, so no break falls between them.
fn glue_kinsoku(tokens: Vec<Token<'_>>) -> Vec<Token<'_>> {
    let mut out: Vec<Token<'_>> = Vec::with_capacity(tokens.len());
    for token in tokens {
        let glue = !token.space
            && out.last().is_some_and(|last| {
                !last.space && (starts_with_closing(&token) || ends_with_opening(last))
            });
        match out.last_mut() {
            Some(last) if glue => {
                last.width += token.width;
                last.cells.extend(token.cells);
            }
            _ => out.push(token),
        }
    }
    out
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

/// At a forced break before `next`, moves the current line's last cell to the new line when it
/// is opening punctuation, or when `next` is closing punctuation, so neither sits at the wrong
/// end of a line, but only when both still fit on the new line (`capacity` columns).
fn carry_for_kinsoku<'a>(
    line: Option<&mut Vec<Cell<'a>>>,
    next: Cell<'a>,
    capacity: usize,
) -> Vec<Cell<'a>> {
    let Some(line) = line else { return Vec::new() };
    let Some(last) = line.last() else {
        return Vec::new();
    };
    let last_opens = OPENING.contains(last.text);
    let next_closes = CLOSING.contains(next.text);
    let fits = last.width + next.width <= capacity;
    if line.len() > 1 && fits && (last_opens || next_closes) {
        line.pop().into_iter().collect()
    } else {
        Vec::new()
    }
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn widths(lines: &[String]) -> Vec<usize> {
        lines.iter().map(|l| l.width()).collect()
    }

    #[test]
    fn chinese_breaks_between_characters_at_odd_widths() {
        for width in [3, 5, 7] {
            let lines = wrap_str("张量并行需要高带宽", width);
            assert!(
                widths(&lines).iter().all(|&w| w <= width),
                "{width}: {lines:?}"
            );
            assert_eq!(lines.concat(), "张量并行需要高带宽");
        }
    }

    #[test]
    fn mixed_text_keeps_words_whole_and_fits() {
        let lines = wrap_str("NVLink 是 NVIDIA 的高速互联，带宽远高于 PCIe。", 15);
        assert_eq!(
            lines,
            ["NVLink 是", "NVIDIA 的高速互", "联，带宽远高于", "PCIe。"]
        );
    }

    #[test]
    fn japanese_breaks_inside_the_run_without_a_gap() {
        // ratatui issue #1199: wrapping only at spaces leaves a ragged gap here.
        let lines = wrap_str("私は ratatui が本当に便利だと思います", 24);
        assert_eq!(lines, ["私は ratatui が本当に便", "利だと思います"]);
    }

    #[test]
    fn closing_punctuation_never_starts_a_line() {
        let lines = wrap_str("带宽很高，延迟很低。", 8);
        assert!(
            lines.iter().all(|l| !l.starts_with(['，', '。'])),
            "{lines:?}"
        );
        assert!(widths(&lines).iter().all(|&w| w <= 8), "{lines:?}");
    }

    #[test]
    fn opening_punctuation_never_ends_a_line() {
        let lines = wrap_str("延迟（latency）很低", 6);
        assert!(lines.iter().all(|l| !l.ends_with('（')), "{lines:?}");
    }

    #[test]
    fn long_words_are_hard_broken_and_indent_applies_after_the_first_line() {
        let lines = wrap_str("https://docs.nvidia.com/deeplearning/nccl", 16);
        assert!(widths(&lines).iter().all(|&w| w <= 16), "{lines:?}");
        assert_eq!(lines.concat(), "https://docs.nvidia.com/deeplearning/nccl");
        let spans = [Span::new("• one two three four", 0)];
        let lines = wrap_spans(&spans, 10, 2);
        let text: Vec<String> = lines
            .iter()
            .map(|l| l.iter().map(|s| s.text.as_str()).collect())
            .collect();
        assert_eq!(text, ["• one two", "  three", "  four"]);
    }

    #[test]
    fn a_long_word_keeps_the_space_before_it() {
        let lines = wrap_str("see https://docs.nvidia.com/nccl", 12);
        assert_eq!(lines, ["see https://", "docs.nvidia.", "com/nccl"]);
    }

    #[test]
    fn styles_survive_a_split() {
        let spans = [Span::new("plain ", 'p'), Span::new("bold text here", 'b')];
        let lines = wrap_spans(&spans, 10, 0);
        assert_eq!(lines[0], [Span::new("plain ", 'p'), Span::new("bold", 'b')]);
        assert_eq!(lines[1], [Span::new("text here", 'b')]);
    }

    #[test]
    fn tiny_widths_and_odd_input_never_panic() {
        assert_eq!(wrap_str("", 10), [""]);
        assert_eq!(wrap_str("张", 1), [NARROW_PLACEHOLDER]);
        assert_eq!(wrap_str("ab", 0), ["a", "b"]);
        let odd = "e\u{301}👨‍👩‍👧\t\u{7}x";
        for width in 0..6 {
            let _ = wrap_str(odd, width);
        }
    }

    fn text_strategy() -> impl Strategy<Value = Vec<(String, u8)>> {
        let piece = prop_oneof![
            "[a-zA-Z0-9]{1,12}",
            "[ ]{1,3}",
            "[张量并行带宽延迟高速互联节点]{1,6}",
            prop::sample::select(vec!["，", "。", "（", "）", ",", ".", "(", ")", "「", "」"])
                .prop_map(str::to_owned),
        ];
        prop::collection::vec(
            (
                prop::collection::vec(piece, 1..8).prop_map(|p| p.concat()),
                0..3u8,
            ),
            0..6,
        )
    }

    fn non_space(text: &str) -> Vec<String> {
        text.graphemes(true)
            .filter(|g| !g.trim().is_empty())
            .map(str::to_owned)
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn lines_fit_and_nothing_is_lost_or_restyled(parts in text_strategy(), indent in 0..6usize) {
            let spans: Vec<Span<u8>> = parts.iter().map(|(t, s)| Span::new(t.clone(), *s)).collect();
            let input: String = parts.iter().map(|(t, _)| t.as_str()).collect();
            let styled_input: Vec<(String, u8)> = parts
                .iter()
                .flat_map(|(t, s)| t.graphemes(true).filter(|g| !g.trim().is_empty()).map(move |g| (g.to_owned(), *s)))
                .collect();
            for width in 1..=120 {
                let lines = wrap_spans(&spans, width, indent);
                prop_assert!(!lines.is_empty());
                for line in &lines {
                    let w: usize = line.iter().map(|s| s.text.width()).sum();
                    prop_assert!(w <= width, "width {width}: line {line:?} is {w} wide");
                    if !input.trim().is_empty() {
                        prop_assert!(!line.is_empty(), "empty line at width {width}");
                    }
                }
                if width >= 2 {
                    let output: Vec<(String, u8)> = lines
                        .iter()
                        .flatten()
                        .flat_map(|s| s.text.graphemes(true).filter(|g| !g.trim().is_empty()).map(move |g| (g.to_owned(), s.style)))
                        .collect();
                    prop_assert_eq!(&output, &styled_input, "width {}", width);
                    let joined: String = lines.iter().flatten().map(|s| s.text.as_str()).collect();
                    prop_assert_eq!(non_space(&joined), non_space(&input));
                }
            }
        }
    }
}
