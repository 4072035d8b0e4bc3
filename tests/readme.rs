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
