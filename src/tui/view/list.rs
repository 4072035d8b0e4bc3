//! The card list: number, title in the content language, tags.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use crate::content::{Card, Lang};
use crate::tui::app::App;
use crate::tui::theme::Theme;

pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let rows = area.height as usize;
    let first = app.cards.list_offset;
    let lines: Vec<Line<'static>> = app
        .deck
        .cards()
        .iter()
        .enumerate()
        .skip(first)
        .take(rows)
        .map(|(index, card)| {
            let line = row(card, app.lang, area.width as usize, theme);
            if index == app.cards.selected {
                line.style(theme.selected())
            } else {
                line
            }
        })
        .collect();
    frame.render_widget(super::plain::PlainLines(&lines), area);
}

/// One card's row: number, title cut to fit, and tags when there is room for them.
fn row(card: &Card, lang: Lang, width: usize, theme: Theme) -> Line<'static> {
    let number = card
        .number
        .map_or_else(|| "  -".to_owned(), |n| format!("{n:>3}"));
    let tags = card.tags.join(" ");
    let room = width.saturating_sub(7);
    let tag_room = if room > 60 {
        (room / 4).min(tags.width())
    } else {
        0
    };
    let title_room = room.saturating_sub(if tag_room > 0 { tag_room + 2 } else { 0 });
    let mut spans = vec![
        Span::styled(format!(" {number} "), theme.accent()),
        Span::raw(format!(
            " {}",
            pad(&truncate(card.title(lang), title_room), title_room)
        )),
    ];
    if tag_room > 0 {
        spans.push(Span::styled(
            format!("  {}", truncate(&tags, tag_room)),
            theme.dim(),
        ));
    }
    Line::from(spans)
}

/// Pads `text` with spaces to `width` columns, so the tags line up.
fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(text.width())))
}

/// Cuts `text` to `width` columns, marking the cut with `…`, so a long title ends visibly
/// rather than mid-glyph. The card list and the search results both use it.
pub(super) fn truncate(text: &str, width: usize) -> String {
    // ASCII is one column a byte: no width tables (the list truncates every visible title).
    if text.is_ascii() {
        if text.len() <= width {
            return text.to_owned();
        }
        let mut out = text[..width.saturating_sub(1)].to_owned();
        out.push('…');
        return out;
    }
    truncate_by_width(text, width)
}

/// [`truncate`] for any text, by each character's width.
fn truncate_by_width(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_owned();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The ASCII shortcut cuts printable ASCII where the width-by-width path does.
        #[test]
        fn ascii_is_cut_as_by_width(text in "[ -~]{0,40}", width in 0usize..45) {
            prop_assert_eq!(truncate(&text, width), truncate_by_width(&text, width));
        }
    }

    #[test]
    fn wide_text_is_cut_by_columns() {
        assert_eq!(truncate("中文标题很长", 7), "中文标…");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("abcd", 3), "ab…");
    }
}
