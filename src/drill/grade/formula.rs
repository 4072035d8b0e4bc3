//! Formulas compared in one compact spelling: `sqrt(2*delta*M)`, `√(2δM)` and `sqrt(2·δ·M)`
//! are all `sqrt(2deltam)`; `(p-1)/m` and `(p − 1) / m` are both `(p-1)/m`.
//!
//! Spaces and multiplication signs are dropped, `√` is written `sqrt`, Greek letters are written
//! out, superscripts become `^n`, and case is ignored. A match must not start or end inside a
//! word of the original text, so `bsh` does not match in "abshift".

use super::text::fold;

/// A text in compact spelling, with the original char offset of each compact char.
#[derive(Debug, Clone, Default)]
pub struct Compact {
    pub chars: Vec<char>,
    pub origin: Vec<usize>,
}

/// True for a term that is a formula and should also be compared in compact spelling.
pub fn is_formula(term: &str) -> bool {
    term.contains(['(', '√', '·', '⋅', '*', '^', '×', '²', '³'])
        || term.contains("sqrt")
        || term.chars().any(|c| greek(c).is_some())
}

/// The compact spelling of `text`.
pub fn compact(text: &str) -> Compact {
    let mut out = Compact::default();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let c = fold(c);
        let spelled: &str = match c {
            '√' => "sqrt",
            '²' => "^2",
            '³' => "^3",
            'x' if multiplies(&chars, i) => "",
            c if c.is_whitespace() || "*·⋅∙".contains(c) => "",
            c => {
                if let Some(name) = greek(c) {
                    name
                } else {
                    for lower in c.to_lowercase() {
                        out.chars.push(lower);
                        out.origin.push(i);
                    }
                    continue;
                }
            }
        };
        for s in spelled.chars() {
            out.chars.push(s);
            out.origin.push(i);
        }
    }
    out
}

/// True when the `x` at char `at` stands between spaces (`2 x δ`), as a multiplication sign.
fn multiplies(chars: &[char], at: usize) -> bool {
    at > 0 && chars.get(at - 1) == Some(&' ') && chars.get(at + 1) == Some(&' ')
}

/// The spelled-out name of a Greek letter (`µ`/`μ` are the micro sign, folded earlier).
fn greek(c: char) -> Option<&'static str> {
    Some(match c.to_lowercase().next()? {
        'α' => "alpha",
        'β' => "beta",
        'γ' => "gamma",
        'δ' => "delta",
        'ε' => "epsilon",
        'η' => "eta",
        'θ' => "theta",
        'λ' => "lambda",
        'π' => "pi",
        'ρ' => "rho",
        'σ' => "sigma",
        'τ' => "tau",
        'φ' => "phi",
        'ω' => "omega",
        _ => return None,
    })
}

/// Where `term` occurs in `answer` (both compact) without cutting a word of the original
/// `text`: the span in original chars.
pub fn find(answer: &Compact, term: &Compact, text: &[char]) -> Option<(usize, usize)> {
    let n = term.chars.len();
    if n == 0 || n > answer.chars.len() {
        return None;
    }
    let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric() && c.is_ascii());
    (0..=answer.chars.len() - n).find_map(|at| {
        if answer.chars[at..at + n] != term.chars[..] {
            return None;
        }
        let start = answer.origin[at];
        let end = answer.origin[at + n - 1] + 1;
        let cuts_before = word(term.chars.first())
            && start > 0
            && word(text.get(start - 1))
            && word(text.get(start));
        let cuts_after = word(term.chars.last()) && word(text.get(end)) && word(text.get(end - 1));
        (!cuts_before && !cuts_after).then_some((start, end))
    })
}
