//! Hand-worked cases: languages, glossary, formulas, figures and directions, term rules.

use super::*;

fn point(text: &str, terms: &[&str]) -> KeyPoint {
    KeyPoint {
        point: text.to_owned(),
        terms: terms.iter().map(|t| (*t).to_owned()).collect(),
    }
}

/// A card of one point pair.
fn pair(zh: KeyPoint, en: KeyPoint) -> Grader {
    let points = Bilingual {
        zh: vec![zh],
        en: vec![en],
    };
    Grader::new(&points, Glossary::bundled())
}

fn nvlink4() -> Grader {
    pair(
        point(
            "H100 的 NVLink 4 每块 GPU 单向 450 GB/s，900 GB/s 是双向合计",
            &["450 GB/s", "单向|每个方向"],
        ),
        point(
            "NVLink 4 gives each H100 450 GB/s per direction (900 GB/s counts both directions)",
            &["450 GB/s", "per direction|each way|unidirectional"],
        ),
    )
}

fn covers(grader: &Grader, answer: &str) -> bool {
    [Lang::Zh, Lang::En]
        .iter()
        .all(|&lang| grader.grade(answer, lang).points[0].covered)
}

/// `covers` holds for each answer of `yes` and for none of `no`.
pub(super) fn judge_answers(covers: impl Fn(&str) -> bool, yes: &[&str], no: &[&str]) {
    for answer in yes {
        assert!(covers(answer), "covered by {answer:?}");
    }
    for answer in no {
        assert!(!covers(answer), "not covered by {answer:?}");
    }
}

/// Each answer of `yes` covers the point, in both interface languages; none of `no` does.
fn assert_covers(grader: &Grader, yes: &[&str], no: &[&str]) {
    judge_answers(|answer| covers(grader, answer), yes, no);
}

#[test]
fn either_language_counts_whatever_the_ui_language() {
    let g = nvlink4();
    assert!(covers(&g, "NVLink 4 每块 H100 单向 450 GB/s"));
    assert!(covers(&g, "NVLink 4 is 450 GB/s per direction per H100"));
    assert!(
        covers(&g, "H100 的 NVLink 4 是 450GB/s per direction"),
        "a mix"
    );
    assert!(
        covers(&g, "each H100 gets 450 GB/s 单向"),
        "a mix the other way"
    );
    // The glossary gives the en point 单向 too, so both versions are stated: the preferred
    // language's is reported.
    let grading = g.grade("单向 450 GB/s", Lang::En);
    assert_eq!(grading.points[0].by, Some(Lang::En));
    let matched: Vec<&str> = grading.points[0]
        .matched
        .iter()
        .map(|m| m.text.as_str())
        .collect();
    assert_eq!(matched, ["450 GB/s", "单向"]);
}

#[test]
fn figures_compare_by_value_and_precision() {
    assert_covers(
        &nvlink4(),
        &[
            "3.6 Tb/s per direction",
            "450GB/s per direction",
            "0.45 TB/s each way",
            "450,000 MB/s per direction",
            "３．６ Ｔｂ／ｓ 单向",
        ],
        &[
            "900 GB/s per direction",
            "225 GB/s per direction",
            "450 Gb/s per direction",
            "3.6 TB/s per direction",
            "0.5 TB/s per direction",
            "450 GB per direction",
        ],
    );
}

#[test]
fn a_direction_word_belongs_to_the_figure_of_its_own_clause() {
    let g = nvlink4();
    assert!(!covers(&g, "H100 NVLink is 900 GB/s per direction"));
    assert!(!covers(
        &g,
        "450 GB/s bidirectional, so 225 GB/s per direction"
    ));
    assert!(!covers(&g, "NVLink 4：双向 450 GB/s"));
    assert!(covers(&g, "900 GB/s bidirectional, 450 GB/s per direction"));
    assert!(covers(
        &g,
        "450 GB/s per direction (900 GB/s both directions)"
    ));
    assert!(covers(&g, "官方的 900 GB/s 是双向相加，单向 450 GB/s"));
    // Without a direction word on the figure, the point's own direction term decides.
    assert!(covers(&g, "per direction, NVLink 4 moves 450 GB/s"));
}

#[test]
fn bidirectional_figures_count_only_where_the_point_says_bidirectional() {
    let g = nvlink4();
    assert!(!covers(&g, "NVLink 4 is 900 GB/s bidirectional"));
    let both = pair(
        point("NVLink 4：900 GB/s 双向", &["900 GB/s", "双向"]),
        point(
            "NVLink 4: 900 GB/s bidirectional",
            &["900 GB/s", "bidirectional|both directions"],
        ),
    );
    assert_covers(
        &both,
        &[
            "NVLink 4 is 900 GB/s bidirectional",
            "7.2 Tb/s in both directions",
        ],
        &["900 GB/s per direction, bidirectional"],
    );
}

