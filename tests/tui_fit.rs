//! Every screen at 80x24 in both interface languages: the labels from the message catalogue
//! appear whole, and the footer shows whole hints (or a whole status line), never a word cut at
//! the last column. (Issue 11, point 4.)

mod common;

use infraprep::content::deck::load;
use infraprep::content::{DeckSource, Lang};
use infraprep::text::messages::{self as m, Msg};
use infraprep::tui::app::{App, DrillSetup};
use infraprep::tui::keymap::Context;
use infraprep::tui::theme::Theme;

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use unicode_width::UnicodeWidthStr;

const THEME: Theme = Theme { color: false };

fn app(lang: Lang, dir: &std::path::Path) -> App {
    App::new(load(&[DeckSource::Bundled]).deck, lang).with_drill_setup(DrillSetup {
        data_dir: Some(dir.to_path_buf()),
        minutes: 3.0,
        exam: None,
    })
}

/// Key events: characters, and `<enter>`, `<esc>`, `<down>`.
fn keys(spec: &str) -> Vec<Event> {
    let mut events = Vec::new();
    let mut rest = spec;
    while let Some(c) = rest.chars().next() {
        let (code, used) = if c == '<' {
            let end = rest.find('>').expect("closed key name");
            let code = match &rest[1..end] {
                "enter" => KeyCode::Enter,
                "esc" => KeyCode::Esc,
                "down" => KeyCode::Down,
                other => panic!("unknown key <{other}>"),
            };
            (code, end + 1)
        } else {
            (KeyCode::Char(c), c.len_utf8())
        };
        let modifiers = if c.is_ascii_uppercase() {
            KeyModifiers::SHIFT
        } else {
            KeyModifiers::NONE
        };
        events.push(Event::Key(KeyEvent::new(code, modifiers)));
        rest = &rest[used..];
    }
    events
}

/// Runs `spec` at 80x24 and returns the screen's rows, wide characters written once.
fn run(app: &mut App, spec: &str) -> Vec<String> {
    common::screen::rows_after(app, THEME, keys(spec), (80, 24))
}

/// Keys that open the card numbered `number` from the list.
fn open_number(app: &App, number: u32) -> String {
    let index = app
        .deck
        .cards()
        .iter()
        .position(|c| c.number == Some(number))
        .expect("card exists");
    format!("{}<enter>", "j".repeat(index))
}

/// The labels appear whole (spaces at their ends do not count), the header names the four
/// screens, and the footer is whole hints or the whole status line.
fn assert_fits(app: &App, rows: &[String], labels: &[Msg], what: &str) {
    let ui = app.ui();
    let text = rows.join("\n");
    let header = &rows[0];
    for tab in [m::TAB_CARDS, m::TAB_CALCULATORS, m::TAB_DRILL, m::TAB_STATS] {
        assert!(header.contains(tab.get(ui)), "{what}: header {header:?}");
    }
    for label in labels {
        let label = label.get(ui).trim();
        assert!(text.contains(label), "{what}: lacks {label:?}:\n{text}");
    }
    if let Some(status) = &app.status {
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        let bottom = squeeze(&rows[rows.len() - 2..].join(" "));
        assert!(
            bottom.contains(&squeeze(status)),
            "{what}: status cut: {bottom:?}"
        );
        return;
    }
    let footer = rows.last().expect("rows").trim();
    let hints = app.footer_hints();
    assert!(!footer.is_empty(), "{what}: no footer");
    for piece in footer.split("  ").map(str::trim).filter(|p| !p.is_empty()) {
        assert!(
            hints.contains(&piece),
            "{what}: footer piece {piece:?} is not a whole hint: {footer:?}"
        );
    }
    assert!(
        // On the help screen itself `?` is no hint (Esc closes it).
        footer.contains(m::HINT_HELP.get(ui))
            || app.context().takes_text()
            || app.context() == Context::Help,
        "{what}: the help hint always shows: {footer:?}"
    );
}

