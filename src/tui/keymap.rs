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
    /// A drill question being answered, keys acting on the drill (not typing).
    DrillAsk,
    /// The same in an interview drill, whose answers are revealed only at the end: the key
    /// that reveals in practice moves on to the next question here, and says so.
    DrillInterview,
    /// A drill question's clock paused.
    DrillPaused,
    /// An answer revealed, waiting for its grade.
    DrillGrade,
    /// An answer graded (or skipped): on to the next question.
    DrillNext,
    /// The summary of a finished drill.
    DrillSummary,
    /// Typing an answer.
    DrillAnswer,
    Stats,
}

impl Context {
    /// The drill's phases, which the help lists as one section.
    pub const DRILL_PHASES: &[Context] = &[
        Context::DrillAsk,
        Context::DrillInterview,
        Context::DrillPaused,
        Context::DrillGrade,
        Context::DrillNext,
        Context::DrillSummary,
    ];

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
            Context::DrillAsk
            | Context::DrillInterview
            | Context::DrillPaused
            | Context::DrillGrade
            | Context::DrillNext
            | Context::DrillSummary => m::CTX_DRILL,
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

mod table;

use table::ctrl;
pub use table::{BINDINGS, Binding, Key};

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
    footer_hints_except(context, lang, &[])
}

/// [`footer_hints`] without the bindings of `idle`: actions the screen cannot take right now
/// (skipping a main question), so the footer never offers a key that would only say no.
pub fn footer_hints_except(context: Context, lang: Lang, idle: &[Action]) -> Vec<&'static str> {
    let own = BINDINGS
        .iter()
        .filter(|b| b.applies_in(context) && !idle.contains(&b.action));
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
    use Context::{
        Calc, CalcEdit, DrillAnswer, DrillIdle, Global, Help, List, Prompt, Reader, Search, Stats,
    };
    // One section per context, but the drill's phases share one: each binding is listed
    // once, however many phases it applies in.
    let sections: [&[Context]; 12] = [
        &[Global],
        &[List],
        &[Reader],
        &[Search],
        &[Calc],
        &[CalcEdit],
        &[DrillIdle],
        Context::DRILL_PHASES,
        &[DrillAnswer],
        &[Stats],
        &[Prompt],
        &[Help],
    ];
    sections
        .iter()
        .map(|&contexts| {
            let rows = BINDINGS
                .iter()
                .filter(|b| contexts.iter().any(|&c| b.applies_in(c)))
                .map(|b| {
                    (
                        b.keys.iter().map(key_label).collect::<Vec<_>>().join(" "),
                        b.help.get(lang),
                    )
                })
                .collect();
            (contexts[0].title().get(lang), rows)
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
mod tests;
