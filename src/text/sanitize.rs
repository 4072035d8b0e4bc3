//! Makes untrusted text safe to print on a terminal.
//!
//! A shared deck, a hand-merged progress file or a file name can hold escape sequences: OSC 52
//! writes the clipboard, OSC 0 sets the window title, OSC 8 makes a link say one thing and open
//! another, CSI clears the screen. Terminals act on them even with colour off and when piped
//! through `less -R`. Every such sequence starts with a control character (ESC, or a C1 control
//! such as U+009B CSI / U+009D OSC), so replacing control characters with a visible form defuses
//! them all while keeping the text readable. Bidirectional overrides and isolates are shown too:
//! they reorder what the reader sees (the "Trojan Source" trick) and no card needs them.
//!
//! Pure: no terminal library. The ratatui TUI drops control characters itself; the CLI printers
//! call this.

use std::borrow::Cow;
use std::fmt::Write as _;

/// True for characters that must not reach the terminal as they are.
fn is_unsafe(c: char, keep_newline: bool) -> bool {
    match c {
        '\n' => !keep_newline,
        '\t' => false,
        _ => c.is_control() || is_bidi_control(c),
    }
}

/// Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The visible form of an unsafe character: caret notation for C0 and DEL (`^[` for ESC, as
/// `cat -v` shows it), `\u{…}` for C1 controls and bidi controls.
fn push_visible(out: &mut String, c: char) {
    let code = u32::from(c);
    match code {
        0..=0x1f => {
            out.push('^');
            out.push(char::from(b'@' + code as u8));
        }
        0x7f => out.push_str("^?"),
        _ => {
            let _ = write!(out, "\\u{{{code:x}}}");
        }
    }
}

