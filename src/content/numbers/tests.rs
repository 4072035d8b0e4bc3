use super::*;
use crate::content::parse::parse_card;

const CARD: &str = include_str!("../../../tests/fixtures/good-deck/alpha.md");

/// The fixture card with `numbers` inserted before its sources, and the line the insert starts.
fn card_with(numbers: &str) -> (String, usize) {
    let at = CARD.find("[[sources]]").expect("fixture has sources");
    let line = CARD[..at].lines().count() + 1;
    (format!("{}{numbers}\n{}", &CARD[..at], &CARD[at..]), line)
}

const GOOD: &str = r#"[[numbers]]
id = "copy"
calculator = "transfer"
answer = "results.0.seconds"
unit = "s"
show = "ms"
prompt.zh = "用 {links:name} 拷 {size} 要多久？"
prompt.en = "How long does {size} take over {links:name}?"
[numbers.inputs]
size = "10 GiB"
[numbers.vary]
links = ["pcie4", "pcie5"]
ranks = { from = 8, to = 32, step = 8 }
"#;

#[test]
fn a_good_template_reads_with_its_variants() {
    let (text, line) = card_with(GOOD);
    let card = parse_card(&text, "t.md").expect("parses").card;
    let [template] = &card.numbers[..] else {
        panic!("one template: {:?}", card.numbers);
    };
    assert_eq!(card.origin.number_lines, vec![line]);
    assert_eq!(template.unit, AnswerUnit::Seconds);
    assert!((template.tolerance - DEFAULT_TOLERANCE).abs() < 1e-12);
    assert_eq!(template.variant_count(), 8);
    let last = template.variant(7);
    assert_eq!(
        last,
        vec![
            ("size".to_owned(), "10 GiB".to_owned()),
            ("links".to_owned(), "pcie5".to_owned()),
            ("ranks".to_owned(), "32".to_owned()),
        ]
    );
    assert_eq!(template.variant(1)[2].1, "16");
    assert_eq!(template.variant(8), template.variant(0));
}

#[test]
fn ranges_give_clean_values_with_units() {
    let range = Vary::Range {
        from: 0.1,
        to: 0.5,
        step: 0.1,
        unit: Some("GiB".to_owned()),
    };
    assert_eq!(
        range.values(),
        vec!["0.1 GiB", "0.2 GiB", "0.3 GiB", "0.4 GiB", "0.5 GiB"]
    );
}

/// Each broken template is reported at the line of its `[[numbers]]`, naming what is wrong.
#[test]
fn problems_are_named_at_the_template_line() {
    let cases = [
        ("unit = \"s\"", "unit = \"ms\"", "unit 'ms'"),
        ("id = \"copy\"", "id = \"Copy\"", "must be a slug"),
        ("show = \"ms\"", "tolerance = 1.5", "tolerance 1.5"),
        ("{size} take", "{bytes} take", "'{bytes}'"),
        ("{links:name}?", "{links:upper}?", "only filter"),
        ("{size} take", "{size take", "not closed"),
        ("step = 8 }", "step = 0 }", "is empty"),
        ("step = 8 }", "step = 8, by = 2 }", "unknown field"),
        (
            "answer = \"results.0.seconds\"",
            "answer = \"results..seconds\"",
            "dotted path",
        ),
        (
            "ranks = { from = 8, to = 32, step = 8 }",
            "ranks = 8",
            "does not vary",
        ),
        (
            "ranks = { from = 8, to = 32, step = 8 }",
            "size = [\"1 GiB\"]",
            "both in inputs and in vary",
        ),
        (
            "prompt.en = ",
            "prompt.fr = \"x\"\nprompt.en = ",
            "unknown field",
        ),
        (
            "ranks = { from = 8, to = 32, step = 8 }",
            "ranks = { from = 1, to = 5000, step = 1 }",
            "variants",
        ),
    ];
    for (from, to, wanted) in cases {
        assert!(GOOD.contains(from), "{from}");
        let (text, line) = card_with(&GOOD.replacen(from, to, 1));
        let problems = parse_card(&text, "t.md").expect_err(to);
        assert!(
            problems
                .iter()
                .any(|p| p.line == line && p.message.contains(wanted)),
            "{to}: wanted '{wanted}' at line {line}, got {problems:?}"
        );
    }
}

#[test]
fn a_template_id_used_twice_is_named_at_the_second() {
    let (text, line) = card_with(&format!("{GOOD}\n{GOOD}"));
    let second = line + GOOD.lines().count() + 1;
    let problems = parse_card(&text, "t.md").expect_err("duplicate");
    assert!(
        problems
            .iter()
            .any(|p| p.line == second && p.message.contains("'copy' is used twice")),
        "{problems:?}"
    );
}

#[test]
fn placeholders_split_text_and_keys() {
    let pieces = placeholders("a {x} b {y:name}").expect("ok");
    assert_eq!(pieces.len(), 5);
    assert_eq!(
        pieces[3],
        Err(Placeholder {
            key: "y",
            filter: Some("name")
        })
    );
    assert!(placeholders("a } b").is_err());
}
