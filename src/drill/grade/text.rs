//! Cutting folded text into the tokens the grader compares, each with where it came from.
//!
//! Text is folded first (full-width to half-width, `µ` to `u`, `×` to `x`, typographic minus to
//! `-`), then cut into words (compared without case), single CJK characters (so Chinese matches
//! without spaces), numbers with an optional unit (`600GB/s`, `600 GB/s` and `600 GB／s` are one
//! token; `12 倍` and `12 times` read as `12x`, `14 字节` as `14 B`), and a few symbols. Every token keeps its span
//! in the original text (in chars) and the clause it is in, so a direction word can be tied to
//! the figure of its own clause and the review can quote what matched.

use super::units::{canonical_unit, data_unit};

/// A piece of folded text that matching compares.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    /// A run of letters and digits, lowercased.
    Word(String),
    /// One CJK character.
    Cjk(char),
    /// A number as written (`1,800.0` -> `1800.0`) and its canonical unit if it has one.
    Num(String, Option<String>),
    /// A unit written without a number, such as `GiB` in "measured in GiB".
    Unit(String),
    Symbol(char),
}

/// A token and where it is in the original text.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub tok: Tok,
    /// Char offsets in the original text, end exclusive.
    pub start: usize,
    pub end: usize,
    /// Clauses are separated by `, ; . :`, their CJK forms and line breaks.
    pub clause: usize,
}

/// Folds full-width forms to ASCII and a few look-alikes to one spelling, char for char (so
/// offsets stay those of the original text).
pub fn fold(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        'µ' | 'μ' => 'u',
        '×' => 'x',
        '−' | '–' | '—' => '-',
        '。' => '.',
        '、' => ',',
        _ => c,
    }
}

pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF
        | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

const SYMBOLS: &[char] = &[
    '/', '+', '=', '<', '>', '~', '^', '*', '&', '#', '%', '@', '$',
];

/// Characters that end a clause. A `.` inside a number never reaches this test.
fn ends_clause(c: char) -> bool {
    matches!(c, ',' | ';' | '.' | ':' | '\n' | '!' | '?')
}

/// Cuts text into tokens.
pub fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().map(fold).collect();
    let mut out = Vec::new();
    let mut clause = 0;
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let start = i;
        let tok = if is_cjk(c) {
            i += 1;
            Tok::Cjk(c)
        } else if c.is_ascii_digit() {
            let (number, next) = read_number(&chars, i);
            let (unit, next) = read_unit(&chars, next, true);
            i = next;
            Tok::Num(number, unit)
        } else if c.is_alphanumeric() {
            let (unit, next) = read_unit(&chars, i, false);
            if let Some(unit) = unit {
                i = next;
                Tok::Unit(unit)
            } else {
                let end = run_end(&chars, i, char::is_alphanumeric);
                let word: String = chars[i..end].iter().collect();
                i = end;
                Tok::Word(word.to_lowercase())
            }
        } else {
            i += 1;
            if ends_clause(c) {
                clause += 1;
            }
            if !SYMBOLS.contains(&c) {
                continue;
            }
            Tok::Symbol(c)
        };
        out.push(Token {
            tok,
            start,
            end: i,
            clause,
        });
    }
    out
}

/// The end of the run of chars from `start` for which `keep` holds (CJK always ends a run).
fn run_end(chars: &[char], start: usize, keep: impl Fn(char) -> bool) -> usize {
    chars[start..]
        .iter()
        .position(|&c| !keep(c) || is_cjk(c))
        .map_or(chars.len(), |n| start + n)
}

/// Reads a number at `start`: digits, one decimal point, and thousands commas (`1,800`).
/// Returns it without thousands separators or leading zeros; trailing fractional zeros stay,
/// because they say how precise the figure is.
fn read_number(chars: &[char], start: usize) -> (String, usize) {
    let mut digits = String::new();
    let mut i = start;
    let mut seen_point = false;
    while let Some(&c) = chars.get(i) {
        let next_is_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() {
            digits.push(c);
        } else if c == '.' && !seen_point && next_is_digit {
            seen_point = true;
            digits.push('.');
        } else if c == ',' && !seen_point && is_thousands_group(chars, i + 1) {
            // Thousands separator: skip it.
        } else {
            break;
        }
        i += 1;
    }
    let trimmed = digits.trim_start_matches('0');
    let canonical = if trimmed.is_empty() || trimmed.starts_with('.') {
        format!("0{trimmed}")
    } else {
        trimmed.to_owned()
    };
    (canonical, i)
}

/// True when exactly three digits start at `at` and no digit follows them.
fn is_thousands_group(chars: &[char], at: usize) -> bool {
    (at..at + 3).all(|j| chars.get(j).is_some_and(char::is_ascii_digit))
        && !chars.get(at + 3).is_some_and(char::is_ascii_digit)
}

/// Reads a unit at `start` (after spaces when `after_number`). Only known units are taken, so in
/// "8 GPUs" the word stays a word. After a number, `倍` and `times` are the unit `x`. Returns
/// the canonical unit and the index after it.
fn read_unit(chars: &[char], start: usize, after_number: bool) -> (Option<String>, usize) {
    let mut i = start;
    if after_number {
        while chars.get(i).is_some_and(|c| *c == ' ') {
            i += 1;
        }
        if chars.get(i) == Some(&'倍') {
            return (Some("x".to_owned()), i + 1);
        }
        if chars.get(i..i + 2) == Some(&['字', '节']) {
            return (Some("B".to_owned()), i + 2);
        }
    }
    let mut end = run_end(chars, i, |c| c.is_ascii_alphabetic() || c == '%');
    // A rate: `GB/s`, `GT/s`, `FLOP/s`.
    let slash_s = chars.get(end) == Some(&'/')
        && chars.get(end + 1) == Some(&'s')
        && !chars.get(end + 2).is_some_and(|c| c.is_alphanumeric());
    let text: String = chars[i..end].iter().collect();
    let text = if slash_s { format!("{text}/s") } else { text };
    let unit = if after_number {
        canonical_unit(&text)
    } else {
        data_unit(&text)
    };
    if chars
        .get(end)
        .is_some_and(|c| c.is_alphanumeric() && !is_cjk(*c))
    {
        return (None, start);
    }
    match unit {
        Some(unit) => {
            if slash_s {
                end += 2;
            }
            (Some(unit), end)
        }
        None => (None, start),
    }
}
