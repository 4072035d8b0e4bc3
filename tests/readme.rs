//! The README and docs agree with the code: the key table is the key table, the calculator
//! reference is written from the registry, and every `infraprep …` line in a code block parses
//! (the cheap ones run on the bundled deck).

use infraprep::tui::keymap::markdown_table;

const README: &str = include_str!("../README.md");
const START: &str = "<!-- keys:start -->\n";
const END: &str = "<!-- keys:end -->";

#[test]
fn readme_key_table_matches_the_key_table() {
    let start = README.find(START).expect("README has a keys:start marker") + START.len();
    let end = README[start..]
        .find(END)
        .expect("README has a keys:end marker")
        + start;
    let expected = markdown_table();
    if std::env::var_os("INFRAPREP_WRITE_DOCS").is_some() && README[start..end] != expected {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
        let updated = format!("{}{expected}{}", &README[..start], &README[end..]);
        std::fs::write(path, updated).expect("write README.md");
        return;
    }
    assert!(
        README[start..end] == expected,
        "the README's key table is out of date; replace it with:\n{expected}"
    );
}

#[test]
fn readme_names_the_two_setup_commands() {
    assert!(README.contains("cargo run --release"));
    assert!(README.contains("cargo test"));
}

/// `docs/calculators.md` is written from the registry; set `INFRAPREP_WRITE_DOCS=1` to rewrite it.
#[test]
fn calculator_reference_matches_the_registry() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/calculators.md");
    let expected =
        infraprep::calculators::reference::markdown(&infraprep::calc::HardwareTable::bundled());
    if std::env::var_os("INFRAPREP_WRITE_DOCS").is_some() {
        std::fs::write(path, &expected).expect("write docs/calculators.md");
    }
    let actual = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        actual == expected,
        "docs/calculators.md is out of date: run INFRAPREP_WRITE_DOCS=1 cargo test --test readme"
    );
    for calc in infraprep::calculators::CALCULATORS {
        assert!(
            README.contains(&format!("`{}`", calc.id)),
            "README names {}",
            calc.id
        );
    }
}

/// The README's tour runs real subcommands and its links point at files that exist.
#[test]
fn readme_tour_and_links_are_true() {
    use clap::CommandFactory;
    let cli = infraprep::cli::Cli::command();
    let tour: Vec<&str> = README
        .lines()
        .filter_map(|l| l.strip_prefix("infraprep "))
        .filter_map(|rest| rest.split_whitespace().next())
        .filter(|word| !word.starts_with('-'))
        .collect();
    assert!(tour.len() >= 10, "the tour has ten commands");
    for sub in tour {
        assert!(
            cli.find_subcommand(sub).is_some(),
            "README runs unknown `{sub}`"
        );
    }
    for link in README.split("](").skip(1) {
        let target = link.split(')').next().unwrap_or_default();
        if target.starts_with("docs/") {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(target);
            assert!(path.exists(), "README links to missing {target}");
        }
    }
    assert!(
        !README.contains("never writes"),
        "the L key writes the config's lang line"
    );
    assert!(README.contains("`L`"), "README says L writes the language");
}

/// The shell words of one command line, as the commands a pipe, `&&` or `;` separates; a
/// redirect and its target are dropped, a `#` starting a word begins a comment. Quotes group
/// words; nothing is expanded (a `~` stays, so such lines are parsed but not run).
fn shell_commands(line: &str) -> Vec<Vec<String>> {
    let mut commands = vec![Vec::new()];
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    let mut skip_target = false;
    let finish = |word: &mut Option<String>, commands: &mut Vec<Vec<String>>, skip: &mut bool| {
        if let Some(w) = word.take() {
            if std::mem::take(skip) {
                return;
            }
            commands.last_mut().expect("one command").push(w);
        }
    };
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, '#') if word.is_none() => break,
            (None, ' ' | '\t') => finish(&mut word, &mut commands, &mut skip_target),
            (None, '>' | '<') => {
                // `2>` names a stream, not a word.
                if word
                    .as_deref()
                    .is_some_and(|w| w.chars().all(|d| d.is_ascii_digit()))
                {
                    word = None;
                }
                finish(&mut word, &mut commands, &mut skip_target);
                skip_target = true;
            }
            (None, '|' | ';' | '&') => {
                finish(&mut word, &mut commands, &mut skip_target);
                if commands.last().is_some_and(|c| !c.is_empty()) {
                    commands.push(Vec::new());
                }
            }
            // Inside quotes everything is part of the word.
            (_, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    finish(&mut word, &mut commands, &mut skip_target);
    commands.retain(|c| !c.is_empty());
    commands
}

