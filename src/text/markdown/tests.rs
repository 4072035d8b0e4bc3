//! Card markdown to lines: citations, tables, lists, code blocks, CJK soft breaks, links.

use unicode_width::UnicodeWidthStr;

use super::*;

fn lines(markdown: &str) -> Vec<String> {
    parse(markdown, &|key| (key == "a").then_some(1))
        .iter()
        .map(DocLine::plain)
        .collect()
}

#[test]
fn citations_split_across_events_become_numbers() {
    assert_eq!(lines("NVLink 3: 300 GB/s[^a]."), ["NVLink 3: 300 GB/s[1]."]);
    assert_eq!(replace_citations("x[^zz] y", &|_| None), "x[^zz] y");
}

#[test]
fn tables_align_cjk_columns_as_preformatted_lines() {
    let doc = parse(
        "| 互联 | 带宽 |\n|---|--:|\n| NVLink | 300 GB/s |\n",
        &|_| None,
    );
    let text: Vec<String> = doc.iter().map(DocLine::plain).collect();
    assert_eq!(text[1], "│ 互联   │     带宽 │");
    assert_eq!(text[3], "│ NVLink │ 300 GB/s │");
    assert!(doc.iter().all(|l| l.kind == LineKind::Pre));
    assert!(text.iter().all(|l| l.width() == text[0].width()));
}

#[test]
fn list_items_carry_their_continuation_indent() {
    let doc = parse("- one\n- two\n  1. nested\n", &|_| None);
    let text: Vec<String> = doc.iter().map(DocLine::plain).collect();
    assert_eq!(text, ["• one", "• two", "  1. nested"]);
    assert_eq!(doc[0].indent, 2);
    assert_eq!(doc[2].indent, 5);
}

#[test]
fn code_blocks_keep_alignment() {
    let doc = parse("Before.\n\n```\nGPU0 ── GPU1\n  │\n```\n", &|_| None);
    let text: Vec<String> = doc.iter().map(DocLine::plain).collect();
    assert_eq!(text, ["Before.", "", "    GPU0 ── GPU1", "      │"]);
    assert_eq!(doc[2].kind, LineKind::Pre);
}

#[test]
fn soft_breaks_join_chinese_without_spaces() {
    assert_eq!(lines("张量\n并行 and\nmore"), ["张量并行 and more"]);
}

#[test]
fn links_show_their_target_and_marks_are_kept() {
    let doc = parse("[Q](card:nvswitch-topology) **bold** `c`", &|_| None);
    assert_eq!(doc[0].plain(), "Q → nvswitch-topology bold c");
    assert!(doc[0].segs.iter().any(|s| s.text == "bold" && s.mark.bold));
    assert!(doc[0].segs.iter().any(|s| s.text == "c" && s.mark.code));
}
