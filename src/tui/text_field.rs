//! The one text field of the app, on ratatui-textarea: the search box, the `=` prompt, every
//! calculator field and (multi-line) the drill's answer box edit text the same way.
//!
//! Keys: ←/→ (Ctrl: by word), Home/End, Backspace/Delete, Ctrl-u (delete to the start),
//! Ctrl-k (delete to the end), Ctrl-w (delete the word before), Ctrl-z / Ctrl-y (undo / redo).
//! A paste arrives whole; in a one-line field its line breaks become spaces. Long text scrolls
//! inside the field so the cursor stays in view.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Style;
use ratatui_textarea::{CursorMove, TextArea, WrapMode};

/// Editable text with a cursor and undo.
#[derive(Debug, Clone)]
pub struct TextField {
    area: TextArea<'static>,
    /// Enter inserts a line break (the answer box) instead of being left to the key table.
    multiline: bool,
}

impl Default for TextField {
    fn default() -> Self {
        TextField::new("")
    }
}

impl TextField {
    /// A one-line field holding `text`, the cursor at its end.
    pub fn new(text: &str) -> TextField {
        let mut field = TextField {
            area: TextArea::default(),
            multiline: false,
        };
        field.area.set_cursor_line_style(Style::default());
        field.set_text(text);
        field
    }

    /// An empty field that takes line breaks and wraps long lines at words.
    pub fn multiline() -> TextField {
        let mut field = TextField::new("");
        field.multiline = true;
        field.area.set_wrap_mode(WrapMode::WordOrGlyph);
        field
    }

    /// The whole text, lines joined with `\n`.
    pub fn text(&self) -> String {
        self.area.lines().join("\n")
    }

    pub fn is_empty(&self) -> bool {
        self.area.lines().iter().all(String::is_empty)
    }

    /// Replaces the text (history, a chosen option); the cursor goes to the end, undo forgets.
    pub fn set_text(&mut self, text: &str) {
        let lines: Vec<String> = if self.multiline {
            text.lines().map(str::to_owned).collect()
        } else {
            vec![one_line(text)]
        };
        let style = self.area.cursor_style();
        let block = self.area.block().cloned();
        let wrap = self.area.wrap_mode();
        let placeholder = self.area.placeholder_text().to_owned();
        self.area = TextArea::new(if lines.is_empty() {
            vec![String::new()]
        } else {
            lines
        });
        self.area.set_cursor_line_style(Style::default());
        self.area.set_cursor_style(style);
        if let Some(block) = block {
            self.area.set_block(block);
        }
        self.area.set_wrap_mode(wrap);
        self.area.set_placeholder_text(placeholder);
        self.area.move_cursor(CursorMove::Bottom);
        self.area.move_cursor(CursorMove::End);
    }

    /// Applies an editing key; returns whether the text changed. Keys that are not editing
    /// keys (Tab, Esc, function keys) are ignored.
    pub fn edit(&mut self, key: KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        let before = self.area.lines().to_vec();
        match key.code {
            KeyCode::Char('u') if ctrl => {
                self.area.delete_line_by_head();
            }
            KeyCode::Char('k') if ctrl => {
                self.area.delete_line_by_end();
            }
            KeyCode::Char('w') if ctrl => {
                self.area.delete_word();
            }
            KeyCode::Char('z') if ctrl => {
                self.area.undo();
            }
            KeyCode::Char('y') if ctrl => {
                self.area.redo();
            }
            KeyCode::Char('a') if ctrl => self.area.move_cursor(CursorMove::Head),
            KeyCode::Char('e') if ctrl => self.area.move_cursor(CursorMove::End),
            KeyCode::Char(c) if !ctrl && !alt => {
                self.area.insert_char(c);
            }
            KeyCode::Backspace if ctrl || alt => {
                self.area.delete_word();
            }
            KeyCode::Backspace => {
                self.area.delete_char();
            }
            KeyCode::Delete => {
                self.area.delete_next_char();
            }
            KeyCode::Left if ctrl || alt => self.area.move_cursor(CursorMove::WordBack),
            KeyCode::Right if ctrl || alt => self.area.move_cursor(CursorMove::WordForward),
            KeyCode::Left => self.area.move_cursor(CursorMove::Back),
            KeyCode::Right => self.area.move_cursor(CursorMove::Forward),
            KeyCode::Home => self.area.move_cursor(CursorMove::Head),
            KeyCode::End => self.area.move_cursor(CursorMove::End),
            KeyCode::Up if self.multiline => self.area.move_cursor(CursorMove::Up),
            KeyCode::Down if self.multiline => self.area.move_cursor(CursorMove::Down),
            KeyCode::Enter if self.multiline => self.area.insert_newline(),
            _ => {}
        }
        self.area.lines() != before.as_slice()
    }

