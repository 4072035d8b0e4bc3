//! Splitting text into search terms, the same way for cards and queries.
//!
//! Latin text splits into words (lower-cased, plural `s` dropped); a word joined by `-` or `_`
//! (`all-reduce`, `NCCL_IB_HCA`) also counts as one joined word. Chinese has no spaces, so a run
//! of CJK characters is indexed as overlapping character bigrams: `检查点` gives `检查` and
//! `查点`. A dictionary segmenter (jieba) would load a 5 MB dictionary in about 0.2 s on every
//! start and segment the bundled deck in another 0.1 s, and still not know this deck's terms;
//! bigrams cost nothing to set up and find any word of two or more characters.

use std::borrow::Cow;
use std::ops::Range;

use rust_stemmers::{Algorithm, Stemmer};

/// One unit of text: a Latin word or a run of CJK characters, with its char range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Segment {
    /// A folded (lower-case, half-width) Latin word; `joined` marks the whole of a hyphenated
    /// compound, which follows its parts.
    Word {
        text: String,
        span: Range<usize>,
        joined: bool,
    },
    /// A run of CJK characters starting at char `start`.
    Cjk { chars: Vec<char>, start: usize },
}

/// An index key: a stemmed Latin word, or one or two CJK characters packed in a number.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Term {
    Word(String),
    Gram(u64),
}

/// Two CJK characters as one key (a lone character packs with 0).
pub(crate) fn gram(first: char, second: Option<char>) -> u64 {
    (u64::from(first) << 21) | second.map_or(0, u64::from)
}

/// The characters of a packed key.
pub(crate) fn gram_chars(key: u64) -> (char, Option<char>) {
    let first = char::from_u32((key >> 21) as u32).unwrap_or(' ');
    let second = char::from_u32((key & 0x1f_ffff) as u32).filter(|&c| c != '\0');
    (first, second)
}

pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}'
        | '\u{f900}'..='\u{faff}' | '\u{20000}'..='\u{2ffff}')
}

/// Full-width ASCII to ASCII, then lower case, one char for one char so positions survive.
pub(crate) fn fold(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    if is_cjk(c) {
        return c;
    }
    let c = match c {
        '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
        _ => c,
    };
    if c.is_ascii() {
        c.to_ascii_lowercase()
    } else {
        c.to_lowercase().next().unwrap_or(c)
    }
}

/// Drops a plural `s` so `checkpoints` finds `checkpoint` (not from `ss`, `us`, `is`, except in
/// `gpus`, `cpus`, `tpus`, nor after a digit: `h100s`).
pub(crate) fn stem(word: &str) -> &str {
    let bytes = word.as_bytes();
    let processor_units = bytes.len() == 4 && word.ends_with("pus");
    let latin_ending = [b"ss", b"us", b"is"].iter().any(|e| bytes.ends_with(*e));
    let after_digit = bytes.len() >= 2 && bytes[bytes.len() - 2].is_ascii_digit();
    let keep = bytes.len() < 4 || (latin_ending && !processor_units) || after_digit;
    match word.strip_suffix('s') {
        Some(stemmed) if !keep => stemmed,
        _ => word,
    }
}

/// A word's root for matching its other forms: the Snowball English (Porter2) stem of a word of
/// four or more letters (`calculation` and `calculate` give `calcul`, `checkpointing` gives
/// `checkpoint`), when that stem has four letters or more. `None` for words with digits or
/// other scripts and short ones: they are names (`h100s`, `tp`, `moe`), or their roots would
/// join too much (`using`, `use`). Only queries use it: the index keeps the words as written
/// (plural `s` dropped), so typo matching, prefixes and glossary lookups see the cards' words.
/// A root is ASCII and starts its word but for its last letter (`latency` gives `latenc`,
/// `latencies` too), which is how callers find a root's words without stemming them all.
pub(crate) fn root(word: &str) -> Option<Cow<'_, str>> {
    if word.len() < 4 || !word.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let stem = Stemmer::create(Algorithm::English).stem(word);
    (stem.len() >= 4 && stem.is_ascii()).then_some(stem)
}

/// [`root`] but for its last letter: every word with that root starts with it.
pub(crate) fn root_prefix(root: &str) -> &str {
    root.char_indices()
        .last()
        .map_or("", |(last, _)| &root[..last])
}

/// English words too common to tell cards apart.
const STOP_EN: &[&str] = &[
    "a", "about", "also", "an", "and", "any", "are", "as", "at", "be", "been", "being", "between",
    "both", "but", "by", "can", "could", "did", "do", "does", "doing", "each", "explain", "for",
    "from", "had", "has", "have", "he", "her", "his", "how", "i", "if", "in", "into", "is", "it",
    "its", "just", "me", "much", "my", "of", "on", "or", "our", "should", "so", "some", "tell",
    "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those",
    "to", "us", "was", "we", "were", "what", "when", "where", "which", "who", "why", "will",
    "with", "would", "you", "your",
];

