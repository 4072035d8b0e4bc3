//! The translated calculators stay Chinese beyond their example form: every bundled card preset
//! that opens one of them, and the errors their fields and the expression evaluator give for
//! bad input.

use super::{TRANSLATED, table, untranslated};
use crate::calc::{self, units};
use crate::calculators::preset::{self, Opened};
use crate::calculators::{Form, calculator};
use crate::content::deck::load;
use crate::content::{DeckSource, Lang};
use crate::text::{Bi, has_english_prose};

#[test]
fn every_bundled_preset_of_a_translated_calculator_reads_in_chinese() {
    let table = table();
    let deck = load(&[DeckSource::Bundled]).deck;
    let (mut forms, mut expressions) = (0, 0);
    for card in deck.cards() {
        for (i, preset) in card.calc.iter().enumerate() {
            match preset::open(preset).unwrap_or_else(|e| panic!("{} {i}: {e:?}", card.id)) {
                Opened::Form(calc, form) if TRANSLATED.contains(&calc.id) => {
                    forms += 1;
                    let outcome = calc
                        .evaluate(&form, &table)
                        .unwrap_or_else(|e| panic!("{} {i}: {e:?}", card.id))
                        .outcome;
                    let missing = untranslated(&outcome);
                    assert!(
                        missing.is_empty(),
                        "{} preset {i} ({}): English only: {missing:#?}",
                        card.id,
                        calc.id
                    );
                }
                Opened::Form(..) => {}
                Opened::Expression(expr) => {
                    expressions += 1;
                    let value = calc::eval_expression(&expr, &table)
                        .unwrap_or_else(|e| panic!("{} {i}: {e}", card.id));
                    let missing: Vec<&Bi> =
                        value.steps.iter().filter(|s| s.is_english_only()).collect();
                    assert!(missing.is_empty(), "{expr}: {missing:#?}");
                }
            }
        }
    }
    assert!(
        forms >= 5,
        "the deck opens the translated calculators: {forms}"
    );
    assert!(expressions >= 1, "the deck has expression presets");
}

/// The Chinese text of an error: its own words, in Chinese. A list of names such as
/// `allreduce, allgather, reducescatter` reads as prose to [`has_english_prose`], so the text
/// is checked with the quoted values and such lists (after a colon) left out.
fn assert_chinese(what: &str, message: &Bi) {
    let zh = message.get(Lang::Zh);
    let words = zh
        .split('\'')
        .step_by(2)
        .map(|part| part.split_once('：').map_or(part, |(head, _)| head))
        .collect::<Vec<_>>()
        .join(" ");
    let cjk = zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    assert!(
        cjk && zh != message.en() && !has_english_prose(&words),
        "{what}: not in Chinese: {zh}"
    );
}

/// Bad values for the fields of each kind, by field name, tried on each translated calculator's
/// example form.
const BAD_FIELDS: &[(&str, &[&str])] = &[
    (
        "size",
        &[
            "10 GBs", "0 GB", "5 GB/s", "10 gb", "1e30 B", "10 mb", "abc",
        ],
    ),
    ("time", &["5 GB", "0 s", "x"]),
    ("latency", &["5 GB", "-2 us"]),
    ("bandwidth", &["25 GB", "0 GB/s", "10 GBps"]),
    ("efficiency", &["2", "abc", "0.0001"]),
    ("ranks", &["1", "x", "1.5", "99999999999"]),
    ("gpus-per-node", &["3"]),
    ("links", &["nvlnk3", "pcie4 nvlink9"]),
    ("link", &["ib-qdr", "5 GB"]),
    ("op", &["allreduse"]),
    ("algo", &["tree-ish", "pairwise"]),
    ("params", &["70Q", "0"]),
    ("recipe", &["bf17-adam"]),
    ("storage-bw", &["10 GB"]),
    ("gpu-mtbf", &["5 h"]),
    ("stages", &["1", "two"]),
    ("micro-batches", &["0"]),
    ("t-fwd", &["10 GB"]),
    ("bw", &["100 GB/s"]),
];

