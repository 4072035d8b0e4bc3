//! The app's startup path for benchmarks: read the decks as `infraprep --deck DIR` does in a
//! terminal (the outline first, the whole deck in the background), build the app and draw the
//! first frame into a test terminal.

use std::path::Path;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::widgets::Paragraph;

use infraprep::content::deck::load_in_background;
use infraprep::content::{DeckSource, Lang};
use infraprep::tui::app::App;
use infraprep::tui::theme::Theme;
use infraprep::tui::{Input, drive, view};

const THEME: Theme = Theme { color: true };

pub fn terminal() -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(120, 40)).expect("test terminal")
}

pub fn draw(terminal: &mut Terminal<TestBackend>, app: &App) {
    terminal
        .draw(|frame| view::render(app, THEME, frame))
        .expect("draws");
}

/// Startup up to the first frame: the outline of the bundled deck plus `dir` if given, the app
/// (reading the whole deck in the background), one draw.
pub fn first_frame(dir: Option<&Path>) -> (App, Terminal<TestBackend>) {
    let mut sources = vec![DeckSource::Bundled];
    sources.extend(dir.map(|d| DeckSource::Dir(d.to_path_buf())));
    let mut app = App::loading(load_in_background(&sources), Lang::En);
    app.tick(chrono::Utc::now());
    let mut t = terminal();
    drive(
        &mut t,
        &mut app,
        THEME,
        std::iter::empty::<Input>(),
        &mut |_, _| {},
    )
    .expect("draws");
    (app, t)
}

/// A bare ratatui program's first frame: a terminal and one paragraph.
pub fn bare_frame() -> Terminal<TestBackend> {
    let mut t = terminal();
    t.draw(|frame| frame.render_widget(Paragraph::new("hello"), frame.area()))
        .expect("draws");
    t
}

/// This process's peak resident memory in MiB (`VmHWM`), or NaN where unknown.
pub fn peak_mib() -> f64 {
    status_mib("VmHWM:")
}

/// This process's resident memory now in MiB (`VmRSS`), or NaN where unknown.
pub fn current_mib() -> f64 {
    status_mib("VmRSS:")
}

fn status_mib(key: &str) -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kib| kib / 1024.0)
}
