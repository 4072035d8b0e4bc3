//! The key table: one list of bindings drives dispatch, the footer hints and the `?` overlay, so
//! the three never disagree.

use std::fmt::Write as _;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::action::Action;

/// Where the focus is; each context has its own bindings, then the global ones apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// Everywhere, unless a text field has the focus.
    Global,
    List,
    Reader,
    Search,
    Help,
    Prompt,
    /// The calculators screen, moving between fields.
    Calc,
    /// Typing into a calculator field.
    CalcEdit,
    /// The drill screen with no drill running.
    DrillIdle,
    /// A drill, keys acting on it.
    Drill,
    /// Typing an answer.
    DrillAnswer,
    Stats,
}

impl Context {
    pub const fn title(self) -> &'static str {
        match self {
            Context::Global => "Everywhere",
            Context::List => "Card list",
            Context::Reader => "Reading a card",
            Context::Search => "Search box",
            Context::Help => "This help",
            Context::Prompt => "Quick arithmetic (=)",
            Context::Calc => "Calculators",
            Context::CalcEdit => "Editing a calculator field",
            Context::DrillIdle => "Drill screen",
            Context::Drill => "During a drill",
            Context::DrillAnswer => "Typing an answer",
            Context::Stats => "Stats screen",
        }
    }

    /// Contexts whose printable keys are text, so global single-letter keys do not apply.
    pub const fn takes_text(self) -> bool {
        matches!(
            self,
            Context::Search | Context::Prompt | Context::CalcEdit | Context::DrillAnswer
        )
    }
}

/// A key with its modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

const fn key(code: KeyCode) -> Key {
    Key {
        code,
        modifiers: KeyModifiers::NONE,
    }
}

const fn ch(c: char) -> Key {
    key(KeyCode::Char(c))
}

const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        modifiers: KeyModifiers::CONTROL,
    }
}

/// One row of the table: in `context`, any of `keys` triggers `action`.
pub struct Binding {
    pub context: Context,
    pub keys: &'static [Key],
    pub action: Action,
    /// Short label for the footer; empty keeps the binding out of the footer.
    pub hint: &'static str,
    /// What the help overlay says.
    pub help: &'static str,
}

const fn bind(
    context: Context,
    keys: &'static [Key],
    action: Action,
    hint: &'static str,
    help: &'static str,
) -> Binding {
    Binding {
        context,
        keys,
        action,
        hint,
        help,
    }
}

use Context::{
    Calc, CalcEdit, Drill, DrillAnswer, DrillIdle, Global, Help, List, Prompt, Reader, Search,
    Stats,
};
use KeyCode::{
    BackTab, Backspace, Delete, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up,
};

/// Digits typed on a selected calculator field start editing it (they do not switch screens).
const DIGITS: &[Key] = &[
    ch('0'),
    ch('1'),
    ch('2'),
    ch('3'),
    ch('4'),
    ch('5'),
    ch('6'),
    ch('7'),
    ch('8'),
    ch('9'),
];

/// The editing keys every text field takes (`text_field.rs`), listed once for the help.
const TEXT_KEYS: &[Key] = &[
    key(Left),
    key(Right),
    key(Home),
    key(End),
    key(Backspace),
    key(Delete),
    ctrl('u'),
    ctrl('w'),
    ctrl('z'),
];
const TEXT_HELP: &str = "Edit: move, delete, to start (Ctrl-u), word (Ctrl-w), undo";

