//! Translated calculators in the Chinese interface at 80x24: a headline label and a step show in
//! Chinese and whole, not cut at the border.

mod common;

use infraprep::calculators::{CALCULATORS, Outcome};
use infraprep::content::deck::load;
use infraprep::content::{DeckSource, Lang};
use infraprep::tui::app::App;
use infraprep::tui::theme::Theme;

use common::screen::{chars, rows_after};

const THEME: Theme = Theme { color: false };

fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && !"│┃|".contains(*c))
        .collect()
}

/// The calculator `id` opened in Chinese: the screen's rows and the outcome it shows.
fn open(id: &str) -> (Vec<String>, Outcome) {
    let mut app = App::new(load(&[DeckSource::Bundled]).deck, Lang::Zh);
    let index = CALCULATORS
        .iter()
        .position(|c| c.id == id)
        .expect("registered");
    let rows = rows_after(
        &mut app,
        THEME,
        chars(&format!("2{}", "l".repeat(index))),
        (80, 24),
    );
    let outcome = app
        .calc
        .as_ref()
        .and_then(|c| c.outcome.clone().ok())
        .expect("the example computes");
    (rows, outcome)
}

#[test]
fn the_tp_calculator_reads_in_chinese_at_80_columns() {
    let (rows, _) = open("tp");
    let text = rows.join("\n");
    assert!(text.contains("张量并行通信量"), "the tp form:\n{text}");
    // A headline label, whole on one row.
    assert!(
        rows.iter().any(|r| r.contains("每 GPU 每层")),
        "headline label:\n{text}"
    );
    // The first step, wrapped but whole: joined without line breaks and borders it is all there.
    let step = "消息S=b·s·h·bytes=1×4096×8192×2B=67.11MB(64MiB)：每次all-reduce求和的激活（一个rank的缓冲区）";
    assert!(
        squeeze(&text).contains(step),
        "the first step in Chinese:\n{text}"
    );
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
