//! Grading one answer against the largest bundled card, as the drill does on submit and
//! `infraprep grade` does once. `cargo bench --bench grade`. Goal: under 1 ms.
//!
//! The largest card is the one with the most term spellings; the answer is long and mixed: its
//! English interview answer followed by its Chinese short answer.

use std::hint::black_box;
use std::time::Instant;

#[path = "support/timing.rs"]
mod timing;
use timing::{median, ms};

use infraprep::content::deck::load;
use infraprep::content::glossary::Glossary;
use infraprep::content::{Card, DeckSource, Lang, Section};
use infraprep::drill::grade::Grader;

const RUNS: usize = 301;

/// Term spellings on both sides of a card: what grading work grows with.
fn spellings(card: &Card) -> usize {
    [&card.key_points.zh, &card.key_points.en]
        .iter()
        .flat_map(|points| points.iter())
        .flat_map(infraprep::content::KeyPoint::alternatives)
        .map(|alternatives| alternatives.len())
        .sum()
}

fn main() {
    let deck = load(&[DeckSource::Bundled]).deck;
    let Some(card) = deck.cards().iter().max_by_key(|c| spellings(c)) else {
        println!("no bundled cards");
        return;
    };
    let answer = format!(
        "{}\n{}",
        card.body.en.section(Section::Interview),
        card.body.zh.section(Section::Short)
    );
    let glossary = Glossary::bundled();
    println!(
        "card {} ({} key points, {} term spellings); answer {} chars",
        card.id,
        card.key_points.en.len(),
        spellings(card),
        answer.chars().count()
    );
    let start = Instant::now();
    let grading = Grader::for_card(card, glossary).grade(&answer, Lang::En);
    println!(
        "{:<52} {:>10}  ({}/{} covered)",
        "first grade (units valued by the engine once)",
        ms(start.elapsed()),
        grading.covered(),
        grading.total()
    );
    let whole = median(RUNS, || {
        black_box(Grader::for_card(card, glossary).grade(black_box(&answer), Lang::En));
    });
    println!(
        "{:<52} {:>10}",
        "prepare the card + grade (drill submit)",
        ms(whole)
    );
    let grader = Grader::for_card(card, glossary);
    let grade_only = median(RUNS, || {
        black_box(grader.grade(black_box(&answer), Lang::En));
    });
    println!(
        "{:<52} {:>10}",
        "grade with the card prepared",
        ms(grade_only)
    );
    let short = "NVLink 4: 3.6 Tb/s each way; TP 放在机内, DP 走 IB";
    let short_time = median(RUNS, || {
        black_box(Grader::for_card(card, glossary).grade(black_box(short), Lang::Zh));
    });
    println!(
        "{:<52} {:>10}",
        "prepare + grade a one-line answer",
        ms(short_time)
    );
}
