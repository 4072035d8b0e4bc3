//! `infraprep completions` and `infraprep man` through the binary: every subcommand appears,
//! and card ids, tags, link ids and calculator names are offered as completion values.

mod common;

use clap::CommandFactory;
use common::infraprep;
use infraprep::calculators::CALCULATORS;
use infraprep::cli::Cli;

fn subcommands() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .collect()
}

fn card_ids() -> Vec<String> {
    let run = infraprep(&["list", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let cards: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    cards
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|c| c["id"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn scripts_name_every_subcommand_calculator_card_and_link() {
    let ids = card_ids();
    assert!(ids.len() > 10, "the bundled deck loads");
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let run = infraprep(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        let script = run.stdout;
        for sub in subcommands() {
            assert!(script.contains(&sub), "{shell} lacks subcommand {sub}");
        }
        for calc in CALCULATORS {
            assert!(
                script.contains(calc.id),
                "{shell} lacks calculator {}",
                calc.id
            );
        }
        // clap_complete's PowerShell script completes flags and subcommands, not values.
        if shell == "powershell" {
            continue;
        }
        for id in &ids {
            assert!(script.contains(id.as_str()), "{shell} lacks card id {id}");
        }
        for link in ["nvlink4", "ib-ndr", "pcie5"] {
            assert!(script.contains(link), "{shell} lacks link {link}");
        }
        // Each generator's spelling of the value list (the help text also names `both`).
        let lang_values = match shell {
            "bash" => "compgen -W \"zh en both\"",
            "zsh" => ":(zh en both)",
            _ => "zh\\t''\nen\\t''\nboth\\t''",
        };
        assert!(
            script.contains(lang_values),
            "{shell} completes --lang zh|en|both"
        );
    }
}

#[test]
fn user_deck_ids_join_the_completions() {
    let deck = common::fixture_arg("good-deck");
    let run = infraprep(&["--deck", &deck, "completions", "fish"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("alpha") && run.stdout.contains("fixture"));
    // Positional values (`show ID`, `links ID`) are in the zsh and bash scripts; clap_complete's
    // fish script completes flag values only.
    let zsh = infraprep(&["--deck", &deck, "completions", "zsh"]).stdout;
    assert!(
        zsh.lines()
            .any(|l| l.starts_with("'::id") && l.contains("ib-ndr")),
        "links ID completes link ids"
    );
    assert!(
        zsh.lines()
            .any(|l| l.starts_with("':card") && l.contains(" alpha ")),
        "show ID completes card ids"
    );
    let bundled = infraprep(&["completions", "fish"]).stdout;
    assert!(!bundled.contains("alpha"), "only with --deck");
}

#[test]
fn unknown_shell_is_a_usage_error() {
    let run = infraprep(&["completions", "tcsh"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("bash"),
        "names the choices: {}",
        run.stderr
    );
}

#[test]
fn man_page_has_name_synopsis_and_subcommands() {
    let run = infraprep(&["man"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let page = run.stdout;
    assert!(page.contains(".TH infraprep 1"), "{page}");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH SUBCOMMANDS"] {
        assert!(page.contains(section), "missing {section}");
    }
    for sub in subcommands() {
        // roff writes a hyphen as `\-`.
        let sub = sub.replace('-', "\\-");
        assert!(page.contains(&sub), "man page lacks {sub}");
    }
}
