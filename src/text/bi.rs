//! Computed text in both interface languages: a calculator's steps, headline labels, chart
//! titles and error messages are built with values in them, so they cannot be catalogue
//! constants; each is formatted twice, side by side, with [`bi!`](crate::bi).
//!
//! The English text is the canonical one: it is what `Display` and `--json` give, so scripts and
//! logs do not change with the reader's language. Text that reads the same in both languages (a
//! formula, a figure, a product name) is made with [`Bi::same`] or `From<String>`; [`Bi::is_english_only`]
//! lets tests find text that should have been translated and was not.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::content::Lang;

/// One text in English and Chinese.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bi {
    en: Box<str>,
    /// Empty when the text reads the same in both languages.
    zh: Box<str>,
}

impl Bi {
    /// English and Chinese text; one text when both are the same.
    pub fn new(en: impl Into<String>, zh: impl Into<String>) -> Bi {
        let (en, zh): (String, String) = (en.into(), zh.into());
        if zh == en {
            Bi::same(en)
        } else {
            Bi {
                en: en.into(),
                zh: zh.into(),
            }
        }
    }

    /// Text that reads the same in both languages: figures, formulas, names.
    pub fn same(text: impl Into<String>) -> Bi {
        Bi {
            en: text.into().into(),
            zh: Box::default(),
        }
    }

    /// The text `f` gives for each language; one text when both agree.
    pub fn build(f: impl Fn(Lang) -> String) -> Bi {
        Bi::new(f(Lang::En), f(Lang::Zh))
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh if !self.zh.is_empty() => &self.zh,
            _ => &self.en,
        }
    }

    /// True when there is no text at all.
    pub fn is_empty(&self) -> bool {
        self.en.is_empty() && self.zh.is_empty()
    }

    /// The English (canonical) text.
    pub fn en(&self) -> &str {
        &self.en
    }

    /// True when the text has no Chinese form yet holds English prose: three or more ASCII
    /// words of letters in a row. Figures, units, flags, formulas and names pass.
    pub fn is_english_only(&self) -> bool {
        self.zh.is_empty() && has_english_prose(&self.en)
    }

    /// Joins texts with `sep` in each language.
    pub fn join(parts: &[Bi], sep: &str) -> Bi {
        let pick = |lang| {
            parts
                .iter()
                .map(|p| p.get(lang))
                .collect::<Vec<_>>()
                .join(sep)
        };
        if parts.iter().any(|p| !p.zh.is_empty()) {
            Bi::new(pick(Lang::En), pick(Lang::Zh))
        } else {
            Bi::same(pick(Lang::En))
        }
    }

    /// This text with `f` applied to each language's form (e.g. a prefix or a suffix).
    #[must_use]
    pub fn map(&self, f: impl Fn(&str) -> String) -> Bi {
        if self.zh.is_empty() {
            Bi::same(f(&self.en))
        } else {
            Bi::new(f(&self.en), f(&self.zh))
        }
    }
}

