//! A translated calculator in the Chinese interface at 80x24: its headline label and a step show
//! in Chinese and whole, not cut at the border. (Issue 11, points 1 and 4.)

use infraprep::calculators::CALCULATORS;
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

/// Presses `chars` on the app at 80x24 and returns the screen's rows, wide characters once.
fn screen(app: &mut App, chars: &str) -> Vec<String> {
    let events = chars
        .chars()
        .map(|c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    let mut effects = |_: &Effect, _: &mut App| {};
    drive(&mut terminal, app, THEME, events, &mut effects).expect("draws");
    // TestBackend keeps the old right half of a cell a wide character no longer covers, where a
    // terminal erases it; the last frame is drawn whole, as a terminal shows it.
    terminal.clear().expect("clears");
    terminal
        .draw(|frame| view::render(app, THEME, frame))
        .expect("draws");
    let buffer = terminal.backend().buffer();
    (0..24)
        .map(|y| {
            let (mut row, mut x) = (String::new(), 0);
            while x < 80 {
                let symbol = buffer[(x, y)].symbol();
                row.push_str(symbol);
                x += symbol.width().max(1) as u16;
            }
            row
        })
        .collect()
}

#[test]
fn the_tp_calculator_reads_in_chinese_at_80_columns() {
    let mut app = App::new(load(&[DeckSource::Bundled]).deck, Lang::Zh);
    let tp = CALCULATORS.iter().position(|c| c.id == "tp").expect("tp");
    let rows = screen(&mut app, &format!("2{}", "l".repeat(tp)));
    let text = rows.join("\n");
    assert!(text.contains("张量并行通信量"), "the tp form:\n{text}");
    // A headline label, whole on one row.
    assert!(
        rows.iter().any(|r| r.contains("每 GPU 每层")),
        "headline label:\n{text}"
    );
    // The first step, wrapped but whole: joined without line breaks and borders it is all there.
    let squeeze = |s: &str| {
        s.chars()
            .filter(|c| !c.is_whitespace() && !"│┃|".contains(*c))
            .collect::<String>()
    };
    let step = "消息S=b·s·h·bytes=1×4096×8192×2B=67.11MB(64MiB)：每次all-reduce求和的激活（一个rank的缓冲区）";
    assert!(
        squeeze(&text).contains(step),
        "the first step in Chinese:\n{text}"
    );
}