/// Every binding, most specific first. The first match wins.
pub const BINDINGS: &[Binding] = &[
    bind(
        List,
        &[ch('j'), key(Down)],
        Action::Move(1),
        "j/k move",
        "Next card",
    ),
    bind(
        List,
        &[ch('k'), key(Up)],
        Action::Move(-1),
        "",
        "Previous card",
    ),
    bind(
        List,
        &[key(PageDown), ctrl('d')],
        Action::MovePage(1),
        "",
        "Page down",
    ),
    bind(
        List,
        &[key(PageUp), ctrl('u')],
        Action::MovePage(-1),
        "",
        "Page up",
    ),
    bind(List, &[ch('g'), key(Home)], Action::Top, "", "First card"),
    bind(List, &[ch('G'), key(End)], Action::Bottom, "", "Last card"),
    bind(
        List,
        &[key(Enter), ch('l')],
        Action::Open,
        "Enter read",
        "Read the selected card",
    ),
    bind(
        List,
        &[ch('c')],
        Action::OpenCalculator,
        "",
        "Open the selected card's calculator",
    ),
    bind(
        Reader,
        &[ch('j'), key(Down)],
        Action::Move(1),
        "j/k scroll",
        "Scroll down (or next follow-up)",
    ),
    bind(
        Reader,
        &[ch('k'), key(Up)],
        Action::Move(-1),
        "",
        "Scroll up (or previous follow-up)",
    ),
    bind(
        Reader,
        &[key(PageDown), ch(' '), ctrl('d')],
        Action::MovePage(1),
        "",
        "Page down",
    ),
    bind(
        Reader,
        &[key(PageUp), ctrl('u')],
        Action::MovePage(-1),
        "",
        "Page up",
    ),
    bind(
        Reader,
        &[ch('g'), key(Home)],
        Action::Top,
        "",
        "Top of the section",
    ),
    bind(
        Reader,
        &[ch('G'), key(End)],
        Action::Bottom,
        "",
        "End of the section",
    ),
    bind(
        Reader,
        &[key(Tab), ch('l'), key(KeyCode::Right)],
        Action::NextSection,
        "Tab section",
        "Next section",
    ),
    bind(
        Reader,
        &[key(BackTab), ch('h'), key(KeyCode::Left)],
        Action::PreviousSection,
        "",
        "Previous section",
    ),
    bind(
        Reader,
        &[key(Enter)],
        Action::Open,
        "Enter follow-up",
        "Open the selected follow-up card",
    ),
    bind(
        Reader,
        &[key(Esc), key(Backspace)],
        Action::Back,
        "Esc back",
        "Back to the previous card, or the list",
    ),
    bind(
        Reader,
        &[ch('c')],
        Action::OpenCalculator,
        "c calc",
        "Open this card's calculator, pre-filled",
    ),
    bind(
        Search,
        &[key(Down), ctrl('n')],
        Action::Move(1),
        "↑/↓ select",
        "Next result",
    ),
    bind(
        Search,
        &[key(Up), ctrl('p')],
        Action::Move(-1),
        "",
        "Previous result",
    ),
    bind(
        Search,
        &[key(Enter)],
        Action::Open,
        "Enter open",
        "Open the selected card",
    ),
    bind(Search, TEXT_KEYS, Action::EditText, "", TEXT_HELP),
    bind(
        Search,
        &[key(Esc)],
        Action::Back,
        "Esc cancel",
        "Close the search",
    ),
    bind(
        Prompt,
        &[key(Enter)],
        Action::Open,
        "Enter evaluate",
        "Evaluate the expression",
    ),
    bind(
        Prompt,
        &[key(Up)],
        Action::Move(-1),
        "↑/↓ history",
        "Previous expression",
    ),
    bind(Prompt, &[key(Down)], Action::Move(1), "", "Next expression"),
    bind(Prompt, TEXT_KEYS, Action::EditText, "", TEXT_HELP),
    bind(
        Prompt,
        &[key(Esc)],
        Action::Back,
        "Esc close",
        "Close the prompt",
    ),
    bind(
        List,
        &[ch('d')],
        Action::StartDrill,
        "d drill",
        "Drill the selected card and its follow-ups",
    ),
    bind(
        Reader,
        &[ch('d')],
        Action::StartDrill,
        "d drill",
        "Drill this card and its follow-ups",
    ),
    bind(
        DrillIdle,
        &[ch('j'), key(Down)],
        Action::Move(1),
        "j/k row",
        "Next setting",
    ),
    bind(
        DrillIdle,
        &[ch('k'), key(Up)],
        Action::Move(-1),
        "",
        "Previous setting",
    ),
    bind(
        DrillIdle,
        &[ch('l'), key(KeyCode::Right)],
        Action::NextSection,
        "h/l change",
        "Change the setting",
    ),
    bind(
        DrillIdle,
        &[ch('h'), key(KeyCode::Left)],
        Action::PreviousSection,
        "",
        "Change the setting back",
    ),
    bind(
        DrillIdle,
        &[key(Enter)],
        Action::StartDrill,
        "Enter start",
        "Start a drill with these settings",
    ),
    bind(
        DrillIdle,
        &[ch('p')],
        Action::StartPractice,
        "p practice",
        "Start a practice drill with these settings",
    ),
    bind(
        DrillAnswer,
        &[key(Esc)],
        Action::StopTyping,
        "Esc leave box",
        "Leave the answer box (i goes back)",
    ),
    bind(
        DrillAnswer,
        &[key(Enter)],
        Action::Reveal,
        "",
        "Submit a number answer (in a spoken answer: a new line)",
    ),
    bind(
        Drill,
        &[ch('c')],
        Action::OpenCalculator,
        "",
        "After a number answer: its calculator with its inputs",
    ),
    bind(
        Drill,
        &[ch(' ')],
        Action::Reveal,
        "Space reveal",
        "Reveal (interview: next question); in a review, page down",
    ),
    bind(
        Drill,
        &[ch('j'), key(Down)],
        Action::Move(1),
        "",
        "Scroll the review or summary down",
    ),
    bind(
        Drill,
        &[ch('k'), key(Up)],
        Action::Move(-1),
        "",
        "Scroll the review or summary up",
    ),
    bind(
        Drill,
        &[key(PageDown), ctrl('d')],
        Action::MovePage(1),
        "",
        "Page down",
    ),
    bind(
        Drill,
        &[key(PageUp), ctrl('u')],
        Action::MovePage(-1),
        "",
        "Page up",
    ),
    bind(Drill, &[ch('g'), key(Home)], Action::Top, "", "Top"),
    bind(Drill, &[ch('G'), key(End)], Action::Bottom, "", "Bottom"),
    bind(
        Drill,
        &[ch('1')],
        Action::Grade(1),
        "1-4 grade",
        "Grade: again",
    ),
    bind(Drill, &[ch('2')], Action::Grade(2), "", "Grade: hard"),
    bind(Drill, &[ch('3')], Action::Grade(3), "", "Grade: good"),
    bind(Drill, &[ch('4')], Action::Grade(4), "", "Grade: easy"),
    bind(
        Drill,
        &[key(Enter), ch('n')],
        Action::Open,
        "n next",
        "Next question, after grading",
    ),
    bind(
        Drill,
        &[ch('i')],
        Action::StartTyping,
        "i type",
        "Back into the answer box",
    ),
    bind(
        Drill,
        &[ch('h')],
        Action::Hint,
        "h hint",
        "Reveal one key point (noted in the review)",
    ),
    bind(
        Drill,
        &[ch('p')],
        Action::TogglePause,
        "p pause",
        "Pause or resume the clock",
    ),
    bind(
        Drill,
        &[ch('s')],
        Action::Skip,
        "s skip",
        "Skip this follow-up",
    ),
    bind(
        Drill,
        &[ch('q')],
        Action::EndDrill,
        "q end",
        "End the drill; an interview shows the review first",
    ),
    bind(
        Drill,
        &[key(Esc)],
        Action::Back,
        "",
        "Leave a finished drill (before: says how to end)",
    ),
    bind(
        Calc,
        &[key(Tab), ch('j'), key(Down)],
        Action::Move(1),
        "Tab field",
        "Next field",
    ),
    bind(
        Calc,
        &[key(BackTab), ch('k'), key(Up)],
        Action::Move(-1),
        "",
        "Previous field",
    ),
    bind(
        Calc,
        &[key(Enter), ch('i')],
        Action::Open,
        "Enter edit",
        "Edit the field (results update as you type)",
    ),
    bind(
        Calc,
        DIGITS,
        Action::EditText,
        "",
        "Type a number: replaces the field's value",
    ),
    bind(
        Calc,
        &[ch('l'), key(KeyCode::Right), ch(']')],
        Action::NextSection,
        "←/→ calculator",
        "Next calculator",
    ),
    bind(
        Calc,
        &[ch('h'), key(KeyCode::Left), ch('[')],
        Action::PreviousSection,
        "",
        "Previous calculator",
    ),
    bind(
        Calc,
        &[key(PageDown), ch('J')],
        Action::MovePage(1),
        "PgDn steps",
        "Scroll the steps down",
    ),
    bind(
        Calc,
        &[key(PageUp), ch('K')],
        Action::MovePage(-1),
        "",
        "Scroll the steps up",
    ),
    bind(
        Calc,
        &[key(Esc), key(Backspace)],
        Action::Back,
        "Esc back",
        "Back to the card that opened it, or the cards",
    ),
    bind(
        CalcEdit,
        &[key(Enter), key(Esc)],
        Action::Open,
        "Enter done",
        "Stop editing",
    ),
    bind(
        CalcEdit,
        &[key(Tab)],
        Action::NextSection,
        "Tab next",
        "Stop editing and go to the next field",
    ),
    bind(
        CalcEdit,
        &[key(Up)],
        Action::Move(-1),
        "↑/↓ choices",
        "Previous choice (operations, algorithms, link ids)",
    ),
    bind(CalcEdit, &[key(Down)], Action::Move(1), "", "Next choice"),
    bind(CalcEdit, TEXT_KEYS, Action::EditText, "", TEXT_HELP),
    bind(
        Help,
        &[key(Esc), ch('?'), ch('q')],
        Action::ToggleHelp,
        "Esc close",
        "Close this help",
    ),
    bind(
        Help,
        &[ch('j'), key(Down)],
        Action::Move(1),
        "",
        "Scroll down",
    ),
    bind(Help, &[ch('k'), key(Up)], Action::Move(-1), "", "Scroll up"),
    bind(
        Global,
        &[ctrl('c')],
        Action::Quit,
        "",
        "Quit, from anywhere",
    ),
    bind(
        Stats,
        &[ch('j'), key(Down), key(PageDown), ch(' '), ctrl('d')],
        Action::Move(1),
        "j/k scroll",
        "Next section (reviews, forecast, tags)",
    ),
    bind(
        Stats,
        &[ch('k'), key(Up), key(PageUp), ctrl('u')],
        Action::Move(-1),
        "",
        "Previous section",
    ),
    bind(
        Stats,
        &[ch('g'), key(Home)],
        Action::Top,
        "",
        "First section",
    ),
    bind(
        Stats,
        &[ch('G'), key(End)],
        Action::Bottom,
        "",
        "Last section",
    ),
    bind(Global, &[ch('q')], Action::Quit, "q quit", "Quit"),
    bind(
        Global,
        &[ch('?')],
        Action::ToggleHelp,
        "? help",
        "Show all keys",
    ),
    bind(
        Global,
        &[ch('/')],
        Action::OpenSearch,
        "/ search",
        "Search cards (fuzzy, both languages)",
    ),
    bind(
        Global,
        &[ch('L')],
        Action::ToggleLanguage,
        "L 中/EN",
        "Switch content language (remembered)",
    ),
    bind(
        Global,
        &[ch('=')],
        Action::OpenQuickCalc,
        "= calc",
        "Quick arithmetic, e.g. 10 GiB / nvlink3",
    ),
    bind(Global, &[ch('1')], Action::ShowCards, "", "Cards screen"),
    bind(
        Global,
        &[ch('2')],
        Action::ShowCalculators,
        "",
        "Calculators screen",
    ),
    bind(Global, &[ch('3')], Action::ShowDrill, "", "Drill screen"),
    bind(Global, &[ch('4')], Action::ShowStats, "", "Stats screen"),
];

