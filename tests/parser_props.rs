//! The card parser never panics, whatever it is given: random text, and valid cards mangled by
//! truncation, deletion and insertion.

use infraprep::content::parse::parse_card;
use proptest::prelude::*;

const VALID: &str = include_str!("fixtures/good-deck/alpha.md");

/// Markdown and TOML fragments that steer random input towards the parser's edge cases.
const FRAGMENTS: &[&str] = &[
    "+++\n",
    "# 中文 {#zh}\n",
    "# English {#en}\n",
    "## x {#short}\n",
    "## y {#followups}\n",
    "- [q](card:a)\n",
    "[^nv]",
    "[^",
    "]",
    "|a|b|\n|--|--|\n",
    "```\n",
    "id = \"a\"\n",
    "[[calc]]\n",
    "calculator = \"transfer\"\n",
    "\u{feff}",
    "张量",
    "\r\n",
    "[title]\nzh = \"\"\n",
];

fn fragment_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(FRAGMENTS).prop_map(str::to_owned),
            any::<String>(),
        ],
        0..24,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = parse_card(&text, "random.md");
    }

    #[test]
    fn fragment_soup_never_panics(text in fragment_soup()) {
        let _ = parse_card(&text, "soup.md");
    }

    #[test]
    fn mangled_valid_cards_never_panic(cut in 0..VALID.len(), len in 0..200usize, insert in any::<String>()) {
        let mut text = VALID.to_owned();
        let start = floor_char_boundary(&text, cut);
        let end = floor_char_boundary(&text, (start + len).min(text.len()));
        text.replace_range(start..end, &insert);
        if let Err(problems) = parse_card(&text, "mangled.md") {
            prop_assert!(!problems.is_empty());
            for problem in problems {
                prop_assert!(problem.line <= text.lines().count() + 1, "line {} beyond the file", problem.line);
            }
        }
    }
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

#[test]
fn every_prefix_of_a_valid_card_parses_or_reports() {
    for (index, _) in VALID.char_indices() {
        if let Err(problems) = parse_card(&VALID[..index], "prefix.md") {
            assert!(
                !problems.is_empty(),
                "a failed parse names at least one problem"
            );
        }
    }
    assert!(parse_card(VALID, "alpha.md").is_ok());
}