/// Three or more words of two or more ASCII letters in a row (separated by spaces only), or an
/// English count word: "write time by path" and "70 billion" are prose, "S / B = 1.2 s" and
/// "--inter ib-ndr" are not.
pub fn has_english_prose(text: &str) -> bool {
    let mut run = 0;
    for word in text.split(' ') {
        let letters = word.trim_matches(|c: char| matches!(c, ',' | ';' | ':' | '.' | '(' | ')'));
        // An English count word is English even alone: Chinese says 亿 and 万.
        if matches!(letters, "thousand" | "million" | "billion" | "trillion") {
            return true;
        }
        if letters.len() >= 2 && letters.chars().all(|c| c.is_ascii_alphabetic()) {
            run += 1;
            if run >= 3 {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

impl From<String> for Bi {
    fn from(text: String) -> Bi {
        Bi::same(text)
    }
}

impl From<&str> for Bi {
    fn from(text: &str) -> Bi {
        Bi::same(text)
    }
}

impl From<&String> for Bi {
    fn from(text: &String) -> Bi {
        Bi::same(text.clone())
    }
}

/// The canonical (English) text, so `contains` and `starts_with` read as on a `String`; screens
/// pick a language with [`Bi::get`].
impl std::ops::Deref for Bi {
    type Target = str;

    fn deref(&self) -> &str {
        &self.en
    }
}

impl fmt::Display for Bi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

impl Serialize for Bi {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.en)
    }
}

impl PartialEq<str> for Bi {
    fn eq(&self, other: &str) -> bool {
        &*self.en == other
    }
}

impl PartialEq<&str> for Bi {
    fn eq(&self, other: &&str) -> bool {
        &*self.en == *other
    }
}

/// Formats English and Chinese text with the same values:
/// `bi!("write {t} expected", "预计写入 {t}", t = format::duration(s))`.
/// Named values are evaluated once and may be used in either text or both; positional values
/// (`bi!("{} ranks", "{} 个 rank", n)`) are evaluated for each language, so keep them pure.
#[macro_export]
macro_rules! bi {
    ($en:literal, $zh:literal $(,)?) => {
        $crate::text::Bi::new(format!($en), format!($zh))
    };
    ($en:literal, $zh:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        $(let $name = $value;)+
        $crate::text::Bi::new(
            format!($en, $($name = $name),+),
            format!($zh, $($name = $name),+),
        )
    }};
    ($en:literal, $zh:literal, $($arg:expr),+ $(,)?) => {
        $crate::text::Bi::new(format!($en, $($arg),+), format!($zh, $($arg),+))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_language_and_falls_back_to_english() {
        let both = Bi::new("write time", "写入时间");
        assert_eq!(both.get(Lang::Zh), "写入时间");
        assert_eq!(both.get(Lang::En), "write time");
        let same = Bi::same("S / B = 1.2 s");
        assert_eq!(same.get(Lang::Zh), "S / B = 1.2 s");
    }

    #[test]
    fn macro_formats_both_with_one_evaluation() {
        let mut calls = 0;
        let mut next = || {
            calls += 1;
            calls
        };
        let text = bi!("{n} ranks", "{n} 个 rank", n = next());
        assert_eq!(text.get(Lang::En), "1 ranks");
        assert_eq!(text.get(Lang::Zh), "1 个 rank");
        assert_eq!(calls, 1);
        let ranks = 8;
        let positional = bi!("{} of {ranks}", "{}/{ranks}", 3);
        assert_eq!(positional.get(Lang::Zh), "3/8");
    }

    #[test]
    fn english_prose_is_found_and_formulas_pass() {
        assert!(Bi::same("write time by path").is_english_only());
        assert!(Bi::same("no bandwidth given: add --storage-bw").is_english_only());
        assert!(!Bi::same("t = S / B = 1 GiB / 50 GB/s = 21.5 ms").is_english_only());
        assert!(!Bi::same("--inter ib-ndr").is_english_only());
        assert!(has_english_prose("Ψ = 70 billion 个参数"));
        assert!(!has_english_prose("Ψ = 700 亿 个参数"));
        assert!(!Bi::new("write time by path", "按路径的写入时间").is_english_only());
    }

    #[test]
    fn join_and_map_keep_both_languages() {
        let joined = Bi::join(&[Bi::new("a b", "甲"), Bi::same("x")], "; ");
        assert_eq!(joined.get(Lang::Zh), "甲; x");
        assert_eq!(joined.get(Lang::En), "a b; x");
        let mapped = Bi::new("size", "大小").map(|s| format!("{s}:"));
        assert_eq!(mapped.get(Lang::Zh), "大小:");
        assert_eq!(Bi::same("x").map(|s| format!("{s}!")).get(Lang::Zh), "x!");
    }

    #[test]
    fn serializes_and_displays_the_english_text() {
        let text = Bi::new("write time", "写入时间");
        assert_eq!(text.to_string(), "write time");
        assert_eq!(
            serde_json::to_string(&text).expect("serializes"),
            "\"write time\""
        );
    }
}