/// The action bound to `event` in `context`: the context's own bindings first, then the global
/// ones (only Ctrl-C when a text field has the focus). Typed characters in text fields become
/// `Input`.
pub fn lookup(context: Context, event: &KeyEvent) -> Option<Action> {
    let pressed = Key {
        code: event.code,
        modifiers: event.modifiers - KeyModifiers::SHIFT,
    };
    let matches = |binding: &&Binding| binding.keys.iter().any(|k| same_key(*k, pressed));
    let own = BINDINGS
        .iter()
        .filter(|b| b.context == context)
        .find(matches);
    if let Some(binding) = own {
        // Editing keys carry the key itself to the text field.
        return Some(match binding.action {
            Action::EditText => Action::TextKey(*event),
            action => action,
        });
    }
    if context.takes_text() {
        if same_key(ctrl('c'), pressed) {
            return Some(Action::Quit);
        }
        return Some(Action::TextKey(*event));
    }
    BINDINGS
        .iter()
        .filter(|b| b.context == Context::Global)
        .find(matches)
        .map(|b| b.action)
}

/// Shift is folded into the character itself (`G`, `?`), so it is ignored when comparing.
fn same_key(bound: Key, pressed: Key) -> bool {
    bound.code == pressed.code && bound.modifiers - KeyModifiers::SHIFT == pressed.modifiers
}

