//! Usage errors in Chinese, worded from clap's error kind and the values clap records with it
//! (the argument, the value, the valid values, the suggestion, the usage line).

use std::fmt::Write as _;

use clap::error::{ContextKind, ContextValue, Error, ErrorKind};

use super::zh_usage;
use crate::content::Lang;
use crate::text::messages as m;

/// The whole message for a usage error in `lang`: the error, a suggestion, the usage line and
/// where to read more. English is clap's own rendering.
pub fn error_text(error: &Error, lang: Lang) -> String {
    // The help of a command given without its subcommand is already in `lang`.
    if lang == Lang::En || error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return error.render().to_string();
    }
    let mut text = format!("{}{}", m::ERROR.get(lang), headline(error, lang));
    let tips = [
        (ContextKind::SuggestedArg, m::USAGE_NEAR_ARG),
        (ContextKind::SuggestedSubcommand, m::USAGE_NEAR_SUBCOMMAND),
        (ContextKind::SuggestedValue, m::USAGE_NEAR_VALUE),
    ];
    let mut tipped = false;
    for (kind, msg) in tips {
        if let Some(near) = values(error, kind) {
            text.push_str(if tipped { "\n" } else { "\n\n" });
            let _ = write!(text, "  {}", msg.fill(lang, &[("near", &near)]));
            tipped = true;
        }
    }
    if let Some(ContextValue::StyledStrs(suggestions)) = error.get(ContextKind::Suggested) {
        for suggestion in suggestions.iter().filter_map(|s| tip(&s.to_string(), lang)) {
            text.push_str(if tipped { "\n" } else { "\n\n" });
            let _ = write!(text, "  {suggestion}");
            tipped = true;
        }
    }
    if let Some(ContextValue::StyledStr(usage)) = error.get(ContextKind::Usage) {
        let usage = zh_usage(&usage.to_string());
        let command: Vec<&str> = usage
            .split_whitespace()
            .take_while(|w| !w.starts_with(['[', '<']))
            .collect();
        let _ = write!(text, "\n\n{}{usage}\n\n", m::USAGE_HEADING.get(lang));
        text.push_str(&m::USAGE_MORE.fill(lang, &[("command", &command.join(" "))]));
    }
    text.push('\n');
    text
}

/// One of clap's free-form tips, in `lang`, when it is one of the two clap gives.
fn tip(text: &str, lang: Lang) -> Option<String> {
    if let Some(rest) = text.strip_prefix("to pass '")
        && let Some((arg, _)) = rest.split_once('\'')
    {
        return Some(m::USAGE_AS_VALUE.fill(lang, &[("arg", &arg)]));
    }
    let what = text.strip_prefix('\'')?.strip_suffix("' exists")?;
    Some(m::USAGE_EXISTS.fill(lang, &[("what", &what)]))
}

