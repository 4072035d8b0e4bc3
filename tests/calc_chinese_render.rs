//! A translated calculator drawn at 80x24 in Chinese: its headline labels and its steps show in
//! Chinese, whole, not in English. (Issue 11, point 1.)

use infraprep::calculators::{CALCULATORS, Outcome};
use infraprep::content::deck::load;
use infraprep::content::{DeckSource, Lang};
use infraprep::tui::app::{App, Effect};
use infraprep::tui::theme::Theme;
use infraprep::tui::{drive, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use unicode_width::UnicodeWidthStr;

const THEME: Theme = Theme { color: false };

/// Presses `keys` (plain characters) at 80x24 and returns the screen's rows, wide characters
/// written once.
fn run(app: &mut App, keys: &str) -> Vec<String> {
    let events = keys
        .chars()
        .map(|c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    let mut effects = |_: &Effect, _: &mut App| {};
    drive(&mut terminal, app, THEME, events, &mut effects).expect("draws");
    // A fresh terminal draws the final state whole, without the diffs of earlier frames.
    let mut fresh = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    fresh
        .draw(|frame| view::render(app, THEME, frame))
        .expect("draws");
    let buffer = fresh.backend().buffer();
    (0..24)
        .map(|y| {
            let mut row = String::new();
            let mut x = 0;
            while x < 80 {
                let symbol = buffer[(x, y)].symbol();
                row.push_str(symbol);
                x += symbol.width().max(1) as u16;
            }
            row
        })
        .collect()
}

fn squeeze(text: &str) -> String {
    text.split_whitespace().collect()
}

/// The calculator `id` opened in Chinese: the screen and the outcome it shows.
fn open(id: &str) -> (Vec<String>, Outcome) {
    let mut app = App::new(load(&[DeckSource::Bundled]).deck, Lang::Zh);
    let index = CALCULATORS
        .iter()
        .position(|c| c.id == id)
        .expect("registered");
    let rows = run(&mut app, &format!("2{}", "l".repeat(index)));
    let outcome = app
        .calc
        .as_ref()
        .and_then(|c| c.outcome.clone().ok())
        .expect("the example computes");
    (rows, outcome)
}

#[test]
fn pipeline_shows_a_chinese_headline_label_and_step_whole() {
    let (rows, outcome) = open("pipeline");
    let screen = squeeze(&rows.join(""));
    let label = outcome.headline[0].0.get(Lang::Zh);
    assert_ne!(label, outcome.headline[0].0.en(), "label translated");
    assert!(
        screen.contains(&squeeze(label)),
        "headline label {label:?} whole:\n{}",
        rows.join("\n")
    );
    assert!(
        !screen.contains(&squeeze(outcome.headline[0].0.en())),
        "no English label"
    );
    let step = outcome
        .steps
        .iter()
        .map(|s| s.get(Lang::Zh))
        .find(|s| screen.contains(&squeeze(s)))
        .unwrap_or_else(|| panic!("no step shows whole:\n{}", rows.join("\n")));
    assert!(
        step.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        "the step shown is Chinese: {step}"
    );
}