    /// Inserts pasted text whole at the cursor; control characters are dropped and, in a
    /// one-line field, line breaks become spaces.
    pub fn paste(&mut self, text: &str) -> bool {
        let clean: String = if self.multiline {
            text.replace("\r\n", "\n")
                .chars()
                .filter(|c| *c == '\n' || !c.is_control())
                .collect()
        } else {
            one_line(text)
        };
        !clean.is_empty() && self.area.insert_str(clean)
    }

    /// The cursor's position in characters within its line.
    pub fn cursor(&self) -> usize {
        self.area.cursor().1
    }

    /// The widget to draw (it scrolls to keep the cursor visible).
    pub fn widget(&self) -> &TextArea<'static> {
        &self.area
    }

    /// Sets the cursor's look (hidden when the field does not have the focus).
    pub fn set_cursor_style(&mut self, style: Style) {
        self.area.set_cursor_style(style);
    }

    /// Sets the frame and title drawn around the text.
    pub fn set_block(&mut self, block: ratatui::widgets::Block<'static>) {
        self.area.set_block(block);
    }

    /// Sets the text shown while the field is empty.
    pub fn set_placeholder(&mut self, text: &str) {
        self.area.set_placeholder_text(text);
    }
}

/// `text` on one line: line breaks and tabs become spaces, other control characters go.
fn one_line(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn ctrl(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    fn typed(field: &mut TextField, text: &str) {
        for c in text.chars() {
            field.edit(key(KeyCode::Char(c)));
        }
    }

    #[test]
    fn the_cursor_moves_and_edits_in_the_middle() {
        let mut field = TextField::new("10 GiB");
        field.edit(key(KeyCode::Home));
        typed(&mut field, "1");
        assert_eq!(field.text(), "110 GiB");
        field.edit(key(KeyCode::End));
        field.edit(key(KeyCode::Left));
        field.edit(key(KeyCode::Backspace));
        assert_eq!(field.text(), "110 GB");
        field.edit(key(KeyCode::Delete));
        assert_eq!(field.text(), "110 G");
    }

    #[test]
    fn ctrl_u_w_and_undo() {
        let mut field = TextField::new("nvlink4 pcie5");
        assert!(field.edit(ctrl('w')));
        assert_eq!(field.text(), "nvlink4 ");
        assert!(field.edit(ctrl('z')));
        assert_eq!(field.text(), "nvlink4 pcie5");
        assert!(field.edit(ctrl('u')));
        assert!(field.is_empty());
        assert!(!field.edit(key(KeyCode::Tab)), "Tab is not an edit");
    }

    #[test]
    fn a_paste_arrives_whole_and_stays_on_one_line() {
        let mut field = TextField::new("");
        assert!(field.paste("10 GiB\n/ nvlink3\x1b"));
        assert_eq!(field.text(), "10 GiB / nvlink3");
        let mut answer = TextField::multiline();
        answer.paste("first\r\nsecond");
        assert_eq!(answer.text(), "first\nsecond");
        answer.edit(key(KeyCode::Enter));
        typed(&mut answer, "third 张量并行");
        assert_eq!(answer.text(), "first\nsecond\nthird 张量并行");
    }

    #[test]
    fn set_text_puts_the_cursor_at_the_end() {
        let mut field = TextField::new("a");
        field.set_text("allreduce");
        assert_eq!(field.cursor(), 9);
        typed(&mut field, "!");
        assert_eq!(field.text(), "allreduce!");
    }
}
