//! The TUI, rendered into ratatui's `TestBackend` and driven by key sequences: what each screen
//! shows at 80x24 and 120x40, in both languages, and how keys move the app between states.

use infraprep::content::deck::load;
use infraprep::content::{DeckSource, Lang};
use infraprep::tui::app::{App, Effect, Screen};
use infraprep::tui::theme::Theme;
use infraprep::tui::{drive, keymap, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthStr;

const COLOR: Theme = Theme { color: true };

fn app(lang: Lang) -> App {
    App::new(load(&[DeckSource::Bundled]).deck, lang)
}

/// An English app whose drills last 3 minutes and save progress in `dir` (none: not saved).
fn drill_app(dir: Option<&std::path::Path>) -> App {
    app(Lang::En).with_drill_setup(infraprep::tui::app::DrillSetup {
        data_dir: dir.map(std::path::Path::to_path_buf),
        minutes: 3.0,
        exam: None,
    })
}

/// Key events from a compact spec: plain characters, and `<enter>`, `<esc>`, `<tab>`,
/// `<btab>`, `<bs>`, `<up>`, `<down>`, `<left>`, `<right>`, `<pgdn>`, `<home>`, `<end>`,
/// `<c-c>`, `<c-u>`, `<c-w>`, `<c-z>`.
fn keys(spec: &str) -> Vec<Event> {
    let mut events = Vec::new();
    let mut rest = spec;
    while let Some(c) = rest.chars().next() {
        let (code, modifiers, used) = if c == '<' {
            let end = rest.find('>').expect("closed key name");
            let code = match &rest[1..end] {
                "enter" => KeyCode::Enter,
                "esc" => KeyCode::Esc,
                "tab" => KeyCode::Tab,
                "btab" => KeyCode::BackTab,
                "bs" => KeyCode::Backspace,
                "up" => KeyCode::Up,
                "down" => KeyCode::Down,
                "left" => KeyCode::Left,
                "right" => KeyCode::Right,
                "pgdn" => KeyCode::PageDown,
                "home" => KeyCode::Home,
                "end" => KeyCode::End,
                "c-c" => KeyCode::Char('c'),
                "c-u" => KeyCode::Char('u'),
                "c-w" => KeyCode::Char('w'),
                "c-z" => KeyCode::Char('z'),
                other => panic!("unknown key <{other}>"),
            };
            let modifiers = if rest[1..end].starts_with("c-") {
                KeyModifiers::CONTROL
            } else {
                KeyModifiers::NONE
            };
            (code, modifiers, end + 1)
        } else {
            let modifiers = if c.is_ascii_uppercase() {
                KeyModifiers::SHIFT
            } else {
                KeyModifiers::NONE
            };
            (KeyCode::Char(c), modifiers, c.len_utf8())
        };
        events.push(Event::Key(KeyEvent::new(code, modifiers)));
        rest = &rest[used..];
    }
    events
}

/// Runs `spec` through the real event loop on a `TestBackend`, then returns the final frame
/// drawn on a fresh one. (`TestBackend` applies frame diffs cell by cell and can keep stale
/// cells next to wide characters that a real terminal clears, so assertions read a clean frame.)
fn run(app: &mut App, width: u16, height: u16, spec: &str, theme: Theme) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    // Progress is saved as the app's runner saves it; other effects are ignored.
    let mut effects = infraprep::tui::terminal::progress_effects;
    drive(&mut terminal, app, theme, keys(spec), &mut effects).expect("draws");
    let mut fresh = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    fresh
        .draw(|frame| view::render(app, theme, frame))
        .expect("draws");
    fresh
}

/// The screen as text, one string per row, wide characters written once.
fn rows(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            let mut row = String::new();
            let mut x = 0;
            while x < area.width {
                let symbol = buffer[(x, y)].symbol();
                row.push_str(symbol);
                x += symbol.width().max(1) as u16;
            }
            row
        })
        .collect()
}

fn screen(terminal: &Terminal<TestBackend>) -> String {
    rows(terminal).join("\n")
}

fn assert_shows(terminal: &Terminal<TestBackend>, wanted: &[&str]) {
    let text = screen(terminal);
    for w in wanted {
        assert!(text.contains(w), "screen lacks {w:?}:\n{text}");
    }
}

/// Keys to open the card numbered `number` from the list.
fn open_number(app: &App, number: u32) -> String {
    let index = app
        .deck
        .cards()
        .iter()
        .position(|c| c.number == Some(number))
        .expect("card exists");
    format!("{}<enter>", "j".repeat(index))
}

#[test]
fn card_list_shows_numbers_titles_and_hints() {
    for (width, height) in [(80, 24), (120, 40)] {
        let mut app = app(Lang::En);
        let terminal = run(&mut app, width, height, "", COLOR);
        let rows = rows(&terminal);
        assert!(
            rows[0].contains("1 Cards") && rows[0].contains(&format!("{} cards", app.deck.len())),
            "{}",
            rows[0]
        );
        assert!(
            rows[1].starts_with("   1  What does the interconnect hierarchy"),
            "{}",
            rows[1]
        );
        assert!(
            rows[12].starts_with("  12  In an LLM training cluster"),
            "{}",
            rows[12]
        );
        assert!(
            rows.last().unwrap().contains("j/k move") && rows.last().unwrap().contains("? help")
        );
        let selected = terminal.backend().buffer()[(3, 1)].style();
        assert!(
            selected.add_modifier.contains(Modifier::REVERSED),
            "first row is selected"
        );
    }
}