fn clean(text: &str, keep_newline: bool) -> Cow<'_, str> {
    let Some(first) = text.find(|c| is_unsafe(c, keep_newline)) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        if is_unsafe(c, keep_newline) {
            push_visible(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` with every control character except `\n` and `\t` (C0, DEL, C1) and every bidi
/// control replaced by a visible escape: ESC becomes `^[`, U+009B becomes `\u{9b}`.
///
/// Text without such characters (plain prose, CJK, emoji) comes back borrowed, unchanged.
pub fn sanitize(text: &str) -> Cow<'_, str> {
    clean(text, true)
}

/// [`sanitize`] for text that must stay on one line (file names, titles, tags, ids): `\n` is
/// shown as `^J` too, so a crafted name cannot start a fake line of output.
pub fn sanitize_line(text: &str) -> Cow<'_, str> {
    clean(text, false)
}

/// `text` with whole terminal escape sequences removed and other control characters turned into
/// spaces, for text that is read rather than shown (a search query). [`sanitize`] keeps a
/// sequence visible, which is right for printing but leaves its parameters as words: a pasted
/// OSC 52 clipboard write `ESC ] 52 ; c ; …` would search for "52" and "c".
///
/// Removed: CSI (`ESC [` or U+009B, parameters, one final byte), the string sequences OSC, DCS,
/// SOS, PM and APC (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _` or their C1 forms, up to BEL or
/// ST or the end), and any other `ESC` with the character after it.
pub fn strip_escapes(text: &str) -> Cow<'_, str> {
    if !text.contains(|c: char| c.is_control() || is_bidi_control(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    // An ESC that ended a string sequence without `\` starts the next sequence.
    let mut again = None;
    while let Some(c) = again.take().or_else(|| chars.next()) {
        let kind = match c {
            '\u{1b}' => chars.next(),
            '\u{9b}' => Some('['),
            '\u{9d}' => Some(']'),
            '\u{90}' => Some('P'),
            '\u{98}' => Some('X'),
            '\u{9e}' => Some('^'),
            '\u{9f}' => Some('_'),
            c if c.is_control() || is_bidi_control(c) => {
                out.push(' ');
                continue;
            }
            c => {
                out.push(c);
                continue;
            }
        };
        match kind {
            // CSI: parameter and intermediate bytes, then one final byte.
            Some('[') => {
                for c in chars.by_ref() {
                    if ('\u{40}'..='\u{7e}').contains(&c) {
                        break;
                    }
                }
            }
            // String sequences end at BEL, ST (ESC \ or U+009C) or the end of the text.
            Some(']' | 'P' | 'X' | '^' | '_') => {
                while let Some(c) = chars.next() {
                    if c == '\u{7}' || c == '\u{9c}' {
                        break;
                    }
                    if c == '\u{1b}' {
                        if chars.next_if_eq(&'\\').is_none() {
                            again = Some(c);
                        }
                        break;
                    }
                }
            }
            _ => {}
        }
        out.push(' ');
    }
    Cow::Owned(out)
}

/// How much of a rejected input an error message quotes.
const PREVIEW_CHARS: usize = 40;

/// The start of `text`, with `…` when it was cut, so an error about a 100 KB input (an
/// expression, a pasted search) does not echo it whole.
pub fn preview(text: &str) -> String {
    match text.char_indices().nth(PREVIEW_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::assert_maps;
    use proptest::prelude::*;

    #[test]
    fn escape_sequences_are_stripped_whole_for_reading() {
        assert_maps(
            |t| strip_escapes(t).into_owned(),
            &[
                ("nvlink", "nvlink"),
                ("a\u{1b}]52;c;ZWNobw==\u{7}b", "a b"),
                ("a\u{1b}]0;title\u{1b}\\b", "a b"),
                ("\u{1b}[31mnvlink\u{1b}[0m", " nvlink "),
                ("\u{9b}2Jx", " x"),
                ("\u{9d}8;;http://e\u{9c}link", " link"),
                ("tab\there", "tab here"),
                ("cut\u{1b}]52;c;abc", "cut "),
                // An OSC cut short by the next sequence: that one is removed too.
                ("a\u{1b}]0;t\u{1b}[31mb", "a  b"),
                ("\u{1b}", " "),
                ("检查点\u{202e}间隔", "检查点 间隔"),
            ],
        );
    }

    #[test]
    fn escape_sequences_become_visible() {
        assert_maps(
            sanitize,
            &[
                ("a\u{1b}]52;c;ZWNobw==\u{7}b", "a^[]52;c;ZWNobw==^Gb"),
                ("\u{1b}[2J\u{1b}]0;PWN\u{7}", "^[[2J^[]0;PWN^G"),
                (
                    "x\u{9b}31m\u{9d}8;;u\u{9c}",
                    "x\\u{9b}31m\\u{9d}8;;u\\u{9c}",
                ),
                ("del\u{7f}nul\0cr\r", "del^?nul^@cr^M"),
                ("abc\u{202e}txt.exe", "abc\\u{202e}txt.exe"),
                ("two\nlines\tand a tab", "two\nlines\tand a tab"),
            ],
        );
        assert_eq!(sanitize_line("fake\nwarning: x"), "fake^Jwarning: x");
    }

    #[test]
    fn plain_text_is_borrowed() {
        for text in [
            "",
            "Why keep NVLink inside the node?",
            "张量并行 all-reduce 带宽",
            "👨‍👩‍👧 ZWJ family, e\u{301} combining",
        ] {
            assert!(
                matches!(sanitize(text), Cow::Borrowed(t) if t == text),
                "{text}"
            );
            assert!(matches!(sanitize_line(text), Cow::Borrowed(_)), "{text}");
        }
    }

    proptest! {
        #[test]
        fn output_has_no_control_characters(text in any::<String>()) {
            let out = sanitize(&text);
            prop_assert!(!out.chars().any(|c| c.is_control() && c != '\n' && c != '\t'));
            prop_assert!(!out.chars().any(is_bidi_control));
            let line = sanitize_line(&text);
            prop_assert!(!line.chars().any(|c| c.is_control() && c != '\t'));
            let again = sanitize(&out);
            prop_assert_eq!(again.as_ref(), out.as_ref(), "idempotent");
        }

        #[test]
        fn text_without_controls_passes_unchanged(
            text in "[a-zA-Z0-9 .,:;!?()\\[\\]{}#*_`'\"/\\\\\n\t-]{0,80}|\\PC{0,40}"
        ) {
            prop_assume!(!text.chars().any(|c| c.is_control() && c != '\n' && c != '\t'));
            prop_assume!(!text.chars().any(is_bidi_control));
            prop_assert!(matches!(sanitize(&text), Cow::Borrowed(t) if t == text));
        }

        #[test]
        fn cjk_and_escapes_mix(cjk in "[\u{4e00}-\u{9fff}]{1,20}", code in 0u32..0x20) {
            let c = char::from_u32(code).unwrap_or('\0');
            let text = format!("{cjk}{c}{cjk}");
            let out = sanitize(&text);
            prop_assert!(out.starts_with(&cjk) && out.ends_with(&cjk));
        }
    }

    #[test]
    fn preview_cuts_on_a_character_boundary() {
        assert_eq!(preview("short"), "short");
        let cjk = "张".repeat(50);
        assert_eq!(preview(&cjk), format!("{}…", "张".repeat(40)));
    }
}
