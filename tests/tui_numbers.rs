//! Number drills in the TUI, driven through the real app by keys and drawn into `TestBackend` at
//! 80x24: the numbers mode from the drill screen's form, answers with the classic slips, the
//! verdict and slip shown in both languages, each answer saved as a template review and counted
//! on the stats screen, `c` opening the calculator, and number questions mixed into interviews.

use chrono::{DateTime, Utc};
use infraprep::content::deck::load;
use infraprep::content::{DeckSource, Lang};
use infraprep::drill::numbers::tally::record_of;
use infraprep::drill::numbers::{Diagnosis, Verdict};
use infraprep::drill::{Phase, Store};
use infraprep::tui::app::{App, DrillSetup, Screen};
use infraprep::tui::theme::Theme;
use infraprep::tui::{Input, drive, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use unicode_width::UnicodeWidthStr;

const THEME: Theme = Theme { color: false };

fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-12-01T10:00:00Z")
        .expect("a valid date")
        .with_timezone(&Utc)
}

fn app(lang: Lang, dir: &std::path::Path) -> App {
    App::new(load(&[DeckSource::Bundled]).deck, lang).with_drill_setup(DrillSetup {
        data_dir: Some(dir.to_path_buf()),
        minutes: 3.0,
        exam: None,
    })
}

/// Key events: plain characters, and `<enter>`, `<esc>`.
fn keys(spec: &str) -> Vec<Event> {
    let mut events = Vec::new();
    let mut rest = spec;
    while let Some(c) = rest.chars().next() {
        let (code, used) = if let Some(tail) = rest.strip_prefix("<enter>") {
            (KeyCode::Enter, rest.len() - tail.len())
        } else if let Some(tail) = rest.strip_prefix("<esc>") {
            (KeyCode::Esc, rest.len() - tail.len())
        } else {
            (KeyCode::Char(c), c.len_utf8())
        };
        let modifiers = if c.is_ascii_uppercase() && code == KeyCode::Char(c) {
            KeyModifiers::SHIFT
        } else {
            KeyModifiers::NONE
        };
        events.push(Event::Key(KeyEvent::new(code, modifiers)));
        rest = &rest[used..];
    }
    events
}

/// Runs `spec` at time `at` through the real loop, then draws a clean 80x24 frame.
fn run(app: &mut App, at: DateTime<Utc>, spec: &str) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let mut inputs = vec![Input::Tick(at)];
    inputs.extend(keys(spec).into_iter().map(Input::Event));
    let mut effects = infraprep::tui::terminal::progress_effects;
    drive(&mut terminal, app, THEME, inputs, &mut effects).unwrap();
    let mut fresh = Terminal::new(TestBackend::new(80, 24)).unwrap();
    fresh.draw(|frame| view::render(app, THEME, frame)).unwrap();
    fresh
}

/// The screen as text, wide characters written once.
fn screen(terminal: &Terminal<TestBackend>) -> String {
    let buffer = terminal.backend().buffer();
    let area = buffer.area;
    let mut rows = Vec::new();
    for y in 0..area.height {
        let mut row = String::new();
        let mut x = 0;
        while x < area.width {
            let symbol = buffer[(x, y)].symbol();
            row.push_str(symbol);
            x += symbol.width().max(1) as u16;
        }
        rows.push(row);
    }
    rows.join("\n")
}

fn assert_shows(terminal: &Terminal<TestBackend>, wanted: &[&str]) {
    let text = screen(terminal);
    for w in wanted {
        assert!(text.contains(w), "screen lacks {w:?}:\n{text}");
    }
}

/// The number question on screen: its expected value (SI base units) and report unit.
fn expected(app: &App) -> (f64, &'static str) {
    let question = app
        .drill
        .as_ref()
        .and_then(|d| d.session.current())
        .and_then(|q| q.number.as_deref())
        .expect("a number question on screen");
    (question.answer.value, question.answer.unit)
}

/// `value` written with the question's unit, as a person types it.
fn typed(value: f64, unit: &str) -> String {
    match unit {
        "count" | "fraction" => format!("{value:e}"),
        unit => format!("{value:e} {unit}"),
    }
}