#[test]
fn reader_in_english_shows_the_card_and_its_sections() {
    let mut app = app(Lang::En);
    let keys = open_number(&app, 12);
    let terminal = run(&mut app, 80, 24, &keys, COLOR);
    assert_shows(
        &terminal,
        &[
            "#12 · nvlink-vs-infiniband",
            "In an LLM training cluster",
            "Short answer",
            "Follow-ups (4)",
            "300 GB/s",
            "NVSwitch",
        ],
    );
}

#[test]
fn reader_in_chinese_wraps_cjk_text_inside_the_screen() {
    let mut app = app(Lang::Zh);
    let keys = format!("{}<tab>", open_number(&app, 12));
    let terminal = run(&mut app, 80, 24, &keys, COLOR);
    assert_shows(&terminal, &["简答", "详解", "追问 (4)"]);
    let text = screen(&terminal);
    assert!(
        text.chars()
            .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
            .count()
            > 100,
        "{text}"
    );
    for row in rows(&terminal) {
        assert!(row.width() <= 80, "row wider than the screen: {row}");
    }
}

#[test]
fn follow_ups_open_like_links_and_back_returns() {
    let mut app = app(Lang::En);
    let keys = format!("{}<btab><enter>", open_number(&app, 12));
    let terminal = run(&mut app, 120, 40, &keys, COLOR);
    assert_shows(&terminal, &["#3 · nvswitch-topology", "What is NVSwitch"]);
    assert_eq!(app.cards.history.len(), 1);
    let terminal = run(&mut app, 120, 40, "<esc>", COLOR);
    assert_shows(&terminal, &["#12 · nvlink-vs-infiniband"]);
    run(&mut app, 120, 40, "<esc>", COLOR);
    assert!(
        app.cards.reading.is_none(),
        "a second Esc returns to the list"
    );
}

/// The reader's position marker (`17–33/120`) as (first, last, total), if one is on screen.
fn position_marker(terminal: &Terminal<TestBackend>) -> Option<(usize, usize, usize)> {
    rows(terminal).iter().find_map(|row| {
        let last = row.split_whitespace().last()?;
        let (range, total) = last.split_once('/')?;
        let (first, end) = range.split_once('–')?;
        Some((first.parse().ok()?, end.parse().ok()?, total.parse().ok()?))
    })
}

#[test]
fn scrolling_moves_through_a_long_section_and_shows_the_position() {
    let mut app = app(Lang::En);
    let keys = format!("{}<tab>", open_number(&app, 12));
    let (first, shown_to, total) =
        position_marker(&run(&mut app, 80, 24, &keys, COLOR)).expect("marker at the top");
    assert_eq!(first, 1);
    assert!(
        total > shown_to,
        "the detailed answer is longer than a screen"
    );
    let (after_page, _, _) =
        position_marker(&run(&mut app, 80, 24, "<pgdn>", COLOR)).expect("marker");
    assert_eq!(after_page, 1 + 17, "a page is the visible rows less one");
    let (_, end, total_at_end) =
        position_marker(&run(&mut app, 80, 24, "G", COLOR)).expect("marker");
    assert_eq!(end, total_at_end, "G shows the last line");
    let (top, _, _) = position_marker(&run(&mut app, 80, 24, "g", COLOR)).expect("marker");
    assert_eq!(top, 1);
}

#[test]
fn search_highlights_matches_and_opens_the_chosen_card() {
    let mut app = app(Lang::Zh);
    let terminal = run(&mut app, 80, 24, "/张量", COLOR);
    let rows = rows(&terminal);
    assert!(rows[1].starts_with("/ 张量"), "{}", rows[1]);
    let hit_row = rows
        .iter()
        .position(|r| r.contains("张量并行"))
        .expect("a 张量并行 card is found");
    let buffer = terminal.backend().buffer();
    let x = (0..80)
        .find(|&x| buffer[(x, hit_row as u16)].symbol() == "张")
        .expect("张 on screen");
    assert!(
        buffer[(x, hit_row as u16)]
            .style()
            .add_modifier
            .contains(Modifier::UNDERLINED),
        "matched chars are marked"
    );
    let mut app = self::app(Lang::En);
    let terminal = run(&mut app, 80, 24, "/nvl ib<enter>", COLOR);
    assert!(app.cards.reading.is_some() && app.search().is_none());
    assert_shows(&terminal, &["Short answer"]);
    // Esc from that card returns to the results, the query kept.
    let terminal = run(&mut app, 80, 24, "<esc>", COLOR);
    assert_eq!(
        app.search().map(|s| s.query.text()).as_deref(),
        Some("nvl ib")
    );
    assert!(app.cards.reading.is_none());
    assert_shows(&terminal, &["/ nvl ib"]);
}

#[test]
fn the_preset_counter_starts_again_on_another_card() {
    let mut app = app(Lang::En);
    // Card 12 has two presets: c, Esc, c opens the second; on card 3, c opens its first.
    let keys = format!("{}c<esc>c", open_number(&app, 12));
    run(&mut app, 120, 40, &keys, COLOR);
    assert_eq!(app.calc.as_ref().map(|c| c.spec().id), Some("collective"));
    run(&mut app, 120, 40, "<esc><esc>", COLOR);
    let keys = format!("g{}c", open_number(&app, 3));
    run(&mut app, 120, 40, &keys, COLOR);
    let first = app
        .deck
        .cards()
        .iter()
        .find(|c| c.number == Some(3))
        .unwrap()
        .calc[0]
        .name()
        .to_owned();
    assert_eq!(app.calc.as_ref().map(|c| c.spec().id), Some(first.as_str()));
}