/// Chinese function words and question words, longest first within each length.
const STOP_ZH: &[&str] = &[
    "为什么",
    "怎么样",
    "是什么",
    "有什么",
    "是不是",
    "有哪些",
    "怎么",
    "怎样",
    "如何",
    "什么",
    "为何",
    "哪些",
    "哪个",
    "哪里",
    "是否",
    "能否",
    "可以",
    "一下",
    "讲讲",
    "说说",
    "介绍",
    "请问",
    "一个",
    "这个",
    "那个",
    "我们",
    "你们",
    "分别",
    "意思",
    "一些",
    "干嘛",
    "干啥",
    "啥",
    "咋",
    "的",
    "地",
    "得",
    "了",
    "吗",
    "呢",
    "吧",
    "啊",
    "和",
    "与",
    "及",
    "或",
    "跟",
    "是",
    "在",
    "各",
    "把",
    "被",
    "都",
    "也",
    "就",
    "又",
    "还",
    "很",
    "要",
    "会",
    "能",
    "我",
    "你",
    "他",
    "她",
    "它",
    "请",
    "么",
    "呀",
    "嘛",
];

/// The longest English stop word, in bytes: most words of a card are longer and need no lookup.
const STOP_EN_LONGEST: usize = 7;

/// True for an English stop word. Called for every word of every card when an index is built,
/// so it answers from a hash set (the sorted list's binary search was an eighth of a big deck's
/// index build), and words longer than any stop word at once.
pub(crate) fn is_stop_word(word: &str) -> bool {
    static SET: std::sync::OnceLock<rustc_hash::FxHashSet<&'static str>> =
        std::sync::OnceLock::new();
    word.len() <= STOP_EN_LONGEST
        && SET
            .get_or_init(|| STOP_EN.iter().copied().collect())
            .contains(word)
}

/// Words that name the kind of answer wanted (a formula, a definition, a comparison) rather
/// than its subject: "busbw formula" asks for the busbw card, whose text never says "formula".
/// Such a word still ranks cards that have it, but counts for [`SOFT_SHARE`] of a word towards
/// the half of the query a card must match.
const SOFT_EN: &[&str] = &[
    "formula",
    "formulas",
    "equation",
    "equations",
    "definition",
    "define",
    "meaning",
    "mean",
    "means",
    "example",
    "examples",
    "difference",
    "differences",
    "vs",
    "versus",
    "compare",
    "comparison",
    "calculate",
    "calculation",
    "estimate",
    "overview",
    "explained",
];

/// [`SOFT_EN`] in Chinese.
const SOFT_ZH: &[&str] = &[
    "公式", "定义", "含义", "意思", "区别", "例子", "举例", "对比", "比较", "估算",
];

/// What a soft word ([`SOFT_EN`]) counts for towards the half of a query a card must match.
pub(crate) const SOFT_SHARE: f32 = 0.5;

/// Whether `word` (lower case) names the kind of answer rather than its subject.
pub(crate) fn is_soft_word(word: &str) -> bool {
    SOFT_EN.contains(&word)
}

/// The soft Chinese word ([`SOFT_ZH`]) starting at `chars[at..]`, as its length in chars.
pub(crate) fn soft_zh_at(chars: &[char], at: usize) -> Option<usize> {
    word_at(SOFT_ZH, chars, at)
}

/// The Chinese stop word starting at `chars[at..]`, as its length in chars.
pub(crate) fn stop_zh_at(chars: &[char], at: usize) -> Option<usize> {
    word_at(STOP_ZH, chars, at)
}

/// The first of `words` that `chars[at..]` starts with, as its length in chars.
fn word_at(words: &[&str], chars: &[char], at: usize) -> Option<usize> {
    words.iter().find_map(|word| {
        let len = word.chars().count();
        let window = chars.get(at..at + len)?;
        word.chars().eq(window.iter().copied()).then_some(len)
    })
}

/// The char ranges of footnote citations (`[^key]`), which are not words of the card.
fn citation_at(chars: &[char], at: usize) -> Option<usize> {
    if chars.get(at) != Some(&'[') || chars.get(at + 1) != Some(&'^') {
        return None;
    }
    let close = chars[at..].iter().take(80).position(|&c| c == ']')?;
    Some(close + 1)
}

/// Splits `text` into segments; hyphenated compounds give their parts and then the whole.
pub(crate) fn segments(text: &str) -> Vec<Segment> {
    let chars: Vec<char> = text.chars().map(fold).collect();
    let mut out = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        if let Some(len) = citation_at(&chars, at) {
            at += len;
            continue;
        }
        let c = chars[at];
        if is_cjk(c) {
            let start = at;
            while at < chars.len() && is_cjk(chars[at]) {
                at += 1;
            }
            out.push(Segment::Cjk {
                chars: chars[start..at].to_vec(),
                start,
            });
        } else if c.is_alphanumeric() {
            at = push_words(&chars, at, &mut out);
        } else {
            at += 1;
        }
    }
    out
}

