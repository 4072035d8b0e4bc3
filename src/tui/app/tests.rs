//! Key sequences through `App::update` alone: the effects it asks for, and no disk I/O until the
//! runner performs them.

use chrono::{DateTime, TimeDelta, Utc};

use super::{App, DRAFT_PAUSE, DrillSetup, Effect};
use crate::content::deck::load;
use crate::content::{DeckSource, Lang};
use crate::drill::{DrillMode, DrillOptions, Store};
use crate::tui::action::Action;
use crate::tui::terminal::progress_effects;

fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-29T10:00:00Z")
        .expect("a valid date")
        .with_timezone(&Utc)
}

/// An interview of card 12 saving to `dir`, at `t0`, with the startup effects taken.
fn interview(dir: &std::path::Path) -> App {
    let mut app =
        App::new(load(&[DeckSource::Bundled]).deck, Lang::En).with_drill_setup(DrillSetup {
            data_dir: Some(dir.to_path_buf()),
            minutes: 3.0,
            exam: None,
        });
    app.tick(t0());
    let options = DrillOptions {
        card: Some("nvlink-vs-infiniband".to_owned()),
        ..app.drill_options(DrillMode::Interview)
    };
    app.start_drill(options);
    assert!(app.drill.is_none(), "the drill waits for the store");
    run_progress_effects(&mut app);
    assert!(app.drill.is_some(), "{:?}", app.status);
    app.take_effects();
    app
}

/// Performs the store's effects as the runner does.
fn run_progress_effects(app: &mut App) {
    crate::tui::run_effects(app, &mut progress_effects);
}

fn saves(effects: &[Effect]) -> usize {
    effects
        .iter()
        .filter(|e| **e == Effect::SaveProgress)
        .count()
}

#[test]
fn a_submitted_answer_is_recorded_in_memory_and_saved_only_by_the_runner() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut app = interview(&data);
    app.paste("NVLink inside the node");
    app.update(Action::StopTyping);
    app.update(Action::Reveal);
    let effects = app.take_effects();
    assert_eq!(saves(&effects), 1, "{effects:?}");
    assert!(!data.exists(), "update wrote nothing");
    assert_eq!(app.unsaved(), 1);
    for effect in &effects {
        progress_effects(effect, &mut app);
    }
    assert_eq!(app.unsaved(), 0);
    let stored = Store::open(&data).unwrap();
    let answers: Vec<&str> = stored
        .progress()
        .ungraded()
        .map(|a| a.answer.as_str())
        .collect();
    assert_eq!(answers, ["NVLink inside the node"]);
    // Nothing new recorded: no save is asked for.
    app.update(Action::Move(1));
    assert_eq!(saves(&app.take_effects()), 0);
}

#[test]
fn the_draft_is_recorded_once_typing_pauses_and_idle_asks_for_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = interview(dir.path());
    // Idle: no wake-up, no save.
    app.tick(t0() + TimeDelta::seconds(5));
    assert!(app.take_effects().is_empty());
    let typed = t0() + TimeDelta::seconds(10);
    app.tick(typed);
    app.paste("half a thought");
    assert_eq!(
        app.take_effects(),
        [Effect::WakeAt(Some(typed + DRAFT_PAUSE))]
    );
    // Before the pause is over nothing is recorded.
    app.tick(typed + DRAFT_PAUSE - TimeDelta::milliseconds(1));
    assert!(app.take_effects().is_empty());
    app.tick(typed + DRAFT_PAUSE);
    let effects = app.take_effects();
    assert!(effects.contains(&Effect::WakeAt(None)), "{effects:?}");
    assert_eq!(saves(&effects), 1);
    let drafts: Vec<&str> = app
        .stored_progress()
        .unwrap()
        .open_drafts()
        .map(|d| d.answer.as_str())
        .collect();
    assert_eq!(drafts, ["half a thought"]);
    // Saved once: later ticks with the same text record nothing more.
    app.tick(typed + DRAFT_PAUSE * 3);
    assert!(app.take_effects().is_empty());
}

