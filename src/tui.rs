//! The terminal UI: browse, read and search cards in both languages.
//!
//! A thin layer over the library: `App` holds the state and `update` changes it; `view` draws
//! it; this module turns terminal events into actions and runs the loop. Nothing is redrawn
//! while nothing happens: the loop blocks on the next event.

pub mod action;
pub mod app;
pub mod doc;
pub mod geometry;
pub mod keymap;
pub mod overlay;
pub mod screens;
pub mod terminal;
pub mod text_field;
pub mod theme;
pub mod view;

use chrono::{DateTime, Utc};
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyEventKind, MouseButton, MouseEventKind};

use action::Action;
use app::{App, Effect};
use keymap::{Context, lookup};
use theme::Theme;

/// Rows one mouse-wheel notch scrolls.
const WHEEL_ROWS: i32 = 3;

/// Performs the effects the app asked for, and those that performing them asked for in turn
/// (opening the store may start a drill, which starts a clock).
pub fn run_effects(app: &mut App, on_effect: &mut dyn FnMut(&Effect, &mut App)) {
    loop {
        let effects = app.take_effects();
        if effects.is_empty() {
            return;
        }
        for effect in effects {
            on_effect(&effect, app);
        }
    }
}

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
        _ => None,
    }
}

/// What the loop reacts to: a terminal event, the same stamped with the time it arrived, or a
/// clock tick (sent only while a clock is on screen). Time is always an input, never read here.
#[derive(Debug, Clone)]
pub enum Input {
    Event(Event),
    Timed(DateTime<Utc>, Event),
    /// A timed event with more input already waiting behind it: handled at once, but the redraw
    /// and the search it would run wait for the end of the burst, so a paste the terminal sends
    /// as keys (no bracketed paste) costs one search, not one per character.
    Queued(DateTime<Utc>, Event),
    Tick(DateTime<Utc>),
}

impl From<Event> for Input {
    fn from(event: Event) -> Self {
        Input::Event(event)
    }
}

/// Runs the loop over `inputs` until the app quits or they end, drawing after every input that
/// changed something. `on_effect` performs side effects such as saving settings.
pub fn drive<B: Backend, I: Into<Input>>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    theme: Theme,
    inputs: impl IntoIterator<Item = I>,
    on_effect: &mut dyn FnMut(&Effect, &mut App),
) -> Result<(), B::Error> {
    let size = terminal.size()?;
    app.resize(size.width, size.height);
    run_effects(app, on_effect);
    terminal.draw(|frame| view::render(app, theme, frame))?;
    // A startup benchmark stops the clock here (`terminal::EXIT_AFTER_FIRST_FRAME`).
    self::terminal::exit_if_timing_first_frame();
    // Only now the work the first frame did not need (reading the whole deck) begins.
    app.after_first_frame();
    // Something changed since the last frame (within a burst of queued input).
    let mut dirty = false;
    for input in inputs {
        let (event, queued) = match input.into() {
            Input::Tick(now) => {
                app.tick(now);
                run_effects(app, on_effect);
                terminal.draw(|frame| view::render(app, theme, frame))?;
                continue;
            }
            Input::Timed(now, event) => {
                app.tick(now);
                (event, false)
            }
            Input::Queued(now, event) => {
                app.now = now;
                (event, true)
            }
            Input::Event(event) => (event, false),
        };
        app.input_queued(queued);
        let changed = match &event {
            Event::Resize(width, height) => {
                app.resize(*width, *height);
                true
            }
            Event::Paste(text) => {
                app.paste(text);
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
        dirty |= changed;
        if !queued {
            app.input_settled();
        }
        run_effects(app, on_effect);
        if app.should_quit() {
            break;
        }
        if dirty && !queued {
            terminal.draw(|frame| view::render(app, theme, frame))?;
            dirty = false;
        }
    }
    Ok(())
}
