//! Card front matter for the grader and the interviewer: `[probes]` on follow-ups, term rules
//! (`?optional`, `N of:`), and key points paired by position.

use infraprep::content::parse::parse_card;

const VALID: &str = include_str!("fixtures/good-deck/alpha.md");

/// The valid card with `extra` added to its front matter.
fn with_front(extra: &str) -> String {
    VALID.replacen("[[sources]]", &format!("{extra}\n\n[[sources]]"), 1)
}

fn problems(text: &str) -> Vec<String> {
    match parse_card(text, "card.md") {
        Ok(_) => vec![],
        Err(problems) => problems.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn probes_reach_the_follow_ups_in_both_languages() {
    let card = parse_card(&with_front("[probes]\nbeta = [0]"), "card.md")
        .expect("valid")
        .card;
    assert_eq!(card.body.en.follow_ups[0].probes, [0]);
    assert_eq!(card.body.zh.follow_ups[0].probes, [0]);
    let plain = parse_card(VALID, "card.md").expect("valid").card;
    assert!(plain.body.en.follow_ups[0].probes.is_empty());
}

#[test]
fn probes_must_name_a_follow_up_and_an_existing_point() {
    let found = problems(&with_front("[probes]\ngamma = [0]"));
    assert!(
        found
            .iter()
            .any(|p| p.contains("'gamma'") && p.contains("beta")),
        "{found:?}"
    );
    let found = problems(&with_front("[probes]\nbeta = [3]"));
    assert!(
        found
            .iter()
            .any(|p| p.contains("key point 3 does not exist")),
        "{found:?}"
    );
}

#[test]
fn term_rules_are_checked() {
    let text = VALID.replace(
        "terms = [\"300 GB/s\", \"per direction|each way\"]",
        "terms = [\"3 of: 300 GB/s|per direction\"]",
    );
    let found = problems(&text);
    assert!(
        found.iter().any(|p| p.contains("asks for 3 of 2")),
        "{found:?}"
    );
    let text = VALID.replace(
        "terms = [\"300 GB/s\", \"per direction|each way\"]",
        "terms = [\"?300 GB/s\"]",
    );
    let found = problems(&text);
    assert!(
        found.iter().any(|p| p.contains("not optional")),
        "{found:?}"
    );
    let text = VALID.replace(
        "terms = [\"300 GB/s\", \"per direction|each way\"]",
        "terms = [\"2 of: 300 GB/s|per direction|each way\", \"?NVLink\"]",
    );
    assert!(problems(&text).is_empty());
}

#[test]
fn key_points_must_pair_up_by_position() {
    let extra = "[[key-points.en]]\npoint = \"Tensor parallelism stays in the node\"\nterms = [\"tensor parallel\"]";
    let found = problems(&with_front(extra));
    assert!(
        found.iter().any(|p| p.contains("zh has 1 and en has 2")),
        "{found:?}"
    );
}
