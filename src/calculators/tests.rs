use super::*;
use crate::calc::HardwareTable;
use crate::calc::test_support::Edits;
use crate::content::Lang;
use crate::text::Bi;

fn table() -> HardwareTable {
    HardwareTable::bundled()
}

/// Calculator `id` evaluated on its example form with `edits` set by field name (an empty value
/// clears a field).
pub(super) fn evaluate_edited(id: &str, edits: &[(&str, &str)]) -> Result<Outcome, FormError> {
    let spec = calculator(id).unwrap_or_else(|| panic!("no calculator {id}"));
    let mut form = spec.example_form();
    for (name, text) in edits {
        assert!(form.set(name, text), "{id} has no field {name}");
    }
    spec.evaluate(&form, &table())
        .map(|computed| computed.outcome)
}

/// The outcome of calculator `id` on its example form.
pub(super) fn example_outcome(id: &str) -> Outcome {
    evaluate_edited(id, &[]).unwrap_or_else(|e| panic!("{id}: {e:?}"))
}

/// Chart `i` of an outcome, which must be bars: its unit and bars.
pub(super) fn bars_of(outcome: &Outcome, i: usize) -> (&Unit, &[(Bi, f64, f64)]) {
    match &outcome.charts[i] {
        Chart::Bars { unit, bars, .. } => (unit, bars),
        other => panic!("chart {i} is not bars: {other:?}"),
    }
}

/// Chart `i` of an outcome, which must be parts of a whole: its unit and parts.
pub(super) fn parts_of(outcome: &Outcome, i: usize) -> (&Unit, &[(Bi, f64)]) {
    match &outcome.charts[i] {
        Chart::Parts { unit, parts, .. } => (unit, parts),
        other => panic!("chart {i} is not parts: {other:?}"),
    }
}

#[test]
fn every_example_form_computes() {
    for spec in CALCULATORS {
        let outcome = spec
            .evaluate(&spec.example_form(), &table())
            .unwrap_or_else(|e| panic!("{}: {e:?}", spec.id))
            .outcome;
        assert!(
            !outcome.headline.is_empty() && !outcome.steps.is_empty() && !outcome.charts.is_empty(),
            "{}",
            spec.id
        );
    }
}

#[test]
fn a_bad_field_is_named_and_other_fields_are_untouched() {
    let spec = calculator("transfer").unwrap();
    let mut form = spec.example_form();
    form.values[0].1 = "10 GBs".to_owned();
    let error = spec.evaluate(&form, &table()).unwrap_err();
    assert_eq!(error.field, Some("size"));
    assert!(error.message.contains("10 GBs"), "{}", error.message);
    assert_eq!(form.get("links"), Some("pcie4 nvlink3 ib-hdr"));
    form.values[1].1 = "pcie4 nvlink9".to_owned();
    form.values[0].1 = "10 GiB".to_owned();
    assert_eq!(
        spec.evaluate(&form, &table()).unwrap_err().field,
        Some("links")
    );
}

#[test]
fn choices_and_required_fields_are_checked() {
    let spec = calculator("collective").unwrap();
    let table = table();
    let op = &spec.fields[0];
    assert!(check_field(op, Some("allreduce"), &table).is_ok());
    assert!(
        check_field(op, Some("allreduse"), &table)
            .unwrap_err()
            .contains("allreduse")
    );
    assert!(
        check_field(op, None, &table)
            .unwrap_err()
            .contains("required")
    );
}

/// Whether `text` holds a CJK ideograph: a Chinese text left in English fails this.
fn has_cjk(text: &str) -> bool {
    text.chars()
        .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c))
}

