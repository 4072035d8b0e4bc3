//! The key table itself: every binding of every context, with its footer hint and help text.
//! Dispatch, the footer, the `?` help and the README's key table are all read from it.

use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use super::Context;
use crate::text::messages::{self as m, Msg};
use crate::tui::action::Action;

/// A key with its modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

pub(super) const fn key(code: KeyCode) -> Key {
    Key {
        code,
        modifiers: KeyModifiers::NONE,
    }
}

pub(super) const fn ch(c: char) -> Key {
    key(KeyCode::Char(c))
}

pub(super) const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        modifiers: KeyModifiers::CONTROL,
    }
}

/// One row of the table: in each of `contexts`, any of `keys` triggers `action`.
pub struct Binding {
    pub contexts: Contexts,
    pub keys: Keys,
    pub action: Action,
    /// Short label for the footer; `None` keeps the binding out of the footer.
    pub hint: Option<Msg>,
    /// What the help overlay says.
    pub help: Msg,
}

/// The contexts a binding applies in, and its keys: always whole static lists.
type Contexts = &'static [Context];
type Keys = &'static [Key];

/// A binding shown in the footer.
const fn bind(contexts: Contexts, keys: Keys, action: Action, hint: Msg, help: Msg) -> Binding {
    let mut binding = quiet(contexts, keys, action, help);
    binding.hint = Some(hint);
    binding
}

/// A binding only the help lists.
const fn quiet(contexts: Contexts, keys: Keys, action: Action, help: Msg) -> Binding {
    Binding {
        contexts,
        keys,
        action,
        hint: None,
        help,
    }
}

use Context::{
    Calc, CalcEdit, DrillAnswer, DrillAsk, DrillGrade, DrillIdle, DrillInterview, DrillNext,
    DrillPaused, DrillSummary, Global, Help, List, Prompt, Reader, Search, Stats,
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
/// The reader's and the drill review's page keys: Space pages down where nothing is typed.
const PAGE_DOWN_SPACE: &[Key] = &[key(PageDown), ch(' '), ctrl('d')];

/// A drill question being answered, in practice or in an interview.
const QUESTION: &[Context] = &[DrillAsk, DrillInterview];
/// A drill question on screen, answered or not: skipping (follow-ups) and ending apply.
const ASKED: &[Context] = &[DrillAsk, DrillInterview, DrillPaused, DrillGrade];
/// A drill in progress (not its summary): `q` ends it, Esc says how.
const RUNNING: &[Context] = &[DrillAsk, DrillInterview, DrillPaused, DrillGrade, DrillNext];
/// The drill's scrolled pages: the review of an answer and the summary.
const SCROLLED: &[Context] = &[DrillGrade, DrillNext, DrillSummary];
const LEFT: &[Key] = &[ch('h'), key(Left)];

/// Every binding, most specific first. The first match wins. A row that applies in several
/// contexts names them all, so the same keys and words are written once.
#[rustfmt::skip]
pub const BINDINGS: &[Binding] = &[
    bind(&[List], J, Action::Move(1), m::HINT_MOVE, m::KEY_NEXT_CARD),
    quiet(&[List], K, Action::Move(-1), m::KEY_PREVIOUS_CARD),
    quiet(&[List], PAGE_DOWN, Action::MovePage(1), m::KEY_PAGE_DOWN),
    quiet(&[List], PAGE_UP, Action::MovePage(-1), m::KEY_PAGE_UP),
    quiet(&[List], TOP, Action::Top, m::KEY_FIRST_CARD),
    quiet(&[List], BOTTOM, Action::Bottom, m::KEY_LAST_CARD),
    bind(&[List], &[key(Enter), ch('l')], Action::Open, m::HINT_READ, m::KEY_READ),
    quiet(&[List], &[ch('c')], Action::OpenCalculator, m::KEY_OPEN_CALC_SELECTED),
    bind(&[Reader], J, Action::Move(1), m::HINT_SCROLL, m::KEY_SCROLL_DOWN_FOLLOW),
    quiet(&[Reader], K, Action::Move(-1), m::KEY_SCROLL_UP_FOLLOW),
    quiet(&[Reader], PAGE_DOWN_SPACE, Action::MovePage(1), m::KEY_PAGE_DOWN),
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
    bind(&[DrillAsk], &[ch(' ')], Action::Reveal, m::HINT_REVEAL, m::KEY_REVEAL),
    bind(&[DrillInterview], &[ch(' ')], Action::Reveal, m::HINT_ANSWERED, m::KEY_ANSWERED),
    bind(QUESTION, &[ch('i')], Action::StartTyping, m::HINT_TYPE, m::KEY_BACK_TO_BOX),
    bind(QUESTION, &[ch('h')], Action::Hint, m::HINT_HINT, m::KEY_HINT),
    bind(QUESTION, &[ch('p')], Action::TogglePause, m::HINT_PAUSE, m::KEY_PAUSE),
    bind(&[DrillPaused], &[ch('p')], Action::TogglePause, m::HINT_RESUME, m::KEY_RESUME),
    bind(&[DrillGrade], &[ch('1')], Action::Grade(1), m::HINT_GRADE, m::KEY_GRADE_AGAIN),
    quiet(&[DrillGrade], &[ch('2')], Action::Grade(2), m::KEY_GRADE_HARD),
    quiet(&[DrillGrade], &[ch('3')], Action::Grade(3), m::KEY_GRADE_GOOD),
    quiet(&[DrillGrade], &[ch('4')], Action::Grade(4), m::KEY_GRADE_EASY),
    bind(&[DrillNext], &[key(Enter), ch('n')], Action::Open, m::HINT_NEXT, m::KEY_NEXT_QUESTION),
    quiet(&[DrillNext], &[ch('c')], Action::OpenCalculator, m::KEY_NUMBER_CALCULATOR),
    bind(ASKED, &[ch('s')], Action::Skip, m::HINT_SKIP, m::KEY_SKIP),
    bind(RUNNING, &[ch('q')], Action::EndDrill, m::HINT_END, m::KEY_END),
    quiet(RUNNING, &[key(Esc)], Action::Back, m::KEY_LEAVE_DRILL),
    bind(&[DrillSummary], &[key(Esc), ch('q')], Action::Back, m::HINT_BACK, m::KEY_LEAVE_DRILL),
    bind(&[DrillSummary], J, Action::Move(1), m::HINT_SCROLL, m::KEY_SCROLL_REVIEW_DOWN),
    quiet(&[DrillGrade, DrillNext], J, Action::Move(1), m::KEY_SCROLL_REVIEW_DOWN),
    quiet(SCROLLED, K, Action::Move(-1), m::KEY_SCROLL_REVIEW_UP),
    quiet(SCROLLED, PAGE_DOWN_SPACE, Action::MovePage(1), m::KEY_PAGE_DOWN),
    quiet(SCROLLED, PAGE_UP, Action::MovePage(-1), m::KEY_PAGE_UP),
    quiet(SCROLLED, TOP, Action::Top, m::KEY_TOP),
    quiet(SCROLLED, BOTTOM, Action::Bottom, m::KEY_BOTTOM),
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