#[test]
fn search_escape_cancels_without_opening() {
    let mut app = app(Lang::En);
    run(&mut app, 80, 24, "/allreduce<esc>", COLOR);
    assert!(app.search().is_none() && app.cards.reading.is_none());
}

#[test]
fn each_calculator_shows_results_and_a_chart() {
    let mut app = app(Lang::En);
    let terminal = run(&mut app, 80, 24, "2", COLOR);
    assert_shows(
        &terminal,
        &[
            "Transfer time",
            "size",
            "10 GiB",
            "time per link",
            "ib-hdr",
            "█",
            "steps",
        ],
    );
    let terminal = run(&mut app, 120, 40, "l", COLOR);
    assert_shows(
        &terminal,
        &[
            "Collective cost",
            "busbw",
            "ring",
            "tree",
            "1 KiB",
            "16 GiB",
            "your size",
        ],
    );
    let terminal = run(&mut app, 120, 40, "l", COLOR);
    assert_shows(
        &terminal,
        &["Bus bandwidth from a run", "algbw", "busbw", "of the link"],
    );
    let terminal = run(&mut app, 120, 40, "l", COLOR);
    assert_shows(
        &terminal,
        &[
            "Checkpoint",
            "980 GB",
            "checkpoint size by content",
            "Adam m",
            "Young interval",
        ],
    );
}

#[test]
fn editing_a_field_recomputes_and_marks_a_bad_value() {
    let mut app = app(Lang::En);
    let terminal = run(&mut app, 80, 24, "2<enter><bs><bs><bs>GBs", COLOR);
    assert_shows(&terminal, &["10 GBs", "✗"]);
    let error = app.calc.as_ref().unwrap().outcome.clone().unwrap_err();
    assert_eq!(error.field, Some("size"));
    let terminal = run(&mut app, 80, 24, "<bs><bs><bs>TB<enter>", COLOR);
    assert_shows(&terminal, &["10 TB", "time per link"]);
    assert!(app.calc.as_ref().unwrap().outcome.is_ok());
}

#[test]
fn c_on_a_card_opens_its_calculator_prefilled_and_esc_returns() {
    let mut app = app(Lang::En);
    let keys = format!("{}c", open_number(&app, 12));
    let terminal = run(&mut app, 120, 40, &keys, COLOR);
    assert_eq!(app.screen, Screen::Calculators);
    let card = app.deck.get("nvlink-vs-infiniband").unwrap();
    assert!(!card.calc.is_empty());
    assert_shows(&terminal, &["10 GiB", "pcie4 nvlink3 ib-hdr"]);
    run(&mut app, 120, 40, "<esc>", COLOR);
    assert_eq!(app.screen, Screen::Cards);
    assert_eq!(
        app.current_card().map(|c| c.id.as_str()),
        Some("nvlink-vs-infiniband")
    );
    let terminal = run(&mut app, 120, 40, "c", COLOR);
    assert_shows(&terminal, &["Collective cost", "allreduce"]);
}

#[test]
fn quick_arithmetic_answers_in_the_status_line_and_keeps_history() {
    let mut app = app(Lang::En);
    let terminal = run(&mut app, 80, 24, "=10 GiB / ib-hdr<enter>", COLOR);
    let footer = rows(&terminal).pop().unwrap();
    assert!(footer.contains("429.5 ms"), "{footer}");
    run(&mut app, 80, 24, "<up>", COLOR);
    assert_eq!(app.prompt().unwrap().input.text(), "10 GiB / ib-hdr");
    let terminal = run(&mut app, 80, 24, "<esc>=10 GBs<enter>", COLOR);
    assert!(
        rows(&terminal).pop().unwrap().contains("GBs"),
        "errors name the value"
    );
}

#[test]
fn help_lists_every_binding_of_the_key_table() {
    let mut app = app(Lang::En);
    let terminal = run(&mut app, 120, 40, "?", COLOR);
    assert_shows(&terminal, &["Keys", "Everywhere", "Quit", "Show all keys"]);
    let mut seen = screen(&terminal);
    for _ in 0..10 {
        seen.push_str(&screen(&run(&mut app, 120, 40, "jjjjjjjjjj", COLOR)));
    }
    for binding in keymap::BINDINGS {
        let help = binding.help.en;
        assert!(seen.contains(help), "help lacks {help:?}");
    }
    run(&mut app, 120, 40, "<esc>", COLOR);
    assert!(app.help_scroll().is_none());
}

#[test]
fn a_too_small_terminal_says_so() {
    let mut app = app(Lang::En);
    let terminal = run(&mut app, 30, 8, "", COLOR);
    assert_shows(&terminal, &["Terminal too small", "need 40x10, have 30x8"]);
}

#[test]
fn no_screen_panics_at_any_size() {
    let widths = [1, 2, 3, 5, 8, 13, 21, 39, 40, 41, 55, 80, 119, 200, 300];
    let heights = [1, 2, 3, 5, 9, 10, 11, 17, 24, 40, 100];
    let deck = load(&[DeckSource::Bundled]).deck;
    let screens = [
        "",
        "<enter>",
        "<enter><btab>",
        "/张量",
        "2",
        "2l",
        "2ll",
        "?",
        "=1 GiB / nvlink4",
    ];
    for spec in screens {
        let mut app = App::new(deck.clone(), Lang::Zh);
        let mut terminal = run(&mut app, 80, 24, spec, COLOR);
        // Redraw the same state at every size, as a user resizing the window would.
        for &width in &widths {
            for &height in &heights {
                terminal.backend_mut().resize(width, height);
                let mut effects = |_: &Effect, _: &mut App| {};
                drive(
                    &mut terminal,
                    &mut app,
                    COLOR,
                    [Event::Resize(width, height)],
                    &mut effects,
                )
                .expect("draws");
            }
        }
    }
}

