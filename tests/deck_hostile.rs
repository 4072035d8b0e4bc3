//! Hostile deck directories: symlink loops, links out of the deck, special files and huge cards
//! must load the good cards quickly and warn about the rest, never hang or drop the deck.
//! Each load runs on a thread with a time limit, so a regression fails instead of hanging.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use infraprep::content::DeckSource;
use infraprep::content::deck::{Loaded, check, load};
use infraprep::content::file_guard::MAX_CARD_BYTES;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/good-deck");

/// A temp deck holding the two good fixture cards.
fn good_deck() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in ["alpha.md", "beta.md"] {
        fs::copy(Path::new(FIXTURES).join(name), dir.path().join(name)).expect("copy");
    }
    dir
}

/// Loads `dir` on another thread, failing the test if that takes more than 10 s.
fn load_within_limit(dir: &Path) -> Loaded {
    let (sender, receiver) = mpsc::channel();
    let sources = vec![DeckSource::Dir(dir.to_path_buf())];
    std::thread::spawn(move || sender.send(load(&sources)));
    receiver
        .recv_timeout(Duration::from_secs(10))
        .expect("loading the deck hung")
}

fn warnings(loaded: &Loaded) -> String {
    loaded
        .warnings
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(unix)]
fn symlink(target: impl AsRef<Path>, link: PathBuf) {
    std::os::unix::fs::symlink(target, link).expect("symlink");
}

#[cfg(unix)]
#[test]
fn two_self_links_do_not_hang() {
    let dir = good_deck();
    symlink(".", dir.path().join("a"));
    symlink(".", dir.path().join("b"));
    let loaded = load_within_limit(dir.path());
    assert_eq!(loaded.deck.len(), 2, "{}", warnings(&loaded));
    let text = warnings(&loaded);
    assert_eq!(text.matches("symlink loop").count(), 2, "{text}");
    assert!(!text.contains("duplicate id"), "{text}");
}

#[cfg(unix)]
#[test]
fn a_loop_below_the_root_is_read_once() {
    let dir = good_deck();
    let sub = dir.path().join("sub");
    fs::create_dir(&sub).expect("mkdir");
    fs::rename(dir.path().join("beta.md"), sub.join("beta.md")).expect("move");
    symlink("..", sub.join("up"));
    symlink("sub", dir.path().join("again"));
    let loaded = load_within_limit(dir.path());
    assert_eq!(loaded.deck.len(), 2, "{}", warnings(&loaded));
    assert!(!warnings(&loaded).contains("duplicate id"));
}

#[cfg(unix)]
#[test]
fn links_out_of_the_deck_are_not_followed() {
    let dir = good_deck();
    symlink("/", dir.path().join("root"));
    let outside = tempfile::tempdir().expect("tempdir");
    fs::copy(
        Path::new(FIXTURES).join("alpha.md"),
        outside.path().join("x.md"),
    )
    .expect("copy");
    symlink(outside.path(), dir.path().join("elsewhere"));
    let loaded = load_within_limit(dir.path());
    assert_eq!(loaded.deck.len(), 2);
    let text = warnings(&loaded);
    assert_eq!(
        text.matches("a directory outside the deck, is not followed")
            .count(),
        2,
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn special_files_are_skipped_with_a_warning() {
    let dir = good_deck();
    symlink("/dev/zero", dir.path().join("zero.md"));
    let fifo = dir.path().join("pipe.md");
    let made_fifo = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    symlink("missing.md", dir.path().join("dangling.md"));
    let loaded = load_within_limit(dir.path());
    assert_eq!(loaded.deck.len(), 2);
    let text = warnings(&loaded);
    assert!(
        text.contains("zero.md: the card file is a device, not a regular file"),
        "{text}"
    );
    assert!(text.contains("dangling.md: broken symlink"), "{text}");
    if made_fifo {
        assert!(
            text.contains("pipe.md: the card file is a FIFO (named pipe)"),
            "{text}"
        );
    }
}

#[test]
fn a_huge_card_is_skipped_naming_the_limit() {
    let dir = good_deck();
    let size = usize::try_from(MAX_CARD_BYTES).expect("fits") + 1;
    fs::write(dir.path().join("huge.md"), "x".repeat(size)).expect("write");
    let loaded = load_within_limit(dir.path());
    assert_eq!(loaded.deck.len(), 2);
    let text = warnings(&loaded);
    assert!(
        text.contains("huge.md: the card file is 4.0 MiB; the limit is 4 MiB")
            || text.contains("huge.md: the card file is 4 MiB; the limit is 4 MiB"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn an_unreadable_subdirectory_skips_only_itself() {
    use std::os::unix::fs::PermissionsExt;
    let dir = good_deck();
    let locked = dir.path().join("locked");
    fs::create_dir(&locked).expect("mkdir");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).expect("chmod");
    let loaded = load_within_limit(dir.path());
    let readable_anyway = fs::read_dir(&locked).is_ok(); // root ignores permissions
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).expect("chmod back");
    assert_eq!(loaded.deck.len(), 2, "{}", warnings(&loaded));
    if !readable_anyway {
        assert!(warnings(&loaded).contains("locked: cannot read the directory"));
    }
}

#[cfg(unix)]
#[test]
fn file_names_with_escapes_are_shown_visibly() {
    let dir = good_deck();
    fs::write(dir.path().join("\u{1b}]0;PWN\u{7}.md"), "no front matter").expect("write");
    let loaded = load_within_limit(dir.path());
    let text = warnings(&loaded);
    assert!(text.contains("^[]0;PWN^G.md"), "{text}");
    assert!(!text.contains('\u{1b}'), "{text}");
    let (_, problems) = check(&[DeckSource::Dir(dir.path().to_path_buf())], None);
    let shown: String = problems.iter().map(ToString::to_string).collect();
    assert!(!shown.contains('\u{1b}'), "{shown}");
}
