//! The key table: one list of bindings drives dispatch, the footer hints and the `?` overlay, so
//! the three never disagree. The words come from the message catalogue (`text::messages`), in
//! the interface language.

use std::fmt::Write as _;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::action::Action;
use crate::content::Lang;
use crate::text::messages::{self as m, Msg};

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
    /// The heading the help gives this context.
    pub const fn title(self) -> Msg {
        match self {
            Context::Global => m::CTX_GLOBAL,
            Context::List => m::CTX_LIST,
            Context::Reader => m::CTX_READER,
            Context::Search => m::CTX_SEARCH,
            Context::Help => m::CTX_HELP,
            Context::Prompt => m::CTX_PROMPT,
            Context::Calc => m::CTX_CALC,
            Context::CalcEdit => m::CTX_CALC_EDIT,
            Context::DrillIdle => m::CTX_DRILL_IDLE,
            Context::Drill => m::CTX_DRILL,
            Context::DrillAnswer => m::CTX_DRILL_ANSWER,
            Context::Stats => m::CTX_STATS,
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

/// One row of the table: in each of `contexts`, any of `keys` triggers `action`.
pub struct Binding {
    pub contexts: &'static [Context],
    pub keys: &'static [Key],
    pub action: Action,
    /// Short label for the footer; `None` keeps the binding out of the footer.
    pub hint: Option<Msg>,
    /// What the help overlay says.
    pub help: Msg,
}

/// A binding shown in the footer.
const fn bind(
    contexts: &'static [Context],
    keys: &'static [Key],
    action: Action,
    hint: Msg,
    help: Msg,
) -> Binding {
    Binding {
        contexts,
        keys,
        action,
        hint: Some(hint),
        help,
    }
}

/// A binding only the help lists.
const fn quiet(
    contexts: &'static [Context],
    keys: &'static [Key],
    action: Action,
    help: Msg,
) -> Binding {
    Binding {
        contexts,
        keys,
        action,
        hint: None,
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

const J: &[Key] = &[ch('j'), key(Down)];
const K: &[Key] = &[ch('k'), key(Up)];
const TOP: &[Key] = &[ch('g'), key(Home)];
const BOTTOM: &[Key] = &[ch('G'), key(End)];
const PAGE_DOWN: &[Key] = &[key(PageDown), ctrl('d')];
const PAGE_UP: &[Key] = &[key(PageUp), ctrl('u')];
const RIGHT: &[Key] = &[ch('l'), key(Right)];
const LEFT: &[Key] = &[ch('h'), key(Left)];

/// Every binding, most specific first. The first match wins. A row that applies in several
/// contexts names them all, so the same keys and words are written once.
#[rustfmt::skip]
pub const BINDINGS: &[Binding] = &[
    bind(&[List], J, Action::Move(1), m::HINT_MOVE, m::KEY_NEXT_CARD),
    quiet(&[List], K, Action::Move(-1), m::KEY_PREVIOUS_CARD),
    quiet(&[List, Drill], PAGE_DOWN, Action::MovePage(1), m::KEY_PAGE_DOWN),
    quiet(&[List, Drill], PAGE_UP, Action::MovePage(-1), m::KEY_PAGE_UP),
    quiet(&[List], TOP, Action::Top, m::KEY_FIRST_CARD),
    quiet(&[List], BOTTOM, Action::Bottom, m::KEY_LAST_CARD),
    bind(&[List], &[key(Enter), ch('l')], Action::Open, m::HINT_READ, m::KEY_READ),
    quiet(&[List], &[ch('c')], Action::OpenCalculator, m::KEY_OPEN_CALC_SELECTED),
    bind(&[Reader], J, Action::Move(1), m::HINT_SCROLL, m::KEY_SCROLL_DOWN_FOLLOW),
    quiet(&[Reader], K, Action::Move(-1), m::KEY_SCROLL_UP_FOLLOW),
    quiet(&[Reader], &[key(PageDown), ch(' '), ctrl('d')], Action::MovePage(1), m::KEY_PAGE_DOWN),
    quiet(&[Reader], PAGE_UP, Action::MovePage(-1), m::KEY_PAGE_UP),
    quiet(&[Reader], TOP, Action::Top, m::KEY_SECTION_TOP),
    quiet(&[Reader], BOTTOM, Action::Bottom, m::KEY_SECTION_END),
    bind(&[Reader], &[key(Tab), ch('l'), key(Right)], Action::NextSection, m::HINT_SECTION,
        m::KEY_NEXT_SECTION),
    quiet(&[Reader], &[key(BackTab), ch('h'), key(Left)], Action::PreviousSection,
        m::KEY_PREVIOUS_SECTION),
    bind(&[Reader], &[key(Enter)], Action::Open, m::HINT_FOLLOW_UP, m::KEY_OPEN_FOLLOW_UP),
    bind(&[Reader], &[key(Esc), key(Backspace)], Action::Back, m::HINT_BACK, m::KEY_READER_BACK),
    bind(&[Reader], &[ch('c')], Action::OpenCalculator, m::HINT_CALC, m::KEY_OPEN_CALC_CARD),
    bind(&[Search], &[key(Down), ctrl('n')], Action::Move(1), m::HINT_SELECT, m::KEY_NEXT_RESULT),
    quiet(&[Search], &[key(Up), ctrl('p')], Action::Move(-1), m::KEY_PREVIOUS_RESULT),
    bind(&[Search], &[key(Enter)], Action::Open, m::HINT_OPEN, m::KEY_OPEN_SELECTED),
    quiet(&[Search, Prompt, CalcEdit], TEXT_KEYS, Action::EditText, m::KEY_TEXT),
    bind(&[Search], &[key(Esc)], Action::Back, m::HINT_CANCEL, m::KEY_CLOSE_SEARCH),
    bind(&[Prompt], &[key(Enter)], Action::Open, m::HINT_EVALUATE, m::KEY_EVALUATE),
    bind(&[Prompt], &[key(Up)], Action::Move(-1), m::HINT_HISTORY, m::KEY_PREVIOUS_EXPRESSION),
    quiet(&[Prompt], &[key(Down)], Action::Move(1), m::KEY_NEXT_EXPRESSION),
    bind(&[Prompt], &[key(Esc)], Action::Back, m::HINT_CLOSE, m::KEY_CLOSE_PROMPT),
    bind(&[List], &[ch('d')], Action::StartDrill, m::HINT_DRILL, m::KEY_DRILL_SELECTED),
    bind(&[Reader], &[ch('d')], Action::StartDrill, m::HINT_DRILL, m::KEY_DRILL_THIS),
    bind(&[DrillIdle], J, Action::Move(1), m::HINT_ROW, m::KEY_NEXT_SETTING),
    quiet(&[DrillIdle], K, Action::Move(-1), m::KEY_PREVIOUS_SETTING),
    bind(&[DrillIdle], RIGHT, Action::NextSection, m::HINT_CHANGE, m::KEY_CHANGE_SETTING),
    quiet(&[DrillIdle], LEFT, Action::PreviousSection, m::KEY_CHANGE_SETTING_BACK),
    bind(&[DrillIdle], &[key(Enter)], Action::StartDrill, m::HINT_START, m::KEY_START_DRILL),
    bind(&[DrillIdle], &[ch('p')], Action::StartPractice, m::HINT_PRACTICE,
        m::KEY_START_PRACTICE),
    bind(&[DrillAnswer], &[key(Esc)], Action::StopTyping, m::HINT_LEAVE_BOX, m::KEY_LEAVE_BOX),
    quiet(&[DrillAnswer], &[key(Enter)], Action::Reveal, m::KEY_SUBMIT_NUMBER),
    quiet(&[Drill], &[ch('c')], Action::OpenCalculator, m::KEY_NUMBER_CALCULATOR),
    bind(&[Drill], &[ch(' ')], Action::Reveal, m::HINT_REVEAL, m::KEY_REVEAL),
    quiet(&[Drill], J, Action::Move(1), m::KEY_SCROLL_REVIEW_DOWN),
    quiet(&[Drill], K, Action::Move(-1), m::KEY_SCROLL_REVIEW_UP),
    quiet(&[Drill], TOP, Action::Top, m::KEY_TOP),
    quiet(&[Drill], BOTTOM, Action::Bottom, m::KEY_BOTTOM),
    bind(&[Drill], &[ch('1')], Action::Grade(1), m::HINT_GRADE, m::KEY_GRADE_AGAIN),
    quiet(&[Drill], &[ch('2')], Action::Grade(2), m::KEY_GRADE_HARD),
    quiet(&[Drill], &[ch('3')], Action::Grade(3), m::KEY_GRADE_GOOD),
    quiet(&[Drill], &[ch('4')], Action::Grade(4), m::KEY_GRADE_EASY),
    bind(&[Drill], &[key(Enter), ch('n')], Action::Open, m::HINT_NEXT, m::KEY_NEXT_QUESTION),
    bind(&[Drill], &[ch('i')], Action::StartTyping, m::HINT_TYPE, m::KEY_BACK_TO_BOX),
    bind(&[Drill], &[ch('h')], Action::Hint, m::HINT_HINT, m::KEY_HINT),
    bind(&[Drill], &[ch('p')], Action::TogglePause, m::HINT_PAUSE, m::KEY_PAUSE),
    bind(&[Drill], &[ch('s')], Action::Skip, m::HINT_SKIP, m::KEY_SKIP),
    bind(&[Drill], &[ch('q')], Action::EndDrill, m::HINT_END, m::KEY_END),
    quiet(&[Drill], &[key(Esc)], Action::Back, m::KEY_LEAVE_DRILL),
    bind(&[Calc], &[key(Tab), ch('j'), key(Down)], Action::Move(1), m::HINT_FIELD,
        m::KEY_NEXT_FIELD),
    quiet(&[Calc], &[key(BackTab), ch('k'), key(Up)], Action::Move(-1), m::KEY_PREVIOUS_FIELD),
    bind(&[Calc], &[key(Enter), ch('i')], Action::Open, m::HINT_EDIT, m::KEY_EDIT_FIELD),
    quiet(&[Calc], DIGITS, Action::EditText, m::KEY_TYPE_NUMBER),
    bind(&[Calc], &[ch('l'), key(Right), ch(']')], Action::NextSection, m::HINT_CALCULATOR,
        m::KEY_NEXT_CALCULATOR),
    quiet(&[Calc], &[ch('h'), key(Left), ch('[')], Action::PreviousSection,
        m::KEY_PREVIOUS_CALCULATOR),
    bind(&[Calc], &[key(PageDown), ch('J')], Action::MovePage(1), m::HINT_STEPS,
        m::KEY_STEPS_DOWN),
    quiet(&[Calc], &[key(PageUp), ch('K')], Action::MovePage(-1), m::KEY_STEPS_UP),
    bind(&[Calc], &[key(Esc), key(Backspace)], Action::Back, m::HINT_BACK, m::KEY_CALC_BACK),
    bind(&[CalcEdit], &[key(Enter), key(Esc)], Action::Open, m::HINT_DONE, m::KEY_STOP_EDITING),
    bind(&[CalcEdit], &[key(Tab)], Action::NextSection, m::HINT_NEXT_FIELD, m::KEY_EDIT_NEXT),
    bind(&[CalcEdit], &[key(Up)], Action::Move(-1), m::HINT_CHOICES, m::KEY_PREVIOUS_CHOICE),
    quiet(&[CalcEdit], &[key(Down)], Action::Move(1), m::KEY_NEXT_CHOICE),
    bind(&[Help], &[key(Esc), ch('?'), ch('q')], Action::ToggleHelp, m::HINT_CLOSE,
        m::KEY_CLOSE_HELP),
    quiet(&[Help], J, Action::Move(1), m::KEY_SCROLL_DOWN),
    quiet(&[Help], K, Action::Move(-1), m::KEY_SCROLL_UP),
    quiet(&[Global], &[ctrl('c')], Action::Quit, m::KEY_QUIT_ANYWHERE),
    bind(&[Stats], &[ch('j'), key(Down), key(PageDown), ch(' '), ctrl('d')], Action::Move(1),
        m::HINT_SCROLL, m::KEY_STATS_NEXT),
    quiet(&[Stats], &[ch('k'), key(Up), key(PageUp), ctrl('u')], Action::Move(-1),
        m::KEY_PREVIOUS_SECTION),
    quiet(&[Stats], TOP, Action::Top, m::KEY_FIRST_SECTION),
    quiet(&[Stats], BOTTOM, Action::Bottom, m::KEY_LAST_SECTION),
    bind(&[Global], &[ch('q')], Action::Quit, m::HINT_QUIT, m::KEY_QUIT),
    bind(&[Global], &[ch('?')], Action::ToggleHelp, m::HINT_HELP, m::KEY_SHOW_HELP),
    bind(&[Global], &[ch('/')], Action::OpenSearch, m::HINT_SEARCH, m::KEY_SEARCH),
    bind(&[Global], &[ch('L')], Action::ToggleLanguage, m::HINT_LANG, m::KEY_TOGGLE_LANG),
    bind(&[Global], &[ch('=')], Action::OpenQuickCalc, m::HINT_QUICK_CALC, m::KEY_QUICK_CALC),
    quiet(&[Global], &[ch('1')], Action::ShowCards, m::KEY_CARDS_SCREEN),
    quiet(&[Global], &[ch('2')], Action::ShowCalculators, m::KEY_CALCULATORS_SCREEN),
    quiet(&[Global], &[ch('3')], Action::ShowDrill, m::KEY_DRILL_SCREEN),
    quiet(&[Global], &[ch('4')], Action::ShowStats, m::KEY_STATS_SCREEN),
];

impl Binding {
    /// Whether the binding applies in `context` (global bindings apply through `lookup`).
    pub fn applies_in(&self, context: Context) -> bool {
        self.contexts.contains(&context)
    }
}

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
        .filter(|b| b.applies_in(context))
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
        .filter(|b| b.applies_in(Context::Global))
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
        .find(|b| b.applies_in(context))
        .or_else(|| {
            BINDINGS
                .iter()
                .filter(|b| b.action == action)
                .find(|b| b.applies_in(Context::Global))
        })
        .and_then(|b| b.keys.first())
        .map_or_else(|| "?".to_owned(), key_label)
}

/// The footer hints for `context` in `lang`: its own, then the global ones that apply there.
/// A global binding whose keys the context binds to something else (`q` ends a drill, closes
/// the help) does not apply there, so one key never shows two meanings.
pub fn footer_hints(context: Context, lang: Lang) -> Vec<&'static str> {
    let own = BINDINGS.iter().filter(|b| b.applies_in(context));
    let shadowed = |global: &Binding| {
        global.keys.iter().all(|key| {
            BINDINGS
                .iter()
                .any(|b| b.applies_in(context) && b.keys.contains(key))
        })
    };
    let global = BINDINGS
        .iter()
        .filter(|b| b.applies_in(Context::Global) && !context.takes_text() && !shadowed(b));
    own.chain(global)
        .filter_map(|b| b.hint)
        .map(|h| h.get(lang))
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

/// The help overlay's rows in `lang`, grouped by context: (context title, [(keys, help)]).
pub fn help_rows(lang: Lang) -> Vec<(&'static str, Vec<(String, &'static str)>)> {
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
                .filter(|b| b.applies_in(context))
                .map(|b| {
                    (
                        b.keys.iter().map(key_label).collect::<Vec<_>>().join(" "),
                        b.help.get(lang),
                    )
                })
                .collect();
            (context.title().get(lang), rows)
        })
        .collect()
}