#[test]
fn resizing_keeps_the_selection_visible() {
    let mut app = app(Lang::En);
    let mut terminal = run(&mut app, 80, 24, "G", COLOR);
    assert_eq!(app.cards.selected, app.deck.len() - 1);
    terminal.backend_mut().resize(80, 12);
    let mut effects = |_: &Effect, _: &mut App| {};
    drive(
        &mut terminal,
        &mut app,
        COLOR,
        [Event::Resize(80, 12)],
        &mut effects,
    )
    .unwrap();
    let last = app
        .deck
        .cards()
        .last()
        .and_then(|c| c.number)
        .expect("numbered");
    assert_shows(&terminal, &[&format!("{last}  ")]);
}

#[test]
fn language_toggle_switches_content_and_asks_to_remember_it() {
    let mut app = app(Lang::En);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let mut saved = Vec::new();
    let mut effects = |effect: &Effect, _: &mut App| saved.push(effect.clone());
    drive(&mut terminal, &mut app, COLOR, keys("L"), &mut effects).unwrap();
    assert_eq!(app.lang, Lang::Zh);
    assert_eq!(saved, [Effect::SaveLanguage(Lang::Zh)]);
    assert_shows(&terminal, &["中文", "训练集群"]);
}

#[test]
fn no_color_draws_no_colours() {
    for spec in ["", "2", "2l", "/张量"] {
        let mut app = app(Lang::Zh);
        let terminal = run(&mut app, 120, 40, spec, Theme { color: false });
        for cell in terminal.backend().buffer().content() {
            assert_eq!(
                cell.fg,
                Color::Reset,
                "{spec}: coloured cell {:?}",
                cell.symbol()
            );
            assert_eq!(cell.bg, Color::Reset, "{spec}: background set");
        }
    }
}

#[test]
fn q_and_ctrl_c_quit_but_q_types_in_the_search_box() {
    let mut app = app(Lang::En);
    run(&mut app, 80, 24, "/q", COLOR);
    assert!(!app.should_quit());
    assert_eq!(app.search().unwrap().query.text(), "q");
    run(&mut app, 80, 24, "<c-c>", COLOR);
    assert!(app.should_quit());
    let mut app = self::app(Lang::En);
    run(&mut app, 80, 24, "q", COLOR);
    assert!(app.should_quit());
}

#[test]
fn editing_a_link_field_lists_the_presets_to_choose_from() {
    let mut app = app(Lang::En);
    let terminal = run(&mut app, 120, 40, "2j<enter>", COLOR);
    assert_shows(&terminal, &["↑/↓: pcie3 pcie4", "nvlink4"]);
    let terminal = run(&mut app, 120, 40, "<down><enter>", COLOR);
    let links = app
        .calc
        .as_ref()
        .unwrap()
        .form()
        .get("links")
        .unwrap()
        .to_owned();
    assert!(
        links.starts_with("pcie4 nvlink3 ") && links != "pcie4 nvlink3 ib-hdr",
        "{links}"
    );
    assert_shows(&terminal, &[links.as_str()]);
}

mod drill {
    use chrono::{DateTime, TimeDelta, Utc};
    use infraprep::drill::{DrillMode, Store};
    use infraprep::tui::Input;

    use super::*;