/// The key that does `action` in `context` (its first binding there, else the global one), as
/// in-body hints name it: hints written elsewhere then never disagree with the keys.
pub fn key_for(context: Context, action: Action) -> String {
    BINDINGS
        .iter()
        .filter(|b| b.action == action)
        .find(|b| b.context == context)
        .or_else(|| {
            BINDINGS
                .iter()
                .filter(|b| b.action == action)
                .find(|b| b.context == Context::Global)
        })
        .and_then(|b| b.keys.first())
        .map_or_else(|| "?".to_owned(), key_label)
}

/// The footer hints for `context`: its own, then the global ones that apply there. A global
/// binding whose keys the context binds to something else (`q` ends a drill, closes the help)
/// does not apply, so one key never shows two meanings.
pub fn footer_hints(context: Context) -> Vec<&'static str> {
    let own = BINDINGS.iter().filter(|b| b.context == context);
    let shadowed = |global: &Binding| {
        global.keys.iter().all(|key| {
            BINDINGS
                .iter()
                .any(|b| b.context == context && b.keys.contains(key))
        })
    };
    let global = BINDINGS
        .iter()
        .filter(|b| b.context == Context::Global && !context.takes_text() && !shadowed(b));
    own.chain(global)
        .map(|b| b.hint)
        .filter(|h| !h.is_empty())
        .collect()
}

