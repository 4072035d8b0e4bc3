//! The terminal UI: browse, read and search cards in both languages.
//!
//! A thin layer over the library: `App` holds the state and `update` changes it; `view` draws
//! it; this module turns terminal events into actions and runs the loop. Nothing is redrawn
//! while nothing happens: the loop blocks on the next event.

pub mod action;
pub mod app;
pub mod calc_state;
pub mod doc;
pub mod geometry;
pub mod keymap;
pub mod terminal;
pub mod theme;
pub mod view;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyEventKind, MouseButton, MouseEventKind};

use action::Action;
use app::{App, Effect};
use keymap::{Context, lookup};
use theme::Theme;

/// Rows one mouse-wheel notch scrolls.
const WHEEL_ROWS: i32 = 3;

/// Turns one terminal event into an action, if it means one. Resizes are handled by the loop.
pub fn action_for(app: &App, event: &Event) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => lookup(app.context(), key),
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollDown => Some(Action::Move(WHEEL_ROWS)),
            MouseEventKind::ScrollUp => Some(Action::Move(-WHEEL_ROWS)),
            MouseEventKind::Down(MouseButton::Left) if app.context() == Context::List => {
                // The list starts below the one-row header.
                mouse.row.checked_sub(1).map(Action::ClickRow)
            }
            _ => None,
        },
        Event::Paste(text) if app.context().takes_text() => text.chars().next().map(Action::Input),
        _ => None,
    }
}

/// Runs the loop over `events` until the app quits or the events end, drawing after every
/// event that changed something. `on_effect` performs side effects such as saving settings.
pub fn drive<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    theme: Theme,
    events: impl IntoIterator<Item = Event>,
    on_effect: &mut dyn FnMut(&Effect, &mut App),
) -> Result<(), B::Error> {
    let size = terminal.size()?;
    app.resize(size.width, size.height);
    terminal.draw(|frame| view::render(app, theme, frame))?;
    for event in events {
        let changed = match &event {
            Event::Resize(width, height) => {
                app.resize(*width, *height);
                true
            }
            other => match action_for(app, other) {
                Some(action) => {
                    app.update(action);
                    true
                }
                None => false,
            },
        };
        for effect in app.take_effects() {
            on_effect(&effect, app);
        }
        if app.should_quit() {
            break;
        }
        if changed {
            terminal.draw(|frame| view::render(app, theme, frame))?;
        }
    }
    Ok(())
}