/// The first sentence: what is wrong, by error kind.
fn headline(error: &Error, lang: Lang) -> String {
    let arg = string(error, ContextKind::InvalidArg).unwrap_or_default();
    let value = string(error, ContextKind::InvalidValue).unwrap_or_default();
    match error.kind() {
        ErrorKind::UnknownArgument => m::USAGE_UNKNOWN_ARG.fill(lang, &[("arg", &arg)]),
        ErrorKind::InvalidValue if value.is_empty() => {
            m::USAGE_VALUE_MISSING.fill(lang, &[("arg", &arg)])
        }
        ErrorKind::InvalidValue => {
            let mut text = m::USAGE_INVALID_VALUE.fill(lang, &[("arg", &arg), ("value", &value)]);
            if let Some(valid) = values(error, ContextKind::ValidValue) {
                let _ = write!(
                    text,
                    "；{}",
                    m::USAGE_POSSIBLE_VALUES.fill(lang, &[("values", &valid)])
                );
            }
            text
        }
        ErrorKind::ValueValidation => m::USAGE_BAD_VALUE.fill(
            lang,
            &[
                ("arg", &arg),
                ("value", &value),
                ("hint", &value_hint(&arg, lang)),
            ],
        ),
        ErrorKind::InvalidSubcommand => {
            let name = string(error, ContextKind::InvalidSubcommand).unwrap_or_default();
            m::USAGE_UNKNOWN_SUBCOMMAND.fill(lang, &[("name", &name)])
        }
        ErrorKind::MissingRequiredArgument => {
            let args = values(error, ContextKind::InvalidArg).unwrap_or_default();
            m::USAGE_MISSING_ARGS.fill(lang, &[("args", &args)])
        }
        ErrorKind::MissingSubcommand => {
            let name = string(error, ContextKind::InvalidSubcommand).unwrap_or_default();
            let valid = values(error, ContextKind::ValidSubcommand).unwrap_or_default();
            m::USAGE_MISSING_SUBCOMMAND.fill(lang, &[("name", &name), ("values", &valid)])
        }
        ErrorKind::ArgumentConflict => conflict(error, &arg, lang),
        ErrorKind::TooManyValues => {
            m::USAGE_EXTRA_VALUE.fill(lang, &[("arg", &arg), ("value", &value)])
        }
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            let number = |kind| match error.get(kind) {
                Some(ContextValue::Number(n)) => n.to_string(),
                _ => "?".to_owned(),
            };
            let expected = match error.get(ContextKind::MinValues) {
                Some(_) => number(ContextKind::MinValues),
                None => number(ContextKind::ExpectedNumValues),
            };
            m::USAGE_VALUE_COUNT.fill(
                lang,
                &[
                    ("arg", &arg),
                    ("expected", &expected),
                    ("actual", &number(ContextKind::ActualNumValues)),
                ],
            )
        }
        ErrorKind::NoEquals => m::USAGE_NO_EQUALS.fill(lang, &[("arg", &arg)]),
        ErrorKind::InvalidUtf8 => m::USAGE_NOT_UTF8.get(lang).to_owned(),
        _ => m::USAGE_OTHER.fill(lang, &[("detail", &error.kind())]),
    }
}

fn conflict(error: &Error, arg: &str, lang: Lang) -> String {
    let prior = error.get(ContextKind::PriorArg);
    if let Some(ContextValue::String(prior)) = prior
        && prior == arg
    {
        return m::USAGE_REPEATED.fill(lang, &[("arg", &arg)]);
    }
    let arg = if arg.is_empty() {
        string(error, ContextKind::InvalidSubcommand).unwrap_or_default()
    } else {
        arg.to_owned()
    };
    let other = match prior {
        Some(ContextValue::String(p)) => format!("'{p}'"),
        Some(ContextValue::Strings(p)) => quoted(p),
        _ => m::USAGE_CONFLICT_OTHERS.get(lang).to_owned(),
    };
    m::USAGE_CONFLICT.fill(lang, &[("arg", &arg), ("other", &other)])
}

/// What a value of the flag `arg` (as clap shows it, `--minutes <MINUTES>`) should look like.
fn value_hint(arg: &str, lang: Lang) -> String {
    let flag = arg.split_whitespace().next().unwrap_or_default();
    let hint = match flag.trim_start_matches('-') {
        "lang" => m::VALUE_HINT_LANG,
        "minutes" => m::VALUE_HINT_MINUTES,
        "exam-date" => m::VALUE_HINT_DATE,
        "section" => m::VALUE_HINT_SECTION,
        "mode" => m::VALUE_HINT_MODE,
        "count" | "limit" => m::VALUE_HINT_POSITIVE,
        "seed" => m::VALUE_HINT_WHOLE,
        "tolerance" => m::VALUE_HINT_NUMBER,
        _ => m::VALUE_HINT_SEE_HELP,
    };
    hint.get(lang).to_owned()
}

fn string(error: &Error, kind: ContextKind) -> Option<String> {
    match error.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(s) => s.first().cloned(),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        _ => None,
    }
}

/// A list context value as `'a', 'b'`.
fn values(error: &Error, kind: ContextKind) -> Option<String> {
    match error.get(kind)? {
        ContextValue::String(s) => Some(format!("'{s}'")),
        ContextValue::Strings(s) if !s.is_empty() => Some(quoted(s)),
        _ => None,
    }
}

fn quoted(items: &[String]) -> String {
    items
        .iter()
        .map(|s| format!("'{s}'"))
        .collect::<Vec<_>>()
        .join("、")
}