/// A key as the help and footer show it: `Ctrl-d`, `↑`, `Enter`, `G`.
pub fn key_label(key: &Key) -> String {
    let base = match key.code {
        KeyCode::Char(' ') => "Space".to_owned(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Up => "↑".to_owned(),
        KeyCode::Down => "↓".to_owned(),
        KeyCode::Left => "←".to_owned(),
        KeyCode::Right => "→".to_owned(),
        KeyCode::BackTab => "Shift-Tab".to_owned(),
        KeyCode::PageUp => "PgUp".to_owned(),
        KeyCode::PageDown => "PgDn".to_owned(),
        other => format!("{other:?}"),
    };
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        format!("Ctrl-{base}")
    } else {
        base
    }
}

/// The help overlay's rows, grouped by context: (context title, [(keys, help)]).
pub fn help_rows() -> Vec<(&'static str, Vec<(String, &'static str)>)> {
    let contexts = [
        Global,
        List,
        Reader,
        Search,
        Calc,
        CalcEdit,
        DrillIdle,
        Drill,
        DrillAnswer,
        Stats,
        Prompt,
        Help,
    ];
    contexts
        .iter()
        .map(|&context| {
            let rows = BINDINGS
                .iter()
                .filter(|b| b.context == context)
                .map(|b| {
                    (
                        b.keys.iter().map(key_label).collect::<Vec<_>>().join(" "),
                        b.help,
                    )
                })
                .collect();
            (context.title(), rows)
        })
        .collect()
}

