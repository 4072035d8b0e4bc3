//! `docs/usage.md` and `docs/configuration.md` checked against the code, so they cannot drift:
//! usage.md's command reference is written from clap (`INFRAPREP_WRITE_DOCS=1 cargo test --test
//! docs` rewrites it), every `--flag` the docs mention exists, and the config keys the settings
//! read are exactly the ones configuration.md documents. (The command lines shown in the docs
//! are parsed and run in `tests/readme.rs`.)

use std::collections::BTreeSet;
use std::fmt::Write as _;

use clap::CommandFactory;
use infraprep::cli::Cli;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const START: &str = "<!-- commands:start -->\n";
const END: &str = "<!-- commands:end -->";

fn read(doc: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{doc}")).unwrap_or_else(|e| panic!("{doc}: {e}"))
}

/// Every command under `infraprep`, parents first, as (`infraprep list`, its definition).
/// `calc`'s subcommands are the calculators, documented from their registry in calculators.md.
fn commands() -> Vec<(String, clap::Command)> {
    fn walk(prefix: &str, cmd: &clap::Command, out: &mut Vec<(String, clap::Command)>) {
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            let path = format!("{prefix} {}", sub.get_name());
            out.push((path.clone(), sub.clone()));
            if path != "infraprep calc" {
                walk(&path, sub, out);
            }
        }
    }
    let root = Cli::command();
    let mut out = vec![("infraprep".to_owned(), root.clone())];
    walk("infraprep", &root, &mut out);
    out
}

/// `-o, --name VALUE`, `--name`, or a positional's `VALUE`, for the reference table; a value
/// from a fixed list is written as the list (`auto|always|never`).
fn arg_text(arg: &clap::Arg) -> String {
    let choices: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_owned())
        .collect();
    let value = if choices.is_empty() {
        arg.get_value_names()
            .and_then(|names| names.first())
            .map_or_else(|| arg.get_id().as_str().to_uppercase(), ToString::to_string)
    } else {
        choices.join("|")
    };
    let short = arg
        .get_short()
        .map(|c| format!("-{c}, "))
        .unwrap_or_default();
    match arg.get_long() {
        None => value,
        Some(long) if arg.get_action().takes_values() => format!("{short}--{long} {value}"),
        Some(long) => format!("{short}--{long}"),
    }
}

/// The command reference: one row per command with its arguments, flags and summary.
fn reference() -> String {
    let mut out = String::from("| command | arguments and flags | what |\n|---|---|---|\n");
    for (path, cmd) in commands() {
        let args: Vec<String> = cmd
            .get_arguments()
            .filter(|a| !a.is_hide_set())
            .map(|a| format!("`{}`", arg_text(a).replace('|', "\\|")))
            .collect();
        let about = if path == "infraprep" {
            "Opens the app; these flags work with every command".to_owned()
        } else {
            cmd.get_about().map(ToString::to_string).unwrap_or_default()
        };
        let about = about
            .lines()
            .next()
            .unwrap_or_default()
            .trim_end_matches('.');
        let about = about.replace('|', "\\|");
        let _ = writeln!(out, "| `{path}` | {} | {about} |", args.join(" "));
        if path == "infraprep calc" {
            let names: Vec<&str> = cmd
                .get_subcommands()
                .map(clap::Command::get_name)
                .filter(|n| *n != "help")
                .collect();
            let _ = writeln!(
                out,
                "| `infraprep calc NAME` | `NAME`: {} | One calculator; its flags are in [calculators.md](calculators.md) |",
                names.join(", ")
            );
        }
    }
    out
}

#[test]
fn usage_command_reference_is_written_from_clap() {
    let usage = read("docs/usage.md");
    let start = usage
        .find(START)
        .expect("usage.md has a commands:start marker")
        + START.len();
    let end = usage[start..].find(END).expect("a commands:end marker") + start;
    let expected = reference();
    if std::env::var_os("INFRAPREP_WRITE_DOCS").is_some() && usage[start..end] != expected {
        let updated = format!("{}{expected}{}", &usage[..start], &usage[end..]);
        std::fs::write(format!("{ROOT}/docs/usage.md"), updated).expect("write usage.md");
        return;
    }
    assert!(
        usage[start..end] == expected,
        "docs/usage.md's command reference is out of date: run INFRAPREP_WRITE_DOCS=1 cargo test --test docs"
    );
    // Every command is also used in the prose or examples outside the table.
    let prose = format!("{}{}", &usage[..start], &usage[end..]);
    for (path, _) in commands().iter().skip(1) {
        let words = path.trim_start_matches("infraprep ");
        assert!(
            prose.contains(&format!("infraprep {words}")),
            "usage.md never shows `{path}` outside the reference"
        );
    }
}

/// Every long flag clap defines anywhere, calculators included.
fn clap_flags() -> BTreeSet<String> {
    fn walk(cmd: &clap::Command, out: &mut BTreeSet<String>) {
        out.extend(
            cmd.get_arguments()
                .filter_map(|a| a.get_long().map(str::to_owned)),
        );
        for sub in cmd.get_subcommands() {
            walk(sub, out);
        }
    }
    let mut out = BTreeSet::from(["help".to_owned(), "version".to_owned()]);
    walk(&Cli::command(), &mut out);
    out
}