#[test]
fn a_failed_save_is_shown_and_quitting_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let blocked = dir.path().join("not-a-dir");
    let mut app = interview(&blocked);
    // A file where the data dir should be, once the store is open: every save fails.
    std::fs::write(&blocked, "").unwrap();
    app.paste("an answer");
    app.update(Action::StopTyping);
    app.update(Action::Reveal);
    for effect in app.take_effects() {
        progress_effects(&effect, &mut app);
    }
    let error = app.drill.as_ref().unwrap().saves.error.clone();
    assert!(
        error.as_deref().is_some_and(|e| e.contains("not-a-dir")),
        "{error:?}"
    );
    app.update(Action::Quit);
    assert!(!app.should_quit(), "the first quit asks");
    let status = app.status.clone().unwrap_or_default();
    assert!(status.contains("1 record is not saved"), "{status}");
    // Another key withdraws the question; then two quits in a row leave.
    app.update(Action::Move(1));
    app.update(Action::Quit);
    assert!(!app.should_quit());
    app.update(Action::Quit);
    assert!(app.should_quit());
}

#[test]
fn the_keys_the_help_footer_names_work_over_the_help() {
    use crate::tui::keymap::{Context, footer_hints};
    let mut app = App::new(load(&[DeckSource::Bundled]).deck, Lang::En);
    app.update(Action::ToggleHelp);
    assert_eq!(app.context(), Context::Help);
    assert!(footer_hints(Context::Help, Lang::En).contains(&"/ search"));
    app.update(Action::OpenSearch);
    assert_eq!(
        app.context(),
        Context::Search,
        "the help closed, the search opened"
    );
}

#[test]
fn q_on_a_finished_drills_summary_leaves_it_as_esc_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = interview(dir.path());
    app.paste("an answer");
    app.update(Action::StopTyping);
    app.update(Action::EndDrill);
    assert!(
        app.drill.as_ref().unwrap().summary.is_none(),
        "the review first"
    );
    app.update(Action::EndDrill);
    assert!(
        app.drill.as_ref().unwrap().summary.is_some(),
        "then the summary"
    );
    app.update(Action::EndDrill);
    assert!(app.drill.is_none(), "q leaves the summary");
    assert_eq!(app.screen, super::Screen::Cards);
}

#[test]
fn the_drill_and_stats_screens_ask_the_runner_to_open_the_store_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut app =
        App::new(load(&[DeckSource::Bundled]).deck, Lang::En).with_drill_setup(DrillSetup {
            data_dir: Some(data.clone()),
            minutes: 3.0,
            exam: None,
        });
    app.update(Action::ShowDrill);
    app.update(Action::ShowStats);
    assert_eq!(app.take_effects(), [Effect::OpenProgress(data.clone())]);
    assert!(app.saving.is_none() && app.saving_status().is_none());
    // Enter on the form before the store is open: the drill starts once the runner opened it.
    app.update(Action::ShowDrill);
    app.update(Action::StartDrill);
    assert!(app.drill.is_none());
    assert_eq!(app.take_effects(), [Effect::OpenProgress(data.clone())]);
    app.progress_opened(Store::open(&data));
    assert!(app.drill.is_some(), "{:?}", app.status);
    // The data dir with both files, not `progress.json`, which a fresh dir does not have yet.
    assert_eq!(
        app.saving_status().unwrap(),
        format!("progress: {} (progress.json, progress.log)", data.display())
    );
    app.update(Action::ShowStats);
    assert!(
        !app.take_effects()
            .iter()
            .any(|e| matches!(e, Effect::OpenProgress(_))),
        "opened once"
    );
    assert!(!data.exists(), "opening reads, and nothing was recorded");
}

#[test]
fn without_a_data_directory_saving_is_off_without_asking_the_runner() {
    let mut app = App::new(load(&[DeckSource::Bundled]).deck, Lang::En);
    app.update(Action::ShowStats);
    assert!(app.take_effects().is_empty());
    assert!(app.saving_status().unwrap().contains("not being saved"));
}
