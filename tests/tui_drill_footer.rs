//! The drill's footer, drawn on a `TestBackend`, names only the keys that do something in the
//! drill's current phase: no "Space reveal" on the summary, no grade keys before an answer is
//! revealed or after it is graded. Every hint still comes from the key table.

use chrono::{DateTime, Utc};
use infraprep::content::deck::load;
use infraprep::content::{DeckSource, Lang};
use infraprep::drill::{DrillMode, DrillOptions};
use infraprep::tui::app::{App, DrillSetup};
use infraprep::tui::keymap::{BINDINGS, Context};
use infraprep::tui::theme::Theme;
use infraprep::tui::{Input, drive, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use unicode_width::UnicodeWidthStr;

/// Wide enough that no hint is dropped for room.
const WIDTH: u16 = 200;

fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-12-01T10:00:00Z")
        .expect("a valid date")
        .with_timezone(&Utc)
}

/// A practice drill of card 12 (which has follow-ups), saving to `dir`, in `lang`.
fn practice(dir: &std::path::Path, lang: Lang) -> App {
    drill(dir, lang, DrillMode::Practice)
}

/// A drill of card 12 in `mode`, saving to `dir`, in `lang`.
fn drill(dir: &std::path::Path, lang: Lang, mode: DrillMode) -> App {
    let mut app = App::new(load(&[DeckSource::Bundled]).deck, lang).with_drill_setup(DrillSetup {
        data_dir: Some(dir.to_path_buf()),
        minutes: 30.0,
        exam: None,
    });
    app.tick(t0());
    let options = DrillOptions {
        card: Some("nvlink-vs-infiniband".to_owned()),
        ..app.drill_options(mode)
    };
    app.start_drill(options);
    app
}

/// Presses `keys` (characters; `^` is Esc) through the event loop and returns the footer row.
fn footer_after(app: &mut App, keys: &str) -> String {
    let events = keys.chars().map(|c| {
        let code = if c == '^' {
            KeyCode::Esc
        } else {
            KeyCode::Char(c)
        };
        Input::Event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
    });
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, 24)).expect("test terminal");
    let mut effects = infraprep::tui::terminal::progress_effects;
    let theme = Theme { color: false };
    drive(&mut terminal, app, theme, events, &mut effects).expect("draws");
    let mut fresh = Terminal::new(TestBackend::new(WIDTH, 24)).expect("test terminal");
    fresh
        .draw(|frame| view::render(app, theme, frame))
        .expect("draws");
    row_text(fresh.backend().buffer(), 23)
}

/// The whole screen of `app`, drawn afresh, as text.
fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, 24)).expect("test terminal");
    terminal
        .draw(|frame| view::render(app, Theme { color: false }, frame))
        .expect("draws");
    (0..24)
        .map(|y| row_text(terminal.backend().buffer(), y) + "\n")
        .collect()
}

/// Row `y` of `buffer` as text. A wide character fills two cells; the second holds nothing to
/// read.
fn row_text(buffer: &ratatui::buffer::Buffer, y: u16) -> String {
    let mut row = String::new();
    let mut x = 0;
    while x < WIDTH {
        let symbol = buffer[(x, y)].symbol();
        row.push_str(symbol);
        x += u16::try_from(symbol.width().max(1)).expect("a narrow cell");
    }
    row
}

/// Every drill hint the key table has, in `lang`, whatever the phase.
fn all_drill_hints(lang: Lang) -> Vec<&'static str> {
    BINDINGS
        .iter()
        .filter(|b| Context::DRILL_PHASES.iter().any(|&c| b.applies_in(c)))
        .filter_map(|b| b.hint)
        .map(|h| h.get(lang))
        .collect()
}

/// The footer shows exactly `wanted` of the drill's hints, and none of the others.
fn assert_footer(footer: &str, wanted: &[&str], lang: Lang, phase: &str) {
    for hint in all_drill_hints(lang) {
        let shown = footer.contains(hint);
        assert_eq!(
            shown,
            wanted.contains(&hint),
            "{phase}: '{hint}' {} in the footer:\n{footer}",
            if shown { "should not be" } else { "is missing" }
        );
    }
}