/// The key table as a markdown table, for the README (a test keeps the two in step).
pub fn markdown_table() -> String {
    let mut out = String::from("| where | keys | what |\n|---|---|---|\n");
    for (title, rows) in help_rows() {
        for (keys, help) in rows {
            let keys = keys
                .split(' ')
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(" ");
            let _ = writeln!(out, "| {title} | {keys} | {help} |");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn no_key_is_bound_twice_in_one_context() {
        for (i, a) in BINDINGS.iter().enumerate() {
            for b in &BINDINGS[i + 1..] {
                if a.context != b.context {
                    continue;
                }
                for key in a.keys {
                    assert!(
                        !b.keys.contains(key),
                        "{:?} bound twice in {:?}",
                        key_label(key),
                        a.context
                    );
                }
            }
        }
    }

    #[test]
    fn context_bindings_win_over_global_ones() {
        assert_eq!(
            lookup(
                Context::Help,
                &press(KeyCode::Char('q'), KeyModifiers::NONE)
            ),
            Some(Action::ToggleHelp)
        );
        assert_eq!(
            lookup(
                Context::List,
                &press(KeyCode::Char('q'), KeyModifiers::NONE)
            ),
            Some(Action::Quit)
        );
        assert_eq!(
            lookup(
                Context::List,
                &press(KeyCode::Char('G'), KeyModifiers::SHIFT)
            ),
            Some(Action::Bottom)
        );
    }

    #[test]
    fn text_fields_take_letters_and_editing_keys_but_ctrl_c_still_quits() {
        for code in [
            KeyCode::Char('q'),
            KeyCode::Char('1'),
            KeyCode::Char('张'),
            KeyCode::Left,
        ] {
            let event = press(code, KeyModifiers::NONE);
            assert_eq!(
                lookup(Context::Search, &event),
                Some(Action::TextKey(event))
            );
        }
        let undo = press(KeyCode::Char('z'), KeyModifiers::CONTROL);
        assert_eq!(
            lookup(Context::CalcEdit, &undo),
            Some(Action::TextKey(undo))
        );
        assert_eq!(
            lookup(
                Context::Search,
                &press(KeyCode::Char('c'), KeyModifiers::CONTROL)
            ),
            Some(Action::Quit)
        );
        assert_eq!(
            lookup(Context::Search, &press(KeyCode::Enter, KeyModifiers::NONE)),
            Some(Action::Open)
        );
    }

    #[test]
    fn hints_name_the_bound_key() {
        assert_eq!(key_for(Context::Reader, Action::Back), "Esc");
        assert_eq!(key_for(Context::DrillAnswer, Action::StopTyping), "Esc");
        assert_eq!(key_for(Context::List, Action::ShowCalculators), "2");
        assert_eq!(key_for(Context::List, Action::EndDrill), "?", "unbound");
    }

    #[test]
    fn footer_and_help_come_from_the_table() {
        let hints = footer_hints(Context::Reader);
        assert!(
            hints.contains(&"Tab section") && hints.contains(&"q quit"),
            "{hints:?}"
        );
        assert!(!footer_hints(Context::Search).contains(&"q quit"));
        // See issue 10: q ends a drill and closes the help there; it is not also "q quit".
        let drill = footer_hints(Context::Drill);
        let q: Vec<&&str> = drill.iter().filter(|h| h.starts_with("q ")).collect();
        assert_eq!(q, [&"q end"], "{drill:?}");
        assert!(
            drill.contains(&"? help"),
            "unshadowed globals stay: {drill:?}"
        );
        assert!(!footer_hints(Context::Help).contains(&"q quit"));
        let help = help_rows();
        let reader = help
            .iter()
            .find(|(title, _)| *title == "Reading a card")
            .unwrap();
        assert!(reader.1.iter().any(|(keys, _)| keys == "Esc Backspace"));
        let total: usize = help.iter().map(|(_, rows)| rows.len()).sum();
        assert_eq!(total, BINDINGS.len());
    }
}