/// Pushes the word (or compound) starting at `start` and returns where it ends.
fn push_words(chars: &[char], start: usize, out: &mut Vec<Segment>) -> usize {
    let is_word = |c: char| c.is_alphanumeric() && !is_cjk(c);
    let mut at = start;
    let mut parts = 0;
    loop {
        let begin = at;
        while at < chars.len() && is_word(chars[at]) {
            at += 1;
        }
        out.push(Segment::Word {
            text: chars[begin..at].iter().collect(),
            span: begin..at,
            joined: false,
        });
        parts += 1;
        let joiner = matches!(chars.get(at), Some('-' | '_'));
        if !(joiner && chars.get(at + 1).is_some_and(|&c| is_word(c))) {
            break;
        }
        at += 1;
    }
    if parts > 1 {
        out.push(Segment::Word {
            text: chars[start..at].iter().filter(|&&c| is_word(c)).collect(),
            span: start..at,
            joined: true,
        });
    }
    at
}

/// An index term borrowed from the scanner's buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TermRef<'a> {
    Word(&'a str),
    Gram(u64),
}

/// Calls `f` with each index term of `text` (stop words left out): the same terms as
/// `segments` gives, found in one pass without allocating per word, because indexing a deck
/// is mostly this loop.
pub(crate) fn for_each_term(text: &str, mut f: impl FnMut(TermRef<'_>)) {
    let mut scanner = Scanner::default();
    let mut rest = text;
    while let Some(raw) = rest.chars().next() {
        let citation_end = rest
            .starts_with("[^")
            .then(|| rest.char_indices().take(80).find(|&(_, c)| c == ']'))
            .flatten();
        if let Some((close, _)) = citation_end {
            scanner.end_word(&mut f);
            scanner.end_run(&mut f);
            rest = &rest[close + 1..];
            continue;
        }
        rest = &rest[raw.len_utf8()..];
        let c = fold(raw);
        if is_cjk(c) {
            scanner.end_word(&mut f);
            if let Some(previous) = scanner.cjk {
                f(TermRef::Gram(gram(previous, Some(c))));
            }
            scanner.cjk = Some(c);
            scanner.run += 1;
            continue;
        }
        scanner.end_run(&mut f);
        if c.is_alphanumeric() {
            scanner.word.push(c);
        } else if matches!(c, '-' | '_')
            && !scanner.word.is_empty()
            && rest
                .chars()
                .next()
                .is_some_and(|n| n.is_alphanumeric() && !is_cjk(fold(n)))
        {
            scanner.end_part(&mut f);
        } else {
            scanner.end_word(&mut f);
        }
    }
    scanner.end_word(&mut f);
    scanner.end_run(&mut f);
}

/// The state of `for_each_term`: the word being read, the compound it belongs to, and the
/// CJK run.
#[derive(Default)]
struct Scanner {
    word: String,
    compound: String,
    parts: usize,
    cjk: Option<char>,
    run: usize,
}

impl Scanner {
    fn emit_word(word: &str, f: &mut impl FnMut(TermRef<'_>)) {
        if !is_stop_word(word) {
            f(TermRef::Word(stem(word)));
        }
    }

    /// A word followed by `-` or `_` and more of the compound.
    fn end_part(&mut self, f: &mut impl FnMut(TermRef<'_>)) {
        Scanner::emit_word(&self.word, f);
        self.compound.push_str(&self.word);
        self.parts += 1;
        self.word.clear();
    }

    fn end_word(&mut self, f: &mut impl FnMut(TermRef<'_>)) {
        if self.word.is_empty() && self.parts == 0 {
            return;
        }
        if !self.word.is_empty() {
            Scanner::emit_word(&self.word, f);
        }
        if self.parts > 0 {
            self.compound.push_str(&self.word);
            Scanner::emit_word(&self.compound, f);
        }
        self.word.clear();
        self.compound.clear();
        self.parts = 0;
    }

    fn end_run(&mut self, f: &mut impl FnMut(TermRef<'_>)) {
        if let (Some(only), 1) = (self.cjk, self.run) {
            f(TermRef::Gram(gram(only, None)));
        }
        self.cjk = None;
        self.run = 0;
    }
}

/// Letters and digits only, folded: the form in which a query is looked for as a phrase.
pub(crate) fn compact(text: &str) -> String {
    text.chars()
        .map(fold)
        .filter(|c| c.is_alphanumeric())
        .collect()
}

#[cfg(test)]
mod tests;
