//! Everything the user can ask the TUI to do. `App::update` is the only place actions change
//! state; keys and mouse events are turned into actions by the key table.

/// An imperative request to the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Quit,
    ToggleHelp,
    OpenSearch,
    ToggleLanguage,
    OpenQuickCalc,
    ShowCards,
    ShowCalculators,
    /// Move the selection or scroll by this many rows (negative is up).
    Move(i32),
    MovePage(i32),
    Top,
    Bottom,
    Open,
    Back,
    NextSection,
    PreviousSection,
    OpenCalculator,
    /// Select the list row at this screen row (mouse click), relative to the list's first row.
    ClickRow(u16),
    ShowDrill,
    ShowStats,
    /// Start a drill: on a card, that card and its follow-ups; on the drill screen, a new drill.
    StartDrill,
    /// Start a practice drill (feedback after each answer).
    StartPractice,
    /// A key for the focused text field (search, `=`, a calculator field, the answer box).
    TextKey(ratatui::crossterm::event::KeyEvent),
    /// Stands in the key table for the text fields' editing keys; lookup turns it into
    /// `TextKey` carrying the key.
    EditText,
    /// Leave the answer box (`Esc`) or go back into it (`i`).
    StopTyping,
    StartTyping,
    Reveal,
    Grade(u8),
    Hint,
    TogglePause,
    Skip,
    EndDrill,
}
