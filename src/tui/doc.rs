//! Laid-out card text as ratatui lines: the marks of `screens::layout` become the theme's
//! styles. Drawing only; the layout itself is computed (and cached) by update.

use ratatui::text::{Line, Span};

use super::screens::layout::{self, LaidLine};
use super::theme::Theme;
use crate::content::{Card, Lang, Section};

/// Styled lines from laid-out ones.
pub fn styled<'a>(
    lines: impl IntoIterator<Item = &'a LaidLine>,
    theme: Theme,
) -> Vec<Line<'static>> {
    lines
        .into_iter()
        .map(|runs| {
            Line::from(
                runs.iter()
                    .map(|r| Span::styled(r.text.clone(), theme.mark(r.style)))
                    .collect::<Vec<_>>(),
            )
        })
        .collect()
}

/// One section of a card, laid out and styled at `width` columns (for views that show a
/// section once, such as the drill's reference answer).
pub fn section_lines(
    card: &Card,
    lang: Lang,
    section: Section,
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    styled(&layout::section(card, lang, section, width), theme)
}
