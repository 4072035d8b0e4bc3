use super::*;
use crate::content::glossary::Glossary;

fn marks(query: &str) -> Marks {
    Marks::of(&Query::parse(query, Glossary::bundled()))
}

#[test]
fn ranges_are_char_positions_of_words_synonyms_and_bigrams() {
    assert_eq!(marks("张量").ranges("请解释张量并行"), vec![3..5]);
    assert_eq!(marks("nvl ib").ranges("NVLink and IB"), [0..6, 11..13]);
    // The glossary's 检查点 matches the English spelling too.
    assert_eq!(
        marks("检查点").ranges("Checkpoints 检查点"),
        [0..11, 12..15]
    );
    assert_eq!(marks("checkpiont").ranges("a checkpoint"), vec![2..12]);
}

#[test]
fn compounds_highlight_whole() {
    assert_eq!(marks("allreduce").ranges("one all-reduce"), vec![4..14]);
}

#[test]
fn sentences_drop_markdown_and_citations() {
    let found = sentences(
        "## 简答\n\n**NVLink** 是纵向扩展[^nv]。IB 是横向扩展。\n\n```text\ncode\n```\n|a|b|\n|---|---|\n- See [docs](http://x). Then more.",
    );
    assert_eq!(
        found,
        [
            "简答",
            "NVLink 是纵向扩展。",
            "IB 是横向扩展。",
            "a · b",
            "See docs.",
            "Then more."
        ]
    );
}

#[test]
fn long_passages_are_cut_around_the_first_match() {
    let passage = format!("{} NVLink {}", "word ".repeat(30), "tail ".repeat(30));
    let ranges = marks("nvlink").ranges(&passage);
    let snippet = fit(&passage, &ranges, 40);
    assert!(snippet.text.starts_with('…') && snippet.text.ends_with('…'));
    let chars: Vec<char> = snippet.text.chars().collect();
    let [range] = snippet.matches.as_slice() else {
        panic!("{snippet:?}")
    };
    assert_eq!(chars[range.clone()].iter().collect::<String>(), "NVLink");
    let width: usize = chars.iter().map(|c| c.width().unwrap_or(0)).sum();
    assert!(width <= 40, "{width}");
}