    fn t0() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-29T10:00:00Z")
            .expect("a valid date")
            .with_timezone(&Utc)
    }

    /// Runs keys at time `at` (the clock does not move while keys are pressed).
    fn run_at(app: &mut App, at: DateTime<Utc>, spec: &str) -> Terminal<TestBackend> {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let mut inputs = vec![Input::Tick(at)];
        inputs.extend(keys(spec).into_iter().map(Input::Event));
        let mut effects = infraprep::tui::terminal::progress_effects;
        drive(&mut terminal, app, COLOR, inputs, &mut effects).unwrap();
        let mut fresh = Terminal::new(TestBackend::new(80, 24)).unwrap();
        fresh.draw(|frame| view::render(app, COLOR, frame)).unwrap();
        fresh
    }

    #[test]
    fn a_question_shows_the_clock_and_the_answer_box_then_the_reveal() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = drill_app(Some(dir.path()));
        let keys = format!("{}d", open_number(&app, 12));
        let terminal = run_at(&mut app, t0(), &keys);
        assert_shows(
            &terminal,
            &[
                "question 1 of 5",
                "interview",
                "⏱ 3:00",
                "In an LLM training cluster",
                "your answer",
            ],
        );
        let terminal = run_at(
            &mut app,
            t0() + TimeDelta::seconds(20),
            "300 GB/s per direction<esc> ",
        );
        // Interview mode: the next question comes; reveals wait for the end. The answer missed
        // the InfiniBand points, so the follow-up probing them comes first.
        assert_shows(
            &terminal,
            &[
                "question 2 of 5",
                "follow-up of nvlink-vs-infiniband",
                "InfiniBand congestion",
            ],
        );
        let session = &app.drill.as_ref().unwrap().session;
        assert_eq!(session.answers()[0].text, "300 GB/s per direction");
        assert!(
            session.answers()[0].covered.iter().any(|c| *c),
            "the typed answer covers a key point"
        );
    }

    #[test]
    fn the_clock_warns_and_times_out() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = drill_app(Some(dir.path()));
        let keys = format!("{}d", open_number(&app, 12));
        run_at(&mut app, t0(), &keys);
        let terminal = run_at(&mut app, t0() + TimeDelta::seconds(151), "");
        assert_shows(&terminal, &["⏱ 0:29"]);
        let buffer = terminal.backend().buffer();
        let clock_cell = (0..80)
            .find(|&x| buffer[(x, 1)].symbol() == "⏱")
            .expect("clock");
        assert_eq!(
            buffer[(clock_cell, 1)].fg,
            Color::Red,
            "the last 30 seconds are marked"
        );
        let terminal = run_at(&mut app, t0() + TimeDelta::seconds(181), "");
        assert_shows(&terminal, &["question 2 of 5", "time is up"]);
    }

    #[test]
    fn practice_reveals_grades_saves_and_ends_with_a_summary() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = drill_app(Some(dir.path()));
        let keys = format!("{}c", open_number(&app, 12)); // open the card; c is harmless
        run_at(&mut app, t0(), &keys);
        let options = infraprep::drill::DrillOptions {
            card: Some("nvlink-vs-infiniband".to_owned()),
            ..app.drill_options(DrillMode::Practice)
        };
        app.start_drill(options);
        let terminal = run_at(
            &mut app,
            t0() + TimeDelta::seconds(30),
            "NVLink 300 GB/s, IB 25 GB/s<esc> ",
        );
        assert_shows(
            &terminal,
            &[
                "key points",
                "covered",
                "1 again  2 hard  3 good  4 easy",
                "your answer",
                "NVLink 300 GB/s, IB 25 GB/s",
            ],
        );
        // The reference answer is below the key points, a page down.
        let terminal = run_at(&mut app, t0() + TimeDelta::seconds(35), "<pgdn>");
        assert_shows(&terminal, &["reference answer", "1 again  2 hard"]);
        let terminal = run_at(&mut app, t0() + TimeDelta::seconds(40), "3");
        assert_shows(&terminal, &["graded good", "n next"]);
        assert_eq!(
            Store::open(dir.path()).unwrap().progress().reviews.len(),
            1,
            "saved at once"
        );
        let terminal = run_at(&mut app, t0() + TimeDelta::seconds(50), "n<esc>s");
        assert_shows(&terminal, &["question 3 of 5"]);
        let terminal = run_at(&mut app, t0() + TimeDelta::seconds(60), "<esc>q");
        assert_shows(
            &terminal,
            &[
                "Drill summary",
                "3 questions",
                "1 graded",
                "1 skipped",
                "not graded",
                "1 graded answer saved",
            ],
        );
        let stored = Store::open(dir.path()).unwrap();
        assert_eq!(stored.progress().reviews.len(), 1);
        assert_eq!(
            stored.progress().drills.len(),
            1,
            "the summary is kept in the history"
        );
        run_at(&mut app, t0() + TimeDelta::seconds(70), "<esc>");
        assert!(app.drill.is_none());
    }

    #[test]
    fn stats_show_the_reviews_and_the_forecast() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = drill_app(Some(dir.path()));
        let options = infraprep::drill::DrillOptions {
            card: Some("12".to_owned()),
            ..app.drill_options(DrillMode::Practice)
        };
        run_at(&mut app, t0(), "");
        app.start_drill(options);
        run_at(&mut app, t0() + TimeDelta::seconds(5), "<esc> 4");
        let terminal = run_at(&mut app, t0() + TimeDelta::seconds(6), "<esc>q<esc>4");
        assert_shows(
            &terminal,
            &[
                "Progress",
                "1 review ·",
                &format!("1 of {} cards seen", app.deck.len()),
                "reviews per day",
            ],
        );
        // The forecast and the tags are the next sections down.
        let terminal = run_at(&mut app, t0() + TimeDelta::seconds(7), "j");
        assert_shows(&terminal, &["due in the next 14 days"]);
        let terminal = run_at(&mut app, t0() + TimeDelta::seconds(8), "j");
        assert_shows(&terminal, &["strength per drilled tag", "nvlink"]);
    }

    #[test]
    fn without_a_data_directory_the_drill_runs_and_says_nothing_is_saved() {
        let mut app = drill_app(None);
        let terminal = run_at(&mut app, t0(), "3");
        assert_shows(&terminal, &["Mock interview", "Enter"]);
        let terminal = run_at(&mut app, t0(), "<enter>");
        assert!(app.drill.is_some());
        assert_shows(&terminal, &["question 1 of 5"]);
        // The drill goes on without a store; q after an answer opens the review of it, and q
        // again ends the drill, saying the summary was not saved.
        run_at(&mut app, t0(), "<esc> <esc>q");
        assert_eq!(
            app.drill
                .as_ref()
                .map(infraprep::tui::screens::drill::DrillScreen::phase),
            Some(infraprep::drill::Phase::Reveal)
        );
        let terminal = run_at(&mut app, t0(), "q");
        assert_shows(
            &terminal,
            &["Drill summary", "this drill was not saved", "--data-dir"],
        );
        assert!(app.saving_status().unwrap().contains("not being saved"));
    }
}

#[test]
fn in_interview_mode_the_next_question_takes_typing_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = drill_app(Some(dir.path()));
    let keys = format!("{}d", open_number(&app, 12));
    run(&mut app, 80, 24, &keys, COLOR);
    run(&mut app, 80, 24, "one<esc> NVSwitch", COLOR);
    let drill = app.drill.as_ref().unwrap();
    assert_eq!(drill.session.index(), 1);
    assert_eq!(
        drill.answer_text(),
        "NVSwitch",
        "no keys are lost between questions"
    );
}

