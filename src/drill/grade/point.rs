//! One key point made ready to grade (its terms tokenised, widened by the glossary, its
//! figures valued and tied to a direction), and the test of one answer against it.

use std::cell::OnceCell;

use super::figure::{Direction, DirectionWords, Figure, directions};
use super::formula::{self, Compact};
use super::text::{Tok, Token, fold, tokens};
use crate::content::glossary::{Glossary, normalize};
use crate::content::{KeyPoint, TermRule};

/// An answer cut up once for all the points it is graded against.
pub struct Answer<'a> {
    /// The original text, for quoting what matched.
    original: Vec<char>,
    /// The folded text, for word-boundary tests.
    folded: Vec<char>,
    tokens: Vec<Token>,
    figures: Vec<Option<Figure>>,
    directions: Vec<Option<Direction>>,
    text: &'a str,
    compact: OnceCell<Compact>,
}

impl<'a> Answer<'a> {
    pub fn new(text: &'a str, words: &DirectionWords) -> Answer<'a> {
        let original: Vec<char> = text.chars().collect();
        let folded: Vec<char> = original.iter().copied().map(fold).collect();
        let tokens = tokens(text);
        let figures: Vec<Option<Figure>> = tokens.iter().map(|t| Figure::of(&t.tok)).collect();
        let directions = directions(&tokens, &figures, &folded, words);
        Answer {
            original,
            folded,
            tokens,
            figures,
            directions,
            text,
            compact: OnceCell::new(),
        }
    }

    /// The original text between two char offsets.
    pub fn excerpt(&self, start: usize, end: usize) -> String {
        self.original
            .get(start..end)
            .unwrap_or_default()
            .iter()
            .collect()
    }
}

/// A figure of a term and the direction its key point says it is.
#[derive(Debug, Clone)]
struct TermFigure {
    figure: Figure,
    direction: Option<Direction>,
}

/// One accepted spelling of a term, ready to match.
#[derive(Debug, Clone)]
struct Spelling {
    text: String,
    tokens: Vec<Tok>,
    figures: Vec<Option<TermFigure>>,
    /// Set for formulas, which also match in compact spelling.
    compact: Option<Compact>,
    /// Spellings of one glossary group share this key, so `2 of:` counts them once.
    source: String,
}

#[derive(Debug, Clone)]
struct CompiledTerm {
    rule: TermRule,
    spellings: Vec<Spelling>,
}

/// A key point in one language, ready to grade.
#[derive(Debug, Clone)]
pub struct CompiledPoint {
    terms: Vec<CompiledTerm>,
}

/// Where a term was found in an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermMatch {
    /// The term's position in the key point's `terms`.
    pub term: usize,
    /// The spelling that matched (a card spelling or one of its glossary equivalents).
    pub spelling: String,
    /// The answer's own words that matched.
    pub text: String,
    /// Char offsets of `text` in the answer, end exclusive.
    pub start: usize,
    pub end: usize,
}

/// How one language's version of a point fared.
#[derive(Debug, Clone, Default)]
pub struct PointMatch {
    pub covered: bool,
    pub matched: Vec<TermMatch>,
    /// Terms that were needed and not found.
    pub missing: Vec<usize>,
}

impl CompiledPoint {
    pub fn new(point: &KeyPoint, glossary: &Glossary, words: &DirectionWords) -> CompiledPoint {
        let said = Answer::new(&point.point, words);
        let term_direction = direction_term(point, words);
        let terms = point
            .parsed_terms()
            .map(|term| {
                let mut spellings: Vec<Spelling> = Vec::new();
                for alternative in &term.alternatives {
                    let source = glossary
                        .group_of(alternative)
                        .and_then(|g| g.spellings().next())
                        .map_or_else(|| normalize(alternative), normalize);
                    for text in glossary.equivalents(alternative) {
                        if spellings.iter().any(|s| s.text == text) {
                            continue;
                        }
                        spellings.push(Spelling::new(text, source.clone(), &said, term_direction));
                    }
                }
                CompiledTerm {
                    rule: term.rule,
                    spellings,
                }
            })
            .collect();
        CompiledPoint { terms }
    }

