//! Wrapping: CJK at odd widths, kinsoku punctuation, long words, styles, and a property test
//! that lines fit and nothing is lost or restyled.

use proptest::prelude::*;

use super::*;

fn widths(lines: &[String]) -> Vec<usize> {
    lines.iter().map(|l| l.width()).collect()
}

#[test]
fn chinese_breaks_between_characters_at_odd_widths() {
    for width in [3, 5, 7] {
        let lines = wrap_str("张量并行需要高带宽", width);
        assert!(
            widths(&lines).iter().all(|&w| w <= width),
            "{width}: {lines:?}"
        );
        assert_eq!(lines.concat(), "张量并行需要高带宽");
    }
}

#[test]
fn mixed_text_keeps_words_whole_and_fits() {
    let lines = wrap_str("NVLink 是 NVIDIA 的高速互联，带宽远高于 PCIe。", 15);
    assert_eq!(
        lines,
        ["NVLink 是", "NVIDIA 的高速互", "联，带宽远高于", "PCIe。"]
    );
}

#[test]
fn japanese_breaks_inside_the_run_without_a_gap() {
    // ratatui issue #1199: wrapping only at spaces leaves a ragged gap here.
    let lines = wrap_str("私は ratatui が本当に便利だと思います", 24);
    assert_eq!(lines, ["私は ratatui が本当に便", "利だと思います"]);
}

#[test]
fn closing_punctuation_never_starts_a_line() {
    let lines = wrap_str("带宽很高，延迟很低。", 8);
    assert!(
        lines.iter().all(|l| !l.starts_with(['，', '。'])),
        "{lines:?}"
    );
    assert!(widths(&lines).iter().all(|&w| w <= 8), "{lines:?}");
}

#[test]
fn opening_punctuation_never_ends_a_line() {
    let lines = wrap_str("延迟（latency）很低", 6);
    assert!(lines.iter().all(|l| !l.ends_with('（')), "{lines:?}");
}

#[test]
fn long_words_are_hard_broken_and_indent_applies_after_the_first_line() {
    let lines = wrap_str("https://docs.nvidia.com/deeplearning/nccl", 16);
    assert!(widths(&lines).iter().all(|&w| w <= 16), "{lines:?}");
    assert_eq!(lines.concat(), "https://docs.nvidia.com/deeplearning/nccl");
    let spans = [Span::new("• one two three four", 0)];
    let lines = wrap_spans(&spans, 10, 2);
    let text: Vec<String> = lines
        .iter()
        .map(|l| l.iter().map(|s| s.text.as_str()).collect())
        .collect();
    assert_eq!(text, ["• one two", "  three", "  four"]);
}

#[test]
fn a_long_word_keeps_the_space_before_it() {
    let lines = wrap_str("see https://docs.nvidia.com/nccl", 12);
    assert_eq!(lines, ["see https://", "docs.nvidia.", "com/nccl"]);
}

#[test]
fn styles_survive_a_split() {
    let spans = [Span::new("plain ", 'p'), Span::new("bold text here", 'b')];
    let lines = wrap_spans(&spans, 10, 0);
    assert_eq!(lines[0], [Span::new("plain ", 'p'), Span::new("bold", 'b')]);
    assert_eq!(lines[1], [Span::new("text here", 'b')]);
}

#[test]
fn tiny_widths_and_odd_input_never_panic() {
    assert_eq!(wrap_str("", 10), [""]);
    assert_eq!(wrap_str("张", 1), [NARROW_PLACEHOLDER]);
    assert_eq!(wrap_str("ab", 0), ["a", "b"]);
    let odd = "e\u{301}👨‍👩‍👧\t\u{7}x";
    for width in 0..6 {
        let _ = wrap_str(odd, width);
    }
}

fn text_strategy() -> impl Strategy<Value = Vec<(String, u8)>> {
    let piece = prop_oneof![
        "[a-zA-Z0-9]{1,12}",
        "[ ]{1,3}",
        "[张量并行带宽延迟高速互联节点]{1,6}",
        prop::sample::select(vec!["，", "。", "（", "）", ",", ".", "(", ")", "「", "」"])
            .prop_map(str::to_owned),
    ];
    prop::collection::vec(
        (
            prop::collection::vec(piece, 1..8).prop_map(|p| p.concat()),
            0..3u8,
        ),
        0..6,
    )
}

fn non_space(text: &str) -> Vec<String> {
    text.graphemes(true)
        .filter(|g| !g.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn lines_fit_and_nothing_is_lost_or_restyled(parts in text_strategy(), indent in 0..6usize) {
        let spans: Vec<Span<u8>> = parts.iter().map(|(t, s)| Span::new(t.clone(), *s)).collect();
        let input: String = parts.iter().map(|(t, _)| t.as_str()).collect();
        let styled_input: Vec<(String, u8)> = parts
            .iter()
            .flat_map(|(t, s)| t.graphemes(true).filter(|g| !g.trim().is_empty()).map(move |g| (g.to_owned(), *s)))
            .collect();
        for width in 1..=120 {
            let lines = wrap_spans(&spans, width, indent);
            prop_assert!(!lines.is_empty());
            for line in &lines {
                let w: usize = line.iter().map(|s| s.text.width()).sum();
                prop_assert!(w <= width, "width {width}: line {line:?} is {w} wide");
                if !input.trim().is_empty() {
                    prop_assert!(!line.is_empty(), "empty line at width {width}");
                }
            }
            if width >= 2 {
                let output: Vec<(String, u8)> = lines
                    .iter()
                    .flatten()
                    .flat_map(|s| s.text.graphemes(true).filter(|g| !g.trim().is_empty()).map(move |g| (g.to_owned(), s.style)))
                    .collect();
                prop_assert_eq!(&output, &styled_input, "width {}", width);
                let joined: String = lines.iter().flatten().map(|s| s.text.as_str()).collect();
                prop_assert_eq!(non_space(&joined), non_space(&input));
            }
        }
    }
}
