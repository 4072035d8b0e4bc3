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
        render_follow_ups(&page, text, frame);
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
    // The layout update made for this width, or (after a resize not yet seen) a fresh one.
    // Only the rows on screen are styled: a huge section costs the same to draw as a short one.
    let width = reader_columns(area.width);
    let fresh;
    let laid = if let Some(laid) = app.cards.cached_lines(app.lang, width) {
        laid
    } else {
        fresh = crate::tui::screens::layout::section(card, app.lang, reading.section, width);
        &fresh
    };
    let total = laid.len();
    let first = reading.scroll.min(total);
    let shown = doc::styled(
        &laid[first..(first + area.height as usize).min(total)],
        theme,
    );
    frame.render_widget(Paragraph::new(shown), area);
    let marker = position(reading.scroll, area.height as usize, total);
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

fn render_follow_ups(page: &Page<'_>, area: Rect, frame: &mut Frame<'_>) {
    let (app, card, reading, theme) = (page.app, page.card, page.reading, page.theme);
    let width = reader_columns(area.width);
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
    frame.render_widget(Paragraph::new(lines), area);
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