    /// Tests `answer` against the point.
    pub fn grade(&self, answer: &Answer) -> PointMatch {
        let mut result = PointMatch::default();
        let mut needed = 0;
        for (index, term) in self.terms.iter().enumerate() {
            let mut found: Vec<(&Spelling, (usize, usize))> = Vec::new();
            for spelling in &term.spellings {
                let enough = !matches!(term.rule, TermRule::AtLeast(_)) && !found.is_empty();
                if enough {
                    break;
                }
                if found.iter().any(|(s, _)| s.source == spelling.source) {
                    continue;
                }
                if let Some(span) = spelling.find(answer) {
                    found.push((spelling, span));
                }
            }
            let met = match term.rule {
                TermRule::Required => !found.is_empty(),
                TermRule::AtLeast(n) => found.len() >= n,
                TermRule::Optional => true,
            };
            if term.rule != TermRule::Optional {
                needed += 1;
                if !met {
                    result.missing.push(index);
                }
            }
            result
                .matched
                .extend(found.into_iter().map(|(spelling, (start, end))| TermMatch {
                    term: index,
                    spelling: spelling.text.clone(),
                    text: answer.excerpt(start, end),
                    start,
                    end,
                }));
        }
        result.covered = needed > 0 && result.missing.is_empty();
        result
    }
}

/// The direction a point asks for when one of its needed terms is only direction words
/// (`per direction|each way`).
fn direction_term(point: &KeyPoint, words: &DirectionWords) -> Option<Direction> {
    point
        .parsed_terms()
        .filter(|t| t.rule != TermRule::Optional && !t.alternatives.is_empty())
        .find_map(|term| {
            let kinds: Vec<Option<Direction>> = term
                .alternatives
                .iter()
                .map(|a| {
                    let toks: Vec<Tok> = tokens(a).into_iter().map(|t| t.tok).collect();
                    words
                        .phrases
                        .iter()
                        .find(|(phrase, _)| *phrase == toks)
                        .map(|(_, d)| *d)
                })
                .collect();
            let first = kinds.first().copied().flatten()?;
            kinds.iter().all(|k| *k == Some(first)).then_some(first)
        })
}

/// Measure words and 的: what a Chinese answer puts between the characters of a term without
/// changing it (`单台机器` for `单机`, `每一层` for `每层`).
const CJK_FILLERS: &str = "的一个台张块次条种只位";

impl Spelling {
    fn new(text: &str, source: String, said: &Answer, fallback: Option<Direction>) -> Spelling {
        let toks: Vec<Tok> = tokens(text).into_iter().map(|t| t.tok).collect();
        let figures = toks
            .iter()
            .map(|tok| {
                let figure = Figure::of(tok)?;
                let direction = if figure.is_rate() {
                    said_direction(said, &figure).or(fallback)
                } else {
                    None
                };
                Some(TermFigure { figure, direction })
            })
            .collect();
        Spelling {
            compact: formula::is_formula(text).then(|| formula::compact(text)),
            text: text.to_owned(),
            tokens: toks,
            figures,
            source,
        }
    }

    /// The span of the first place the answer states this spelling.
    fn find(&self, answer: &Answer) -> Option<(usize, usize)> {
        self.find_tokens(answer).or_else(|| {
            let term = self.compact.as_ref()?;
            let compact = answer.compact.get_or_init(|| formula::compact(answer.text));
            formula::find(compact, term, &answer.folded)
        })
    }

    fn find_tokens(&self, answer: &Answer) -> Option<(usize, usize)> {
        let n = self.tokens.len();
        if n == 0 || n > answer.tokens.len() {
            return None;
        }
        (0..=answer.tokens.len() - n).find_map(|at| {
            if !self.token_matches(answer, at, 0) {
                return None;
            }
            let last = self.rest_from(answer, at, 1)?;
            Some((answer.tokens[at].start, answer.tokens[last].end))
        })
    }

