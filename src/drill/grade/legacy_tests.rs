//! The cases the first, one-language matcher was held to; the grader keeps them all.

use super::*;

fn point(terms: &[&str]) -> KeyPoint {
    KeyPoint {
        point: "p".to_owned(),
        terms: terms.iter().map(|t| (*t).to_owned()).collect(),
    }
}

/// One point given in English only, graded with the bundled glossary.
fn covered(answer: &str, point: &KeyPoint) -> bool {
    coverage(answer, std::slice::from_ref(point))[0]
}

fn coverage(answer: &str, points: &[KeyPoint]) -> Vec<bool> {
    let points = Bilingual {
        zh: vec![],
        en: points.to_vec(),
    };
    Grader::new(&points, Glossary::bundled())
        .grade(answer, Lang::En)
        .flags()
}

/// `point` is covered by each answer of `covering` and by none of `missing`.
fn judge(point: &KeyPoint, covering: &[&str], missing: &[&str]) {
    super::tests::judge_answers(|answer| covered(answer, point), covering, missing);
}

#[test]
fn words_ignore_case_and_accept_alternatives_and_chinese_needs_no_spaces() {
    judge(
        &point(&["bidirectional|both directions", "900 GB/s|600 GB/s"]),
        &[
            "NVLink 4 gives 900 GB/s BIDIRECTIONAL",
            "600GB/s in both directions",
        ],
        &["900 GB/s per direction"],
    );
    // Chinese matches without spaces and with full-width text.
    judge(
        &point(&["双向", "900 GB/s|600 GB/s"]),
        &["NVLink4是双向900GB/s", "总带宽为９００ＧＢ／ｓ（双向）"],
        &["单向450GB/s"],
    );
    let p = point(&["张量并行|专家并行", "NVLink 域"]);
    assert!(covered("把张量并行放在NVLink域内", &p));
    assert!(covered("9倍", &point(&["9 倍|12 倍"])));
}

#[test]
fn numbers_with_units_match_however_they_are_spaced() {
    judge(
        &point(&["600 GB/s"]),
        &[
            "600GB/s",
            "600 GB/s",
            "600 GB／s",
            "６００ＧＢ/s",
            "about 600 GBps",
        ],
        &["6000 GB/s", "60 GB/s"],
    );
    let p = point(&["1.8 TB/s|1,800 GB/s|1800 GB/s"]);
    assert!(covered("1.80 TB/s", &p));
    assert!(covered("1，800 GB/s", &p));
}

#[test]
fn bytes_and_bits_stay_distinct_but_prefix_case_does_not_matter() {
    let bytes = point(&["400 GB/s"]);
    let bits = point(&["400 Gb/s"]);
    assert!(covered("400 GB/s", &bytes));
    assert!(!covered("400 Gb/s", &bytes));
    assert!(covered("400 Gbps", &bits));
    assert!(!covered("400 GBps", &bits));
    assert!(covered("400 gb/s", &bits), "lower-case b is bits");
    assert!(covered("a 64 kB buffer", &point(&["64 KB"])));
    let gib = point(&["GiB"]);
    assert!(covered("10 GiB at 25 GB/s", &gib));
    assert!(!covered("10 GB", &gib));
}

#[test]
fn micro_seconds_and_times_signs_fold() {
    assert!(covered("about 2 µs", &point(&["2 us"])));
    assert!(covered("about 2us", &point(&["2 μs"])));
    assert!(covered("9× faster", &point(&["9x|12x"])));
    assert!(covered("1.074 (7.4%)", &point(&["GB|7.4%|1.074"])));
}

#[test]
fn word_prefixes_need_four_letters() {
    assert!(covered(
        "NVLS does in-switch reductions",
        &point(&["multicast|reduc"])
    ));
    assert!(covered("two rings", &point(&["ring"])));
    assert!(!covered("a TPU pod", &point(&["TP"])));
    assert!(!covered("GB200 NVL72", &point(&["GB"])));
}

#[test]
fn numbers_without_unit_in_the_term_match_any_unit() {
    assert!(covered("bubble of 20.6%", &point(&["20.6"])));
    assert!(covered("25 GB/s / 8 = 3.1 GB/s", &point(&["/ 8"])));
    assert!(!covered("8 GPUs", &point(&["8 TB"])));
    assert!(covered("8 GPUs", &point(&["8 gpus"])));
}

#[test]
fn coverage_reports_each_point_and_a_point_without_terms_is_not_covered() {
    let points = [point(&["NVSwitch"]), point(&["InfiniBand"]), point(&[])];
    assert_eq!(
        coverage("NVSwitch inside the node", &points),
        [true, false, false]
    );
}