fn every_screen_fits(lang: Lang) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app(lang, dir.path());
    let rows = run(&mut app, "");
    assert_fits(&app, &rows, &[m::HINT_READ], "card list");

    let open = open_number(&app, 12);
    let rows = run(&mut app, &open);
    assert_fits(&app, &rows, &[m::HINT_SECTION], "reader");

    let rows = run(&mut app, "<esc>/nvlink");
    let found = m::SEARCH_FOUND.fill(lang, &[("n", &app.search().expect("open").hits.len())]);
    assert!(rows[1].contains(&found), "search count: {:?}", rows[1]);
    assert!(
        rows[4].starts_with("      ") && !rows[4].trim().is_empty(),
        "a snippet under the first result: {:?}",
        rows[4]
    );
    assert_fits(&app, &rows, &[m::HINT_SELECT], "search");

    let rows = run(&mut app, "<esc>2");
    assert_fits(
        &app,
        &rows,
        &[m::CALC_SPEC, m::CALC_EXPECTED, m::CALC_STEPS_WORD],
        "calculators",
    );

    let rows = run(&mut app, "<esc>3");
    assert_fits(
        &app,
        &rows,
        &[
            m::DRILL_TITLE,
            m::DRILL_ROW_MINUTES,
            m::DRILL_START,
            m::DRILL_PRACTICE,
        ],
        "drill setup",
    );

    let keys = format!("1{open}d");
    let rows = run(&mut app, &keys);
    assert_fits(&app, &rows, &[m::DRILL_INTERVIEW], "drill question");
    // The answer box's placeholder is a sentence: it shows whole, never cut at the border.
    // The drill here is an interview: its placeholder names the next question, not a reveal.
    let placeholder =
        m::DRILL_PLACEHOLDER_INTERVIEW.fill(lang, &[("leave", &"Esc"), ("next", &"Space")]);
    assert!(
        rows.iter().any(|r| r.contains(&placeholder)),
        "placeholder {placeholder:?}:\n{}",
        rows.join("\n")
    );

    let rows = run(&mut app, "ZEBRA NVLink<esc>q");
    assert_fits(
        &app,
        &rows,
        &[m::REVIEW_GRADE, m::REVIEW_YOUR_ANSWER, m::REVIEW_GRADES],
        "drill review",
    );

    let rows = run(&mut app, "3n");
    assert_fits(&app, &rows, &[m::SUMMARY_TITLE], "drill summary");

    let rows = run(&mut app, "<esc>4");
    assert_fits(&app, &rows, &[m::STATS_TITLE, m::STATS_PER_DAY], "stats");

    let rows = run(&mut app, "?");
    assert_fits(
        &app,
        &rows,
        &[
            m::HELP_TITLE,
            m::CTX_GLOBAL,
            m::KEY_QUIT_ANYWHERE,
            m::KEY_SEARCH,
            m::KEY_QUICK_CALC,
        ],
        "help",
    );
}

#[test]
fn every_screen_fits_80x24_in_english() {
    every_screen_fits(Lang::En);
}

#[test]
fn every_screen_fits_80x24_in_chinese() {
    every_screen_fits(Lang::Zh);
}

#[test]
fn ui_lang_keeps_the_interface_in_one_language_while_cards_switch() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app(Lang::Zh, dir.path()).with_ui_lang(Some(Lang::En));
    let rows = run(&mut app, "");
    assert!(rows[0].contains("Cards"), "{}", rows[0]);
    let title = app.deck.cards()[0].title(Lang::Zh).to_owned();
    let first: String = title.chars().take(4).collect();
    assert!(
        rows[1].contains(&first),
        "cards stay in Chinese: {}",
        rows[1]
    );
    // Without ui-lang, L moves the interface with the content.
    let mut app = self::app(Lang::En, dir.path());
    let rows = run(&mut app, "L");
    assert!(rows[0].contains("卡片"), "{}", rows[0]);
}

/// `row` after its first `columns` display columns.
fn right(row: &str, columns: usize) -> String {
    let skip = left(row, columns).len();
    row[skip..].to_owned()
}

/// The first `columns` display columns of `row`.
fn left(row: &str, columns: usize) -> String {
    let mut out = String::new();
    for c in row.chars() {
        if out.width() + c.to_string().width() > columns {
            break;
        }
        out.push(c);
    }
    out
}

