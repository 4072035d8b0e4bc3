//! The reader: a card's id line, its title, section tabs, and the current section's text, or
//! the follow-up list with the cursor.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::position;
use super::wrap_styled;
use crate::content::{Card, Lang, Section};
use crate::text::messages as m;
use crate::text::wrap::Span as WrapSpan;
use crate::tui::action::Action;
use crate::tui::app::{App, Reading};
use crate::tui::doc;
use crate::tui::geometry::{READER_HEADER_ROWS, reader_columns};
use crate::tui::keymap::{Context, key_for};
use crate::tui::screens::layout::{LayoutKey, Scroll, SectionLayout};
use crate::tui::theme::Theme;

pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let (Some(reading), Some(card)) = (app.cards.reading, app.current_card()) else {
        return;
    };
    let [meta, title, tabs, text] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(READER_HEADER_ROWS - 2),
        Constraint::Length(1),
        Constraint::Fill(1),
    ]));
    let number = card.number.map(|n| format!("#{n} · ")).unwrap_or_default();
    let meta_line = format!("{number}{} · {}", card.id, card.tags.join(", "));
    frame.render_widget(Paragraph::new(Line::styled(meta_line, theme.dim())), meta);
    let title_spans = [WrapSpan::new(card.title(app.lang), theme.title())];
    let mut title_lines = wrap_styled(&title_spans, title.width, 0);
    title_lines.truncate(title.height.into());
    frame.render_widget(Paragraph::new(title_lines), title);
    frame.render_widget(
        Paragraph::new(tab_line(card, app.lang, reading.section, theme)),
        tabs,
    );
    let page = Page {
        app,
        card,
        reading,
        theme,
    };
    if reading.section == Section::Followups {
        let lines = follow_up_lines(app, card, reading, theme, reader_columns(text.width));
        frame.render_widget(Paragraph::new(lines), text);
    } else {
        render_text(&page, text, frame);
    }
}

fn tab_line(card: &Card, lang: Lang, current: Section, theme: Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for section in Section::ALL {
        let heading = card.body.get(lang).heading(section);
        let mut label = if heading.is_empty() {
            section.default_heading(lang).to_owned()
        } else {
            heading.to_owned()
        };
        if section == Section::Followups {
            label = format!("{label} ({})", card.body.get(lang).follow_ups.len());
        }
        spans.push(Span::styled(
            format!(" {label} "),
            theme.tab(section == current),
        ));
        spans.push(Span::raw(" "));
    }
    Line::from(spans)
}

/// The card being read and how: what the reader's parts are drawn from.
struct Page<'a> {
    app: &'a App,
    card: &'a Card,
    reading: Reading,
    theme: Theme,
}

fn render_text(page: &Page<'_>, area: Rect, frame: &mut Frame<'_>) {
    let (app, card, reading, theme) = (page.app, page.card, page.reading, page.theme);
    // The layout update prepared for this size, or (after a resize not yet seen) a fresh one
    // laid out as far as this frame shows. Only the rows on screen are styled.
    let (width, rows) = (reader_columns(area.width), area.height as usize);
    let fresh;
    let (laid, scroll) = if let Some(laid) = app.cards.layout(app.lang, width) {
        (laid, reading.scroll)
    } else {
        let key = LayoutKey {
            card: reading.card,
            section: reading.section,
            lang: app.lang,
            width,
        };
        let mut layout = SectionLayout::new(key, card);
        let scroll = layout.settle(card, reading.scroll, rows);
        fresh = layout;
        (&fresh, scroll)
    };
    let shown = doc::styled(laid.visible(scroll, rows), theme);
    frame.render_widget(Paragraph::new(shown), area);
    let marker = match (scroll, laid.total()) {
        (Scroll::Top(first), Some(total)) => position(first, rows, total),
        // The line count is not known yet (a long section, laid out over the next keys).
        (Scroll::Top(first), None) => format!("{}–{}/…", first + 1, first + rows),
        (Scroll::End(_) | Scroll::Part { .. }, _) => "…".to_owned(),
    };
    if !marker.is_empty() {
        // On the id line at the top, where it covers at most the end of the tags, never text.
        let marker = format!("  {marker}");
        let meta_row = Rect {
            y: area.y.saturating_sub(READER_HEADER_ROWS),
            height: 1,
            ..area
        };
        let marker_width =
            (unicode_width::UnicodeWidthStr::width(marker.as_str()) as u16).min(meta_row.width);
        let right = Rect {
            x: meta_row.right() - marker_width,
            width: marker_width,
            ..meta_row
        };
        frame.render_widget(Paragraph::new(Line::styled(marker, theme.accent())), right);
    }
}

/// The follow-up list: each question wrapped to `width`, the card it opens, then the keys.
fn follow_up_lines(
    app: &App,
    card: &Card,
    reading: Reading,
    theme: Theme,
    width: usize,
) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    for (index, follow_up) in card.body.get(app.lang).follow_ups.iter().enumerate() {
        let target = app.deck.get(&follow_up.id).map_or_else(
            || format!("→ {}{}", follow_up.id, m::NOT_LOADED.get(app.ui())),
            |c| {
                format!(
                    "→ {}",
                    c.number
                        .map_or_else(|| c.id.clone(), |n| format!("#{n} {}", c.id))
                )
            },
        );
        let style = if index == reading.follow_up {
            theme.selected()
        } else {
            theme.text()
        };
        let question = [WrapSpan::new(
            format!("{}. {}", index + 1, follow_up.question),
            style,
        )];
        lines.extend(wrap_styled(&question, width, 3));
        lines.push(Line::styled(format!("   {target}"), theme.dim()));
    }
    lines.push(Line::default());
    lines.push(Line::styled(enter_hint(app.ui()), theme.dim()));
    lines
}

/// How to use the follow-up list, with the keys from the key table.
fn enter_hint(lang: Lang) -> String {
    let key = |action| key_for(Context::Reader, action);
    let (down, up, open, back) = (
        key(Action::Move(1)),
        key(Action::Move(-1)),
        key(Action::Open),
        key(Action::Back),
    );
    m::FOLLOW_UP_KEYS.fill(
        lang,
        &[
            ("down", &down),
            ("up", &up),
            ("open", &open),
            ("back", &back),
        ],
    )
}
