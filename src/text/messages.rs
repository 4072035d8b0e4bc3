//! The message catalogue: every string the TUI and the CLI show, in Chinese and English.
//!
//! The texts are data: one TOML file per part of the catalogue (`messages/keys.toml`,
//! `messages/errors.toml`, …), one table per message with its Chinese and English side by side,
//! so a translator edits a plain file, sees the two texts together and needs no Rust. The code
//! still gets a typed table rather than an i18n crate (fluent, rust-i18n) or files read at run
//! time: `build.rs` turns each entry into a `const` [`Msg`] named by its key, so the compiler
//! finds every use (a misspelt id does not build), a malformed file fails the build with the
//! file and the entry named, and nothing is looked up on disk at run time. TOML because the
//! crate already reads it (cards' front matter, the config file), it keeps comments for
//! translators, and its strings need no escaping beyond quotes. Two languages and no plural
//! rules beyond English "1 card / 2 cards" do not need Fluent's machinery.
//!
//! Messages with values use named placeholders, `{n}`, filled by [`Msg::fill`]; a test checks
//! that both languages name the same placeholders and that neither language is missing (see
//! [`check`]). Numbers, units, key names and product names are written the same in both.
//!
//! The core stays free of language choice: its errors keep their English `Display` (the log and
//! `--json` form) and the front ends pick the text with the user's interface language.
//! Pure: no terminal or argument-parser types.

mod cli;
mod errors;
mod help;
mod keys;
mod numbers;
mod problems;
mod screens;

pub use cli::*;
pub use errors::*;
pub use help::*;
pub use keys::*;
pub use numbers::*;
pub use problems::*;
pub use screens::*;

use crate::content::Lang;

/// One message in both languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Msg {
    /// The constant's name, for the catalogue test's reports.
    pub id: &'static str,
    pub zh: &'static str,
    pub en: &'static str,
}

impl Msg {
    /// The text in `lang`.
    pub const fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.zh,
            Lang::En => self.en,
        }
    }

    /// The text in `lang` with each `{name}` replaced by its value.
    pub fn fill(self, lang: Lang, values: &[(&str, &dyn std::fmt::Display)]) -> String {
        let mut out = self.get(lang).to_owned();
        for (name, value) in values {
            out = out.replace(&format!("{{{name}}}"), &value.to_string());
        }
        out
    }
}

/// `one` for a count of 1, else `many`, filled with the count as `{n}`.
pub fn count(lang: Lang, n: usize, one: Msg, many: Msg) -> String {
    if n == 1 { one } else { many }.fill(lang, &[("n", &n)])
}

/// Every message in the catalogue.
pub fn all() -> impl Iterator<Item = Msg> {
    KEY_MESSAGES
        .iter()
        .chain(SCREEN_MESSAGES)
        .chain(CLI_MESSAGES)
        .chain(NUMBER_MESSAGES)
        .chain(ERROR_MESSAGES)
        .chain(HELP_MESSAGES)
        .chain(PROBLEM_MESSAGES)
        .copied()
}

/// Words that stay the same in both languages: product and tool names, units, key names.
const SAME_IN_BOTH: &[&str] = &[
    "infraprep",
    "EN",
    "Enter",
    "Esc",
    "Tab",
    "Space",
    "Shift",
    "Ctrl",
    "PgUp",
    "PgDn",
    "Home",
    "End",
    "Backspace",
    "Delete",
    "GiB",
    "GB",
    "TFLOPS",
    "NVLink",
    "InfiniBand",
    "JSON",
    "TOML",
    "MFU",
    "FSRS",
    "id",
    "ms",
    "GPU",
    "GPUs",
    "Anki",
    "HTML",
    "CSV",
    "TP",
    "PP",
    "DP",
];

/// What is wrong with `msg`, if anything: a missing language, an English text left in the
/// Chinese slot, or placeholders that differ between the two.
pub fn check(msg: Msg) -> Option<String> {
    let id = msg.id;
    if msg.zh.trim().is_empty() || msg.en.trim().is_empty() {
        return Some(format!("{id}: a language is empty"));
    }
    if !has_cjk(msg.zh) {
        // Allowed only when nothing in it is a word to translate.
        let words: Vec<&str> = msg
            .zh
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() > 1 && !SAME_IN_BOTH.contains(w))
            .filter(|w| !is_placeholder(msg.zh, w))
            .collect();
        if !words.is_empty() {
            return Some(format!("{id}: the Chinese text is untranslated: {words:?}"));
        }
    }
    // Chinese in the English text only as a quoted example (in backticks or quotes) or in a label both
    // languages share (`L 中/EN`).
    if has_cjk(&outside_backticks(msg.en)) && msg.en != msg.zh {
        return Some(format!("{id}: the English text has Chinese in it"));
    }
    if placeholders(msg.zh) != placeholders(msg.en) {
        return Some(format!(
            "{id}: the two languages name different placeholders"
        ));
    }
    None
}

