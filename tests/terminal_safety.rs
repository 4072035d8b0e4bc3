//! A shared deck cannot drive the terminal: escape sequences in card text (OSC 52 clipboard
//! writes, OSC 0 window titles, clear-screen) print as visible text from every command, piped
//! or not, with or without colour.

use std::process::Command;

fn hostile_deck() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/good-deck");
    for name in ["alpha.md", "beta.md"] {
        let text = std::fs::read_to_string(format!("{good}/{name}")).expect("fixture");
        let text = text.replace(
            "en = \"Why keep",
            "en = \"\\u001b]52;c;ZWNobyBwd25lZA==\\u0007\\u001b]0;PWNED\\u0007\\u001b[2JWhy keep",
        );
        std::fs::write(dir.path().join(name), text).expect("write card");
    }
    dir
}

#[test]
fn card_text_never_reaches_the_terminal_as_escapes() {
    let deck = hostile_deck();
    let deck_arg = deck.path().to_str().expect("utf8 path").to_owned();
    let commands: &[&[&str]] = &[
        &["list"],
        &["list", "--color", "always"],
        &["search", "tensor"],
        &["show", "alpha"],
        &["show", "alpha", "--color", "always"],
    ];
    let mut checked = 0;
    for args in commands {
        let out = Command::new(env!("CARGO_BIN_EXE_infraprep"))
            .args(["--deck", &deck_arg, "--lang", "en"])
            .args(*args)
            .output()
            .expect("run");
        let all = [out.stdout, out.stderr].concat();
        let text = String::from_utf8_lossy(&all);
        if !text.contains("PWNED") {
            continue;
        }
        checked += 1;
        assert!(!text.contains("\x1b]"), "{args:?}: OSC passed:\n{text:?}");
        assert!(!text.contains("\x1b[2J"), "{args:?}: clear-screen passed");
        assert!(!text.contains('\x07'), "{args:?}: BEL passed");
    }
    assert!(
        checked >= 3,
        "the hostile title was printed by {checked} commands"
    );
}

/// A query holding a pasted escape sequence searches for its words only: the sequence's
/// parameters (`52`, `c`, base64) are not words, a query of nothing else has nothing to look
/// for, and nothing of the sequence is echoed raw.
#[test]
fn escape_sequences_in_a_query_are_not_searched() {
    let search = |query: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_infraprep"))
            .args(["--lang", "en", "search", query])
            .env("HOME", env!("CARGO_TARGET_TMPDIR"))
            .env_remove("INFRAPREP_CONFIG")
            .output()
            .expect("run");
        let text = String::from_utf8_lossy(&[out.stdout, out.stderr].concat()).into_owned();
        (out.status.success(), text)
    };
    let (ok, plain) = search("nvlink");
    assert!(ok, "{plain}");
    let (ok, wrapped) = search("\x1b[31mnvlink\x1b]52;c;SGVsbG8=\x07\x1b[0m");
    assert!(ok, "{wrapped}");
    assert_eq!(plain, wrapped, "the sequences changed the results");
    let (ok, only) = search("\x1b]52;c;SGVsbG8=\x07");
    assert!(!ok && only.contains("nothing to look for"), "{only}");
    assert!(!only.contains('\x1b') && !only.contains('\x07'), "{only:?}");
}
