//! A text field drawn as spans within a given width: the part around the cursor is shown, so
//! a long value scrolls inside its field instead of spilling into the next column; without the
//! focus, its start.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthChar;

use crate::tui::text_field::TextField;
use crate::tui::theme::Theme;

/// A one-row input box: the key that opened it (`/`, `=`), the focused `field` in `room`
/// columns, then `after` (a count, an answer) in its own style.
pub fn input_line(
    key: &'static str,
    field: &TextField,
    room: usize,
    theme: Theme,
    after: Span<'static>,
) -> Line<'static> {
    let mut line = vec![Span::styled(key, theme.key())];
    line.extend(spans(field, room, true, theme.text(), theme.selected()));
    line.push(after);
    Line::from(line)
}

/// The visible part of `field` in `width` columns; with `focused`, the cursor cell is drawn in
/// `cursor` style (a block after the text when the cursor is at the end).
pub fn spans(
    field: &TextField,
    width: usize,
    focused: bool,
    text: Style,
    cursor: Style,
) -> Vec<Span<'static>> {
    let chars: Vec<char> = field.text().chars().filter(|c| *c != '\n').collect();
    let at = field.cursor().min(chars.len());
    let width = width.max(2);
    // Scroll so the cursor (and one cell for it at the end) fits.
    let mut start = 0;
    let cells = |from: usize, to: usize| -> usize {
        chars[from..to]
            .iter()
            .map(|c| c.width().unwrap_or(0))
            .sum::<usize>()
    };
    // Without the focus the field shows its start.
    while focused && start < at && cells(start, at) + 1 > width {
        start += 1;
    }
    let mut shown = String::new();
    let mut used = 0;
    let mut out = Vec::new();
    for (i, c) in chars.iter().enumerate().skip(start) {
        let w = c.width().unwrap_or(0);
        if used + w > width {
            break;
        }
        if focused && i == at {
            out.push(Span::styled(std::mem::take(&mut shown), text));
            out.push(Span::styled(c.to_string(), cursor));
        } else {
            shown.push(*c);
        }
        used += w;
    }
    out.push(Span::styled(shown, text));
    if focused && at >= chars.len() && used < width {
        out.push(Span::styled(" ", cursor));
    }
    out.retain(|s| !s.content.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(spans: &[Span<'_>]) -> String {
        spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn a_long_value_scrolls_to_keep_the_cursor_in_view() {
        let field = TextField::new("pcie4 nvlink3 ib-hdr ib-ndr eth-400g");
        let shown = spans(&field, 10, true, Style::default(), Style::default());
        let visible = text(&shown);
        assert!(visible.len() <= 10, "{visible:?}");
        assert!(visible.trim_end().ends_with("eth-400g"), "{visible:?}");
        let unfocused = spans(&field, 10, false, Style::default(), Style::default());
        assert_eq!(text(&unfocused), "pcie4 nvli");
    }

    #[test]
    fn wide_characters_count_two_cells() {
        let field = TextField::new("张量并行张量并行");
        let shown = spans(&field, 9, true, Style::default(), Style::default());
        assert!(text(&shown).chars().filter(|c| *c != ' ').count() <= 4);
    }
}
