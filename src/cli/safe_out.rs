//! Output the terminal can trust: every byte the command line prints of card text, file names
//! or progress data passes through [`SafeWriter`], which shows control characters visibly
//! (an OSC 52 clipboard write or a clear-screen from a shared deck prints as `^[]52;…`).
//!
//! The only escapes let through are colour codes (`ESC [ digits ; m`), and only when colour is
//! on: those are the ones `style.rs` writes.

use std::io::{self, Write};

use crate::text::sanitize::sanitize;

/// A writer that sanitises whole lines before passing them on.
pub struct SafeWriter<'a> {
    inner: &'a mut dyn Write,
    /// Whether colour codes (SGR) may pass.
    colour: bool,
    /// Bytes of an unfinished line.
    pending: Vec<u8>,
}

impl<'a> SafeWriter<'a> {
    pub fn new(inner: &'a mut dyn Write, colour: bool) -> SafeWriter<'a> {
        SafeWriter {
            inner,
            colour,
            pending: Vec::new(),
        }
    }

    fn emit(&mut self, bytes: &[u8]) -> io::Result<()> {
        let text = String::from_utf8_lossy(bytes);
        self.inner.write_all(clean(&text, self.colour).as_bytes())
    }
}

/// `text` sanitised, keeping colour codes when `colour` is on.
pub fn clean(text: &str, colour: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\x1b') {
        out.push_str(&sanitize(&rest[..at]));
        let tail = &rest[at..];
        match colour_code(tail) {
            Some(len) if colour => {
                out.push_str(&tail[..len]);
                rest = &tail[len..];
            }
            _ => {
                out.push_str(&sanitize(&tail[..1]));
                rest = &tail[1..];
            }
        }
    }
    out.push_str(&sanitize(rest));
    out
}

/// The length of an SGR colour code at the start of `text` (`ESC [ 1;32 m`), if there is one.
fn colour_code(text: &str) -> Option<usize> {
    let body = text.strip_prefix("\x1b[")?;
    let params = body
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b';')
        .count();
    (body.as_bytes().get(params) == Some(&b'm')).then_some(2 + params + 1)
}

impl Write for SafeWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if let Some(end) = self.pending.iter().rposition(|b| *b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            self.emit(&line)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let rest = std::mem::take(&mut self.pending);
        if !rest.is_empty() {
            self.emit(&rest)?;
        }
        self.inner.flush()
    }
}

impl Drop for SafeWriter<'_> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_show_and_colour_codes_pass_only_with_colour() {
        let hostile = "a\x1b]52;c;ZWNobw==\x07b \x1b[2J \x1b[1;32mok\x1b[0m\n";
        let out = clean(hostile, true);
        assert!(!out.contains("\x1b]"), "{out:?}");
        assert!(!out.contains("\x1b[2J"), "{out:?}");
        assert!(!out.contains('\x07'), "{out:?}");
        assert!(out.contains("\x1b[1;32mok\x1b[0m"), "{out:?}");
        let plain = clean(hostile, false);
        assert!(!plain.contains('\x1b'), "{plain:?}");
        assert_eq!(clean("张量并行 TP\tok\n", false), "张量并行 TP\tok\n");
    }

    #[test]
    fn a_sequence_split_across_writes_is_still_caught() {
        let mut sink = Vec::new();
        {
            let mut safe = SafeWriter::new(&mut sink, false);
            safe.write_all(b"title \x1b").expect("write");
            safe.write_all(b"]0;PWNED\x07 end\n").expect("write");
        }
        let text = String::from_utf8(sink).expect("utf8");
        assert!(!text.contains('\x1b') && !text.contains('\x07'), "{text:?}");
        assert!(text.contains("PWNED"), "{text:?}");
    }
}
