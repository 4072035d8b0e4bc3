//! A section laid out part by part shows exactly what the whole layout shows, at every scroll
//! position, from the top and from the end.

use std::fmt::Write as _;

use proptest::prelude::*;

use super::*;
use crate::content::DeckSource;
use crate::content::deck::load;

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
    card.body.en.sections[Section::Detail as usize] = text;
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any walk of moves, pages, Home and End shows the lines the whole layout has there.
    #[test]
    fn every_view_matches_the_whole_layout(
        moves in prop::collection::vec(prop_oneof![
            (-30..30i32).prop_map(Some),
            Just(None),
        ], 1..25),
        width in 20..90usize,
        rows in 1..40usize,
    ) {
        let card = long_card(60);
        let whole = section(&card, Lang::En, Section::Detail, width);
        let mut layout = SectionLayout::new(key(width), &card);
        let mut scroll = Scroll::Top(0);
        for step in moves {
            scroll = match step {
                Some(0) => Scroll::Top(0),
                Some(lines) => scroll.moved(lines),
                None => Scroll::End(0),
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
            };
            prop_assert_eq!(owned(layout.visible(scroll, rows)), expected);
        }
    }
}