#[test]
fn every_calculator_and_field_has_chinese_text() {
    let mut missing = Vec::new();
    for spec in CALCULATORS {
        for (what, text) in [("title", spec.title_zh), ("about", spec.about_zh)] {
            if !has_cjk(text) {
                missing.push(format!("{} {what}: {text:?}", spec.id));
            }
        }
        for field in spec.fields {
            for (what, text) in [("label", field.label_zh), ("help", field.help_zh)] {
                if !has_cjk(text) {
                    missing.push(format!("{}.{} {what}: {text:?}", spec.id, field.name));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "Chinese text missing:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_interface_language_picks_the_text_and_english_stays_for_the_command_line() {
    let spec = calculator("transfer").unwrap();
    assert_eq!(spec.title_in(Lang::En), spec.title);
    assert_eq!(spec.title_in(Lang::Zh), spec.title_zh);
    assert_ne!(spec.title_zh, spec.title);
    let size = spec.field("size").unwrap();
    assert_eq!(size.label_in(Lang::En), "size");
    assert_eq!(size.help_in(Lang::En), size.help);
    assert!(has_cjk(size.label_in(Lang::Zh)) && has_cjk(size.help_in(Lang::Zh)));
    assert!(!has_cjk(size.help), "English help stays English");
    // A field without Chinese falls back to English rather than showing nothing.
    let bare = Field::new("x", "x label", FieldKind::Count, "x help");
    assert_eq!(bare.label_in(Lang::Zh), "x label");
    assert_eq!(bare.help_in(Lang::Zh), "x help");
    let translated = bare.zh("标签", "帮助");
    assert_eq!(
        (translated.label_in(Lang::Zh), translated.help_in(Lang::Zh)),
        ("标签", "帮助")
    );
}

#[test]
fn chinese_labels_within_one_calculator_are_distinct() {
    for spec in CALCULATORS {
        let mut labels: Vec<&str> = spec.fields.iter().map(|f| f.label_zh).collect();
        labels.sort_unstable();
        let count = labels.len();
        labels.dedup();
        assert_eq!(
            labels.len(),
            count,
            "{}: two fields share a Chinese label",
            spec.id
        );
    }
}

/// Calculators whose results read wholly in Chinese; the test below holds them to it.
const TRANSLATED: &[&str] = &[
    "transfer",
    "collective",
    "busbw",
    "checkpoint",
    "pipeline",
    "step",
    "tp",
    "memory",
    "mfu",
    "fabric",
    "layout",
    "overlap",
];

/// Card presets and error messages of the translated calculators, in Chinese.
mod chinese;

/// Each calculator's example outcome: its headline figures and charts.
mod outcomes;

/// Each English-only text of an outcome (summary, headline, steps, chart and table text).
pub(super) fn untranslated(outcome: &Outcome) -> Vec<String> {
    let mut texts: Vec<&Bi> = vec![&outcome.summary];
    for (what, spec, expected) in &outcome.headline {
        texts.extend([what, spec, expected]);
    }
    texts.extend(&outcome.steps);
    for chart in &outcome.charts {
        match chart {
            Chart::Bars { title, bars, .. } => {
                texts.push(title);
                texts.extend(bars.iter().map(|b| &b.0));
            }
            Chart::Parts { title, parts, .. } => {
                texts.push(title);
                texts.extend(parts.iter().map(|p| &p.0));
            }
            Chart::Lines { title, series, .. } => {
                texts.push(title);
                texts.extend(series.iter().map(|s| &s.0));
            }
        }
    }
    for table in &outcome.tables {
        texts.push(&table.title);
        texts.extend(&table.header);
    }
    texts
        .into_iter()
        .filter(|t| t.is_english_only())
        .map(ToString::to_string)
        .collect()
}

#[test]
fn translated_calculators_read_in_chinese() {
    for calc in CALCULATORS {
        assert!(
            TRANSLATED.contains(&calc.id),
            "{}: a calculator's results must read in Chinese too",
            calc.id
        );
    }
    for id in TRANSLATED {
        let missing = untranslated(&example_outcome(id));
        assert!(missing.is_empty(), "{id}: English only: {missing:#?}");
    }
}

#[test]
fn translated_calculators_read_in_chinese_on_every_card_preset() {
    use crate::content::DeckSource;
    use crate::content::deck::load;
    let table = table();
    let mut checked = 0;
    for card in load(&[DeckSource::Bundled]).deck.cards() {
        for preset in card
            .calc
            .iter()
            .filter(|p| TRANSLATED.contains(&&*p.calculator))
        {
            let computed = preset::compute(preset, &table)
                .unwrap_or_else(|e| panic!("{}: {}", card.id, e.message))
                .unwrap_or_else(|| panic!("{}: a form", card.id));
            let missing = untranslated(&computed.outcome);
            assert!(
                missing.is_empty(),
                "{} {}: English only: {missing:#?}",
                card.id,
                preset.calculator
            );
            checked += 1;
        }
    }
    assert!(checked >= TRANSLATED.len(), "only {checked} presets");
}

/// One bad field of a translated calculator: (calculator, field, value set on its example form;
/// an empty value clears the field). Each is refused by the engine's own checks.
const BAD_VALUES: &[(&str, &str, &str)] = &[
    ("tp", "tp", "1"),
    ("memory", "shard-group", "7"),
    ("mfu", "peak", "989"),
    ("mfu", "peak", "h100"),
    ("mfu", "recompute", "most"),
    ("mfu", "tokens-per-s", "1M"),
    ("mfu", "tokens-per-step", ""),
    ("mfu", "step-time", ""),
    ("mfu", "heads", ""),
    ("mfu", "gpus", "8"),
    ("fabric", "oversubscription", "1:0"),
    ("fabric", "radix", "2048"),
    ("fabric", "nodes", "100000"),
    ("layout", "dp", "100"),
    ("layout", "pod-size", "100"),
    ("layout", "micro-batch", "1"),
    ("overlap", "compute-total", ""),
    ("overlap", "compute", "1 ms"),
    ("overlap", "bytes", ""),
    ("overlap", "bw", ""),
];

/// Clashing fields of a translated calculator: (calculator, fields set on its example form).
#[rustfmt::skip]
const CLASHES: &[(&str, Edits)] = &[
    ("memory", &[("optimizer-bytes", "16"), ("convention", "deepspeed")]),
    ("mfu", &[("step-time", ""), ("tokens-per-step", "")]),
    ("fabric", &[("rail", "no"), ("nics-per-node", "40")]),
    ("layout", &[("dp", ""), ("tp", "3")]),
    ("layout", &[("tp", "16"), ("dp", "64")]),
    ("layout", &[("gpus", "96"), ("tp", "6"), ("pp", "1"), ("dp", ""), ("pod-size", "")]),
    ("layout", &[("gpus", "12"), ("tp", "4"), ("pp", "1"), ("dp", ""), ("pod-size", "")]),
    ("overlap", &[("tail", "1 ms"), ("tail-bytes", "1 MB")]),
    ("overlap", &[("bytes", ""), ("bw", ""), ("comm", "1 ms"), ("tail-bytes", "1 MB")]),
];

/// The refusal of `edits` on calculator `id`'s example reads in Chinese.
fn refused_in_chinese(id: &str, edits: &[(&str, &str)]) {
    let error = evaluate_edited(id, edits).expect_err(&format!("{id} {edits:?} is refused"));
    let zh = error.message.get(Lang::Zh);
    assert!(
        has_cjk(zh) && !Bi::same(zh).is_english_only(),
        "{id} {edits:?}: not Chinese: {zh}"
    );
    assert_ne!(zh, error.message.get(Lang::En), "{id} {edits:?}");
}

#[test]
fn translated_calculators_refuse_bad_input_in_chinese() {
    for &(id, field, value) in BAD_VALUES {
        refused_in_chinese(id, &[(field, value)]);
    }
    for (id, edits) in CLASHES {
        refused_in_chinese(id, edits);
    }
}