#[test]
fn each_drill_phase_footer_names_only_its_own_keys() {
    let dir = tempfile::tempdir().expect("test setup");
    let mut app = practice(dir.path(), Lang::En);
    // Out of the answer box: the question's keys.
    let footer = footer_after(&mut app, "^");
    assert_eq!(app.context(), Context::DrillAsk);
    // A main question cannot be skipped, so `s` is not offered on it.
    let asking = ["Space reveal", "i type", "h hint", "p pause", "q end"];
    assert_footer(&footer, &asking, Lang::En, "answering");
    let footer = footer_after(&mut app, "p");
    assert_eq!(app.context(), Context::DrillPaused);
    assert_footer(&footer, &["p resume", "q end"], Lang::En, "paused");
    // Resumed and revealed: only grading (and ending) applies.
    let footer = footer_after(&mut app, "p ");
    assert_eq!(app.context(), Context::DrillGrade);
    assert_footer(&footer, &["1-4 grade", "q end"], Lang::En, "revealed");
    let footer = footer_after(&mut app, "3");
    assert_eq!(app.context(), Context::DrillNext);
    assert_footer(&footer, &["n next", "q end"], Lang::En, "graded");
    // The next question is one of the card's follow-ups: that one can be skipped.
    let footer = footer_after(&mut app, "n^");
    assert_eq!(app.context(), Context::DrillAsk);
    assert!(
        app.drill.as_ref().is_some_and(|d| d.session.can_skip()),
        "the second question is a follow-up"
    );
    let asking_follow_up = [
        "Space reveal",
        "i type",
        "h hint",
        "p pause",
        "s skip",
        "q end",
    ];
    assert_footer(&footer, &asking_follow_up, Lang::En, "a follow-up");
    let footer = footer_after(&mut app, " ");
    assert_eq!(app.context(), Context::DrillGrade);
    assert_footer(
        &footer,
        &["1-4 grade", "s skip", "q end"],
        Lang::En,
        "a follow-up revealed",
    );
    let footer = footer_after(&mut app, "q");
    assert_eq!(app.context(), Context::DrillSummary);
    assert_footer(&footer, &["Esc back", "j/k scroll"], Lang::En, "summary");
}

#[test]
fn the_summary_footer_in_chinese_has_no_reveal_or_grade_keys() {
    let dir = tempfile::tempdir().expect("test setup");
    let mut app = practice(dir.path(), Lang::Zh);
    let footer = footer_after(&mut app, "^q");
    assert_eq!(app.context(), Context::DrillSummary);
    assert_footer(&footer, &["Esc 返回", "j/k 滚动"], Lang::Zh, "summary");
}

/// An interview reveals its answers only at the end, so the key that reveals in practice says
/// what it does there: the next question. The answer box's title and placeholder say the same,
/// in both languages.
#[test]
fn an_interview_question_offers_the_next_question_not_a_reveal() {
    for (lang, next, box_title, practice_words) in [
        (
            Lang::En,
            "Space next",
            "Space for the next question",
            ["to reveal)", "Space reveal"],
        ),
        (
            Lang::Zh,
            "Space 下一题",
            "Space 下一题",
            ["揭示）", "Space 揭示"],
        ),
    ] {
        let dir = tempfile::tempdir().expect("test setup");
        let mut app = drill(dir.path(), lang, DrillMode::Interview);
        let footer = footer_after(&mut app, "^");
        assert_eq!(app.context(), Context::DrillInterview);
        let asking = [
            next,
            lang_hint(lang, "i"),
            lang_hint(lang, "h"),
            lang_hint(lang, "p"),
        ];
        let mut wanted: Vec<&str> = asking.to_vec();
        wanted.push(if lang == Lang::En {
            "q end"
        } else {
            "q 结束"
        });
        assert_footer(&footer, &wanted, lang, "an interview question");
        let screen = screen(&app);
        assert!(
            screen.contains(box_title),
            "box title in {lang:?}:\n{screen}"
        );
        for words in practice_words {
            assert!(!screen.contains(words), "{words:?} in {lang:?}:\n{screen}");
        }
        // Space moves on: the second question, nothing revealed.
        footer_after(&mut app, " ");
        let session = &app.drill.as_ref().expect("a drill").session;
        assert_eq!(session.index(), 1, "Space moved to the next question");
        assert_eq!(app.context(), Context::DrillAnswer);
    }
}

/// The footer hint the key table gives `key` among the drill's question keys, in `lang`.
fn lang_hint(lang: Lang, key: &str) -> &'static str {
    BINDINGS
        .iter()
        .filter(|b| b.applies_in(Context::DrillInterview))
        .filter_map(|b| b.hint)
        .map(|h| h.get(lang))
        .find(|h| h.starts_with(&format!("{key} ")))
        .expect("a hint for the key")
}

/// The empty answer box's text follows `L` like the rest of the screen.
#[test]
fn the_answer_box_placeholder_follows_the_language_switch() {
    let dir = tempfile::tempdir().expect("test setup");
    let mut app = drill(dir.path(), Lang::En, DrillMode::Interview);
    footer_after(&mut app, "^L");
    let screen = screen(&app);
    assert!(screen.contains("输入你的回答，或者口头回答。"), "{screen}");
    assert!(!screen.contains("Type your answer"), "{screen}");
}
