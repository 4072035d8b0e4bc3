//! Snippets and highlights: which characters of a text a query matches, and the passage of a
//! card that shows best why it matched.

use std::ops::Range;

use unicode_width::UnicodeWidthChar;

use super::query::{Expand, Query};
use super::text::{self, Segment, Term, gram_chars, stem};
use super::vocab::TYPO_MIN_CHARS;
use crate::content::{Card, Lang, Section};

/// A passage of a card and the char ranges in it that the query matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    pub text: String,
    /// Char ranges of `text` to highlight, sorted and disjoint.
    pub matches: Vec<Range<usize>>,
}

/// What to highlight: words (stemmed), word prefixes (and words one typo from them), and CJK
/// strings, each a whole spelling so that `慢节点` does not light up every `节点`.
pub(crate) struct Marks {
    words: Vec<String>,
    prefixes: Vec<String>,
    /// The English roots of typed words: a text word with the same root is another form.
    roots: Vec<String>,
    cjk: Vec<Vec<char>>,
}

impl Marks {
    pub fn of(query: &Query) -> Marks {
        let mut marks = Marks {
            words: Vec::new(),
            prefixes: Vec::new(),
            roots: Vec::new(),
            cjk: Vec::new(),
        };
        for concept in &query.concepts {
            for alt in &concept.alts {
                let mut chain: Vec<char> = Vec::new();
                for term in &alt.terms {
                    match term {
                        Term::Word(w) => marks.words.push(w.clone()),
                        Term::Gram(key) => match gram_chars(*key) {
                            (first, Some(second)) if chain.last() == Some(&first) => {
                                chain.push(second);
                            }
                            (first, second) => {
                                marks.push_cjk(std::mem::take(&mut chain));
                                chain.push(first);
                                chain.extend(second);
                            }
                        },
                    }
                }
                marks.push_cjk(chain);
            }
            match &concept.expand {
                Expand::Latin(word) if word.chars().count() >= 2 => {
                    marks.prefixes.push(word.clone());
                    if let Some(root) = text::root(word) {
                        marks.roots.push(root.into_owned());
                    }
                }
                Expand::Char(c) => marks.cjk.push(vec![*c]),
                _ => {}
            }
        }
        marks
    }

    fn push_cjk(&mut self, chain: Vec<char>) {
        if !chain.is_empty() && !self.cjk.contains(&chain) {
            self.cjk.push(chain);
        }
    }

    fn word_matches(&self, word: &str) -> bool {
        let word = stem(word);
        self.words.iter().any(|w| w == word)
            || self.roots.iter().any(|r| {
                // Only words that can have the root are stemmed.
                word.starts_with(text::root_prefix(r))
                    && text::root(word).is_some_and(|w| w == r.as_str())
            })
            || self.prefixes.iter().any(|p| {
                word.starts_with(p.as_str())
                    || (p.chars().count() >= TYPO_MIN_CHARS && strsim::osa_distance(p, word) == 1)
            })
    }

    /// The char ranges of `text` matched, sorted and merged.
    pub fn ranges(&self, text: &str) -> Vec<Range<usize>> {
        let mut found: Vec<Range<usize>> = Vec::new();
        for segment in text::segments(text) {
            match segment {
                Segment::Word { text, span, .. } => {
                    if self.word_matches(&text) {
                        found.push(span);
                    }
                }
                Segment::Cjk { chars, start } => {
                    for wanted in &self.cjk {
                        for (i, window) in chars.windows(wanted.len()).enumerate() {
                            if window == wanted.as_slice() {
                                found.push(start + i..start + i + wanted.len());
                            }
                        }
                    }
                }
            }
        }
        merge(found)
    }
}

fn merge(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut out: Vec<Range<usize>> = Vec::new();
    for range in ranges {
        match out.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => out.push(range),
        }
    }
    out
}

/// The passage of `card` in `lang` (or, failing that, the other language) with the most
/// distinct matched words, cut to `width` columns around its first match.
pub(crate) fn snippet(query: &Query, card: &Card, lang: Lang, width: usize) -> Snippet {
    let marks = Marks::of(query);
    for lang in [lang, lang.other()] {
        let best = passages(card, lang)
            .into_iter()
            .map(|p| {
                let ranges = marks.ranges(&p);
                (score(&p, &ranges), p, ranges)
            })
            .filter(|(score, _, _)| *score > 0)
            .fold(
                None,
                |best: Option<(usize, String, Vec<Range<usize>>)>, next| match best {
                    Some(b) if b.0 >= next.0 => Some(b),
                    _ => Some(next),
                },
            );
        if let Some((_, passage, ranges)) = best {
            return fit(&passage, &ranges, width);
        }
    }
    let first = passages(card, lang).into_iter().next().unwrap_or_default();
    fit(&first, &[], width)
}