#[test]
fn the_drill_screen_form_sets_tag_count_and_mode() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = drill_app(Some(dir.path()));
    // mode → practice; questions 5 → 3; tag → the first tag; cards → any.
    let terminal = run(&mut app, 80, 24, "3ljhhjljlj", COLOR);
    assert_shows(
        &terminal,
        &["Mock interview", "practice", "questions", "3", "tag"],
    );
    let tag = app.drill_choice.tag.clone().expect("a tag was chosen");
    run(&mut app, 80, 24, "<enter>", COLOR);
    let drill = app.drill.as_ref().expect("the drill started");
    assert_eq!(drill.session.questions().len(), 3);
    assert_eq!(
        drill.session.options().mode,
        infraprep::drill::DrillMode::Practice
    );
    let first = app.deck.get(&drill.session.questions()[0].card_id).unwrap();
    assert!(
        first.tags.contains(&tag),
        "the first question carries the tag {tag}"
    );
}

#[test]
fn every_text_field_edits_in_the_middle_undoes_and_takes_a_paste_whole() {
    let mut app = app(Lang::En);
    // The = prompt: type, move left, insert, Ctrl-w, undo.
    run(
        &mut app,
        80,
        24,
        "=10 GB / ib-hdr<home><right><right>0",
        COLOR,
    );
    assert_eq!(app.prompt().unwrap().input.text(), "100 GB / ib-hdr");
    run(&mut app, 80, 24, "<end><c-w><c-z><c-u>", COLOR);
    assert_eq!(app.prompt().unwrap().input.text(), "");
    run(&mut app, 80, 24, "<esc>", COLOR);
    // A calculator field: edit the size in place; the result follows every key.
    let terminal = run(&mut app, 120, 40, "2<enter><c-u>1 TB", COLOR);
    let form = app.calc.as_ref().unwrap().form().clone();
    assert_eq!(form.get("size"), Some("1 TB"));
    assert_shows(&terminal, &["1 TB", "ib-hdr"]);
    // A paste arrives whole in the search box (bracketed paste), line breaks as spaces.
    run(&mut app, 80, 24, "<enter><esc>/", COLOR);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    let mut effects = |_: &Effect, _: &mut App| {};
    let paste = [Event::Paste("InfiniBand\nNVLink".to_owned())];
    drive(&mut terminal, &mut app, COLOR, paste, &mut effects).expect("draws");
    assert_eq!(app.search().unwrap().query.text(), "InfiniBand NVLink");
    assert!(!app.search().unwrap().hits.is_empty());
}

/// The header's card count and language never draw over the tabs: on a narrow terminal they
/// give way, the count first.
#[test]
fn the_header_tabs_keep_their_room_on_a_narrow_terminal() {
    for lang in Lang::ALL {
        let mut app = app(lang);
        let label = match lang {
            Lang::Zh => "中文",
            Lang::En => "EN",
        };
        let wide = rows(&run(&mut app, 120, 40, "", COLOR))[0].clone();
        assert!(
            wide.contains("66") && wide.trim_end().ends_with(label),
            "{wide}"
        );
        let narrow = rows(&run(&mut app, 40, 10, "", COLOR))[0].clone();
        // The narrow header is the start of the wide one's tabs, nothing drawn over them.
        let shown: String = wide.chars().take(narrow.chars().count()).collect();
        assert_eq!(narrow.trim_end(), shown.trim_end(), "{lang:?}");
        assert!(
            !narrow.contains("66") && !narrow.contains(label),
            "{narrow}"
        );
    }
}

/// A paste the terminal sends as keys (no bracketed paste) comes as a burst of events with more
/// waiting behind each: the query is edited key by key but searched and drawn once, at the end
/// of the burst, with the results typing it key by key would give; a key that acts on results
/// (Enter) first runs the query typed so far.
#[test]
fn a_burst_of_queued_keys_searches_and_draws_once_at_its_end() {
    use infraprep::tui::Input;
    let at = chrono::Utc::now();
    let text = "how does NVLink differ from InfiniBand";
    let queued = |spec: &str| -> Vec<Input> {
        keys(spec)
            .into_iter()
            .map(|k| Input::Queued(at, k))
            .collect()
    };
    let mut app = app(Lang::En);
    run(&mut app, 80, 24, "/", COLOR);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    let mut effects = |_: &Effect, _: &mut App| {};
    drive(&mut terminal, &mut app, COLOR, queued(text), &mut effects).expect("draws");
    let search = app.search().expect("open");
    assert_eq!(search.query.text(), text);
    assert!(
        search.pending && search.hits.is_empty(),
        "searched within the burst"
    );
    assert!(
        !rows(&terminal).iter().any(|r| r.contains("NVLink differ")),
        "drawn within the burst"
    );
    // The burst ends with a key nothing waits behind.
    let last = keys(" ").into_iter().map(|k| Input::Timed(at, k));
    drive(&mut terminal, &mut app, COLOR, last, &mut effects).expect("draws");
    let mut typed = self::app(Lang::En);
    run(&mut typed, 80, 24, &format!("/{text} "), COLOR);
    let search = app.search().expect("open");
    assert!(!search.pending);
    assert_eq!(search.hits, typed.search().expect("open").hits);
    assert!(rows(&terminal).iter().any(|r| r.contains("NVLink differ")));
    // Enter inside a burst opens the first result of the query typed before it.
    let mut app = self::app(Lang::En);
    run(&mut app, 80, 24, "/", COLOR);
    let mut burst = queued("nvlink generations");
    burst.extend(queued("<enter>"));
    drive(&mut terminal, &mut app, COLOR, burst, &mut effects).expect("draws");
    assert!(app.search().is_none(), "Enter opened a card");
    let mut typed = self::app(Lang::En);
    run(&mut typed, 80, 24, "/nvlink generations<enter>", COLOR);
    assert_eq!(app.screen, typed.screen);
    assert_eq!(app.cards.selected, typed.cards.selected);
}

