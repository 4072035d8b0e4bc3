//! Which key points a typed answer covered, by looking for each point's terms in it.
//!
//! Text is folded (full-width to half-width, `µ` to `u`, `×` to `x`) and cut into tokens: words
//! (compared without case), single CJK characters (so Chinese matches without spaces), numbers
//! with an optional unit (`600GB/s`, `600 GB/s` and `600 GB／s` are one token), and a few symbols.
//! A term matches where its tokens appear in a row in the answer. Units keep the case that
//! carries meaning, so `GB` (bytes) and `Gb` (bits) differ while `kB`/`KB` and `ms`/`MS` do not.
//! Pure functions; no content loading.

use crate::content::KeyPoint;

/// A piece of folded text that matching compares.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    /// A run of letters and digits, lowercased.
    Word(String),
    /// One CJK character.
    Cjk(char),
    /// A number in canonical form (`1,800.0` -> `1800`) and its unit if it has one.
    Num(String, Option<String>),
    /// A unit written without a number, such as `GiB` in "measured in GiB".
    Unit(String),
    Symbol(char),
}

/// True when the answer mentions every term of the point (any `|` alternative of each).
pub fn covered(answer: &str, point: &KeyPoint) -> bool {
    covered_tokens(&tokens(answer), point)
}

/// [`covered`] for each point, tokenising the answer once.
pub fn coverage(answer: &str, points: &[KeyPoint]) -> Vec<bool> {
    let answer = tokens(answer);
    points.iter().map(|p| covered_tokens(&answer, p)).collect()
}

fn covered_tokens(answer: &[Token], point: &KeyPoint) -> bool {
    let mut terms = point.alternatives().peekable();
    terms.peek().is_some()
        && terms.all(|alternatives| {
            alternatives
                .iter()
                .any(|term| contains(answer, &tokens(term)))
        })
}

/// True when `term` appears as a run of tokens in `answer`.
fn contains(answer: &[Token], term: &[Token]) -> bool {
    if term.is_empty() {
        return false;
    }
    answer.windows(term.len()).any(|window| {
        window
            .iter()
            .zip(term)
            .enumerate()
            .all(|(i, (a, t))| token_matches(a, t, i + 1 == term.len()))
    })
}

/// Whether an answer token satisfies a term token.
///
/// A term's last word also matches a longer word that starts with it when it has at least four
/// letters, so `reduc` finds "reduce" and `ring` finds "rings", while `TP` does not find "TPU".
/// A number without a unit in the term matches that number with any unit.
fn token_matches(answer: &Token, term: &Token, last: bool) -> bool {
    match (answer, term) {
        (Token::Word(a), Token::Word(t)) => {
            a == t || (last && t.chars().count() >= 4 && a.starts_with(t.as_str()))
        }
        (Token::Num(a, a_unit), Token::Num(t, t_unit)) => {
            a == t && (t_unit.is_none() || a_unit == t_unit)
        }
        (Token::Num(_, Some(a_unit)) | Token::Unit(a_unit), Token::Unit(t_unit)) => {
            a_unit == t_unit
        }
        _ => answer == term,
    }
}

/// Folds full-width forms to ASCII and the micro sign to `u`, so both spellings compare equal.
fn fold(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        'µ' | 'μ' => 'u',
        '×' => 'x',
        '。' => '.',
        '、' => ',',
        _ => c,
    }
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF
        | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

const SYMBOLS: &[char] = &[
    '/', '+', '=', '<', '>', '~', '^', '*', '&', '#', '%', '@', '$',
];

/// Cuts folded text into tokens.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().map(fold).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        if is_cjk(c) {
            out.push(Token::Cjk(c));
            i += 1;
        } else if c.is_ascii_digit() {
            let (number, next) = read_number(&chars, i);
            let (unit, next) = read_unit(&chars, next, true);
            out.push(Token::Num(number, unit));
            i = next;
        } else if c.is_alphanumeric() {
            let (unit, next) = read_unit(&chars, i, false);
            if let Some(unit) = unit {
                out.push(Token::Unit(unit));
                i = next;
            } else {
                let end = run_end(&chars, i, char::is_alphanumeric);
                let word: String = chars[i..end].iter().collect();
                out.push(Token::Word(word.to_lowercase()));
                i = end;
            }
        } else {
            if SYMBOLS.contains(&c) {
                out.push(Token::Symbol(c));
            }
            i += 1;
        }
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
/// Returns its canonical text (no thousands separators, no trailing fractional zeros).
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
    if seen_point {
        digits = digits
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_owned();
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
/// "8 GPUs" the word stays a word. Returns the canonical unit and the index after it.
fn read_unit(chars: &[char], start: usize, after_number: bool) -> (Option<String>, usize) {
    let mut i = start;
    if after_number {
        while chars.get(i).is_some_and(|c| *c == ' ') {
            i += 1;
        }
    }
    let mut end = run_end(chars, i, |c| c.is_ascii_alphabetic() || c == '%');
    // A rate: `GB/s`, `GT/s`, `FLOP/s`.
    let slash_s = chars.get(end) == Some(&'/')
        && chars.get(end + 1) == Some(&'s')
        && !chars.get(end + 2).is_some_and(|c| c.is_alphanumeric());
    let with_rate = |s: &str| {
        if slash_s {
            format!("{s}/s")
        } else {
            s.to_owned()
        }
    };
    let text: String = chars[i..end].iter().collect();
    let unit = if after_number {
        canonical_unit(&with_rate(&text))
    } else {
        data_unit(&with_rate(&text))
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

/// A data size or rate with its meaningful case: the SI prefix upper-cased (`k` = `K`), the base
/// letter kept (`B` byte, `b` bit), `ps` written `/s`. `None` for anything else.
fn data_unit(text: &str) -> Option<String> {
    let (body, rate) = if let Some(b) = text.strip_suffix("/s") {
        (b, true)
    } else if let Some(b) = text.strip_suffix("ps").filter(|b| b.ends_with(['b', 'B'])) {
        (b, true)
    } else {
        (text, false)
    };
    let mut chars: Vec<char> = body.chars().collect();
    let base @ ('B' | 'b') = chars.pop()? else {
        return None;
    };
    let binary = chars.last() == Some(&'i');
    if binary {
        chars.pop();
    }
    let prefix = match chars.as_slice() {
        [] if !binary => String::new(),
        [p] if "kKmMgGtTpPeE".contains(*p) => p.to_ascii_uppercase().to_string(),
        _ => return None,
    };
    let i = if binary { "i" } else { "" };
    let rate = if rate { "/s" } else { "" };
    Some(format!("{prefix}{i}{base}{rate}"))
}

/// Any unit written after a number: data units keep their case, others are lowercased.
fn canonical_unit(text: &str) -> Option<String> {
    if let Some(unit) = data_unit(text) {
        return Some(unit);
    }
    let lower = text.to_ascii_lowercase();
    let known = [
        "%", "x", "s", "ms", "us", "ns", "sec", "secs", "min", "mins", "h", "hr", "hrs", "hz",
        "khz", "mhz", "ghz", "w", "kw", "mw", "gw", "gt/s", "flops", "tflops", "pflops", "gflops",
        "flop/s", "tflop/s", "pflop/s", "k", "m", "g", "t", "bit", "bits", "byte", "bytes", "gbit",
        "gbits", "tbit",
    ];
    known
        .contains(&lower.as_str())
        .then(|| lower.replace("flop/s", "flops"))
}

#[cfg(test)]
mod tests;
