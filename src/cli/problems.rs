//! Card file problems in the interface language, for `validate` and the warnings every command
//! prints when a deck has a broken card. The content checks write English sentences; each
//! catalogue template (`messages/problems.rs`) names the values in one, so the values are
//! taken back out and the Chinese is filled with them. A sentence no template matches is shown
//! as written (a calculator's own message, for one).

use crate::content::{Lang, Problem};
use crate::text::messages::{self as m, Msg, PROBLEM_MESSAGES};
use crate::text::sanitize::{sanitize, sanitize_line};

/// `path:line: message`, as `Problem`'s `Display`, with the message in `lang`.
pub fn shown(problem: &Problem, lang: Lang) -> String {
    if lang == Lang::En {
        return problem.to_string();
    }
    let message = sanitize(&message(&problem.message, lang)).into_owned();
    let path = sanitize_line(&problem.path);
    if problem.line == 0 {
        format!("{path}: {message}")
    } else {
        format!("{path}:{}: {message}", problem.line)
    }
}

/// One problem's sentence in `lang`.
pub fn message(english: &str, lang: Lang) -> String {
    if let Some(rest) = english.strip_suffix(m::PROBLEM_SKIPPED.en) {
        return message(rest, lang) + m::PROBLEM_SKIPPED.get(lang);
    }
    PROBLEM_MESSAGES
        .iter()
        .find_map(|msg| translate(*msg, english, lang))
        .unwrap_or_else(|| english.to_owned())
}

fn translate(msg: Msg, english: &str, lang: Lang) -> Option<String> {
    let mut values = captures(msg.en, english)?;
    // A detail is itself a sentence some template may know (a preset's or template's error).
    for (name, value) in &mut values {
        if *name == "detail" {
            *value = message(value, lang);
        }
    }
    let pairs: Vec<(&str, &dyn std::fmt::Display)> = values
        .iter()
        .map(|(name, value)| (*name, value as &dyn std::fmt::Display))
        .collect();
    Some(msg.fill(lang, &pairs))
}

/// The values of `template`'s `{name}` placeholders in `text`, when `text` is the template
/// filled in; each value runs to the first place the following literal text appears.
fn captures<'t>(template: &'t str, text: &str) -> Option<Vec<(&'t str, String)>> {
    let mut values = Vec::new();
    let mut rest = text;
    let mut pending: Option<&str> = None;
    for (literal, name) in pieces(template) {
        match pending.take() {
            None => rest = rest.strip_prefix(literal)?,
            Some(var) if literal.is_empty() => values.push((var, String::new())),
            Some(var) => {
                let at = rest.find(literal)?;
                values.push((var, rest[..at].to_owned()));
                rest = &rest[at + literal.len()..];
            }
        }
        pending = name;
    }
    match pending {
        Some(var) => values.push((var, rest.to_owned())),
        None if !rest.is_empty() => return None,
        None => {}
    }
    Some(values)
}

/// The template as (literal text, placeholder after it) pairs.
fn pieces(template: &str) -> Vec<(&str, Option<&str>)> {
    let mut out = Vec::new();
    let mut rest = template;
    loop {
        let found = rest.match_indices('{').find_map(|(at, _)| {
            let tail = &rest[at + 1..];
            let end = tail.find('}')?;
            let name = &tail[..end];
            (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
                .then_some((at, name))
        });
        let Some((at, name)) = found else {
            // A template ending in a placeholder has no literal after it.
            if !rest.is_empty() {
                out.push((rest, None));
            }
            return out;
        };
        out.push((&rest[..at], Some(name)));
        rest = &rest[at + name.len() + 2..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_back_out_of_a_sentence() {
        let got = captures(
            "duplicate id '{id}': {place} already uses it; ids are unique across decks",
            "duplicate id 'alpha': a/b.md:2 already uses it; ids are unique across decks",
        );
        assert_eq!(
            got,
            Some(vec![
                ("id", "alpha".to_owned()),
                ("place", "a/b.md:2".to_owned())
            ])
        );
        assert_eq!(captures("title.{lang} is empty", "title.zh is blank"), None);
        assert_eq!(captures("a {x}", "b y"), None);
    }

    #[test]
    fn braces_that_are_not_placeholders_stay_literal() {
        let english = "missing language 'en': add a '# ... {#en}' heading with its four sections";
        assert_eq!(
            message(english, Lang::Zh),
            "缺少语言 'en'：请加一个 '# ... {#en}' 标题及其四节"
        );
    }

    #[test]
    fn known_problems_are_translated_and_unknown_ones_kept() {
        let problem = Problem::new("d/a.md", 3, "link to unknown card 'x' (card skipped)");
        assert_eq!(
            shown(&problem, Lang::Zh),
            "d/a.md:3: 链接到不存在的卡片 'x'（已跳过这张卡片）"
        );
        assert_eq!(shown(&problem, Lang::En), problem.to_string());
        assert_eq!(message("something new", Lang::Zh), "something new");
    }

    #[test]
    fn heading_key_point_probe_and_directory_problems_read_in_chinese() {
        // As the content checks write them (src/content: body, front matter, deck walk).
        for english in [
            "level-1 heading 'Intro' must name a language: end it with {#zh} or {#en}",
            "level-2 heading 'More' must name a section: end it with {#short}, {#detail}, \
             {#interview} or {#followups} (use ### for other headings)",
            "follow-up 'Why?' must link to a card: use (card:ID)",
            "key point 2 in 'en' ('bits vs bytes') needs at least one non-empty term that is \
             not optional ('?')",
            "key point 1 in 'zh': term 'x|' has no spelling",
            "key point 3 in 'en': term '2 of: a|b' asks for 3 of 2 spellings; list more or \
             lower the number",
            "key points come in pairs by position, but zh has 3 and en has 4: give both \
             languages the same points in the same order",
            "probes.nvlink: key point 9 does not exist; positions count from 0 and this card has 4",
            "probes names 'pcie', which is not a follow-up of this card: use one of [a, b]",
            "empty card file: it needs front matter between '+++' lines and a body",
            "front matter is not closed: add a line '+++' after it",
            "cannot read the directory: EACCES (its cards are skipped)",
            "broken symlink: ENOENT (skipped)",
            "'transfer' calculator preset: 'linkz' is not a field of the transfer calculator; its \
             fields are: size, links",
            "number template 'copy': '{links:name}': 'nvlink9' is not a link id",
        ] {
            let zh = message(english, Lang::Zh);
            assert!(!crate::text::has_english_prose(&zh), "{english} -> {zh}");
            assert_ne!(zh, english, "no template for: {english}");
        }
    }

    #[test]
    fn escape_sequences_in_values_are_shown_not_sent() {
        let problem = Problem::new(
            "a.md",
            1,
            "tag '\u{1b}]0;x\u{7}' must be one word without spaces",
        );
        assert!(!shown(&problem, Lang::Zh).contains('\u{1b}'));
    }
}
