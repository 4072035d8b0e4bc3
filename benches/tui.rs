//! TUI timings: time to the first frame against a bare ratatui program, render time of the
//! heaviest screens, and search per keystroke over a generated 10,000-card deck.
//!
//! Run with `cargo bench --bench tui`. Target: a search keystroke (update and redraw) over
//! 10,000 cards within one frame, 16 ms.

use ratatui::crossterm::event::{KeyCode, KeyEvent};
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

fn main() {
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
