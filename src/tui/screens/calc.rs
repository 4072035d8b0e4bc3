//! The calculators screen's state: one form per calculator (values survive switching), the
//! focused field, whether it is being typed into, and the result, recomputed on every change.
//! Its update turns actions into changes of that state and tells the app, through [`CalcFlow`],
//! what else must happen (leaving the screen, a global action), so `App` only routes.

use ratatui::crossterm::event::KeyEvent;

use crate::calc::HardwareTable;
use crate::calculators::{CALCULATORS, Calculator, FieldKind, Form, FormError, Outcome};
use crate::content::Lang;
use crate::text::Bi;

use crate::tui::action::Action;
use crate::tui::app::Reading;
use crate::tui::text_field::TextField;

/// What the calculators screen asks of the app after an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CalcFlow {
    /// Handled here.
    Stay,
    /// Not this screen's action: the app's global handling applies.
    Global(Action),
    /// Esc: back to the card that opened the calculator, or to the cards screen.
    Leave(Option<Reading>),
    Quit,
}

/// Rows one page of the steps scrolls.
const STEPS_PAGE: isize = 5;

/// Everything the calculators screen shows.
#[derive(Debug, Clone)]
pub struct CalcScreen {
    /// Index into `CALCULATORS`.
    pub calculator: usize,
    /// One form per calculator, so switching back finds the values as left.
    pub forms: Vec<Form>,
    pub field: usize,
    pub editing: bool,
    /// The focused field's text while it is being edited (cursor, undo).
    pub editor: TextField,
    pub outcome: Result<Outcome, FormError>,
    /// First step shown, when the steps are longer than their pane.
    pub steps_scroll: usize,
    /// The card to return to on Esc, when a card opened this calculator.
    pub return_to: Option<Reading>,
    /// What ↑/↓ cycle through while the focused field is being edited, shown under the form.
    pub choices: Vec<String>,
}

impl CalcScreen {
    pub fn new(table: &HardwareTable) -> CalcScreen {
        let forms = CALCULATORS.iter().map(Calculator::example_form).collect();
        let mut screen = CalcScreen {
            calculator: 0,
            forms,
            field: 0,
            editing: false,
            editor: TextField::default(),
            outcome: Ok(Outcome::default()),
            steps_scroll: 0,
            return_to: None,
            choices: Vec::new(),
        };
        screen.recompute(table);
        screen
    }

    /// The screen's keys: while a field is edited, editing keys; else moving between fields
    /// and calculators, scrolling the steps, and leaving.
    pub fn update(&mut self, action: Action, table: &HardwareTable) -> CalcFlow {
        if self.editing {
            return self.update_editing(action, table);
        }
        match action {
            Action::Move(step) => self.move_field(step),
            Action::NextSection => self.switch_calculator(1, table),
            Action::PreviousSection => self.switch_calculator(-1, table),
            Action::Open => self.start_editing(table),
            Action::TextKey(key) => {
                // A digit on a selected field: edit it, starting from what was typed.
                self.start_editing(table);
                self.replace_with(key, table);
            }
            Action::MovePage(pages) => {
                let rows = isize::try_from(pages).unwrap_or(0) * STEPS_PAGE;
                self.steps_scroll = self.steps_scroll.saturating_add_signed(rows);
            }
            Action::Back => return CalcFlow::Leave(self.return_to.take()),
            other => return CalcFlow::Global(other),
        }
        CalcFlow::Stay
    }

    fn update_editing(&mut self, action: Action, table: &HardwareTable) -> CalcFlow {
        match action {
            Action::TextKey(key) => self.edit(key, table),
            Action::Move(step) => self.cycle_option(step, table),
            Action::Open | Action::Back => self.editing = false,
            Action::NextSection => {
                self.editing = false;
                self.move_field(1);
            }
            Action::Quit => return CalcFlow::Quit,
            _ => {}
        }
        CalcFlow::Stay
    }

