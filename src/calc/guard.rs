//! Limits checked before any text reaches fend.
//!
//! fend-core parses and evaluates by recursion and clones its syntax tree at each step, so an
//! input nested 900 parentheses deep overflows an 8 MiB stack (the process aborts, leaving the TUI
//! terminal raw), a chain of thousands of terms takes seconds that its interrupt does not cap, and
//! a self-applying function (`(x: x x)(x: x x)`) recurses without end. Every entry point of the
//! engine (`calc`, calculator fields, card figures, config `[[links]]` values, the TUI `=` prompt)
//! goes through [`check`], so the limits hold everywhere. The limits sit far above real use: the
//! longest bundled card expression is 105 characters and 3 parentheses deep.

use crate::calc::CalcError;
use crate::text::Bi;

/// Longest expression accepted, in characters. The slowest input of this length (a chain of
/// `1+1+…`) takes about 10 ms per fend call in a release build, well under the 1 s budget.
pub const MAX_EXPRESSION_CHARS: usize = 256;

/// Deepest parenthesis nesting accepted.
pub const MAX_NESTING: usize = 64;

/// Characters fend reads as function syntax (`x: body`, `x => body`, `\x.body`, `λx.body`).
/// Functions are what make unbounded recursion possible, and no calculation needs them.
const FUNCTION_SYNTAX: &[(&str, &str, &str)] = &[
    (
        ":",
        "':' (fend's function syntax `x: body`)",
        "':'（fend 的函数写法 `x: body`）",
    ),
    (
        "=>",
        "'=>' (fend's function syntax `x => body`)",
        "'=>'（fend 的函数写法 `x => body`）",
    ),
    (
        "\\",
        "'\\' (fend's lambda syntax `\\x.body`)",
        "'\\'（fend 的 lambda 写法 `\\x.body`）",
    ),
    (
        "\u{3bb}",
        "'\u{3bb}' (fend's lambda syntax `\u{3bb}x.body`)",
        "'\u{3bb}'（fend 的 lambda 写法 `\u{3bb}x.body`）",
    ),
];

/// Words that, after `to`/`as`/`in`, make fend print digits in another base (`1 GiB to hex` prints `40000000`), which
/// would be read back as a decimal number: a silently wrong answer.
const BASE_WORDS: &[&str] = &["hex", "hexadecimal", "binary", "octal", "base"];

/// The deepest parenthesis nesting in `text`.
fn nesting(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for c in text.chars() {
        match c {
            '(' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Rejects text that nests too deep, is too long, or defines a function (checked in that order,
/// so a deeply nested input is told about its nesting, the more useful fix).
pub(crate) fn check(text: &str) -> Result<(), CalcError> {
    let refuse = |problem: Bi| {
        Err(CalcError::range(
            "expression",
            crate::text::sanitize::preview(text),
            problem,
        ))
    };
    let depth = nesting(text);
    if depth > MAX_NESTING {
        return refuse(crate::bi!(
            "nests {depth} parentheses deep; the limit is {MAX_NESTING}: \
                 remove redundant parentheses or split the calculation into steps",
            "括号嵌套 {depth} 层，上限为 {MAX_NESTING}：请去掉多余括号或把计算拆成几步"
        ));
    }
    let chars = text.chars().count();
    if chars > MAX_EXPRESSION_CHARS {
        return refuse(crate::bi!(
            "is {chars} characters long; the limit is {MAX_EXPRESSION_CHARS}: \
                 split the calculation into steps",
            "长 {chars} 个字符，上限为 {MAX_EXPRESSION_CHARS}：请把计算拆成几步"
        ));
    }
    if let Some((_, what, what_zh)) = FUNCTION_SYNTAX.iter().find(|(s, _, _)| text.contains(s)) {
        return refuse(crate::bi!(
            "uses {what}, and functions are not supported: \
                 write arithmetic with units, such as '10 GiB / 25 GB/s'",
            "用了 {what_zh}，不支持函数：请写带单位的算式，如 '10 GiB / 25 GB/s'"
        ));
    }
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let base_word = words.windows(2).find_map(|pair| {
        (["to", "as", "in"].contains(&pair[0].as_str()) && BASE_WORDS.contains(&pair[1].as_str()))
            .then_some(&pair[1])
    });
    if let Some(word) = base_word {
        return refuse(crate::bi!(
            "asks for another number base ('{word}'), which the calculator cannot read back: \
                 leave the conversion out and write numbers in decimal",
            "要求换成其他进制（'{word}'），计算器无法读回：请去掉这个换算，数字用十进制写"
        ));
    }
    // The engine keeps a hexadecimal or binary literal's base in its answer, which is then no
    // number the calculators can read.
    let based = |w: &str| {
        let digits =
            |rest: &str, radix: u32| !rest.is_empty() && rest.chars().all(|c| c.is_digit(radix));
        w.strip_prefix("0x").is_some_and(|r| digits(r, 16))
            || w.strip_prefix("0b").is_some_and(|r| digits(r, 2))
            || w.strip_prefix("0o").is_some_and(|r| digits(r, 8))
    };
    if let Some(word) = words.iter().find(|w| based(w)) {
        return refuse(crate::bi!(
            "uses a number in another base ('{word}'): write numbers in decimal, such as '16'",
            "用了其他进制的数（'{word}'）：请用十进制写数字，如 '16'"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_limit_that_was_exceeded() {
        let deep = format!("{}1{}", "(".repeat(100), ")".repeat(100));
        let err = check(&deep).expect_err("deep").to_string();
        assert!(
            err.contains("nests 100 parentheses deep; the limit is 64"),
            "{err}"
        );
        let long = "1+".repeat(200);
        let err = check(&long).expect_err("long").to_string();
        assert!(
            err.contains("is 400 characters long; the limit is 256"),
            "{err}"
        );
        assert!(err.len() < 200, "the message quotes only a preview: {err}");
        for base in ["1 GiB to hex", "0b101 to base 2", "5 to Binary"] {
            let err = check(base).expect_err(base).to_string();
            assert!(err.contains("another number base"), "{err}");
        }
        for literal in ["0x10", "0xff * 2", "0x10 GB", "0b101", "2 * 0o17"] {
            let err = check(literal).expect_err(literal).to_string();
            assert!(err.contains("write numbers in decimal"), "{err}");
        }
        for lambda in ["(x: x x)(x: x x)", "x => x", "\\x.x", "\u{3bb}x.x"] {
            let err = check(lambda).expect_err(lambda).to_string();
            assert!(err.contains("functions are not supported"), "{err}");
        }
    }

    #[test]
    fn accepts_real_expressions() {
        for ok in [
            "10 GiB / 25 GB/s",
            "sqrt(2 * 60 s * 3.09 h) * (1 + sqrt(60 s / (2 * 3.09 h)) / 3 + (60 s / (2 * 3.09 h)) / 9) - 60 s",
            &format!("{}1{}", "(".repeat(64), ")".repeat(64)),
            "a = 5; a * GiB",
        ] {
            assert!(check(ok).is_ok(), "{ok}");
        }
    }
}
