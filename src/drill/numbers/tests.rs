use super::*;
use crate::calc::{self, Kind};
use crate::calculators::calculator;
use crate::content::deck::load;
use crate::content::{Deck, DeckSource, Lang};

fn bundled() -> (Deck, HardwareTable) {
    (load(&[DeckSource::Bundled]).deck, HardwareTable::bundled())
}

fn ids(questions: &[NumberQuestion]) -> Vec<&str> {
    questions.iter().map(|q| q.id.as_str()).collect()
}

#[test]
fn the_same_seed_gives_the_same_questions() {
    let (deck, table) = bundled();
    let all = NumberFilter::default();
    let first = generate(deck.cards(), &all, 12, 42, &table);
    let again = generate(deck.cards(), &all, 12, 42, &table);
    assert_eq!(first, again);
    assert_eq!(first.len(), 12);
    let others: Vec<Vec<NumberQuestion>> = (0..5)
        .map(|seed| generate(deck.cards(), &all, 12, seed, &table))
        .collect();
    assert!(
        others.iter().any(|o| ids(o) != ids(&first)),
        "different seeds should differ somewhere"
    );
}

#[test]
fn a_drill_spreads_over_templates_and_never_repeats_a_variant() {
    let (deck, table) = bundled();
    let filter = NumberFilter {
        card: Some("nvlink-vs-infiniband".to_owned()),
        tag: None,
    };
    let card = deck.get("nvlink-vs-infiniband").expect("card");
    let variants: usize = card
        .numbers
        .iter()
        .map(crate::content::numbers::NumberTemplate::variant_count)
        .sum();
    let questions = generate(deck.cards(), &filter, variants + 10, 7, &table);
    assert_eq!(questions.len(), variants, "every variant once, then stop");
    let mut seen = ids(&questions);
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), variants);
    assert!(questions.iter().all(|q| q.card == card.id));
}

#[test]
fn a_tag_filter_keeps_only_tagged_cards() {
    let (deck, table) = bundled();
    let filter = NumberFilter {
        card: None,
        tag: Some("checkpoint".to_owned()),
    };
    let questions = generate(deck.cards(), &filter, 20, 3, &table);
    assert!(!questions.is_empty());
    for q in &questions {
        let card = deck.get(&q.card).expect("card");
        assert!(card.tags.iter().any(|t| t == "checkpoint"), "{}", q.id);
    }
}

/// Every variant of every bundled template renders in both languages and its answer equals
/// what the engine gives for the same inputs, called directly.
#[test]
fn every_bundled_variant_computes_and_matches_the_engine() {
    let (deck, table) = bundled();
    let mut templates = 0;
    for card in deck.cards() {
        for template in &card.numbers {
            templates += 1;
            for variant in 0..template.variant_count() {
                let q = instantiate(card, template, variant, &table)
                    .unwrap_or_else(|e| panic!("{}/{}#{variant}: {e}", card.id, template.id));
                for lang in Lang::ALL {
                    let prompt = q.prompt(lang);
                    assert!(!prompt.contains(['{', '}']), "{}: {prompt}", q.id);
                }
                // The same computation, so the same bits.
                assert!(q.opened().is_some(), "{} opens its calculator", q.id);
                assert_eq!(
                    direct(&q, &table).to_bits(),
                    q.answer.value.to_bits(),
                    "{}",
                    q.id
                );
            }
        }
    }
    assert!(templates >= 30, "{templates} templates");
}

/// The answer computed without the template machinery: the registry's calculator or the
/// expression engine on the question's inputs.
fn direct(q: &NumberQuestion, table: &HardwareTable) -> f64 {
    if q.calculator == "expression" {
        let expr = &q.working.command[1];
        return calc::eval_expression(expr, table)
            .expect("expression")
            .value;
    }
    let calc = calculator(&q.calculator).expect("calculator");
    let mut form = calc.empty_form();
    for (key, value) in &q.inputs {
        assert!(form.set(key, value), "{key}");
    }
    let json = calc.evaluate(&form, table).expect("computes").json;
    lookup(&json, &q.working.answer_path).expect("path")
}

#[test]
fn every_calculator_has_a_bundled_template() {
    let (deck, _) = bundled();
    for calc in crate::calculators::CALCULATORS {
        assert!(
            deck.cards()
                .iter()
                .flat_map(|c| &c.numbers)
                .any(|t| t.calculator == calc.id),
            "no template uses '{}'",
            calc.id
        );
    }
    for card in deck.cards().iter().filter(|c| !c.calc.is_empty()) {
        assert!(
            !card.numbers.is_empty(),
            "{} has presets but no template",
            card.id
        );
    }
}

#[test]
fn lookup_names_what_is_missing() {
    let json = serde_json::json!({"results": [{"seconds": 0.5}], "op": "x"});
    assert_eq!(lookup(&json, "results.0.seconds"), Ok(0.5));
    let err = lookup(&json, "results.1.seconds").expect_err("no index 1");
    assert!(err.contains("'1'") && err.contains("a list of 1"), "{err}");
    let err = lookup(&json, "seconds").expect_err("not at the top");
    assert!(err.contains("keys there: op, results"), "{err}");
    assert!(
        lookup(&json, "op")
            .expect_err("text")
            .contains("not a number")
    );
}

