//! Left-aligned lines drawn cell by cell, as `Paragraph::new(lines)` draws them without a
//! block, wrapping or scrolling, but with ASCII written byte by byte.
//!
//! `Paragraph` splits every span into grapheme clusters first: on the bundled deck's first
//! 120x40 frame that took 1.1 of the start-up's 6.6 million instructions (callgrind), for
//! text that is mostly ASCII, where each byte is one cell. Other text takes the grapheme path,
//! as `Paragraph` does. A test holds the two to the same buffer on random lines.

use ratatui::buffer::{Buffer, CellWidth};
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;
use unicode_segmentation::UnicodeSegmentation;

/// Lines drawn from the top-left of the area, one per row, cut at its right edge.
pub struct PlainLines<'a>(pub &'a [Line<'a>]);

impl Widget for PlainLines<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // Centred or right-aligned lines are laid out as a whole: `Paragraph` does that.
        if self
            .0
            .iter()
            .any(|l| l.alignment.is_some_and(|a| a != Alignment::Left))
        {
            ratatui::widgets::Paragraph::new(self.0.to_vec()).render(area, buf);
            return;
        }
        let area = area.intersection(buf.area);
        for (line, y) in self.0.iter().zip(area.top()..area.bottom()) {
            let mut row = Row {
                buf,
                y,
                x: area.left(),
                left: area.left(),
                right: area.right(),
            };
            for span in &line.spans {
                if row.text(&span.content, line.style.patch(span.style)) {
                    break;
                }
            }
        }
    }
}

/// The row being written and where the next cell goes.
struct Row<'b> {
    buf: &'b mut Buffer,
    y: u16,
    x: u16,
    left: u16,
    right: u16,
}

/// Whether the byte at `i` is ASCII with ASCII (or nothing) on both sides: a grapheme of its
/// own. An ASCII character next to other text may join it (`e` and a combining accent after
/// it, a prepended mark before it), so those go through the grapheme path.
fn lone_ascii(bytes: &[u8], i: usize) -> bool {
    bytes[i].is_ascii()
        && bytes.get(i + 1).is_none_or(u8::is_ascii)
        && (i == 0 || bytes[i - 1].is_ascii())
}

impl Row<'_> {
    /// Writes `text`, its lone ASCII runs byte by byte and the rest by graphemes; true once the
    /// row is full.
    fn text(&mut self, text: &str, style: Style) -> bool {
        let bytes = text.as_bytes();
        let mut start = 0;
        while start < bytes.len() {
            let lone = lone_ascii(bytes, start);
            let mut end = start + 1;
            while end < bytes.len() && lone_ascii(bytes, end) == lone {
                end += 1;
            }
            // Both ends fall between two ASCII bytes (or at the text's ends): char boundaries.
            let piece = &text[start..end];
            let full = if lone {
                self.ascii(piece, style)
            } else {
                self.graphemes(piece, style)
            };
            if full {
                return true;
            }
            start = end;
        }
        false
    }

    /// Writes ASCII text; true once the row is full.
    fn ascii(&mut self, text: &str, style: Style) -> bool {
        for byte in text.bytes() {
            // Control characters are zero-width graphemes, which `Paragraph` skips.
            if byte < b' ' || byte == 0x7f {
                continue;
            }
            if self.x >= self.right {
                return true;
            }
            self.buf[(self.x, self.y)]
                .set_char(char::from(byte))
                .set_style(style);
            self.x += 1;
        }
        false
    }

    /// Writes any text grapheme by grapheme, as `Paragraph` does (its `LineTruncator`): a
    /// grapheme wider than the whole area is skipped, the first that does not fit ends the row.
    /// True once the row is full.
    fn graphemes(&mut self, text: &str, style: Style) -> bool {
        let room = self.right - self.left;
        for symbol in text.graphemes(true) {
            if symbol.contains(char::is_control) {
                continue;
            }
            let width = symbol.cell_width();
            if width > room {
                continue;
            }
            if self.x.saturating_add(width) > self.right {
                return true;
            }
            if width == 0 {
                continue;
            }
            self.buf[(self.x, self.y)]
                .set_symbol(symbol)
                .set_style(style);
            self.x += width;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use ratatui::style::{Color, Modifier};
    use ratatui::text::Span;
    use ratatui::widgets::Paragraph;

    fn any_style() -> impl Strategy<Value = Style> {
        (0u8..4, 0u8..4, 0u16..64).prop_map(|(fg, bg, bits)| {
            let color = |i| {
                [
                    Color::Reset,
                    Color::Cyan,
                    Color::Indexed(200),
                    Color::Rgb(1, 2, 3),
                ][usize::from(i)]
            };
            let style = Style::default().add_modifier(Modifier::from_bits_truncate(bits));
            match (fg, bg) {
                (0, 0) => style,
                (f, 0) => style.fg(color(f)),
                (f, b) => style.fg(color(f)).bg(color(b)),
            }
        })
    }

    /// Span text: ASCII, CJK, combining marks, emoji. No control characters: the views drop
    /// them before drawing, and ratatui's own width check refuses them in debug builds.
    fn any_text() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                "[ -~]{0,12}",
                Just("中文字".to_owned()),
                Just("e\u{301}".to_owned()),
                Just("🙂".to_owned()),
                Just("…".to_owned()),
            ],
            0..4,
        )
        .prop_map(|parts| parts.concat())
    }

    fn any_lines() -> impl Strategy<Value = Vec<Line<'static>>> {
        let alignment = prop_oneof![
            4 => Just(None),
            1 => Just(Some(Alignment::Left)),
            1 => Just(Some(Alignment::Right)),
        ];
        prop::collection::vec(
            (
                prop::collection::vec((any_text(), any_style()), 0..4),
                any_style(),
                alignment,
            ),
            0..6,
        )
        .prop_map(|lines| {
            lines
                .into_iter()
                .map(|(spans, style, alignment)| {
                    let mut line = Line::from(
                        spans
                            .into_iter()
                            .map(|(text, style)| Span::styled(text, style))
                            .collect::<Vec<_>>(),
                    )
                    .style(style);
                    line.alignment = alignment;
                    line
                })
                .collect()
        })
    }

    proptest! {
        /// The same buffer as `Paragraph`, over a buffer that already holds styled text, for any
        /// area inside it.
        #[test]
        fn draws_what_a_paragraph_draws(
            lines in any_lines(),
            (x, y, width, height) in (0u16..6, 0u16..3, 0u16..30, 0u16..8),
        ) {
            let whole = Rect::new(0, 0, 32, 10);
            let mut before = Buffer::empty(whole);
            before.set_string(0, 0, "old text under the new", Style::default().fg(Color::Red));
            let area = Rect::new(x, y, width, height);
            let (mut ours, mut theirs) = (before.clone(), before);
            PlainLines(&lines).render(area, &mut ours);
            Paragraph::new(lines.clone()).render(area, &mut theirs);
            prop_assert_eq!(ours, theirs);
        }
    }
}