fn has_cjk(text: &str) -> bool {
    text.chars()
        .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3000}'..='\u{303f}').contains(&c))
}

/// `text` without its `backtick-quoted` and "double-quoted" parts (quoted examples).
fn outside_backticks(text: &str) -> String {
    let unticked: String = text.split('`').step_by(2).collect();
    unticked.split('"').step_by(2).collect()
}

fn is_placeholder(text: &str, word: &str) -> bool {
    text.contains(&format!("{{{word}}}"))
}

/// The `{name}` placeholders of `text`, sorted.
fn placeholders(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = text
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_has_both_languages() {
        let problems: Vec<String> = all().filter_map(check).collect();
        assert!(problems.is_empty(), "{problems:#?}");
        assert!(all().count() > 150, "catalogue size {}", all().count());
    }

    /// Each data file of the catalogue is one part's list, entry for entry: no file is left out
    /// of the build, no list out of [`all`], and each constant holds its entry's texts.
    #[test]
    fn every_data_file_entry_is_a_constant() {
        let parts = [
            ("cli", CLI_MESSAGES),
            ("errors", ERROR_MESSAGES),
            ("help", HELP_MESSAGES),
            ("keys", KEY_MESSAGES),
            ("numbers", NUMBER_MESSAGES),
            ("problems", PROBLEM_MESSAGES),
            ("screens", SCREEN_MESSAGES),
        ];
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/text/messages");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .expect("the catalogue folder")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|name| name.strip_suffix(".toml").map(str::to_owned))
            .collect();
        files.sort();
        let names: Vec<&str> = parts.iter().map(|(name, _)| *name).collect();
        assert_eq!(files, names, "one data file per part of the catalogue");
        let mut entries = 0;
        for (part, list) in parts {
            let text = std::fs::read_to_string(dir.join(format!("{part}.toml"))).expect("readable");
            let table: toml::Table = text.parse().expect("valid TOML");
            assert_eq!(list.len(), table.len(), "{part}.toml against its list");
            for (id, fields) in &table {
                let msg = list.iter().find(|m| m.id == id);
                let msg = msg.unwrap_or_else(|| panic!("{part}.toml: [{id}] is no constant"));
                let text = |lang: &str| fields.get(lang).and_then(toml::Value::as_str);
                assert_eq!(
                    (Some(msg.zh), Some(msg.en)),
                    (text("zh"), text("en")),
                    "{id}"
                );
            }
            entries += table.len();
        }
        assert_eq!(entries, all().count(), "every part is in all()");
    }

    #[test]
    fn message_ids_are_unique() {
        let mut ids: Vec<&str> = all().map(|m| m.id).collect();
        ids.sort_unstable();
        let before = ids.len();
        ids.dedup();
        assert_eq!(
            before,
            ids.len(),
            "an id is declared in two parts of the catalogue"
        );
    }

    #[test]
    fn the_check_catches_a_missing_or_untranslated_language() {
        let msg = |zh, en| Msg { id: "T", zh, en };
        assert!(check(msg("", "Cards")).is_some());
        assert!(
            check(msg("Cards", "Cards")).is_some(),
            "English copied into zh"
        );
        assert!(check(msg("卡片", "")).is_some());
        assert!(check(msg("卡片 {n}", "{n} cards")).is_none());
        assert!(
            check(msg("卡片", "{n} cards")).is_some(),
            "placeholder lost"
        );
        assert!(check(msg("Enter", "Enter")).is_none(), "a key name stays");
        assert!(
            check(msg("例如 `检查点`", "e.g. `检查点`")).is_none(),
            "a quoted example"
        );
        assert!(check(msg("{n} GiB", "{n} GiB")).is_none(), "a unit stays");
        assert!(
            check(msg("卡片", "卡")).is_some(),
            "Chinese in the English slot"
        );
    }

    #[test]
    fn fill_replaces_named_values() {
        let msg = Msg {
            id: "T",
            zh: "找到 {n} 张",
            en: "{n} found",
        };
        assert_eq!(msg.fill(Lang::Zh, &[("n", &3)]), "找到 3 张");
        assert_eq!(msg.fill(Lang::En, &[("n", &3)]), "3 found");
    }
}
