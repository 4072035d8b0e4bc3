//! Reading one line of the plain subset: a key and a one-line value. Anything outside the
//! subset gives `None`.

use std::ops::Range;

use toml::{Table, Value};

/// A position in one line of the front matter.
pub(super) struct Cursor<'a> {
    line: &'a str,
    at: usize,
    /// Where the line starts in the front matter, for spans.
    base: usize,
}

/// A value, its span, and the spans of its items when it is an array.
type Read = (Value, Range<usize>, Vec<Range<usize>>);

impl<'a> Cursor<'a> {
    pub(super) fn new(line: &'a str, at: usize, base: usize) -> Self {
        Cursor { line, at, base }
    }

    fn rest(&self) -> &'a str {
        &self.line[self.at..]
    }

    /// Skips spaces and tabs.
    pub(super) fn blank(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start_matches([' ', '\t']).len();
    }

    pub(super) fn eat(&mut self, c: char) -> Option<()> {
        self.rest().starts_with(c).then(|| self.at += c.len_utf8())
    }

    /// Nothing but blanks and a comment is left.
    pub(super) fn end_of_line(&mut self) -> Option<()> {
        self.blank();
        let rest = self.rest();
        (rest.is_empty() || rest.starts_with('#')).then_some(())
    }

    /// A bare key, and the bare key after its one dot if it has one.
    pub(super) fn key(&mut self) -> Option<(String, Option<String>)> {
        let key = self.bare()?;
        if self.eat('.').is_some() {
            return Some((key, Some(self.bare()?)));
        }
        Some((key, None))
    }

    fn bare(&mut self) -> Option<String> {
        let rest = self.rest();
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(rest.len());
        if len == 0 {
            return None;
        }
        self.at += len;
        Some(rest[..len].to_owned())
    }

    /// A value, its span and its items' spans.
    pub(super) fn value(&mut self) -> Option<Read> {
        let start = self.at;
        let rest = self.rest();
        let mut items = Vec::new();
        let value = match rest.chars().next()? {
            '"' if !rest.starts_with("\"\"\"") => Value::String(self.basic()?),
            '\'' if !rest.starts_with("'''") => Value::String(self.literal()?),
            '[' => Value::Array(self.array(&mut items)?),
            '{' => Value::Table(self.inline_table()?),
            _ => self.scalar()?,
        };
        Some((value, self.base + start..self.base + self.at, items))
    }

    /// A `"..."` string with the escapes `\n \t \" \\` only. Read by bytes, copying the runs
    /// between escapes whole (a byte of a multi-byte character is never ASCII).
    fn basic(&mut self) -> Option<String> {
        self.eat('"')?;
        let rest = self.rest();
        let bytes = rest.as_bytes();
        let mut text = String::new();
        let (mut from, mut i) = (0, 0);
        while let Some(&byte) = bytes.get(i) {
            match byte {
                b'"' => {
                    text.push_str(&rest[from..i]);
                    self.at += i + 1;
                    return Some(text);
                }
                b'\\' => {
                    text.push_str(&rest[from..i]);
                    text.push(match bytes.get(i + 1)? {
                        b'n' => '\n',
                        b't' => '\t',
                        b'"' => '"',
                        b'\\' => '\\',
                        _ => return None,
                    });
                    i += 2;
                    from = i;
                }
                byte if is_control(byte) => return None,
                _ => i += 1,
            }
        }
        None
    }

    /// A `'...'` string, taken as written.
    fn literal(&mut self) -> Option<String> {
        self.eat('\'')?;
        let rest = self.rest();
        let end = rest.find('\'')?;
        let text = &rest[..end];
        if text.bytes().any(is_control) {
            return None;
        }
        self.at += end + 1;
        Some(text.to_owned())
    }

    /// `[a, b, ...]` on one line (a comma after the last item is allowed), with each item's span.
    fn array(&mut self, spans: &mut Vec<Range<usize>>) -> Option<Vec<Value>> {
        self.eat('[')?;
        let mut items = Vec::new();
        loop {
            self.blank();
            if self.eat(']').is_some() {
                return Some(items);
            }
            let (item, span, _) = self.value()?;
            items.push(item);
            spans.push(span);
            self.blank();
            if self.eat(',').is_none() {
                self.eat(']')?;
                return Some(items);
            }
        }
    }

    /// `{ key = value, ... }` with bare keys, on one line.
    fn inline_table(&mut self) -> Option<Table> {
        self.eat('{')?;
        let mut table = Table::new();
        self.blank();
        if self.eat('}').is_some() {
            return Some(table);
        }
        loop {
            self.blank();
            let key = self.bare()?;
            self.blank();
            self.eat('=')?;
            self.blank();
            let (value, _, _) = self.value()?;
            if table.insert(key, value).is_some() {
                return None;
            }
            self.blank();
            if self.eat(',').is_none() {
                self.eat('}')?;
                return Some(table);
            }
        }
    }

    /// `true`, `false`, an integer (`-?(0|[1-9][0-9]*)`) or a decimal with digits on both
    /// sides of its point, ended by a blank, `,`, `]`, `}`, `#` or the line's end.
    fn scalar(&mut self) -> Option<Value> {
        let rest = self.rest();
        let len = rest
            .find([' ', '\t', ',', ']', '}', '#'])
            .unwrap_or(rest.len());
        let word = &rest[..len];
        let value = match word {
            "true" => Value::Boolean(true),
            "false" => Value::Boolean(false),
            _ => {
                let digits = word.strip_prefix('-').unwrap_or(word);
                let (whole, fraction) = match digits.split_once('.') {
                    Some((whole, fraction)) => (whole, Some(fraction)),
                    None => (digits, None),
                };
                let plain = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
                if !plain(whole) || (whole.len() > 1 && whole.starts_with('0')) {
                    return None;
                }
                match fraction {
                    None => Value::Integer(word.parse().ok()?),
                    Some(fraction) if plain(fraction) => Value::Float(word.parse().ok()?),
                    Some(_) => return None,
                }
            }
        };
        self.at += len;
        Some(value)
    }
}

/// A byte TOML does not allow raw in a one-line string (all are ASCII control characters).
fn is_control(byte: u8) -> bool {
    (byte < b' ' && byte != b'\t') || byte == 0x7f
}
