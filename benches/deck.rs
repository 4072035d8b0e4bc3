//! Deck load and search timings, over the bundled deck and a generated 10,000-card deck.
//!
//! Run with `cargo bench --bench deck`. Targets: the bundled deck parses in under 5 ms; its search
//! index builds in a few milliseconds; a search per keystroke over 10,000 cards stays under 16 ms
//! (one frame), with the index build reported separately.

use std::hint::black_box;

#[path = "support/timing.rs"]
mod timing;
use timing::{median, ms};

use infraprep::content::deck::load;
use infraprep::content::parse::parse_card;
use infraprep::content::{Card, Deck, DeckSource};
use infraprep::search::SearchIndex;

#[path = "support/generate.rs"]
mod generate;
use generate::{bundled_texts, generated_texts};

const QUERIES: &[&str] = &[
    "nvl ib",
    "张量",
    "allreduce",
    "ib带宽",
    "checkpoint interval",
    "拥塞 监控",
    "xyzzy",
    "InfiniBand 和 NVLink 各起什么作用",
    "训练卡住了怎么排查",
    "checkpiont interval",
    "卡",
    "checkpointing calculation",
];

/// A pasted page: 5,000 different words (the query keeps its first 64 concepts,
/// `search::query`).
fn pasted_page() -> String {
    let words = ["checkpointing", "congested", "calculation", "overlapping"];
    (0..5000)
        .map(|i| format!("{}{i}", words[i % words.len()]))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Queries typed one key at a time: every prefix is searched, as the TUI does.
const TYPED: &[&str] = &[
    "训练卡住了怎么排查",
    "how long does a checkpoint take to write",
    "IB 和 NVLink 的区别",
];

fn parse_all(texts: &[String]) -> Vec<Card> {
    texts
        .iter()
        .filter_map(|t| parse_card(t, "generated.md").ok())
        .map(|p| p.card)
        .collect()
}

fn main() {
    let bundled = bundled_texts();

    let cards = load(&[DeckSource::Bundled]).deck;
    println!(
        "bundled deck: {} cards, {} KiB",
        cards.len(),
        bundled.iter().map(String::len).sum::<usize>() / 1024
    );
    println!(
        "  load (embedded files -> checked cards): {}",
        ms(median(51, || {
            black_box(load(&[DeckSource::Bundled]));
        }))
    );
    println!(
        "  search index build: {}",
        ms(median(51, || {
            black_box(SearchIndex::build(cards.cards()));
        }))
    );
    let index = SearchIndex::build(cards.cards());
    for query in QUERIES {
        println!(
            "  search {query:?}: {}",
            ms(median(101, || {
                black_box(index.search(query, 20));
            }))
        );
    }

    let texts = generated_texts(&bundled, 10_000);
    let parsed = parse_all(&texts);
    assert_eq!(parsed.len(), texts.len(), "every generated card parses");
    println!(
        "generated deck: {} cards, {} MiB",
        parsed.len(),
        texts.iter().map(String::len).sum::<usize>() >> 20
    );
    println!(
        "  parse: {}",
        ms(median(5, || {
            black_box(parse_all(&texts));
        }))
    );
    let (deck, _) = Deck::from_cards(parsed);
    println!(
        "  search index build: {}",
        ms(median(5, || {
            black_box(SearchIndex::build(deck.cards()));
        }))
    );
    let index = SearchIndex::build(deck.cards());
    println!("  vocabulary: {} words", index.vocabulary_len());
    for query in QUERIES {
        let hits = index.search(query, 20).len();
        println!(
            "  search {query:?}: {} ({hits} shown)",
            ms(median(21, || {
                black_box(index.search(query, 20));
            }))
        );
    }
    let pasted = pasted_page();
    println!(
        "  search a pasted page of 5,000 words: {}",
        ms(median(5, || {
            black_box(index.search(&pasted, 20));
        }))
    );
    for query in TYPED {
        let chars: Vec<char> = query.chars().collect();
        let times: Vec<std::time::Duration> = (1..=chars.len())
            .map(|n| {
                let prefix: String = chars[..n].iter().collect();
                median(5, || {
                    black_box(index.search(&prefix, 200));
                })
            })
            .collect();
        let worst = times.iter().max().copied().unwrap_or_default();
        let mean = times.iter().sum::<std::time::Duration>() / times.len().max(1) as u32;
        println!(
            "  per keystroke, {} keys of {query:?}: mean {}, worst {}",
            chars.len(),
            ms(mean),
            ms(worst)
        );
    }
}
