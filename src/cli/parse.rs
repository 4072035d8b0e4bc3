//! Parsing the command line, with the hints clap cannot give: an expression typed without quotes
//! (`calc 10 GiB / nvlink3`) and a misspelt calculator (`calc transfre …`).

use std::ffi::OsString;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser};

use super::Cli;
use crate::calculators::CALCULATORS;

/// Parses `args` (program name first); on an error, prints clap's message, or ours where we can
/// say what was meant, and exits with status 2 (0 for `--help` and `--version`).
pub fn parse_from(args: &[OsString]) -> Cli {
    let parsed = if args.iter().skip(1).any(|a| a == "--version" || a == "-V") {
        // `--version` also says how many cards the bundled deck holds, counted at build time.
        let cards = crate::content::deck::BUNDLED_CARD_FILES;
        Cli::command()
            .version(format!(
                "{} ({cards} bundled cards)",
                env!("CARGO_PKG_VERSION")
            ))
            .try_get_matches_from(args)
            .and_then(|matches| Cli::from_arg_matches(&matches))
    } else {
        Cli::try_parse_from(args)
    };
    match parsed {
        Ok(cli) => cli,
        Err(error) => {
            if !matches!(
                error.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) && let Some(hint) = calc_hint(args)
            {
                eprintln!("error: {hint}");
                std::process::exit(2);
            }
            error.exit()
        }
    }
}

/// What a failed `calc` line most likely meant.
fn calc_hint(args: &[OsString]) -> Option<String> {
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
        return Some(format!(
            "unknown calculator '{first}': did you mean '{name}'? (calculators: {})",
            names.join(", ")
        ));
    }
    if rest.len() > 1 {
        let expression: Vec<&str> = rest.iter().map(|s| s.as_str()).collect();
        return Some(format!(
            "an expression is one argument: quote it, as in infraprep calc \"{}\" (or name a calculator: {})",
            expression.join(" "),
            names.join(", ")
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hint(line: &str) -> Option<String> {
        let args: Vec<OsString> = std::iter::once("infraprep")
            .chain(line.split(' '))
            .map(OsString::from)
            .collect();
        calc_hint(&args)
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
        assert_eq!(super::calc_hint(&[]), None);
        assert!(self::hint("calc transfer 10GiB").is_none());
    }
}
