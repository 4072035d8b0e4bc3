//! The README documents the TUI's keys from the key table itself, so the two never disagree.

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