/// One numbers drill of five through the drill screen's form: the first question answered with
/// the bits-for-bytes slip (in Gb/s for a rate, 8× off otherwise), the next ×2 (a bidirectional
/// figure), the rest exactly.
/// Returns what was shown after each slip.
fn numbers_drill(app: &mut App) -> (String, String) {
    // Drill screen; mode → practice → numbers; Enter starts.
    let terminal = run(app, t0(), "3ll");
    let numbers_mode = match app.lang {
        Lang::En => "numbers (estimates",
        Lang::Zh => "数字题（估算",
    };
    assert_shows(&terminal, &[numbers_mode]);
    run(app, t0(), "<enter>");
    let drill = app.drill.as_ref().expect("a numbers drill started");
    assert!(drill.session.options().numbers);
    assert_eq!(drill.session.questions().len(), 5);
    let (mut bits_shown, mut direction_shown) = (None, None);
    for _ in 0..5 {
        let (value, unit) = expected(app);
        // A rate is given in bits; a size or a time comes out 8× off, as a time does when a
        // link's Gb/s is read as GB/s. Either way the first such question carries the bits slip,
        // so the test does not hang on which templates the deck happens to draw.
        // A plain number (a share, a count) has no bytes or direction to slip on: it is
        // answered exactly.
        let of_bytes = !matches!(unit, "count" | "fraction");
        let answer = if !of_bytes {
            typed(value, unit)
        } else if bits_shown.is_none() && unit == "B/s" {
            format!("{} Gb/s", value / 1e9)
        } else if bits_shown.is_none() {
            typed(value * 8.0, unit)
        } else if direction_shown.is_none() {
            typed(value * 2.0, unit)
        } else {
            typed(value, unit)
        };
        let terminal = run(app, t0(), &format!("{answer}<enter>"));
        let drill = app.drill.as_ref().expect("the drill goes on");
        assert_eq!(drill.phase(), Phase::Reveal, "{answer} was taken");
        let graded = drill
            .session
            .answer()
            .and_then(|a| a.number.clone())
            .expect("a graded number answer");
        match graded.diagnosis {
            Some(Diagnosis::BitsBytes) => bits_shown = Some(screen(&terminal)),
            Some(Diagnosis::Direction) => direction_shown = Some(screen(&terminal)),
            other => assert_eq!(
                (graded.verdict, other),
                (Verdict::Exact, None),
                "{answer} for {value} {unit}"
            ),
        }
        run(app, t0(), "n");
    }
    assert!(
        app.drill.as_ref().expect("the drill").summary.is_some(),
        "the drill is over"
    );
    // The summary gives each number answer's verdict where a spoken one has its key points.
    let (off, exact) = match app.lang {
        Lang::En => ("off    ", "exact  "),
        Lang::Zh => ("偏差   ", "准确   "),
    };
    assert_shows(&run(app, t0(), ""), &[off, exact]);
    (
        bits_shown.expect("the bits slip was named"),
        direction_shown.expect("a second question"),
    )
}

#[test]
fn a_numbers_drill_shows_verdict_and_slip_and_saves_each_answer_in_english() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(Lang::En, dir.path());
    let (bits, direction) = numbers_drill(&mut app);
    for shown in [&bits, &direction] {
        assert!(shown.contains("✗ off"), "{shown}");
        assert!(shown.contains("answer: "), "{shown}");
        assert!(shown.contains("c opens the calculator"), "{shown}");
        assert!(
            shown.contains("numbers"),
            "the status names the mode:\n{shown}"
        );
    }
    assert!(
        bits.contains("slip: off by 8×: bits taken for bytes"),
        "{bits}"
    );
    assert!(
        direction.contains("slip: off by 2×: per direction"),
        "{direction}"
    );

    // Every answer is in the store as a template review, with what the grader found.
    let store = Store::open(dir.path()).unwrap();
    let records: Vec<_> = store
        .progress()
        .reviews
        .iter()
        .filter_map(record_of)
        .collect();
    assert_eq!(records.len(), 5);
    let slips: Vec<_> = records.iter().filter_map(|r| r.diagnosis).collect();
    assert!(slips.contains(&Diagnosis::BitsBytes) && slips.contains(&Diagnosis::Direction));

    // The stats screen counts them: accuracy per calculator, the week's slips.
    let terminal = run(&mut app, t0(), "<esc>4G");
    assert_eq!(app.screen, Screen::Stats);
    assert_shows(
        &terminal,
        &[
            "number answers: right (exact or close) per calculator",
            " (exact ",
            "bits-bytes: once this week",
            "direction: once this week",
        ],
    );
}

#[test]
fn a_numbers_drill_shows_verdict_and_slip_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(Lang::Zh, dir.path());
    let (bits, direction) = numbers_drill(&mut app);
    for shown in [&bits, &direction] {
        assert!(shown.contains("✗ 偏差大"), "{shown}");
        assert!(shown.contains("答案："), "{shown}");
        assert!(shown.contains("用这道题的输入打开计算器"), "{shown}");
        assert!(shown.contains("数字题"), "{shown}");
    }
    assert!(bits.contains("差 8 倍"), "{bits}");
    assert!(direction.contains("差 2 倍"), "{direction}");
    let terminal = run(&mut app, t0(), "<esc>4G");
    assert_shows(&terminal, &["比特/字节：本周 1 次", "单向/双向：本周 1 次"]);
}

