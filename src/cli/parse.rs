//! Parsing the command line, with the hints clap cannot give: an expression typed without quotes
//! (`calc 10 GiB / nvlink3`) and a misspelt calculator (`calc transfre …`).

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};

use super::{Cli, ColorChoice};
use crate::calculators::CALCULATORS;
use crate::content::Lang;
use crate::text::messages as m;

/// Parses `args` (program name first); on an error, prints clap's message, or ours where we can
/// say what was meant, and exits with status 2 (0 for `--help` and `--version`). Help and errors
/// speak the interface language, found before parsing (`localize::ui_lang`).
pub fn parse_from(args: &[OsString]) -> Cli {
    if args.len() <= 1 {
        return no_arguments(&|name| std::env::var_os(name));
    }
    let var = |name: &str| std::env::var(name).ok();
    let lang = super::localize::ui_lang(args, &var);
    let mut cmd = Cli::command();
    // A variable set but empty (`INFRAPREP_DATA_DIR=`) means unset, as for most tools, not
    // "a value is required" on every command.
    for (id, name) in [
        ("config", "INFRAPREP_CONFIG"),
        ("data_dir", "INFRAPREP_DATA_DIR"),
    ] {
        if std::env::var_os(name).is_some_and(|v| v.is_empty()) {
            cmd = cmd.mut_arg(id, |arg| arg.env(None::<&str>));
        }
    }
    if args.iter().skip(1).any(|a| a == "--version" || a == "-V") {
        // `--version` also says how many cards the bundled deck holds, counted at build time.
        let cards = crate::content::deck::BUNDLED_CARD_FILES;
        let version = env!("CARGO_PKG_VERSION");
        cmd = cmd.version(m::VERSION_CARDS.fill(lang, &[("version", &version), ("cards", &cards)]));
    }
    let parsed = super::localize::localized(cmd, lang)
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    match parsed {
        Ok(cli) => cli,
        Err(error) => {
            if matches!(
                error.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) || lang == Lang::En && calc_hint(args, lang).is_none()
            {
                error.exit()
            }
            let text = match calc_hint(args, lang) {
                Some(hint) => format!("{}{}{hint}\n", m::ERROR.get(lang), super::gap(lang)),
                None => super::localize::error_text(&error, lang),
            };
            let _ = std::io::stderr().write_all(text.as_bytes());
            std::process::exit(2);
        }
    }
}

/// `infraprep` alone, which opens the app: there is nothing to parse, so clap's `Command`, whose
/// every subcommand and calculator flag is built before it reads a word, is not built at all (it
/// was about a third of the first frame's CPU). What clap would read is read the same way: the
/// two variables behind `--config` and `--data-dir`, set and not empty (`var`: the environment).
fn no_arguments(var: &dyn Fn(&str) -> Option<OsString>) -> Cli {
    let path = |name: &str| {
        var(name)
            .filter(|value| !value.is_empty())
            .map(PathBuf::from)
    };
    Cli {
        lang: None,
        decks: Vec::new(),
        config: path("INFRAPREP_CONFIG"),
        data_dir: path("INFRAPREP_DATA_DIR"),
        set_aside_bad_progress: false,
        color: ColorChoice::Auto,
        command: None,
    }
}

/// What a failed `calc` line most likely meant.
fn calc_hint(args: &[OsString], lang: Lang) -> Option<String> {
    let words: Vec<String> = args
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let at = words.iter().position(|w| w == "calc")?;
    let rest: Vec<&String> = words[at + 1..]
        .iter()
        .filter(|w| !w.starts_with("--"))
        .collect();
    let first = rest.first()?;
    let names: Vec<&str> = CALCULATORS.iter().map(|c| c.id).collect();
    if names.contains(&first.as_str()) {
        return None;
    }
    let near = names
        .iter()
        .map(|n| (strsim::damerau_levenshtein(first, n), *n))
        .filter(|(d, _)| *d <= 2)
        .min();
    if let Some((_, name)) = near
        && first.chars().all(|c| c.is_ascii_alphabetic())
    {
        return Some(m::CALC_UNKNOWN.fill(
            lang,
            &[
                ("name", first),
                ("near", &name),
                ("all", &super::command::list(&names, lang)),
            ],
        ));
    }
    if rest.len() > 1 {
        let expression: Vec<&str> = rest.iter().map(|s| s.as_str()).collect();
        return Some(m::CALC_QUOTE.fill(
            lang,
            &[
                ("expression", &expression.join(" ")),
                ("all", &super::command::list(&names, lang)),
            ],
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With no arguments, the hand-made `Cli` is what clap makes of the same environment: each
    /// variable unset, empty or set (clap reads a set one as the flag's value).
    #[test]
    fn no_arguments_is_what_clap_parses_from_the_environment() {
        for config in [None, Some(""), Some("/tmp/c o n f.toml")] {
            for data in [None, Some(""), Some("data dir")] {
                let var = |name: &str| match name {
                    "INFRAPREP_CONFIG" => config.map(OsString::from),
                    "INFRAPREP_DATA_DIR" => data.map(OsString::from),
                    _ => None,
                };
                let mut line = vec!["infraprep"];
                for (flag, value) in [("--config", config), ("--data-dir", data)] {
                    if let Some(value) = value.filter(|v| !v.is_empty()) {
                        line.extend([flag, value]);
                    }
                }
                // The test's own environment must not leak into the expected parse.
                let command = Cli::command()
                    .mut_arg("config", |a| a.env(None::<&str>))
                    .mut_arg("data_dir", |a| a.env(None::<&str>));
                let matches = command.try_get_matches_from(&line).expect("parses");
                let expected = Cli::from_arg_matches(&matches).expect("a Cli");
                assert_eq!(
                    format!("{:?}", no_arguments(&var)),
                    format!("{expected:?}"),
                    "{config:?} {data:?}"
                );
            }
        }
    }

    fn hint(line: &str) -> Option<String> {
        let args: Vec<OsString> = std::iter::once("infraprep")
            .chain(line.split(' '))
            .map(OsString::from)
            .collect();
        calc_hint(&args, Lang::En)
    }

    #[test]
    fn an_unquoted_expression_is_told_to_quote() {
        let hint = hint("calc 10 GiB / nvlnk3").expect("hint");
        assert!(hint.contains("\"10 GiB / nvlnk3\""), "{hint}");
    }

    #[test]
    fn a_misspelt_calculator_gets_the_nearest() {
        let hint = hint("calc transfre 10GiB --link pcie4").expect("hint");
        assert!(hint.contains("did you mean 'transfer'"), "{hint}");
        assert_eq!(super::calc_hint(&[], Lang::En), None);
        assert!(self::hint("calc transfer 10GiB").is_none());
    }
}