/// The key table as a markdown table, for the README (a test keeps the two in step). The
/// README is English, so the table is too.
pub fn markdown_table() -> String {
    let mut out = String::from("| where | keys | what |\n|---|---|---|\n");
    for (title, rows) in help_rows(Lang::En) {
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
                for context in a.contexts.iter().filter(|c| b.applies_in(**c)) {
                    for key in a.keys {
                        assert!(
                            !b.keys.contains(key),
                            "{:?} bound twice in {context:?}",
                            key_label(key),
                        );
                    }
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
        let hints = footer_hints(Context::Reader, Lang::En);
        assert!(
            hints.contains(&"Tab section") && hints.contains(&"q quit"),
            "{hints:?}"
        );
        assert!(!footer_hints(Context::Search, Lang::En).contains(&"q quit"));
        let help = help_rows(Lang::En);
        let reader = help
            .iter()
            .find(|(title, _)| *title == "Reading a card")
            .unwrap();
        assert!(reader.1.iter().any(|(keys, _)| keys == "Esc Backspace"));
        let total: usize = help.iter().map(|(_, rows)| rows.len()).sum();
        let rows: usize = BINDINGS.iter().map(|b| b.contexts.len()).sum();
        assert_eq!(total, rows);
    }

    #[test]
    fn footer_and_help_speak_the_interface_language() {
        let hints = footer_hints(Context::Reader, Lang::Zh);
        assert!(
            hints.contains(&"Tab 分节") && hints.contains(&"q 退出"),
            "{hints:?}"
        );
        let help = help_rows(Lang::Zh);
        assert!(help.iter().any(|(title, _)| *title == "阅读卡片"));
        // Each hint starts with the same key in both languages, so the footer styles it alike.
        for hint in BINDINGS.iter().filter_map(|b| b.hint) {
            let key = |lang| hint.get(lang).split_once(' ').map(|(k, _)| k);
            assert_eq!(key(Lang::Zh), key(Lang::En), "{}", hint.id);
            assert!(key(Lang::En).is_some(), "{} has no label", hint.id);
        }
    }
}
