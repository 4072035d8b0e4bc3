//! Deck load and search timings, over the bundled deck and a generated 10,000-card deck.
//!
//! Run with `cargo bench --bench deck`. Targets: the bundled deck parses in under 5 ms; one
//! search over 10,000 cards takes under 5 ms.

use std::hint::black_box;
use std::time::{Duration, Instant};

use infraprep::content::deck::load;
use infraprep::content::parse::parse_card;
use infraprep::content::{Card, Deck, DeckSource};
use infraprep::search::SearchIndex;

const QUERIES: &[&str] = &[
    "nvl ib",
    "张量",
    "allreduce",
    "ib带宽",
    "checkpoint interval",
    "拥塞 监控",
    "xyzzy",
];

/// Median wall time of `runs` calls of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

/// A small deterministic generator, so every run measures the same deck.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn word(&mut self) -> String {
        let len = 4 + (self.next() % 6) as usize;
        (0..len)
            .map(|_| char::from(b'a' + (self.next() % 26) as u8))
            .collect()
    }

    fn cjk(&mut self) -> String {
        let len = 2 + (self.next() % 3) as usize;
        (0..len)
            .filter_map(|_| char::from_u32(0x4e00 + (self.next() % 2000) as u32))
            .collect()
    }
}

/// 10,000 card texts made from the bundled cards, each with its own id and some words of its
/// own, so the vocabulary grows as a real deck's would.
fn generated_texts(bundled: &[String], count: usize) -> Vec<String> {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    (0..count)
        .map(|i| {
            let base = &bundled[i % bundled.len()];
            let id_line = base
                .lines()
                .find(|l| l.starts_with("id = "))
                .unwrap_or("id = \"x\"");
            let extra_en: Vec<String> = (0..4).map(|_| rng.word()).collect();
            let extra_zh = format!("{}{}", rng.cjk(), rng.cjk());
            base.replacen(id_line, &format!("id = \"generated-{i}\""), 1)
                .lines()
                .filter(|l| !l.starts_with("number = "))
                .collect::<Vec<_>>()
                .join("\n")
                .replacen("\nen = \"", &format!("\nen = \"{} ", extra_en.join(" ")), 1)
                .replacen("\nzh = \"", &format!("\nzh = \"{extra_zh}，"), 1)
        })
        .collect()
}

fn parse_all(texts: &[String]) -> Vec<Card> {
    texts
        .iter()
        .filter_map(|t| parse_card(t, "generated.md").ok())
        .map(|p| p.card)
        .collect()
}

fn main() {
    let bundled_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/content/cards");
    let mut bundled: Vec<String> = std::fs::read_dir(bundled_dir)
        .expect("content/cards exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    bundled.sort();

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
}
