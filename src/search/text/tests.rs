use super::*;
use crate::test_support::assert_maps;

fn terms(text: &str) -> Vec<Term> {
    let mut found = Vec::new();
    for_each_term(text, |t| {
        found.push(match t {
            TermRef::Word(w) => Term::Word(w.to_owned()),
            TermRef::Gram(k) => Term::Gram(k),
        });
    });
    found
}

#[test]
fn the_scanner_gives_the_terms_of_the_segments() {
    let text = "All-Reduce[^src] NCCL_IB_HCA 的 checkpoints，检查点x卡 the-end a-";
    let mut from_segments = Vec::new();
    for segment in segments(text) {
        match segment {
            Segment::Word { text, .. } if !is_stop_word(&text) => {
                from_segments.push(Term::Word(stem(&text).to_owned()));
            }
            Segment::Word { .. } => {}
            Segment::Cjk { chars, .. } => {
                if let [only] = chars[..] {
                    from_segments.push(Term::Gram(gram(only, None)));
                }
                from_segments.extend(chars.windows(2).map(|p| Term::Gram(gram(p[0], Some(p[1])))));
            }
        }
    }
    assert_eq!(terms(text), from_segments);
}

#[test]
fn stop_words_are_sorted_for_binary_search() {
    assert!(STOP_EN.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn cjk_runs_become_bigrams_and_words_are_stemmed() {
    let found = terms("The checkpoints 检查点，IB");
    assert_eq!(
        found,
        [
            Term::Word("checkpoint".into()),
            Term::Gram(gram('检', Some('查'))),
            Term::Gram(gram('查', Some('点'))),
            Term::Word("ib".into()),
        ]
    );
    assert_eq!(terms("卡"), [Term::Gram(gram('卡', None))]);
    assert_eq!(gram_chars(gram('检', Some('查'))), ('检', Some('查')));
    assert_eq!(gram_chars(gram('卡', None)), ('卡', None));
}

#[test]
fn compounds_give_parts_then_the_whole_with_char_spans() {
    let found = segments("全 All-Reduce[^src] x");
    let words: Vec<(String, Range<usize>, bool)> = found
        .into_iter()
        .filter_map(|s| match s {
            Segment::Word { text, span, joined } => Some((text, span, joined)),
            Segment::Cjk { .. } => None,
        })
        .collect();
    assert_eq!(
        words,
        [
            ("all".into(), 2..5, false),
            ("reduce".into(), 6..12, false),
            ("allreduce".into(), 2..12, true),
            ("x".into(), 19..20, false),
        ]
    );
}

#[test]
fn roots_join_word_forms_and_leave_names_alone() {
    for (a, b) in [
        ("calculation", "calculate"),
        ("checkpointing", "checkpoint"),
        ("congested", "congestion"),
        ("overlapping", "overlap"),
        ("sharded", "shard"),
    ] {
        assert_eq!(root(a), root(b), "{a} / {b}");
    }
    for name in [
        "h100s",
        "nvlink4",
        "tp",
        "moe",
        "ib",
        "using",
        "café",
        "检查点",
    ] {
        assert_eq!(root(name), None, "{name}");
    }
    assert_ne!(root("bandwidth"), root("band"));
    for word in [
        "latency",
        "latencies",
        "calculation",
        "studies",
        "overlapping",
    ] {
        let r = root(word).expect("an English word");
        assert!(word.starts_with(root_prefix(&r)), "{word}: {r}");
    }
}

#[test]
fn stems_keep_short_words_and_latin_endings() {
    assert_maps(
        stem,
        &[
            ("gpus", "gpu"),
            ("bus", "bus"),
            ("class", "class"),
            ("status", "status"),
            ("h100s", "h100s"),
        ],
    );
    assert_eq!(fold('Ｔ'), 't');
    assert_eq!(compact("IB 和 NVLink？"), "ib和nvlink");
}

#[test]
fn chinese_stop_words_are_found_by_position() {
    let chars: Vec<char> = "卡住了怎么排查".chars().collect();
    assert_eq!(stop_zh_at(&chars, 2), Some(1));
    assert_eq!(stop_zh_at(&chars, 3), Some(2));
    assert_eq!(stop_zh_at(&chars, 0), None);
}

/// Every listed stop word is found, and the length guard covers the longest of them (a longer
/// one added to the list would otherwise never be found).
#[test]
fn every_stop_word_is_one_and_the_length_guard_covers_them() {
    let longest = super::STOP_EN.iter().map(|w| w.len()).max();
    assert_eq!(longest, Some(super::STOP_EN_LONGEST));
    for word in super::STOP_EN {
        assert!(is_stop_word(word), "{word}");
    }
    for word in ["nvlink", "bandwidth", "thes", "", "between1", "tells"] {
        assert!(!is_stop_word(word), "{word}");
    }
}