#[test]
fn a_long_calculator_value_stays_in_its_column() {
    let mut app = app(Lang::En);
    let long = "pcie4 nvlink3 ib-hdr ib-ndr eth-400g pcie5 nvlink4 ib-xdr";
    let terminal = run(
        &mut app,
        80,
        24,
        &format!("2<tab><enter><c-u>{long}"),
        COLOR,
    );
    let rows = rows(&terminal);
    let row = rows
        .iter()
        .find(|r| r.contains("links"))
        .expect("links row");
    // The form column ends before the results column; nothing of the value spills past it.
    assert!(
        !row.contains("nvlink3 ib-hdr ib-ndr eth-400g pcie5"),
        "{row}"
    );
    assert!(row.contains("ib-xdr"), "the cursor end is in view: {row}");
}

#[test]
fn calculator_forms_offer_what_the_operation_runs_and_speak_in_labels() {
    let mut app = app(Lang::En);
    // Collective: make it an alltoall, then the algorithm field offers only what NCCL runs.
    run(&mut app, 120, 40, "2l<enter><c-u>alltoall<enter>", COLOR);
    let algo = app
        .calc
        .as_ref()
        .unwrap()
        .spec()
        .fields
        .iter()
        .position(|f| f.name == "algo")
        .unwrap();
    let keys = format!("{}<enter>", "<down>".repeat(algo));
    run(&mut app, 120, 40, &keys, COLOR);
    let screen = app.calc.as_ref().unwrap();
    assert_eq!(screen.choices, ["auto", "pairwise"]);
    // A cross-field error names the field by its label and marks it, not a command-line flag.
    run(&mut app, 120, 40, "<esc>", COLOR);
    let mut app = self::app(Lang::En);
    let inter = (0..algo)
        .find(|&i| app_field(&app, i) == "inter")
        .expect("inter field");
    let keys = format!("2l{}<enter><c-u><enter>", "<down>".repeat(inter));
    let terminal = run(&mut app, 120, 40, &keys, COLOR);
    let error = app.calc.as_ref().unwrap().outcome.clone().unwrap_err();
    assert!(!error.message.contains("--"), "{}", error.message);
    assert!(error.field.is_some(), "{error:?}");
    assert_shows(&terminal, &["✗"]);
}

/// The name of the collective calculator's field at `index`.
fn app_field(_: &App, index: usize) -> &'static str {
    infraprep::calculators::calculator("collective")
        .expect("collective")
        .fields[index]
        .name
}

#[test]
fn a_digit_on_a_selected_field_edits_it_instead_of_switching_screens() {
    let mut app = app(Lang::En);
    let ranks = "2l<down><down>";
    run(&mut app, 120, 40, ranks, COLOR);
    run(&mut app, 120, 40, "32", COLOR);
    assert_eq!(app.screen, Screen::Calculators);
    let screen = app.calc.as_ref().unwrap();
    assert_eq!(screen.form().get("ranks"), Some("32"));
    assert!(screen.editing);
}

#[test]
fn ending_an_interview_early_opens_a_review_that_scrolls_at_80x24() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = drill_app(Some(dir.path()));
    let keys = format!("{}d", open_number(&app, 12));
    run(&mut app, 80, 24, &keys, COLOR);
    // A hint, then an answer that states another point, then q with the answer still typed.
    run(
        &mut app,
        80,
        24,
        "<esc>hiZEBRA tensor parallel inside NVLink, data parallel over InfiniBand<esc>",
        COLOR,
    );
    let store = infraprep::drill::Store::open(dir.path()).unwrap();
    assert_eq!(store.progress().attempts.len(), 0, "nothing submitted yet");
    let terminal = run(&mut app, 80, 24, "q", COLOR);
    let saved = infraprep::drill::Store::open(dir.path()).unwrap();
    let ungraded: Vec<&str> = saved
        .progress()
        .ungraded()
        .map(|a| a.answer.as_str())
        .collect();
    assert_eq!(ungraded.len(), 1, "q submitted and saved the typed answer");
    assert!(ungraded[0].starts_with("ZEBRA"));
    assert!(saved.progress().reviews.is_empty());
    assert_shows(
        &terminal,
        &[
            "grade:",
            "your answer",
            "ZEBRA",
            "✓ covered:",
            "◐ hint:",
            "✗ missed:",
            "rows 1-",
        ],
    );
    // The reference answer runs past the screen: G reaches its end, g brings the answer back.
    let bottom = run(&mut app, 80, 24, "G", COLOR);
    let text = screen(&bottom);
    assert!(!text.contains("ZEBRA"), "scrolled to the end:\n{text}");
    assert!(text.contains("end · rows"), "{text}");
    assert!(text.contains("grade:"), "the grade prompt stays");
    let top = run(&mut app, 80, 24, "g", COLOR);
    assert_shows(&top, &["ZEBRA", "↓ more"]);
    run(&mut app, 80, 24, "jjj", COLOR);
    assert_eq!(app.drill.as_ref().unwrap().scroll, 3);
    run(&mut app, 80, 24, "k", COLOR);
    assert_eq!(app.drill.as_ref().unwrap().scroll, 2);
    // The grade is saved as a review of that answer; the drill then ends in its summary.
    let summary = run(&mut app, 80, 24, "3n", COLOR);
    let saved = infraprep::drill::Store::open(dir.path()).unwrap();
    assert_eq!(saved.progress().reviews.len(), 1);
    assert_eq!(saved.progress().ungraded().count(), 0);
    assert_shows(&summary, &["Drill summary", "1 graded answer saved"]);
    // Ending on the first question asks no other: the summary lists that one only.
    let text = screen(&summary);
    assert!(
        text.contains("1 question ·") && !text.contains("\n2. "),
        "{text}"
    );
}

