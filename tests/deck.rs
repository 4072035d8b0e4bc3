//! The bundled deck as a whole: enough cards, both languages, every section, follow-ups that
//! resolve, sources and key points, figures that agree with the calculators, interview answers
//! of a length one can say in two or three minutes, and none of the seed card's sentences.

use std::collections::HashSet;
use std::path::Path;

use infraprep::calc::HardwareTable;
use infraprep::calculators::preset::{check_figure, check_preset};
use infraprep::content::deck::{check, load};
use infraprep::content::section_text::SectionText;
use infraprep::content::{Card, DeckSource, Lang, Section};

fn deck() -> Vec<Card> {
    let loaded = load(&[DeckSource::Bundled]);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    loaded.deck.cards().to_vec()
}

#[test]
fn the_deck_has_at_least_sixty_six_numbered_cards_in_order() {
    let cards = deck();
    assert!(cards.len() >= 66, "only {} cards", cards.len());
    let numbers: Vec<u32> = cards.iter().filter_map(|c| c.number).collect();
    assert_eq!(
        numbers.len(),
        cards.len(),
        "every bundled card has a curriculum number"
    );
    assert!(numbers.windows(2).all(|w| w[0] < w[1]));
    let seed = cards
        .iter()
        .find(|c| c.number == Some(12))
        .expect("the seed card is number 12");
    assert_eq!(seed.id, "nvlink-vs-infiniband");
    assert_eq!(
        &seed.follow_up_ids()[..3],
        ["nvswitch-topology", "nccl-nvlink-ib-paths", "ib-congestion"]
    );
}

#[test]
fn every_card_has_both_languages_and_all_four_sections() {
    for card in deck() {
        for lang in Lang::ALL {
            assert!(
                !card.title(lang).trim().is_empty(),
                "{} {lang}: title",
                card.id
            );
            for section in Section::ALL {
                let text = card.body.get(lang).section(section);
                assert!(
                    text.trim().len() > 20,
                    "{} {lang}: section {:?} is empty",
                    card.id,
                    section
                );
            }
        }
    }
}

#[test]
fn every_card_asks_two_to_four_follow_ups_that_resolve() {
    let cards = deck();
    let ids: HashSet<&str> = cards.iter().map(|c| c.id.as_str()).collect();
    for card in &cards {
        let follow_ups = card.follow_up_ids();
        assert!(
            (2..=4).contains(&follow_ups.len()),
            "{} has {} follow-ups",
            card.id,
            follow_ups.len()
        );
        for id in follow_ups {
            assert!(
                ids.contains(id),
                "{} follows up with unknown '{id}'",
                card.id
            );
        }
    }
    let (_, problems) = check(&[DeckSource::Bundled], None);
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn every_card_has_sources_and_key_points_in_both_languages() {
    for card in deck() {
        assert!(
            card.sources.len() >= 2,
            "{} has {} sources",
            card.id,
            card.sources.len()
        );
        for source in &card.sources {
            assert!(
                source.url.is_some() || source.document.is_some(),
                "{}: {}",
                card.id,
                source.key
            );
        }
        for lang in Lang::ALL {
            let points = card.key_points.get(lang);
            assert!(
                (4..=8).contains(&points.len()),
                "{} {lang}: {} key points",
                card.id,
                points.len()
            );
            assert!(
                points.iter().all(|p| !p.terms.is_empty()),
                "{} {lang}: a point without terms",
                card.id
            );
        }
    }
}

#[test]
fn stated_figures_and_presets_agree_with_the_calculators() {
    let table = HardwareTable::bundled();
    let mut figures = 0;
    let mut presets = 0;
    for card in deck() {
        for figure in &card.figures {
            check_figure(figure, &card.calc, &table).unwrap_or_else(|e| panic!("{}: {e}", card.id));
            figures += 1;
        }
        for preset in &card.calc {
            check_preset(preset, &table)
                .unwrap_or_else(|e| panic!("{}: {} preset: {e}", card.id, preset.name()));
            presets += 1;
        }
    }
    assert!(figures >= 100, "only {figures} checked figures");
    assert!(presets >= 30, "only {presets} calculator presets");
}

#[test]
fn the_seed_cards_worked_figures_are_the_engines() {
    let table = HardwareTable::bundled();
    let value = infraprep::calc::eval_expression("10 GiB / ib-hdr", &table).unwrap();
    assert!(infraprep::calc::figure_matches(&value, "0.43 s").unwrap());
    let value = infraprep::calc::eval_expression("70e9 * 14 B", &table).unwrap();
    assert!(infraprep::calc::figure_matches(&value, "980 GB").unwrap());
}

/// Chinese characters, for the interview-length rule.
fn han_count(text: &str) -> usize {
    text.chars()
        .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
        .count()
}

#[test]
fn interview_answers_fit_two_to_three_minutes() {
    for card in deck() {
        let en = card
            .body
            .en
            .section(Section::Interview)
            .split_whitespace()
            .count();
        assert!(
            (230..=480).contains(&en),
            "{}: English interview answer is {en} words",
            card.id
        );
        let zh = han_count(card.body.zh.section(Section::Interview));
        assert!(
            (320..=650).contains(&zh),
            "{}: Chinese interview answer is {zh} characters",
            card.id
        );
    }
}

#[test]
fn no_sentence_of_the_seed_card_reappears() {
    let seed_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seed");
    let Ok(entries) = std::fs::read_dir(&seed_dir) else {
        eprintln!(
            "note: {} is not here; the seed check needs it beside the checkout",
            seed_dir.display()
        );
        return;
    };
    let seed: String = entries
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .collect();
    let sentences: Vec<String> = seed
        .split(['。', '！', '？', '\n'])
        .map(|s| s.trim().trim_start_matches('•').trim().to_owned())
        .filter(|s| han_count(s) >= 12)
        .collect();
    assert!(sentences.len() > 20, "the seed card was read");
    for card in deck() {
        let text: String = card
            .body
            .zh
            .sections
            .iter()
            .map(SectionText::as_str)
            .collect();
        for sentence in &sentences {
            assert!(
                !text.contains(sentence.as_str()),
                "{} repeats the seed: {sentence}",
                card.id
            );
        }
        // Long shared runs of Chinese are close paraphrase: no 20-character run with 14 or more
        // Chinese characters in common (shared English terms like "NVLink 和 InfiniBand" are fine).
        let chars: Vec<char> = sentence_chars(&text);
        for sentence in &sentences {
            let s: Vec<char> = sentence.chars().collect();
            for window in s.windows(20) {
                let run: String = window.iter().collect();
                if han_count(&run) < 14 {
                    continue;
                }
                assert!(
                    !contains_run(&chars, window),
                    "{} shares a 20-character run with the seed: {run}",
                    card.id
                );
            }
        }
    }
}

fn sentence_chars(text: &str) -> Vec<char> {
    text.chars().collect()
}

fn contains_run(haystack: &[char], needle: &[char]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}