#[test]
fn text_that_is_no_quantity_stays_in_the_box_and_c_opens_the_calculator() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(Lang::En, dir.path());
    run(&mut app, t0(), "3ll<enter>");
    let terminal = run(&mut app, t0(), "about fast<enter>");
    let drill = app.drill.as_ref().unwrap();
    assert_eq!(drill.phase(), Phase::Answering, "not taken");
    assert!(drill.number_error.is_some());
    assert_shows(&terminal, &["not a number with a unit"]);
    let (value, unit) = expected(&app);
    // Clear the box (Ctrl-u), answer right.
    let mut clear = vec![Input::Tick(t0())];
    clear.push(Input::Event(Event::Key(KeyEvent::new(
        KeyCode::Char('u'),
        KeyModifiers::CONTROL,
    ))));
    let mut effects = infraprep::tui::terminal::progress_effects;
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    drive(&mut terminal, &mut app, THEME, clear, &mut effects).unwrap();
    let terminal = run(&mut app, t0(), &format!("{}<enter>", typed(value, unit)));
    assert_shows(&terminal, &["✓ exact"]);
    let question = app
        .drill
        .as_ref()
        .and_then(|d| d.session.current())
        .and_then(|q| q.number.as_deref())
        .cloned()
        .unwrap();
    run(&mut app, t0(), "c");
    if question.calculator == "expression" {
        assert!(
            app.status.is_some(),
            "an expression is evaluated in the status line"
        );
    } else {
        assert_eq!(app.screen, Screen::Calculators);
        let calc = app.calc.as_ref().unwrap();
        assert_eq!(calc.spec().id, question.calculator);
        for (name, value) in &question.inputs {
            assert_eq!(calc.form().get(name), Some(value.as_str()), "{name}");
        }
    }
    if app.screen == Screen::Calculators {
        let status = app.status.clone().unwrap_or_default();
        assert!(status.contains("Esc goes back to the drill"), "{status}");
    }
    // Esc alone: the calculators were opened from the drill, so that is where Esc leads.
    run(&mut app, t0(), "<esc>");
    assert_eq!(app.screen, Screen::Drill, "back to the drill");
    assert_eq!(app.drill.as_ref().unwrap().phase(), Phase::Reveal);
}

#[test]
fn with_the_mix_at_every_card_an_interview_asks_the_number_after_the_spoken_answer() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(Lang::En, dir.path()).with_numbers_mix(1.0);
    // Drill screen: the mix row (the last) shows the configured share; Enter starts.
    let terminal = run(&mut app, t0(), "3k");
    assert_shows(&terminal, &["numbers mixed in", "after 100% of cards"]);
    run(&mut app, t0(), "<enter>");
    let session = &app.drill.as_ref().unwrap().session;
    let questions = session.questions();
    let mut followed = 0;
    for (i, q) in questions.iter().enumerate() {
        let card = app.deck.get(&q.card_id).unwrap();
        if q.follow_up_of.is_none() && q.number.is_none() && !card.numbers.is_empty() {
            let next = questions.get(i + 1).expect("a question follows");
            assert!(
                next.number.is_some(),
                "{} is followed by its number",
                q.card_id
            );
            assert_eq!(next.follow_up_of.as_deref(), Some(q.card_id.as_str()));
            followed += 1;
        }
    }
    assert!(followed > 0, "some drilled card has number templates");
    // Answer spoken questions until the number question comes, in interview mode.
    let mut shown = String::new();
    for _ in 0..questions.len() {
        if app.drill.as_ref().unwrap().session.asking_number() {
            shown = screen(&run(&mut app, t0(), ""));
            break;
        }
        run(&mut app, t0(), "an answer<esc> ");
    }
    assert!(shown.contains("so, in numbers"), "{shown}");
    assert!(shown.contains("interview"), "{shown}");
    // Its answer is graded and saved at once, though the interview reveals at the end.
    let (value, unit) = expected(&app);
    run(
        &mut app,
        t0(),
        &format!("{}<enter>", typed(value * 2.0, unit)),
    );
    let store = Store::open(dir.path()).unwrap();
    let record = store.progress().reviews.iter().find_map(record_of).unwrap();
    assert_eq!(record.diagnosis, Some(Diagnosis::Direction));
}