/// Every calculator's title, each field's label as it is selected, and the selected field's help,
/// in the interface language, appear whole at 80x24; the form's labels line up by display width.
fn calculators_fit(lang: Lang) {
    use infraprep::calculators::CALCULATORS;
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app(lang, dir.path());
    run(&mut app, "2");
    for (index, spec) in CALCULATORS.iter().enumerate() {
        let mut rows = run(&mut app, if index == 0 { "" } else { "l" });
        let title = spec.title_in(lang);
        assert!(
            rows[1].contains(title),
            "{}: title cut: {:?}",
            spec.id,
            rows[1]
        );
        // Each headline figure shows whole in the result column (right of the form's 36
        // columns), stacked and wrapped where its row is too wide.
        let outcome = app.calc.as_ref().and_then(|c| c.outcome.as_ref().ok());
        let result: String = rows.iter().map(|r| right(r, 36)).collect();
        for (label, figure, expected) in outcome.map(|o| o.headline.clone()).unwrap_or_default() {
            for part in [&figure, &expected].into_iter().filter(|p| !p.is_empty()) {
                assert!(
                    squeeze(&result).contains(&squeeze(part.get(lang))),
                    "{}: headline {label:?} cut: {part:?}\n{}",
                    spec.id,
                    rows.join("\n")
                );
            }
        }
        // A bar chart's title and labels are never cut: where their start shows, all of them does.
        for chart in outcome.map(|o| o.charts.clone()).unwrap_or_default() {
            use infraprep::calculators::Chart;
            let (title, labels): (String, Vec<String>) = match chart {
                Chart::Bars { title, bars, .. } => (
                    title.get(lang).to_owned(),
                    bars.iter().map(|b| b.0.get(lang).to_owned()).collect(),
                ),
                Chart::Parts { title, parts, .. } => (
                    title.get(lang).to_owned(),
                    parts.iter().map(|p| p.0.get(lang).to_owned()).collect(),
                ),
                Chart::Lines { .. } => continue,
            };
            for text in std::iter::once(&title).chain(&labels) {
                let start = squeeze(&left(text, 17));
                if squeeze(&result).contains(&start) {
                    assert!(
                        squeeze(&result).contains(&squeeze(text)),
                        "{}: chart text cut: {text:?}\n{}",
                        spec.id,
                        rows.join("\n")
                    );
                }
            }
        }
        for (at, field) in spec.fields.iter().enumerate() {
            if at > 0 {
                rows = run(&mut app, "j");
            }
            let what = format!("{}.{}", spec.id, field.name);
            let label = field.label_in(lang);
            // The selected row starts with the marker, then the label padded to the column.
            let row = rows
                .iter()
                .find(|r| r.starts_with("› "))
                .unwrap_or_else(|| panic!("{what}: no selected row:\n{}", rows.join("\n")));
            assert!(row[4..].starts_with(label), "{what}: label cut: {row:?}");
            let help = squeeze(field.help_in(lang));
            // The help is wrapped under the form, in the left 36 columns (9/20 of 80).
            let form: String = rows.iter().map(|r| left(r, 36)).collect();
            assert!(
                squeeze(&form).contains(&help),
                "{what}: help cut:\n{}",
                rows.join("\n")
            );
        }
        // Every label of the visible rows starts at the same display column as the values do.
        let values: Vec<usize> = rows[2..]
            .iter()
            .filter_map(|r| {
                let rest = r.strip_prefix("› ").or_else(|| r.strip_prefix("  "))?;
                let field = spec
                    .fields
                    .iter()
                    .find(|f| rest.starts_with(&format!("{} ", f.label_in(lang))))?;
                let value = spec.example.iter().find(|(name, _)| *name == field.name)?.1;
                let at = r.find(&format!(" {value}"))?;
                Some(r[..at].width())
            })
            .collect();
        assert!(
            values.windows(2).all(|w| w[0] == w[1]) && !values.is_empty(),
            "{}: values not lined up: {values:?}",
            spec.id
        );
        // Back to the first field for the next calculator.
        run(&mut app, &"k".repeat(spec.fields.len() - 1));
    }
}

#[test]
fn calculators_fit_80x24_in_chinese() {
    calculators_fit(Lang::Zh);
}

#[test]
fn calculators_fit_80x24_in_english() {
    calculators_fit(Lang::En);
}
