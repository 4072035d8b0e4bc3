//! Parts parse, one by one, to exactly the lines of the whole document.

use proptest::prelude::*;

use super::*;
use crate::text::markdown::parse_fitted;

fn cite(key: &str) -> Option<usize> {
    (key == "a").then_some(1)
}

/// The document parsed part by part, as the reader does.
fn by_parts(markdown: &str, min_bytes: usize, width: Option<usize>) -> Vec<DocLine> {
    let parts = parts(markdown, min_bytes);
    let count = parts.len();
    parts
        .into_iter()
        .enumerate()
        .flat_map(|(i, range)| parse_part(&markdown[range], &cite, width, i + 1 == count))
        .collect()
}

fn texts(markdown: &str) -> Vec<&str> {
    parts(markdown, 0)
        .into_iter()
        .map(|r| &markdown[r])
        .collect()
}

#[test]
fn paragraphs_are_parts_and_lists_stay_whole() {
    let doc = "One.\n\n- a\n\n- b\n\n2. c\n\n3. d\n\nTwo[^a].\n张量\n\n并行\n";
    assert_eq!(
        texts(doc),
        [
            "One.\n\n- a\n\n- b\n\n2. c\n\n3. d\n\n",
            "Two[^a].\n张量\n\n",
            "并行\n"
        ]
    );
    assert_eq!(by_parts(doc, 0, None), parse_fitted(doc, &cite, None));
}

#[test]
fn no_part_starts_inside_code_or_an_html_comment() {
    let doc = "```\na\n\nb\n```\n\nc\n\n<!--\n\nd\n\n-->\n\ne\n\n~~~~\n\nf\n~~~\n\ng\n";
    assert_eq!(
        texts(doc),
        [
            "```\na\n\nb\n```\n\n",
            "c\n\n<!--\n\nd\n\n-->\n\n",
            "e\n\n~~~~\n\nf\n~~~\n\ng\n"
        ]
    );
}

#[test]
fn a_reference_definition_keeps_the_document_whole() {
    let doc = "See [x].\n\nMore.\n\n[x]: https://example.com\n";
    assert_eq!(texts(doc), [doc]);
}

#[test]
fn parts_grow_to_the_minimum_size() {
    let doc = "a\n\nb\n\nc\n\nd\n";
    assert_eq!(texts(doc).len(), 4);
    assert_eq!(parts(doc, 5), vec![0..6, 6..11]);
    assert_eq!(parts("", 5).len(), 1);
}

/// Markdown blocks of every kind the cards use, and some they should not.
fn block() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        "[a-z]{1,8}",
        "[张量并行带宽]{1,4}",
        Just("**bold**".to_owned()),
        Just("`code`".to_owned()),
        Just("[^a]".to_owned()),
        Just("[l](card:x)".to_owned()),
        Just("2.".to_owned()),
    ];
    let text = prop::collection::vec(word, 1..12).prop_map(|w| w.join(" "));
    prop_oneof![
        text.clone(),
        text.clone().prop_map(|t| format!("## {t}")),
        text.clone().prop_map(|t| format!("> {t}\n>\n> {t}")),
        text.clone().prop_map(|t| format!("- {t}\n- {t}\n  - {t}")),
        text.clone()
            .prop_map(|t| format!("1. {t}\n\n2. {t}\n\n   {t}")),
        text.clone().prop_map(|t| format!("```\n{t}\n\n{t}\n```")),
        text.clone().prop_map(|t| format!("    {t}\n\n    {t}")),
        text.clone()
            .prop_map(|t| format!("| a | b |\n|---|--:|\n| {t} | 1 |")),
        text.clone().prop_map(|t| format!("<!-- {t}\n\n{t} -->")),
        text.clone().prop_map(|t| format!("{t}\n===")),
        text.prop_map(|t| format!("12 {t}\n{t}  \n{t}")),
        Just("---".to_owned()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parts_parse_to_the_whole(
        blocks in prop::collection::vec(block(), 1..12),
        min_bytes in 0..40usize,
        width in prop::option::of(8..60usize),
    ) {
        let doc = blocks.join("\n\n") + "\n";
        let covered: usize = parts(&doc, min_bytes).iter().map(ExactSizeIterator::len).sum();
        prop_assert_eq!(covered, doc.len());
        prop_assert_eq!(by_parts(&doc, min_bytes, width), parse_fitted(&doc, &cite, width));
    }
}