/// Distinct matched words count most; more matches break ties.
fn score(passage: &str, ranges: &[Range<usize>]) -> usize {
    let chars: Vec<char> = passage.chars().map(text::fold).collect();
    let mut distinct: Vec<String> = ranges
        .iter()
        .map(|r| chars[r.clone()].iter().collect())
        .collect();
    distinct.sort();
    distinct.dedup();
    distinct.len() * 10 + ranges.len().min(9)
}

/// A card's sentences in one language: the short answer first, then key points and the rest.
fn passages(card: &Card, lang: Lang) -> Vec<String> {
    // Read without keeping a user card's file text: a search shows many cards.
    let body = card.body_text();
    let mut out = sentences(body.section(lang, Section::Short));
    out.extend(card.key_points.get(lang).iter().map(|k| k.point.clone()));
    for section in [Section::Detail, Section::Interview, Section::Followups] {
        out.extend(sentences(body.section(lang, section)));
    }
    out
}

/// Markdown as plain sentences: no code blocks, table rules, emphasis marks or citations.
fn sentences(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in markdown.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || trimmed.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')) {
            continue;
        }
        let plain = plain_line(trimmed);
        let mut sentence = String::new();
        let mut chars = plain.chars().peekable();
        while let Some(c) = chars.next() {
            sentence.push(c);
            let ends = matches!(c, '。' | '！' | '？' | '；')
                || (matches!(c, '.' | '?' | '!' | ';') && chars.peek() == Some(&' '));
            if ends {
                push_sentence(&mut out, &mut sentence);
            }
        }
        push_sentence(&mut out, &mut sentence);
    }
    out
}

fn push_sentence(out: &mut Vec<String>, sentence: &mut String) {
    let text = sentence.trim();
    if text.chars().count() > 1 {
        out.push(text.to_owned());
    }
    sentence.clear();
}

/// One markdown line without its list marker, heading marks, emphasis, links and citations.
fn plain_line(line: &str) -> String {
    let line = line.trim_start_matches(['#', '>', ' ']);
    let line = line
        .strip_prefix("- ")
        .or_else(|| line.strip_prefix("* "))
        .unwrap_or(line);
    let line = match line.split_once(". ") {
        Some((n, rest)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => rest,
        _ => line,
    };
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '[' if chars.get(i + 1) == Some(&'^') => {
                i += chars[i..].iter().position(|&c| c == ']').unwrap_or(0) + 1;
                continue;
            }
            ']' if chars.get(i + 1) == Some(&'(') => {
                i += chars[i..].iter().position(|&c| c == ')').unwrap_or(0) + 1;
                continue;
            }
            '*' | '`' | '[' => {}
            '|' => out.push_str(" · "),
            c => out.push(c),
        }
        i += 1;
    }
    out.trim_matches([' ', '·']).to_owned()
}

/// Cuts `passage` to `width` columns, starting a little before the first match, with `…` where
/// text was cut; the ranges move with the text.
fn fit(passage: &str, ranges: &[Range<usize>], width: usize) -> Snippet {
    let chars: Vec<char> = passage.chars().collect();
    let columns = |slice: &[char]| -> usize { slice.iter().map(|c| c.width().unwrap_or(0)).sum() };
    let width = width.max(8);
    if columns(&chars) <= width {
        return Snippet {
            text: passage.to_owned(),
            matches: ranges.to_vec(),
        };
    }
    let first = ranges.first().map_or(0, |r| r.start);
    let mut start = first;
    let lead = width / 4;
    while start > 0 && columns(&chars[start - 1..first]) <= lead {
        start -= 1;
    }
    // Never start or end inside a Latin word.
    let latin = |c: char| c.is_alphanumeric() && !text::is_cjk(c);
    while start > 0 && start < first && latin(chars[start - 1]) {
        start += 1;
    }
    let prefix = usize::from(start > 0);
    let mut end = start;
    let mut used = prefix;
    while end < chars.len() && used + chars[end].width().unwrap_or(0) < width {
        used += chars[end].width().unwrap_or(0);
        end += 1;
    }
    let cut = end;
    while end < chars.len() && end > first + 1 && latin(chars[end]) && latin(chars[end - 1]) {
        end -= 1;
    }
    if end <= first + 1 {
        end = cut;
    }
    let suffix = end < chars.len();
    let mut text = String::new();
    if prefix == 1 {
        text.push('…');
    }
    text.extend(&chars[start..end]);
    if suffix {
        text.push('…');
    }
    let matches = ranges
        .iter()
        .filter(|r| r.end > start && r.start < end)
        .map(|r| r.start.max(start) - start + prefix..r.end.min(end) - start + prefix)
        .collect();
    Snippet { text, matches }
}

#[cfg(test)]
mod tests;
