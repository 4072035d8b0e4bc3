//! The collective calculator's result at 80x24 and 120x40, in both languages, rendered into a
//! `TestBackend`: the chart's legend names every algorithm in its own colour, every algorithm's
//! curve shows, and every headline
//! figure is shown whole.
//! What to expect is read from the calculator's own outcome, not written out here.

use infraprep::calculators::{Chart, Outcome};
use infraprep::content::deck::load;
use infraprep::content::{DeckSource, Lang};
use infraprep::tui::app::{App, Effect};
use infraprep::tui::theme::Theme;
use infraprep::tui::{drive, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use unicode_width::UnicodeWidthStr;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// Opens the calculators (`2`) and moves to the collective one, then draws a clean frame.
fn collective_screen(lang: Lang, width: u16, height: u16) -> (App, Buffer) {
    let mut app = App::new(load(&[DeckSource::Bundled]).deck, lang);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    let mut effects = |_: &Effect, _: &mut App| {};
    let key = |c: char| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    let color = Theme { color: true };
    drive(&mut terminal, &mut app, color, [key('2')], &mut effects).expect("draws");
    for _ in 0..infraprep::calculators::CALCULATORS.len() {
        if app
            .calc
            .as_ref()
            .is_some_and(|c| c.spec().id == "collective")
        {
            break;
        }
        drive(&mut terminal, &mut app, color, [key('l')], &mut effects).expect("draws");
    }
    assert_eq!(
        app.calc.as_ref().map(|c| c.spec().id),
        Some("collective"),
        "the calculators screen reaches the collective calculator"
    );
    let mut fresh = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    fresh
        .draw(|frame| view::render(&app, Theme { color: true }, frame))
        .expect("draws");
    (app, fresh.backend().buffer().clone())
}

fn outcome(app: &App) -> &Outcome {
    app.calc
        .as_ref()
        .and_then(|c| c.outcome.as_ref().ok())
        .expect("the default form computes")
}

/// The buffer's rows as text, wide characters written once.
fn rows(buffer: &Buffer) -> Vec<String> {
    (0..buffer.area.height)
        .map(|y| {
            let mut row = String::new();
            let mut x = 0;
            while x < buffer.area.width {
                let symbol = buffer[(x, y)].symbol();
                row.push_str(symbol);
                x += u16::try_from(symbol.width().max(1)).unwrap_or(1);
            }
            row
        })
        .collect()
}

fn series_names(outcome: &Outcome) -> Vec<String> {
    let names: Vec<Vec<String>> = outcome
        .charts
        .iter()
        .filter_map(|c| match c {
            Chart::Lines { series, .. } => {
                Some(series.iter().map(|(n, _)| n.to_string()).collect())
            }
            _ => None,
        })
        .collect();
    assert_eq!(names.len(), 1, "the collective result has one line chart");
    names.into_iter().next().unwrap_or_default()
}

/// The colour of the legend's `━` swatch in front of `name` on row `y`.
fn swatch_colour(buffer: &Buffer, y: u16, name: &str) -> Option<Color> {
    let row = rows(buffer).remove(usize::from(y));
    let at = row.find(&format!("━ {name} "))?;
    let x = u16::try_from(row[..at].width()).ok()?;
    Some(buffer[(x, y)].fg)
}

fn is_braille(symbol: &str) -> bool {
    symbol
        .chars()
        .next()
        .is_some_and(|c| ('\u{2801}'..='\u{28FF}').contains(&c))
}

/// The legend row on screen and the colour of each algorithm's swatch, in the outcome's order.
fn legend(buffer: &Buffer, names: &[String], width: u16, lang: Lang) -> (u16, Vec<Color>) {
    let text = rows(buffer);
    let y = text
        .iter()
        .position(|r| names.iter().all(|n| r.contains(&format!("━ {n} "))))
        .unwrap_or_else(|| {
            panic!(
                "{width} wide {lang:?}: no legend row names {names:?}:\n{}",
                text.join("\n")
            )
        });
    // The size marker's key is whole at every width (the title gives way first).
    let key = infraprep::text::messages::CHART_YOUR_SIZE.get(lang);
    assert!(text[y].contains(key), "{width} wide: {}", text[y]);
    let y = u16::try_from(y).expect("row");
    let colours = names
        .iter()
        .map(|name| swatch_colour(buffer, y, name).expect("a swatch"))
        .collect();
    (y, colours)
}

/// Braille cells of `colour` below row `y`: the part of a curve that is visible.
fn curve_cells(buffer: &Buffer, y: u16, colour: Color) -> usize {
    (y + 1..buffer.area.height)
        .flat_map(|y| (0..buffer.area.width).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let cell = &buffer[(x, y)];
            cell.fg == colour && is_braille(cell.symbol())
        })
        .count()
}

#[test]
fn the_legend_names_every_algorithm_in_its_own_colour() {
    for lang in [Lang::En, Lang::Zh] {
        for (width, height) in SIZES {
            let (app, buffer) = collective_screen(lang, width, height);
            let names = series_names(outcome(&app));
            assert!(names.len() >= 2, "more than one algorithm: {names:?}");
            let (y, colours) = legend(&buffer, &names, width, lang);
            for (name, colour) in names.iter().zip(&colours) {
                assert!(*colour != Color::Reset, "{name} has a colour");
                assert_eq!(
                    colours.iter().filter(|c| *c == colour).count(),
                    1,
                    "{name} shares its colour"
                );
            }
            // The last curve drawn is never covered: the chart is drawn at all.
            let last = colours.last().copied().expect("a series");
            assert!(
                curve_cells(&buffer, y, last) >= 3,
                "{width}x{height}: no curve"
            );
        }
    }
}

/// Every algorithm's curve shows (at least a few cells in its colour). Where the curves run
/// close, a braille cell takes the colour of the last series drawn into it; with a fixed order
/// the ring curve kept 1 cell at 80x24 under tree and nvlstree.
#[test]
fn every_curve_is_visible() {
    for lang in [Lang::En, Lang::Zh] {
        for (width, height) in SIZES {
            let (app, buffer) = collective_screen(lang, width, height);
            let names = series_names(outcome(&app));
            let (y, colours) = legend(&buffer, &names, width, lang);
            for (name, colour) in names.iter().zip(colours) {
                let cells = curve_cells(&buffer, y, colour);
                assert!(
                    cells >= 3,
                    "{width}x{height} {lang:?}: the {name} curve is hidden ({cells} cells):\n{}",
                    rows(&buffer).join("\n")
                );
            }
        }
    }
}

#[test]
fn the_result_headline_is_shown_whole() {
    for lang in [Lang::En, Lang::Zh] {
        for (width, height) in SIZES {
            let (app, buffer) = collective_screen(lang, width, height);
            let text = rows(&buffer).join("\n");
            let headline = &outcome(&app).headline;
            assert!(headline.len() >= 3, "time, algbw and busbw: {headline:?}");
            for (label, spec, expected) in headline {
                for part in [label, spec, expected]
                    .into_iter()
                    .filter(|p| !p.is_empty())
                {
                    assert!(
                        text.contains(part.get(lang)),
                        "{width}x{height} {lang:?}: {part:?} is not shown whole:\n{text}"
                    );
                }
                // Label, spec and expected sit on one row, or the label on the row above.
                let row = text
                    .lines()
                    .position(|r| r.contains(spec.get(lang)) && r.contains(expected.get(lang)));
                assert!(
                    row.is_some(),
                    "{label}: {spec} and {expected} on one row:\n{text}"
                );
            }
        }
    }
}
