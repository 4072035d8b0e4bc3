//! Styles in one place. Colours are foreground-only so the app reads on dark and light
//! terminals alike, and with `NO_COLOR` every colour is dropped while bold, reverse and
//! underline still mark what matters.

use ratatui::style::{Color, Modifier, Style};

use crate::text::markdown::Mark;

/// The styles of one run of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to something non-empty.
    pub fn from_env() -> Theme {
        Theme {
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    fn fg(self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    pub fn text(self) -> Style {
        Style::new()
    }

    pub fn dim(self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    pub fn title(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    pub fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    pub fn matched(self) -> Style {
        self.fg(Color::Yellow)
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }

    pub fn accent(self) -> Style {
        self.fg(Color::Yellow)
    }

    pub fn key(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    pub fn error(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    pub fn tab(self, active: bool) -> Style {
        if active {
            self.title().add_modifier(Modifier::REVERSED)
        } else {
            self.dim()
        }
    }

    /// The style of a markdown segment.
    pub fn mark(self, mark: Mark) -> Style {
        let mut style = Style::new();
        if mark.heading {
            style = style.patch(self.title());
        }
        if mark.bold {
            style = style.add_modifier(Modifier::BOLD);
        }
        if mark.italic {
            style = style.add_modifier(Modifier::ITALIC);
        }
        if mark.code {
            style = style.patch(self.fg(Color::Green));
        }
        if mark.marker {
            style = style.patch(self.accent());
        }
        if mark.link {
            style = style
                .patch(self.fg(Color::Blue))
                .add_modifier(Modifier::UNDERLINED);
        }
        if mark.dim {
            style = style.add_modifier(Modifier::DIM);
        }
        style
    }
}
