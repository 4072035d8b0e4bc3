//! The app driven through its real loop at a given size, read back as text rows.

use infraprep::tui::app::App;
use infraprep::tui::theme::Theme;
use infraprep::tui::{drive, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use unicode_width::UnicodeWidthStr;

/// Key events for plain characters.
pub fn chars(keys: &str) -> Vec<Event> {
    keys.chars()
        .map(|c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)))
        .collect()
}

/// Feeds `events` to `app` at a `width` by `height` terminal (the runner opens and saves progress), then
/// returns the final screen's rows with each wide character written once.
///
/// The last state is drawn on a fresh terminal: `TestBackend` keeps the old right half of a
/// cell a wide character no longer covers, where a real terminal erases it.
pub fn rows_after(
    app: &mut App,
    theme: Theme,
    events: Vec<Event>,
    (width, height): (u16, u16),
) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    let mut effects = infraprep::tui::terminal::progress_effects;
    drive(&mut terminal, app, theme, events, &mut effects).expect("draws");
    let mut fresh = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    fresh
        .draw(|frame| view::render(app, theme, frame))
        .expect("draws");
    let buffer = fresh.backend().buffer();
    (0..height)
        .map(|y| {
            let (mut row, mut x) = (String::new(), 0);
            while x < width {
                let symbol = buffer[(x, y)].symbol();
                row.push_str(symbol);
                x += u16::try_from(symbol.width().max(1)).unwrap_or(1);
            }
            row
        })
        .collect()
}
