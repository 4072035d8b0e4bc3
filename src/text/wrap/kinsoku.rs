//! Kinsoku: closing punctuation never begins a line and opening punctuation never ends one,
//! where that can be avoided without overflowing.

use super::{Cell, Token};

/// Punctuation that must not begin a line.
pub(super) const CLOSING: &str = "，。、；：？！）」』】》〉’”…‥,.;:?!)]}％%）］｝〕〗〙〛・ー〜～";
/// Punctuation that must not end a line.
pub(super) const OPENING: &str = "（「『【《〈‘“([{［｛〔〖〘〚";

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
pub(super) fn glue_kinsoku(tokens: Vec<Token<'_>>) -> Vec<Token<'_>> {
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

/// At a forced break before `next`, moves the current line's last cell to the new line when it
/// is opening punctuation, or when `next` is closing punctuation, so neither sits at the wrong
/// end of a line, but only when both still fit on the new line (`capacity` columns).
pub(super) fn carry_for_kinsoku<'a>(
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