/// Every `infraprep …` command in the fenced code blocks of the README and docs/*.md, with the
/// file it is in (continuation lines joined; a `$ ` prompt dropped).
fn documented_commands() -> Vec<(String, Vec<String>)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs = vec![root.join("README.md")];
    let mut more: Vec<_> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    more.sort();
    docs.extend(more);
    let mut out = Vec::new();
    for path in docs {
        let text = std::fs::read_to_string(&path).expect("read doc");
        let name = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        for block in text.split("```").skip(1).step_by(2) {
            let joined = block.replace("\\\n", " ");
            for line in joined.lines() {
                let line = line.trim_start().trim_start_matches("$ ");
                for words in shell_commands(line) {
                    if words[0] == "infraprep" {
                        out.push((name.clone(), words));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn shell_commands_split_like_a_shell() {
    assert_eq!(
        shell_commands(r#"infraprep grade 12 --answer "TP; 300 GB/s" # note"#),
        [["infraprep", "grade", "12", "--answer", "TP; 300 GB/s"]]
    );
    assert_eq!(
        shell_commands("infraprep man | man -l - && infraprep history export 2> e > out.md"),
        [
            vec!["infraprep", "man"],
            vec!["man", "-l", "-"],
            vec!["infraprep", "history", "export"]
        ]
    );
}

/// Every command line the README and docs show parses with the real command line, and the
/// cheap ones (no terminal, no typing, no paths of your own) run and succeed on the bundled deck.
#[test]
fn documented_command_lines_parse_and_run() {
    use clap::Parser;
    use clap::error::ErrorKind;
    let commands = documented_commands();
    assert!(
        commands.len() >= 60,
        "found {} command lines",
        commands.len()
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let mut ran = std::collections::BTreeSet::new();
    for (doc, words) in &commands {
        if let Err(e) = infraprep::cli::Cli::try_parse_from(words) {
            assert!(
                matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion),
                "{doc}: `{}` does not parse: {e}",
                words.join(" ")
            );
        }
        let interactive = words.len() == 1
            || words
                .iter()
                .any(|w| w == "drill" || w == "--ask" || w == "--answer-file");
        let own_path = words
            .iter()
            .any(|w| w.starts_with('~') || w.starts_with('/'));
        if interactive || own_path || !ran.insert(words.clone()) {
            continue;
        }
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_infraprep"))
            .args(&words[1..])
            .current_dir(dir.path())
            .env_remove("LANG")
            .env_remove("LC_ALL")
            .env_remove("INFRAPREP_CONFIG")
            .env("XDG_CONFIG_HOME", "/nonexistent-infraprep-test-config")
            .env("INFRAPREP_DATA_DIR", dir.path().join("data"))
            .output()
            .expect("the binary runs");
        assert!(
            output.status.success() && !output.stdout.is_empty(),
            "{doc}: `{}` exits {:?}: {}",
            words.join(" "),
            output.status.code(),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    assert!(ran.len() >= 40, "ran {} documented commands", ran.len());
}

/// The examples in `--help` texts parse too (the words before a two-space description).
#[test]
fn help_examples_parse() {
    use clap::{CommandFactory, Parser};
    fn walk(cmd: &clap::Command, out: &mut Vec<String>) {
        if let Some(help) = cmd.get_after_help() {
            for line in help.to_string().lines() {
                if let Some(rest) = line.trim_start().strip_prefix("infraprep ") {
                    let command = rest.split("  ").next().unwrap_or_default();
                    out.push(format!("infraprep {command}"));
                }
            }
        }
        for sub in cmd.get_subcommands() {
            walk(sub, out);
        }
    }
    let mut examples = Vec::new();
    walk(&infraprep::cli::Cli::command(), &mut examples);
    assert!(examples.len() >= 20, "{examples:?}");
    for example in examples {
        for words in shell_commands(&example) {
            if words[0] == "infraprep" {
                let parsed = infraprep::cli::Cli::try_parse_from(&words);
                assert!(parsed.is_ok(), "`{example}`: {:?}", parsed.err());
            }
        }
    }
}
