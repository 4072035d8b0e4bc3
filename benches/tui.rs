//! TUI timings: time to the first frame against a bare ratatui program, render time of the
//! heaviest screens, search per keystroke over a generated 10,000-card deck, and every reader
//! key on a 10 MB card.
//!
//! Run with `cargo bench --bench tui` (`-- huge` for the 10 MB card only). Targets: a search
//! keystroke (update and redraw) over 10,000 cards within one frame, 16 ms; every reader key on
//! a 10 MB card (update and redraw) under 50 ms.

use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

#[path = "support/timing.rs"]
mod timing;
use timing::{median, ms};

use infraprep::content::deck::load;
use infraprep::content::parse::parse_card;
use infraprep::content::{Deck, DeckSource, Lang};
use infraprep::tui::action::Action;
use infraprep::tui::app::App;
use infraprep::tui::theme::Theme;
use infraprep::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::widgets::Paragraph;

#[path = "support/generate.rs"]
mod generate;

const THEME: Theme = Theme { color: true };

fn terminal() -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(120, 40)).expect("test terminal")
}

fn draw(terminal: &mut Terminal<TestBackend>, app: &App) {
    terminal
        .draw(|frame| view::render(app, THEME, frame))
        .expect("draws");
}

/// Every reader key on the 10 MB card, each timed with its redraw; the median of five runs of
/// the whole sequence, each on a fresh app.
fn huge_card_keys() {
    let deck = generate::huge_card();
    let steps = [
        ("Enter", Some(Action::Open)),
        ("Tab", Some(Action::NextSection)),
        ("j", Some(Action::Move(1))),
        ("PgDn", Some(Action::MovePage(1))),
        ("End", Some(Action::Bottom)),
        ("k", Some(Action::Move(-1))),
        ("PgUp", Some(Action::MovePage(-1))),
        ("Home", Some(Action::Top)),
        ("L", Some(Action::ToggleLanguage)),
        ("End", Some(Action::Bottom)),
        ("Shift-Tab", Some(Action::PreviousSection)),
        ("Tab", Some(Action::NextSection)),
        ("L", Some(Action::ToggleLanguage)),
        ("resize to 100x30", None),
        ("End", Some(Action::Bottom)),
    ];
    let mut runs: Vec<Vec<Duration>> = vec![Vec::new(); steps.len()];
    for _ in 0..5 {
        let mut app = App::new(deck.clone(), Lang::En);
        app.resize(120, 40);
        let mut t = terminal();
        draw(&mut t, &app);
        for (i, (_, action)) in steps.iter().enumerate() {
            let start = Instant::now();
            match action {
                Some(action) => app.update(*action),
                None => app.resize(100, 30),
            }
            draw(&mut t, &app);
            runs[i].push(start.elapsed());
        }
    }
    let mut line = String::new();
    let mut worst = Duration::ZERO;
    for ((name, _), mut times) in steps.iter().zip(runs) {
        times.sort();
        let took = times[times.len() / 2];
        worst = worst.max(took);
        let _ = write!(line, " {name} {};", ms(took));
    }
    println!("10 MB card, reader keys (update + draw, median of 5):{line}");
    // Deep in the section, then another language and another width.
    let mut app = App::new(deck, Lang::En);
    app.resize(120, 40);
    app.update(Action::Open);
    app.update(Action::NextSection);
    let mut t = terminal();
    let timed = |app: &mut App, t: &mut Terminal<TestBackend>, action: Option<Action>| {
        let start = Instant::now();
        match action {
            Some(action) => app.update(action),
            None => app.resize(100, 30),
        }
        draw(t, app);
        start.elapsed()
    };
    let mut pages: Vec<Duration> = (0..500)
        .map(|_| timed(&mut app, &mut t, Some(Action::MovePage(1))))
        .collect();
    pages.sort();
    let language = timed(&mut app, &mut t, Some(Action::ToggleLanguage));
    let resize = timed(&mut app, &mut t, None);
    let back = timed(&mut app, &mut t, Some(Action::ToggleLanguage));
    println!(
        "  500 PgDn from the top: median {}, worst {}; then L {}, resize {}, L {}",
        ms(pages[pages.len() / 2]),
        ms(pages[pages.len() - 1]),
        ms(language),
        ms(resize),
        ms(back)
    );
    worst = worst
        .max(pages[pages.len() - 1])
        .max(language)
        .max(resize)
        .max(back);
    println!("  worst key {} (goal 50 ms)", ms(worst));
}