fn expected(text: &str) -> Expected {
    Expected::parse(text).expect(text)
}

/// Hand-worked answers: (expected, typed, verdict, diagnosis).
#[test]
fn grading_table() {
    use Diagnosis as D;
    use Verdict::{Close, Exact, Off};
    let cases: &[(&str, &str, Verdict, Option<Diagnosis>)] = &[
        ("0.4295 s", "430 ms", Exact, None),
        ("0.4295 s", "0.43s", Exact, None),
        ("0.4295 s", "4.3e-1 s", Exact, None),
        ("0.4295 s", "430毫秒", Exact, None),
        ("0.4295 s", "0.43 秒", Exact, None),
        ("0.4295 s", "４３０ ms", Exact, None),
        ("0.4295 s", "480 ms", Close, None),
        ("0.4295 s", "461 ms", Close, Some(D::GibGb)),
        ("0.4295 s", "215 ms", Off, Some(D::Direction)),
        ("0.4295 s", "860 ms", Off, Some(D::Direction)),
        ("0.4295 s", "3.44 s", Off, Some(D::BitsBytes)),
        ("0.4295 s", "4.3 s", Off, Some(D::OrderOfMagnitude)),
        ("0.4295 s", "430 s", Off, Some(D::Prefix)),
        ("0.4295 s", "0.43 us", Off, None),
        ("0.4295 s", "10 GB", Off, Some(D::WrongKind)),
        ("0.4295 s", "0.43", Off, Some(D::MissingUnit)),
        ("25 GB/s", "200 Gb/s", Exact, None),
        ("25 GB/s", "200 GB/s", Off, Some(D::BitsBytes)),
        ("25 GB/s", "3.125 GB/s", Off, Some(D::BitsBytes)),
        ("25 GB/s", "50 GB每秒", Off, Some(D::Direction)),
        ("25 GB/s", "25 GB/秒", Exact, None),
        ("425 GB/s", "3.4 Tb/s", Exact, None),
        ("10.74 GB", "10 GB", Close, Some(D::GibGb)),
        ("10 GB", "10 GiB", Close, Some(D::GibGb)),
        ("140 GB", "140000 MB", Exact, None),
        ("140 GB", "140 MB", Off, Some(D::Prefix)),
        ("40%", "0.4", Exact, None),
        ("40%", "41％", Exact, None),
        ("14.28", "14x", Exact, None),
        ("14.28", "14 倍", Exact, None),
        ("16777216", "16M", Exact, None),
        ("16777216", "1.6万", Off, Some(D::Prefix)),
        ("16777216", "1678万", Exact, None),
        ("7e10", "700亿", Exact, None),
    ];
    for (want, typed, verdict, diagnosis) in cases {
        let graded =
            grade(expected(want), typed, 0.15).unwrap_or_else(|e| panic!("{want} / {typed}: {e}"));
        assert_eq!(
            (graded.verdict, graded.diagnosis),
            (*verdict, *diagnosis),
            "{want} / {typed}: {graded:?}"
        );
    }
}

#[test]
fn unreadable_answers_are_errors_that_say_how_to_write_one() {
    let err = grade(expected("0.43 s"), "fast", 0.15).expect_err("not a quantity");
    assert!(err.contains("'fast'"), "{err}");
    assert!(Expected::parse("0 s").is_err());
}

#[test]
fn answers_read_the_way_people_say_them() {
    use crate::content::numbers::AnswerUnit;
    for (value, unit, show, said) in [
        (0.4295, AnswerUnit::Seconds, None, "429.5 ms"),
        (1.4e11, AnswerUnit::Bytes, Some("GB"), "140 GB"),
        (0.234, AnswerUnit::Fraction, None, "23.4%"),
        (0.234, AnswerUnit::Fraction, Some("%"), "23.4%"),
    ] {
        assert_eq!(answer_text(value, unit, show), Ok(said.to_owned()));
    }
    for (unit, show) in [
        (AnswerUnit::Seconds, "parsecs"),
        (AnswerUnit::Seconds, "GB"),
        (AnswerUnit::Bytes, "%"),
        (AnswerUnit::Count, "x"),
    ] {
        let err = answer_text(1.0, unit, Some(show)).expect_err(show);
        assert!(err.contains(&format!("'{show}'")), "{err}");
    }
}

#[test]
fn expected_kinds_follow_the_report_unit() {
    let (deck, table) = bundled();
    let questions = generate(deck.cards(), &NumberFilter::default(), 40, 9, &table);
    for q in questions {
        let parsed = Expected::parse(&q.answer.text).expect(&q.answer.text);
        assert_eq!(parsed.kind, q.answer.quantity_kind(), "{}", q.id);
        assert_ne!(parsed.kind, Kind::Other);
        let expected = Expected {
            value: q.answer.value,
            kind: q.answer.quantity_kind(),
        };
        let graded = grade(expected, &q.answer.text, q.tolerance).expect("reads");
        assert_eq!(
            graded.verdict,
            Verdict::Exact,
            "{}: {}",
            q.id,
            q.answer.text
        );
    }
}

mod properties;
mod tally;