/// The `--flag`s a markdown text mentions, leaving out cargo's own (code lines and inline code
/// spans that run cargo).
fn mentioned_flags(text: &str) -> BTreeSet<String> {
    let mut pieces: Vec<String> = Vec::new();
    let mut prose = String::new();
    for (index, block) in text.split("```").enumerate() {
        if index % 2 == 1 {
            pieces.extend(block.lines().map(str::to_owned));
        } else {
            prose.push_str(block);
        }
    }
    for (index, span) in prose.split('`').enumerate() {
        if index % 2 == 1 {
            pieces.push(span.to_owned());
        } else {
            pieces.extend(span.lines().map(str::to_owned));
        }
    }
    let mut out = BTreeSet::new();
    for line in pieces.iter().filter(|l| !l.contains("cargo ")) {
        for (at, _) in line.match_indices("--") {
            let name: String = line[at + 2..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            let before = line[..at].chars().next_back();
            if name.starts_with(|c: char| c.is_ascii_lowercase())
                && !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
            {
                out.insert(name);
            }
        }
    }
    out
}

#[test]
fn every_flag_the_docs_mention_exists() {
    let flags = clap_flags();
    assert!(
        flags.contains("lang") && flags.contains("ranks"),
        "{flags:?}"
    );
    for doc in [
        "README.md",
        "docs/usage.md",
        "docs/configuration.md",
        "docs/export.md",
        "docs/card-format.md",
        "docs/calculator-guide.md",
        "docs/calculators.md",
    ] {
        let unknown: Vec<String> = mentioned_flags(&read(doc))
            .difference(&flags)
            .cloned()
            .collect();
        assert!(
            unknown.is_empty(),
            "{doc} mentions flags clap lacks: {unknown:?}"
        );
    }
}

/// The keys a serde struct accepts, from its `deny_unknown_fields` message ("expected one of").
fn accepted_keys(config: &str) -> Vec<String> {
    let error = toml::from_str::<infraprep::settings::ConfigFile>(config)
        .expect_err("an unknown key is refused")
        .to_string();
    let list = error
        .split("expected one of ")
        .nth(1)
        .unwrap_or_else(|| panic!("the message lists the keys: {error}"));
    list.split(", ")
        .map(|k| k.trim().trim_matches('`').to_owned())
        .collect()
}

fn top_level_keys() -> Vec<String> {
    accepted_keys("no-such-key = 1")
}

fn link_keys() -> Vec<String> {
    accepted_keys("[[links]]\nid = \"x\"\nbandwidth = \"1 GB/s\"\nno-such-key = 1")
}

#[test]
fn configuration_md_documents_exactly_the_keys_settings_read() {
    let doc = read("docs/configuration.md");
    let top = top_level_keys();
    assert!(top.contains(&"exam-date".to_owned()), "{top:?}");
    for key in &top {
        assert!(
            doc.contains(&format!("\n{key} = ")) || doc.contains(&format!("[[{key}]]")),
            "configuration.md's example lacks the key `{key}`"
        );
    }
    // The `[[links]]` table lists every key a link preset reads, and nothing else.
    let documented: BTreeSet<String> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .map(str::to_owned)
        .collect();
    let read_keys: BTreeSet<String> = link_keys().into_iter().collect();
    assert!(read_keys.contains("efficiency-source"), "{read_keys:?}");
    assert_eq!(
        documented, read_keys,
        "configuration.md's [[links]] key table"
    );
    for (key, variants) in [
        (
            "kind",
            accepted_keys("[[links]]\nid = \"x\"\nbandwidth = \"1 GB/s\"\nkind = \"?\""),
        ),
        (
            "scope",
            accepted_keys("[[links]]\nid = \"x\"\nbandwidth = \"1 GB/s\"\nscope = \"?\""),
        ),
    ] {
        let row = doc
            .lines()
            .find(|l| l.starts_with(&format!("| `{key}` |")))
            .unwrap_or_default();
        let named: BTreeSet<&str> = row.split('`').skip(3).step_by(2).collect();
        let accepted: BTreeSet<&str> = variants.iter().map(String::as_str).collect();
        assert_eq!(named, accepted, "configuration.md's `{key}` values");
    }
    // Every TOML block parses as a config file (unknown keys are refused) and its links check.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut blocks = 0;
    for block in doc.split("```toml\n").skip(1) {
        let toml = block.split("```").next().unwrap_or_default();
        let path = dir.path().join(format!("config{blocks}.toml"));
        std::fs::write(&path, toml).expect("write");
        if let Err(e) = infraprep::settings::read_config(&path) {
            panic!("configuration.md's example does not load: {e}\n{toml}");
        }
        blocks += 1;
    }
    assert!(blocks > 0, "configuration.md shows an example");
}
