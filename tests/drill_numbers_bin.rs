//! `infraprep drill --numbers` in a real terminal (a private tmux server, 80x24): the app starts
//! straight into a numbers drill with its clock, refuses text that is no quantity, grades what
//! is, and saves every answer as a number review. Skipped when tmux is not installed.

mod common;

use infraprep::drill::numbers::tally::record_of;
use infraprep::drill::store::Store;

use common::pane::Pane;

#[test]
fn drill_numbers_starts_a_numbers_drill_and_saves_each_answer() {
    let dir = tempfile::tempdir().expect("test setup");
    let args = format!(
        "drill --numbers --count 2 --lang en --minutes 30 --data-dir {}",
        dir.path().display()
    );
    let Some(pane) = Pane::start("drill_numbers_bin", &args) else {
        return;
    };
    let shown = pane.wait_for("question 1 of 2");
    assert!(shown.contains("numbers") && shown.contains("⏱"), "{shown}");
    assert!(shown.contains("Enter submits"), "{shown}");
    pane.text("soon");
    pane.keys(&["Enter"]);
    pane.wait_for("not a number with a unit");
    pane.keys(&["C-u"]);
    pane.text("1 s");
    pane.keys(&["Enter"]);
    let shown = pane.wait_for("you: ");
    assert!(shown.contains(" · answer: "), "{shown}");
    pane.keys(&["n"]);
    pane.wait_for("question 2 of 2");
    pane.keys(&["Enter"]);
    let shown = pane.wait_for("(no answer)");
    assert!(shown.contains("✗ off"), "{shown}");
    pane.keys(&["n"]);
    pane.wait_for("Drill summary");
    drop(pane);
    let store = Store::open(dir.path()).expect("test setup");
    let records: Vec<_> = store
        .progress()
        .reviews
        .iter()
        .filter_map(record_of)
        .collect();
    assert_eq!(records.len(), 2, "both answers saved as number reviews");
    assert!(
        store
            .progress()
            .reviews
            .iter()
            .all(|r| r.card_id.starts_with("numbers:") && r.drill_id.is_some())
    );
}
