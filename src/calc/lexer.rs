//! Text clean-up in front of fend: unit-word checks and quantity grouping.
//!
//! fend reads `10 GiB / 25 GB/s` as `((10 GiB / 25) GB) / s` because juxtaposition binds looser
//! than `/`; people mean `(10 GiB) / (25 GB/s)`. Grouping each number with the units written after
//! it restores the reading people intend. The unit checks catch spellings that fend accepts but
//! reads differently from what engineers mean (`mbps` is millibits, `GBps` is gigabits).

use crate::calc::CalcError;
use crate::text::Bi;

/// A piece of input text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token<'a> {
    Number(&'a str),
    Word(&'a str),
    Space(&'a str),
    Other(&'a str),
}

/// Words that separate a quantity from what follows rather than being units themselves.
const KEYWORDS: &[&str] = &["to", "as", "in", "per", "and", "of"];

fn is_word_start(c: char) -> bool {
    c.is_alphabetic() || c == '_' || c == 'µ' || c == 'μ'
}

fn is_word_char(c: char) -> bool {
    is_word_start(c) || c.is_ascii_digit()
}

/// Length in bytes of the number at the start of `s` (digits, one point, an optional exponent).
fn number_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
        i += 1;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    i
}

fn tokenize(text: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let len = if c.is_ascii_digit()
            || (c == '.' && rest[1..].starts_with(|d: char| d.is_ascii_digit()))
        {
            number_len(rest)
        } else if is_word_start(c) {
            rest.find(|ch: char| !is_word_char(ch))
                .unwrap_or(rest.len())
        } else if c.is_whitespace() {
            rest.find(|ch: char| !ch.is_whitespace())
                .unwrap_or(rest.len())
        } else {
            c.len_utf8()
        };
        let (head, tail) = rest.split_at(len);
        tokens.push(match c {
            _ if c.is_ascii_digit() || c == '.' && len > 1 => Token::Number(head),
            _ if is_word_start(c) => Token::Word(head),
            _ if c.is_whitespace() => Token::Space(head),
            _ => Token::Other(head),
        });
        rest = tail;
    }
    tokens
}

fn is_unit_word(token: Option<&Token<'_>>) -> bool {
    matches!(token, Some(Token::Word(w)) if !KEYWORDS.contains(w))
}

/// Index of the next non-space token at or after `i`.
fn skip_space(tokens: &[Token<'_>], mut i: usize) -> usize {
    while matches!(tokens.get(i), Some(Token::Space(_))) {
        i += 1;
    }
    i
}

/// If a unit continuation (`/ s`, `per s`, `^2`) starts at `i`, the index just after it.
fn continuation_end(tokens: &[Token<'_>], i: usize) -> Option<usize> {
    let op = skip_space(tokens, i);
    match tokens.get(op) {
        Some(Token::Other("/") | Token::Word("per")) => {
            let unit = skip_space(tokens, op + 1);
            is_unit_word(tokens.get(unit)).then_some(unit + 1)
        }
        Some(Token::Other("^")) if op == i => match tokens.get(op + 1) {
            Some(Token::Number(_)) => Some(op + 2),
            Some(Token::Other("-")) if matches!(tokens.get(op + 2), Some(Token::Number(_))) => {
                Some(op + 3)
            }
            _ => None,
        },
        _ => None,
    }
}

/// Wraps every `number unit[/unit…]` in parentheses so that it is one operand.
pub(crate) fn group_quantities(text: &str) -> String {
    let tokens = tokenize(text);
    let mut out = String::with_capacity(text.len() + 8);
    let mut i = 0;
    while i < tokens.len() {
        // A power of a number (`2^30`, `1024^3`) is the number a unit applies to: `2^30 B` is
        // `(2^30) B`, never `2^(30 B)`.
        let number_end = if matches!(tokens[i], Token::Number(_))
            && matches!(tokens.get(i + 1), Some(Token::Other("^")))
        {
            continuation_end(&tokens, i + 1).unwrap_or(i + 1)
        } else {
            i + 1
        };
        let unit = skip_space(&tokens, number_end);
        if matches!(tokens[i], Token::Number(_)) && is_unit_word(tokens.get(unit)) {
            let mut end = unit + 1;
            while let Some(next) = continuation_end(&tokens, end) {
                end = next;
            }
            out.push('(');
            let power = number_end > i + 1;
            if power {
                out.push('(');
            }
            for (at, t) in tokens[i..end].iter().enumerate() {
                if power && i + at == number_end {
                    out.push(')');
                }
                out.push_str(token_text(*t));
            }
            out.push(')');
            i = end;
        } else {
            out.push_str(token_text(tokens[i]));
            i += 1;
        }
    }
    out
}

/// The number literals of `text`, in order (`"1.05 TB"` gives `["1.05"]`).
pub(crate) fn number_literals(text: &str) -> Vec<&str> {
    tokenize(text)
        .into_iter()
        .filter_map(|t| match t {
            Token::Number(n) => Some(n),
            _ => None,
        })
        .collect()
}

fn token_text(token: Token<'_>) -> &str {
    match token {
        Token::Number(s) | Token::Word(s) | Token::Space(s) | Token::Other(s) => s,
    }
}

/// Rejects unit spellings that fend would read differently from what the writer meant.
pub(crate) fn check_unit_words(text: &str) -> Result<(), CalcError> {
    for token in tokenize(text) {
        if let Token::Word(word) = token
            && let Some((reason, hint)) = unit_word_problem(word)
        {
            return Err(CalcError::Unreadable {
                input: text.to_owned(),
                reason,
                hint,
            });
        }
    }
    Ok(())
}

fn unit_word_problem(word: &str) -> Option<(Bi, Bi)> {
    let prefixed = |rest: &str| {
        let mut chars = word.chars();
        let first = chars.next()?;
        let tail = chars.as_str();
        let tail = tail.strip_prefix('i').unwrap_or(tail);
        ("kKMGTPE".contains(first) && tail == rest).then_some(first)
    };
    if matches!(word, "mb" | "mB" | "mbps" | "mBps" | "mbit") {
        return Some((
            crate::bi!("'{word}' means milli-bits", "'{word}' 表示毫比特"),
            Bi::new(
                "write 'MB' for megabytes or 'Mb' / 'Mbps' for megabits",
                "兆字节写 'MB'，兆比特写 'Mb' / 'Mbps'",
            ),
        ));
    }
    if matches!(word, "kb" | "gb" | "tb" | "pb") {
        let up = word.to_uppercase();
        let bits = format!("{}b", &up[..1]);
        let binary = &up[..1];
        return Some((
            crate::bi!(
                "'{word}' is ambiguous between bits and bytes",
                "'{word}' 分不清是比特还是字节"
            ),
            crate::bi!(
                "write '{up}' for bytes (or '{binary}iB' for binary) or '{bits}' for bits",
                "字节写 '{up}'（二进制写 '{binary}iB'），比特写 '{bits}'"
            ),
        ));
    }
    if let Some(p) = prefixed("Bps") {
        return Some((
            crate::bi!(
                "'{word}' is read by some tools as bits per second",
                "有些工具把 '{word}' 读作比特每秒"
            ),
            crate::bi!(
                "write '{p}B/s' for bytes per second or '{p}b/s' for bits per second",
                "字节每秒写 '{p}B/s'，比特每秒写 '{p}b/s'"
            ),
        ));
    }
    if let Some(p) = prefixed("Bs").or_else(|| prefixed("bs")) {
        return Some((
            crate::bi!("'{word}' is not a unit", "'{word}' 不是单位"),
            crate::bi!(
                "write '{p}B/s' for a rate or '{p}B' for a size",
                "速率写 '{p}B/s'，大小写 '{p}B'"
            ),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::assert_maps;

    #[test]
    fn groups_each_quantity_and_leaves_plain_arithmetic_alone() {
        assert_maps(
            group_quantities,
            &[
                ("10 GiB / 25 GB/s", "(10 GiB) / (25 GB/s)"),
                ("1 TB / 1 GB/s to h", "(1 TB) / (1 GB/s) to h"),
                ("10GiB/25GB / s", "(10GiB)/(25GB / s)"),
                ("2 * 5 min", "2 * (5 min)"),
                ("1e3 bytes^2", "(1e3 bytes^2)"),
                ("3 GB per s", "(3 GB per s)"),
                ("1.5 µs", "(1.5 µs)"),
                ("2^30 B", "((2^30) B)"),
                ("1024^3 B", "((1024^3) B)"),
                ("8 * 2^30 bytes", "8 * ((2^30) bytes)"),
                ("2^-3 s", "((2^-3) s)"),
                ("2^10", "2^10"),
                // Plain arithmetic stays as it is.
                ("2 + 3 * 4", "2 + 3 * 4"),
                ("(10 GiB) to GB", "((10 GiB)) to GB"),
                ("10 to x", "10 to x"),
            ],
        );
    }

    #[test]
    fn rejects_misleading_unit_words() {
        for bad in ["10 GBs", "10 mbps", "5 gb", "10 GBps", "3 GiBs", "1 mb"] {
            let err = check_unit_words(bad).expect_err(bad).to_string();
            assert!(err.contains(&format!("'{bad}'")), "{err}");
        }
        for good in [
            "10 GB", "200 Gbps", "25 GB/s", "2 us", "1.5 µs", "10 Gb/s", "70e9",
        ] {
            assert!(check_unit_words(good).is_ok(), "{good}");
        }
    }
}
