//! A section laid out part by part shows exactly what the whole layout shows, at every scroll
//! position, from the top and from the end.

use std::fmt::Write as _;

use proptest::prelude::*;

use super::*;
use crate::content::DeckSource;
use crate::content::deck::load;
use crate::content::section_text::SectionText;

/// A bundled card whose detailed answer (English) is `blocks` repeated: many parts.
fn long_card(blocks: usize) -> Card {
    let mut card = load(&[DeckSource::Bundled]).deck.cards()[0].clone();
    let citation = card.sources.first().map(|s| format!("[^{}]", s.key));
    let mut text = String::new();
    for i in 0..blocks {
        let _ = write!(
            text,
            "Paragraph {i} moves 2(n-1)/n of the data{} over NVLink at 900 GB/s, so the \
             slower link sets the pace.\n\n- item {i} 张量并行留在 NVLink 域内，数据并行走 IB\n- \
             second\n\n```\ncode {i}\n\nmore\n```\n\n",
            citation.as_deref().unwrap_or("")
        );
    }
    card.body.en.sections[Section::Detail as usize] = SectionText::owned(text);
    card
}

fn key(width: usize) -> LayoutKey {
    LayoutKey {
        card: 0,
        section: Section::Detail,
        lang: Lang::En,
        width,
    }
}

fn owned(lines: Vec<&LaidLine>) -> Vec<LaidLine> {
    lines.into_iter().cloned().collect()
}

#[test]
fn end_shows_the_last_lines_without_laying_out_the_section() {
    let card = long_card(300);
    let whole = section(&card, Lang::En, Section::Detail, 50);
    let mut layout = SectionLayout::new(key(50), &card);
    let scroll = layout.settle(&card, Scroll::End(0), 20);
    assert_eq!(scroll, Scroll::End(0));
    assert_eq!(layout.total(), None, "End laid out the whole section");
    assert_eq!(
        owned(layout.visible(scroll, 20)),
        whole[whole.len() - 20..].to_vec()
    );
    // The sources list comes last.
    assert!(whole.last().is_some_and(|l| l.iter().any(|r| r.style.dim)));
}

#[test]
fn the_line_count_becomes_known_and_end_becomes_a_line_number() {
    let card = long_card(40);
    let whole = section(&card, Lang::En, Section::Detail, 70);
    let mut layout = SectionLayout::new(key(70), &card);
    layout.settle(&card, Scroll::End(3), 10);
    layout.advance(&card, std::time::Duration::from_secs(60));
    assert_eq!(layout.total(), Some(whole.len()));
    let scroll = layout.settle(&card, Scroll::End(3), 10);
    assert_eq!(scroll, Scroll::Top(whole.len() - 13));
    assert_eq!(
        owned(layout.visible(scroll, 10)),
        whole[whole.len() - 13..whole.len() - 3].to_vec()
    );
}

#[test]
fn a_short_section_settles_at_its_top() {
    let card = long_card(1);
    let mut layout = SectionLayout::new(key(120), &card);
    assert_eq!(layout.settle(&card, Scroll::End(0), 500), Scroll::Top(0));
    assert_eq!(layout.settle(&card, Scroll::Top(40), 500), Scroll::Top(0));
}

/// One step of a walk through a section.
#[derive(Debug, Clone)]
enum Step {
    Move(i32),
    Home,
    End,
    /// A line of a part, given as a share of the parts (per 100).
    Part(usize, isize),
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any walk of moves, pages, Home, End and landings on a part shows the lines the whole
    /// layout has there.
    #[test]
    fn every_view_matches_the_whole_layout(
        steps in prop::collection::vec(prop_oneof![
            (-30..30i32).prop_map(Step::Move),
            Just(Step::Home),
            Just(Step::End),
            (0..100usize, -20..60isize).prop_map(|(p, l)| Step::Part(p, l)),
        ], 1..25),
        width in 20..90usize,
        rows in 1..40usize,
    ) {
        let card = long_card(60);
        let whole = section(&card, Lang::En, Section::Detail, width);
        let mut reference = SectionLayout::new(key(width), &card);
        let mut layout = SectionLayout::new(key(width), &card);
        let mut scroll = Scroll::Top(0);
        for step in steps {
            scroll = match step {
                Step::Move(lines) => scroll.moved(lines),
                Step::Home => Scroll::Top(0),
                Step::End => Scroll::End(0),
                Step::Part(share, line) => Scroll::Part {
                    part: share * layout.part_count() / 100,
                    line,
                },
            };
            scroll = layout.settle(&card, scroll, rows);
            let expected = match scroll {
                Scroll::Top(first) => {
                    whole[first.min(whole.len())..(first + rows).min(whole.len())].to_vec()
                }
                Scroll::End(gap) => {
                    let end = whole.len() - gap;
                    whole[end.saturating_sub(rows)..end].to_vec()
                }
                Scroll::Part { part, line } => {
                    let first = reference.part_start(&card, part) + line.unsigned_abs();
                    prop_assert!(line >= 0 && first + rows <= whole.len());
                    whole[first..first + rows].to_vec()
                }
            };
            prop_assert_eq!(owned(layout.visible(scroll, rows)), expected);
        }
    }
}

#[test]
fn another_width_or_language_keeps_the_view_near_where_it_was() {
    let card = {
        let mut card = long_card(300);
        card.body.zh.sections[Section::Detail as usize] = SectionText::owned(
            card.body.en.sections[Section::Detail as usize]
                .as_str()
                .replace("Paragraph", "段落"),
        );
        card
    };
    let mut cache = LayoutCache::default();
    let rows = 30;
    let (layout, _) = cache.get_carried(key(80), &card, Scroll::Top(0), rows);
    let deep = layout.settle(&card, Scroll::Top(0).moved(5_000), rows);
    let first = owned(layout.visible(deep, rows));
    let paragraph = |lines: &[LaidLine]| {
        lines.iter().flatten().find_map(|r| {
            let number = r.text.split(' ').nth(1)?.trim_end_matches(':');
            number.parse::<usize>().ok()
        })
    };
    let before = paragraph(&first).unwrap();
    // Wider: the same part, the line scaled; nothing above it is laid out.
    let (wider, carried) = cache.get_carried(key(100), &card, deep, rows);
    let carried = wider.settle(&card, carried, rows);
    assert!(matches!(carried, Scroll::Part { .. }), "{carried:?}");
    let after = paragraph(&owned(wider.visible(carried, rows))).unwrap();
    assert!(before.abs_diff(after) <= 10, "{before} -> {after}");
    // The other language: the part at the same share of the text.
    let zh = LayoutKey {
        lang: Lang::Zh,
        ..key(100)
    };
    let (other, carried) = cache.get_carried(zh, &card, carried, rows);
    let carried = other.settle(&card, carried, rows);
    let lines = owned(other.visible(carried, rows));
    let text: String = lines.iter().flatten().map(|r| r.text.as_str()).collect();
    let number: usize = text
        .split("段落 ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(before.abs_diff(number) <= 25, "{before} -> {number}");
}