#[test]
fn formulas_match_in_any_spelling() {
    let g = pair(
        point("最优间隔约为 √(2δM)", &["√(2δM)|sqrt(2δM)"]),
        point(
            "The optimal interval is about sqrt(2*delta*M)",
            &["sqrt(2*delta*M)"],
        ),
    );
    assert_covers(
        &g,
        &[
            "Young's formula: sqrt(2*delta*M)",
            "间隔 ≈ √(2δM)",
            "interval = sqrt(2·δ·M)",
            "SQRT( 2 δ M )",
            "√(2 × δ × M)",
        ],
        &["sqrt(2*delta)"],
    );
    let bubble = pair(
        point("气泡占比 (p-1)/m", &["(p-1)/m"]),
        point("The bubble fraction is (p-1)/m", &["(p-1)/m"]),
    );
    assert_covers(
        &bubble,
        &["bubble (p − 1) / m", "（p-1）/m", "(P - 1)/M"],
        &["(p-1)/mb", "(p+1)/m"],
    );
}

#[test]
fn glossary_spellings_of_a_term_count() {
    let g = pair(
        point("张量并行留在 NVLink 域内", &["张量并行", "NVLink"]),
        point(
            "Tensor parallelism stays in the NVLink domain",
            &["tensor parallel", "NVLink"],
        ),
    );
    assert_covers(
        &g,
        &[
            "TP stays on NVLink",
            "ＴＰ 放在 nvlink 里",
            "tensor-parallel groups use NV link",
        ],
        &["TPU pods use NVLink"],
    );
}

#[test]
fn term_rules_optional_and_at_least() {
    let g = pair(
        point(
            "三种并行",
            &["2 of: 张量并行|数据并行|流水线并行", "?NVLink"],
        ),
        point(
            "Parallelisms",
            &[
                "2 of: tensor parallel|data parallel|pipeline parallel",
                "?NVLink",
            ],
        ),
    );
    assert!(covers(&g, "TP and DP"));
    assert!(covers(&g, "张量并行 and pipeline parallel"));
    assert!(
        !covers(&g, "TP, tensor parallel and 张量并行"),
        "one group counts once"
    );
    let grading = g.grade("TP, PP over NVLink", Lang::En);
    assert!(grading.points[0].covered);
    assert!(
        grading.points[0]
            .matched
            .iter()
            .any(|m| m.term == 1 && m.text == "NVLink")
    );
    let only_optional = pair(point("x", &["?NVLink"]), point("x", &["?NVLink"]));
    assert!(!covers(&only_optional, "NVLink"));
}

#[test]
fn grading_reports_every_point_in_order_with_both_texts() {
    let points = Bilingual {
        zh: vec![point("甲", &["NVSwitch"]), point("乙", &["InfiniBand"])],
        en: vec![point("a", &["NVSwitch"]), point("b", &["InfiniBand"])],
    };
    let grading = Grader::new(&points, Glossary::bundled()).grade("IB 和 NVSwitch", Lang::Zh);
    assert_eq!((grading.covered(), grading.total()), (2, 2));
    assert_eq!(grading.points[1].zh, "乙");
    assert_eq!(grading.points[1].en, "b");
    assert_eq!(grading.points[1].index, 1);
    assert_eq!(grading.flags(), [true, true]);
}

#[test]
fn huge_answers_are_cut_not_refused() {
    let g = nvlink4();
    let long = format!(
        "{} 450 GB/s per direction",
        "word ".repeat(MAX_ANSWER_BYTES)
    );
    assert!(!g.grade(&long, Lang::En).points[0].covered);
    let long = format!("450 GB/s per direction {}", "词".repeat(MAX_ANSWER_BYTES));
    assert!(g.grade(&long, Lang::En).points[0].covered);
}

/// A multi-word term is stated with one more word between its words, as people say it; numbers
/// with their units, and CJK characters, stay together.
#[test]
fn one_word_may_stand_between_a_terms_words() {
    let server = pair(
        point("TP 留在一台服务器内", &["一台服务器"]),
        point(
            "Keep TP inside one server",
            &["NVLink", "one server|inside a node"],
        ),
    );
    assert_covers(
        &server,
        &[
            "TP stays inside one NVLink server",
            "keep it on NVLink inside a single node? no: inside a DGX node, on NVLink",
            "NVLink, in one server",
        ],
        &[
            "NVLink, one big fat server",
            "NVLink across servers, one per node",
            "TP 留在一台 NVLink 服务器内",
        ],
    );
    let machine = pair(
        point("TP 留在单机内", &["单机|机内"]),
        point("TP stays in one machine", &["one machine"]),
    );
    assert_covers(
        &machine,
        &["TP 放在单台机器的 NVLink 里", "TP 放在单个机内"],
        &["单卡机器", "机器内部", "单 GPU 机器"],
    );
    let volume = pair(
        point("每次 64 MiB", &["64 MiB"]),
        point("64 MiB each", &["64 MiB"]),
    );
    assert_covers(
        &volume,
        &["64 MiB per all-reduce"],
        &["64 GB, not MiB", "64 of MiB"],
    );
}