#[test]
fn d_on_a_card_uses_the_drill_screens_mode_and_minutes_and_esc_says_how_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = drill_app(Some(dir.path()));
    // On the drill screen: mode → practice, then down to the minutes row and up by one step.
    run(&mut app, 80, 24, "3ljjl", COLOR);
    let minutes = app.drill_choice.minutes;
    assert!((minutes - 3.5).abs() < 1e-9, "{minutes}");
    let keys = format!("1{}d", open_number(&app, 12));
    run(&mut app, 80, 24, &keys, COLOR);
    let drill = app.drill.as_ref().expect("the drill started");
    assert_eq!(
        drill.session.options().mode,
        infraprep::drill::DrillMode::Practice
    );
    assert!((drill.session.options().minutes_per_answer - 3.5).abs() < 1e-9);
    let terminal = run(&mut app, 80, 24, "<esc><esc>", COLOR);
    assert!(app.drill.is_some(), "Esc does not drop a drill in progress");
    assert_shows(&terminal, &["q ends the drill"]);
}

#[test]
fn the_drill_screens_text_fits_in_80_columns() {
    let mut app = app(Lang::En);
    let terminal = run(&mut app, 80, 24, "3", COLOR);
    assert_shows(&terminal, &["grade (1-4).", "this mode"]);
    let keys = format!("1{}d", open_number(&app, 12));
    let terminal = run(&mut app, 80, 24, &keys, COLOR);
    assert_shows(&terminal, &["Space moves on.", "⏱"]);
}

#[test]
fn a_draft_left_by_a_closed_terminal_is_offered_back_on_the_next_drill() {
    let dir = tempfile::tempdir().unwrap();
    let at = chrono::Utc::now() - chrono::TimeDelta::hours(1);
    let mut store = infraprep::drill::Store::open(dir.path()).unwrap();
    store
        .record_attempt(infraprep::drill::Attempt {
            id: infraprep::drill::store::new_id(at),
            card_id: "nvlink-vs-infiniband".to_owned(),
            at,
            answer: "DRAFT: NVLink inside the node".to_owned(),
            seconds: 20.0,
            limit_seconds: 180.0,
            mode: infraprep::drill::DrillMode::Interview,
            lang: Lang::En,
            covered: vec![],
            hint_used: false,
            follow_up_of: None,
            drill_id: Some("earlier".to_owned()),
            draft: true,
            extra: infraprep::drill::store::Extra::new(),
        })
        .unwrap();
    let mut app = drill_app(Some(dir.path()));
    app.tick(chrono::Utc::now());
    let keys = format!("{}d", open_number(&app, 12));
    let terminal = run(&mut app, 80, 24, &keys, COLOR);
    assert_eq!(
        app.drill.as_ref().unwrap().answer_text(),
        "DRAFT: NVLink inside the node"
    );
    assert_shows(&terminal, &["DRAFT: NVLink", "is back in the answer box"]);
    // Submitted, the draft is closed: the next drill of the card starts empty.
    run(&mut app, 80, 24, "<esc> ", COLOR);
    let progress = infraprep::drill::Store::open(dir.path())
        .unwrap()
        .progress()
        .clone();
    assert!(progress.draft_of("nvlink-vs-infiniband").is_none());
}

#[test]
fn the_stats_screen_scrolls_by_section_at_80x24() {
    let mut app = app(Lang::En);
    let terminal = run(&mut app, 80, 24, "4", COLOR);
    assert_shows(&terminal, &["reviews per day", "sections 1-", "of 4"]);
    let terminal = run(&mut app, 80, 24, "G", COLOR);
    assert_eq!(app.stats_scroll, 3);
    assert_shows(&terminal, &["number answers", "sections 4-4 of 4"]);
    let text = screen(&terminal);
    assert!(!text.contains("reviews per day"), "{text}");
    run(&mut app, 80, 24, "kkkk", COLOR);
    assert_eq!(app.stats_scroll, 0, "stops at the top");
    run(&mut app, 80, 24, "jjjjj", COLOR);
    assert_eq!(app.stats_scroll, 3, "stops at the bottom");
}

/// The result's "spec" and "expected" column words stand over calculators that give both
/// figures (transfer), and not over those whose figures are single values (the step time, the
/// memory per GPU), where "spec" would read as a datasheet figure.
#[test]
fn the_spec_and_expected_columns_are_named_only_where_both_are_given() {
    for (lang, spec, expected) in [(Lang::En, "spec", "expected"), (Lang::Zh, "规格", "预期")] {
        let transfer = rows(&run(&mut app(lang), 120, 40, "2", COLOR));
        let head = &transfer[2];
        assert!(head.contains(spec) && head.contains(expected), "{head}");
        let step = rows(&run(
            &mut app(lang),
            120,
            40,
            &format!("2{}", "<right>".repeat(11)),
            COLOR,
        ));
        assert!(step[1].contains("step"), "not the step form: {}", step[1]);
        let result: String = step[2..12].join("\n");
        assert!(result.contains("MFU / HFU"), "{result}");
        assert!(!result.contains(expected), "{result}");
    }
}