fn main() {
    if std::env::args().any(|a| a == "huge") {
        huge_card_keys();
        return;
    }
    huge_card_keys();
    let bare = median(51, || {
        let mut t = terminal();
        t.draw(|frame| frame.render_widget(Paragraph::new("hello"), frame.area()))
            .expect("draws");
        black_box(t);
    });
    let first = median(51, || {
        let mut t = terminal();
        let app = App::new(load(&[DeckSource::Bundled]).deck, Lang::En);
        draw(&mut t, &app);
        black_box(t);
    });
    println!(
        "first frame (120x40): bare ratatui {}, infraprep {} (load + app + draw)",
        ms(bare),
        ms(first)
    );

    let deck = load(&[DeckSource::Bundled]).deck;
    let longest = deck
        .cards()
        .iter()
        .enumerate()
        .max_by_key(|(_, c)| {
            c.body
                .en
                .sections
                .iter()
                .map(|s| s.as_str().len())
                .sum::<usize>()
        })
        .map_or(0, |(i, _)| i);
    let mut app = App::new(deck.clone(), Lang::Zh);
    app.resize(120, 40);
    app.cards.selected = longest;
    app.update(Action::Open);
    app.update(Action::NextSection);
    let mut t = terminal();
    println!(
        "render, reader on the longest card's detail (zh): {}",
        ms(median(51, || draw(&mut t, &app)))
    );
    let mut app = App::new(deck.clone(), Lang::En);
    app.resize(120, 40);
    app.update(Action::ShowCalculators);
    app.update(Action::NextSection);
    println!(
        "render, collective calculator with its chart: {}",
        ms(median(51, || draw(&mut t, &app)))
    );
    app.update(Action::Move(1));
    app.update(Action::Open);
    let keystroke = median(51, || {
        app.update(Action::TextKey(KeyEvent::from(KeyCode::Char('0'))));
        app.update(Action::TextKey(KeyEvent::from(KeyCode::Backspace)));
        draw(&mut t, &app);
    });
    println!(
        "calculator keystroke (two recomputes + draw): {}",
        ms(keystroke)
    );

    let texts = generate::generated_texts(&generate::bundled_texts(), 10_000);
    let cards = texts
        .iter()
        .filter_map(|t| parse_card(t, "generated.md").ok())
        .map(|p| p.card)
        .collect();
    let (big, _) = Deck::from_cards(cards);
    let mut app = App::new(big, Lang::En);
    app.resize(120, 40);
    let start = Instant::now();
    app.update(Action::OpenSearch);
    println!(
        "search index over {} cards, built on the first /: {}",
        app.deck.len(),
        ms(start.elapsed())
    );
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    let query = "nvlink 带宽";
    for c in query.chars() {
        let start = Instant::now();
        app.update(Action::TextKey(KeyEvent::from(KeyCode::Char(c))));
        let searched = start.elapsed();
        draw(&mut t, &app);
        let took = start.elapsed();
        println!("  {c:?}: search {}, with draw {}", ms(searched), ms(took));
        worst = worst.max(took);
        total += took;
    }
    let typed = query.chars().count();
    println!(
        "search keystroke over 10,000 cards (update + draw), {typed} keys of {query:?}: mean {}, worst {}",
        ms(total / typed as u32),
        ms(worst)
    );
}