    pub fn spec(&self) -> &'static Calculator {
        &CALCULATORS[self.calculator.min(CALCULATORS.len() - 1)]
    }

    pub fn form(&self) -> &Form {
        &self.forms[self.calculator]
    }

    /// The value of the focused field.
    pub fn value(&self) -> &str {
        self.form()
            .values
            .get(self.field)
            .map_or("", |(_, v)| v.as_str())
    }

    fn value_mut(&mut self) -> Option<&mut String> {
        let field = self.field;
        self.forms
            .get_mut(self.calculator)?
            .values
            .get_mut(field)
            .map(|(_, v)| v)
    }

    pub fn recompute(&mut self, table: &HardwareTable) {
        let spec = self.spec();
        self.outcome = spec
            .evaluate(self.form(), table)
            .map(|computed| computed.outcome)
            .map_err(|e| in_form_terms(spec, e));
        self.steps_scroll = 0;
    }

    /// Opens `calculator` with `form` (a card's preset, already in the field order).
    pub fn load(&mut self, calculator: usize, form: Form, table: &HardwareTable) {
        self.calculator = calculator;
        self.forms[calculator] = form;
        self.field = 0;
        self.editing = false;
        self.recompute(table);
    }

    /// Starts editing the focused field.
    pub fn start_editing(&mut self, table: &HardwareTable) {
        self.editing = true;
        self.editor = TextField::new(self.value());
        self.choices = self.options(table);
    }

    pub fn move_field(&mut self, step: i32) {
        let count = self.spec().fields.len();
        self.field = wrap_index(self.field, step, count);
    }

    pub fn switch_calculator(&mut self, step: i32, table: &HardwareTable) {
        self.calculator = wrap_index(self.calculator, step, CALCULATORS.len());
        self.field = 0;
        self.editing = false;
        self.recompute(table);
    }

    /// An editing key for the focused field; the result follows every change.
    pub fn edit(&mut self, key: KeyEvent, table: &HardwareTable) {
        if self.editor.edit(key) {
            self.store_editor(table);
        }
    }

    /// Replaces the focused field's value with what `key` types (a digit typed on a selected
    /// field); Ctrl-z brings the old value back.
    pub fn replace_with(&mut self, key: KeyEvent, table: &HardwareTable) {
        self.editor.edit(KeyEvent::new(
            ratatui::crossterm::event::KeyCode::Char('u'),
            ratatui::crossterm::event::KeyModifiers::CONTROL,
        ));
        self.editor.edit(KeyEvent::new(
            ratatui::crossterm::event::KeyCode::Char('k'),
            ratatui::crossterm::event::KeyModifiers::CONTROL,
        ));
        self.edit(key, table);
    }

    /// Pasted text into the focused field.
    pub fn paste(&mut self, text: &str, table: &HardwareTable) {
        if self.editor.paste(text) {
            self.store_editor(table);
        }
    }

    fn store_editor(&mut self, table: &HardwareTable) {
        let text = self.editor.text();
        if let Some(value) = self.value_mut() {
            *value = text;
        }
        self.recompute(table);
    }

    /// The choices ↑/↓ cycle through while editing the focused field.
    pub fn options(&self, table: &HardwareTable) -> Vec<String> {
        match self.spec().fields.get(self.field).map(|f| f.kind) {
            Some(FieldKind::Choice(choices)) => {
                let field = self.spec().fields[self.field].name;
                (self.spec().choices)(self.form(), field)
                    .unwrap_or(choices)
                    .iter()
                    .map(|c| (*c).to_owned())
                    .collect()
            }
            Some(FieldKind::Flag) => vec!["no".to_owned(), "yes".to_owned()],
            Some(FieldKind::Link | FieldKind::LinkOrRate | FieldKind::Links) => {
                table.iter().map(|p| p.id.clone()).collect()
            }
            _ => Vec::new(),
        }
    }

    /// Replaces the focused value with the next or previous option. For a list of links, the
    /// last id typed is the one that cycles.
    pub fn cycle_option(&mut self, step: i32, table: &HardwareTable) {
        let options = self.options(table);
        if options.is_empty() {
            return;
        }
        let multi = matches!(
            self.spec().fields.get(self.field).map(|f| f.kind),
            Some(FieldKind::Links)
        );
        let Some(value) = self.value_mut() else {
            return;
        };
        let (head, last) = match value.rsplit_once(' ') {
            Some((head, last)) if multi => (format!("{head} "), last.to_owned()),
            _ => (String::new(), value.trim().to_owned()),
        };
        let next = match options.iter().position(|o| *o == last) {
            Some(at) => wrap_index(at, step, options.len()),
            None if step < 0 => options.len() - 1,
            None => 0,
        };
        *value = format!("{head}{}", options[next]);
        let value = value.clone();
        self.editor.set_text(&value);
        self.recompute(table);
    }
}

/// An error the engine worded for the command line, worded for the form: each `--flag` it
/// names becomes the field's label, and the first such field is marked.
fn in_form_terms(spec: &Calculator, mut error: FormError) -> FormError {
    if error.field.is_some() {
        return error;
    }
    // Longest flags first, so `--inter-bw` is not read as `--inter`.
    let mut fields: Vec<_> = spec.fields.iter().collect();
    fields.sort_by_key(|f| std::cmp::Reverse(f.flag_name().len()));
    for field in fields {
        let flag = format!("--{}", field.flag_name());
        let named = |lang: Lang| named_field(error.message.get(lang), &flag, field.label_in(lang));
        if let (Some(en), Some(zh)) = (named(Lang::En), named(Lang::Zh)) {
            error.message = Bi::new(en, zh);
            error.field = error.field.or(Some(field.name));
        }
    }
    error
}

/// `message` with each whole `flag` replaced by the quoted `label`; `None` when it has none.
fn named_field(message: &str, flag: &str, label: &str) -> Option<String> {
    let mut rest = message;
    let mut out = String::new();
    let mut found = false;
    while let Some(at) = rest.find(flag) {
        let after = &rest[at + flag.len()..];
        let whole = !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-');
        out.push_str(&rest[..at]);
        if whole {
            out.push('\'');
            out.push_str(label);
            out.push('\'');
            found = true;
        } else {
            out.push_str(flag);
        }
        rest = after;
    }
    out.push_str(rest);
    found.then_some(out)
}

/// `index` moved by `step` within `0..count`, wrapping at both ends.
pub(crate) fn wrap_index(index: usize, step: i32, count: usize) -> usize {
    if count == 0 {
        return 0;
    }
    let count = i64::try_from(count).unwrap_or(i64::MAX);
    let moved = (i64::try_from(index).unwrap_or(0) + i64::from(step)).rem_euclid(count);
    usize::try_from(moved).unwrap_or(0)
}

#[cfg(test)]
mod tests;
