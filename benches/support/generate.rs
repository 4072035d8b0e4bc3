//! A generated deck for benchmarks: many cards made from the bundled ones.

use std::fmt::Write as _;

/// The bundled card files' texts, in path order.
pub fn bundled_texts() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/content/cards");
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .expect("content/cards exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    texts.sort();
    texts
}

/// A small deterministic generator, so every run measures the same deck.
pub struct XorShift(u64);

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
pub fn generated_texts(bundled: &[String], count: usize) -> Vec<String> {
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

/// A card whose detailed answer is about 5 MB in each language: paragraphs, lists, CJK text.
#[allow(dead_code)] // Used by the tui and scale benches, not by deck.
pub fn huge_card() -> infraprep::content::Deck {
    let base = &bundled_texts()[11];
    let mut block = String::new();
    let mut i = 0;
    while block.len() < 5 << 20 {
        let _ = write!(
            block,
            "Paragraph {i}: the ring all-reduce moves 2(n-1)/n of the data over NVLink at 900 GB/s \
             and over InfiniBand NDR at 50 GB/s per direction, so the slower link sets the pace.\n\n\
             - item {i} 张量并行留在 NVLink 域内，数据并行走 IB\n- second item\n\n"
        );
        i += 1;
    }
    let text = base.replacen("{#detail}\n", &format!("{{#detail}}\n\n{block}"), 2);
    let card = infraprep::content::parse::parse_card(&text, "huge.md")
        .expect("the huge card parses")
        .card;
    infraprep::content::Deck::from_cards(vec![card]).0
}