    /// Where this spelling's tokens from `j` on end in the answer, the one before them matched
    /// at answer token `prev`; `None` if they do not follow it.
    ///
    /// Between two words of the spelling the answer may put one more word: "inside one NVLink
    /// server" states `one server`, "two backward all-reduces" states `two all-reduces`. Between
    /// two CJK characters it may put one measure word or 的 (`单机` in "单台机器", `每层` in
    /// "每一层"), which Chinese adds where English adds nothing; any other character keeps them
    /// apart. Numbers and units stay together (`64 MiB` is not "64 GB of MiB").
    fn rest_from(&self, answer: &Answer, prev: usize, j: usize) -> Option<usize> {
        if j == self.tokens.len() {
            return Some(prev);
        }
        let next = prev + 1;
        if next < answer.tokens.len()
            && self.token_matches(answer, next, j)
            && let Some(end) = self.rest_from(answer, next, j + 1)
        {
            return Some(end);
        }
        let words = |a: &Tok| matches!(a, Tok::Word(_));
        let cjk = |a: &Tok| matches!(a, Tok::Cjk(_));
        let filler = |a: &Tok| matches!(a, Tok::Cjk(c) if CJK_FILLERS.contains(*c));
        let skipped = answer.tokens.get(next).map(|t| &t.tok);
        let between = |kind: &dyn Fn(&Tok) -> bool, gap: &dyn Fn(&Tok) -> bool| {
            kind(&self.tokens[j - 1])
                && kind(&self.tokens[j])
                && kind(&answer.tokens[prev].tok)
                && skipped.is_some_and(gap)
        };
        let gap_allowed = between(&words, &words) || between(&cjk, &filler);
        let after = next + 1;
        if gap_allowed && after < answer.tokens.len() && self.token_matches(answer, after, j) {
            return self.rest_from(answer, after, j + 1);
        }
        None
    }

    /// Whether answer token `at` satisfies this spelling's token `j`.
    ///
    /// The spelling's last word also matches a longer word that starts with it when it has at
    /// least four letters, so `reduc` finds "reduce" and `ring` finds "rings", while `TP` does
    /// not find "TPU". Figures compare by value and direction.
    fn token_matches(&self, answer: &Answer, at: usize, j: usize) -> bool {
        let (a, t) = (&answer.tokens[at].tok, &self.tokens[j]);
        match (a, t) {
            (Tok::Word(a), Tok::Word(t)) => word_matches(a, t, j + 1 == self.tokens.len()),
            (Tok::Num(..), Tok::Num(..)) => match (&answer.figures[at], &self.figures[j]) {
                (Some(said), Some(wanted)) => {
                    said.states(&wanted.figure)
                        && !matches!(
                            (answer.directions[at], wanted.direction),
                            (Some(a), Some(w)) if a != w
                        )
                }
                _ => false,
            },
            (Tok::Num(_, Some(a)) | Tok::Unit(a), Tok::Unit(t)) => a == t,
            _ => a == t,
        }
    }
}

/// Whether answer word `a` states term word `t`: the same word, its plural (`QPs`, `LIDs`), the
/// word with a version number (`HBM3`, `log2`), or, for the term's last word of at least four
/// letters, a longer word that starts with it (`reduc` finds "reduce", while `TP` does not find
/// "TPU").
fn word_matches(a: &str, t: &str, last: bool) -> bool {
    let Some(rest) = a.strip_prefix(t) else {
        return false;
    };
    let letters = t.chars().count();
    rest.is_empty()
        || (letters >= 2 && (rest == "s" || rest == "es"))
        || (letters >= 2 && rest.chars().all(|c| c.is_ascii_digit()))
        || (last && letters >= 4)
}

/// The direction the point's own text ties to the figure equal to `figure`.
fn said_direction(said: &Answer, figure: &Figure) -> Option<Direction> {
    said.figures
        .iter()
        .zip(&said.directions)
        .find_map(|(f, d)| f.as_ref().filter(|f| f.states(figure)).and(*d))
}