#[test]
fn field_errors_of_translated_calculators_are_chinese() {
    let table = table();
    let mut tried = 0;
    for id in TRANSLATED {
        let spec = calculator(id).unwrap_or_else(|| panic!("no calculator {id}"));
        for (name, values) in BAD_FIELDS {
            if spec.field(name).is_none() {
                continue;
            }
            for value in *values {
                let mut form: Form = spec.example_form();
                form.set(name, value);
                if let Err(error) = spec.evaluate(&form, &table) {
                    tried += 1;
                    assert_chinese(&format!("{id} {name} = {value:?}"), &error.message);
                }
            }
        }
    }
    assert!(tried >= 30, "enough bad inputs were refused: {tried}");
}

/// A reader of one kind of value.
type Parser = fn(&str) -> Result<f64, calc::CalcError>;

#[test]
fn expression_and_unit_errors_are_chinese() {
    let table = table();
    let deep = format!("{}1{}", "(".repeat(70), ")".repeat(70));
    let long = "1+".repeat(200) + "1";
    for expr in [
        "",
        "10 GBs",
        "10 mb / 1 s",
        "10 gb",
        "5 Gbs",
        "frobs / 2",
        "1 / 0",
        "sqrt(-1)",
        "(x: x x)(x: x x)",
        "1 GiB to hex",
        deep.as_str(),
        long.as_str(),
    ] {
        let error = calc::eval_expression(expr, &table).expect_err(expr);
        assert_chinese(expr, &error.text());
    }
    let parsers: &[(&str, Parser, &[&str])] = &[
        (
            "size",
            units::parse_size,
            &["", "5 GB/s", "1e30 B", "0 B", "5"],
        ),
        ("rate", units::parse_rate, &["1 GB", "1e-3 bit/s"]),
        ("duration", units::parse_duration, &["1 GB", "1e12 h"]),
        (
            "efficiency",
            units::parse_efficiency,
            &["x", "0", "0.00001"],
        ),
        ("params", units::parse_params, &["70Q", "0"]),
        ("element bytes", units::parse_element_bytes, &["fp7"]),
    ];
    for (what, parse, inputs) in parsers {
        for input in *inputs {
            let error = parse(input).expect_err(input);
            assert_chinese(&format!("{what} {input:?}"), &error.text());
        }
    }
    let count = units::parse_count("ranks", "x", 1).expect_err("x");
    assert_chinese("count", &count.text());
    let unknown = table.require("nvlnk3").expect_err("typo");
    assert_chinese("link", &unknown.text());
}

/// The step's Chinese steps explain in Chinese: what is left once quotations ('…'), author
/// citations (`et al.`) and capitalised names and titles ("Tensor Core GPU Architecture") are
/// set aside holds no English prose (the sources of its GPU, model, attention and link figures
/// included).
#[test]
fn the_step_explains_itself_in_chinese() {
    use crate::calculators::tests::evaluate_edited;
    for gpu in ["a100", "h100", "h200", "b200", "gb200", "mi300x"] {
        let outcome = evaluate_edited("step", &[("gpu", gpu), ("intra", "448 GB/s")]).expect(gpu);
        // The links line cites each link's efficiency source as written
        // (`LinkSpec::describe_bi`); its own words are the link's, checked with the links.
        for step in outcome
            .steps
            .iter()
            .filter(|s| !s.get(Lang::Zh).starts_with("链路"))
        {
            let zh = step.get(Lang::Zh);
            let own: String = zh
                .split('\'')
                .step_by(2)
                .collect::<Vec<_>>()
                .join(" ")
                .replace("et al.", "")
                .split(' ')
                .filter(|w| !w.starts_with(|c: char| c.is_ascii_uppercase()))
                .collect::<Vec<_>>()
                .join(" ");
            assert!(!has_english_prose(&own), "{gpu}: {zh}");
        }
    }
}
