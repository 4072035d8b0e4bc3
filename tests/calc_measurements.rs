//! Checks the calculators' expected figures against published measurements
//! (`tests/data/measurements.toml`): within 15% wherever `check = true`.

use infraprep::calc::units::{parse_duration, parse_rate};
use infraprep::calc::{
    CheckpointFields, CheckpointInput, CollectiveFields, CollectiveInput, HardwareTable,
    checkpoint, collective,
};
use serde::Deserialize;

const TOLERANCE: f64 = 0.15;

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Collective {
    setup: String,
    op: String,
    size: String,
    ranks: String,
    gpus_per_node: Option<String>,
    intra: String,
    inter: Option<String>,
    algo: String,
    measured_busbw: String,
    check: bool,
}

#[derive(Deserialize)]
struct LinkFigure {
    setup: String,
    link: String,
    measured: String,
    check: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Checkpoint {
    setup: String,
    params: String,
    recipe: String,
    storage_bw: String,
    measured_write: String,
    check: bool,
}

#[derive(Deserialize)]
struct Measurements {
    collective: Vec<Collective>,
    link: Vec<LinkFigure>,
    checkpoint: Vec<Checkpoint>,
}

fn load() -> Measurements {
    let text = include_str!("data/measurements.toml");
    toml::from_str(text).expect("measurements.toml parses")
}

/// Compares and prints; returns the setups outside the tolerance that are marked `check`.
fn compare(setup: &str, expected: f64, measured: f64, check: bool, failures: &mut Vec<String>) {
    let error = expected / measured - 1.0;
    eprintln!(
        "{:>+7.1}%  {}{setup}",
        error * 100.0,
        if check { "" } else { "(not checked) " }
    );
    if check && error.abs() > TOLERANCE {
        failures.push(format!(
            "{setup}: expected {expected:e} vs measured {measured:e}"
        ));
    }
}

#[test]
fn expected_figures_are_within_15_percent_of_measurements() {
    let table = HardwareTable::bundled();
    let data = load();
    let mut failures = Vec::new();
    for m in &data.collective {
        let fields = CollectiveFields {
            op: &m.op,
            size: &m.size,
            ranks: &m.ranks,
            gpus_per_node: m.gpus_per_node.as_deref(),
            intra: Some(&m.intra),
            inter: m.inter.as_deref(),
            algorithm: Some(&m.algo),
            ..CollectiveFields::default()
        };
        let report = collective(&CollectiveInput::from_fields(&fields, &table).expect(&m.setup));
        let measured = parse_rate(&m.measured_busbw).expect(&m.setup);
        compare(
            &m.setup,
            report.expected_busbw_bytes_per_s,
            measured,
            m.check,
            &mut failures,
        );
    }
    for m in &data.link {
        let link = table.get(&m.link).expect(&m.link);
        let measured = parse_rate(&m.measured).expect(&m.setup);
        compare(
            &m.setup,
            link.bandwidth * link.efficiency,
            measured,
            m.check,
            &mut failures,
        );
    }
    for m in &data.checkpoint {
        let fields = CheckpointFields {
            params: &m.params,
            recipe: Some(&m.recipe),
            storage_bw: Some(&m.storage_bw),
            ..CheckpointFields::default()
        };
        let report = checkpoint(&CheckpointInput::from_fields(&fields, &table).expect(&m.setup));
        let measured = parse_duration(&m.measured_write).expect(&m.setup);
        let expected = report
            .expected_write_seconds
            .expect("a bandwidth was given");
        compare(&m.setup, expected, measured, m.check, &mut failures);
    }
    assert!(failures.is_empty(), "outside {TOLERANCE}: {failures:#?}");
}

#[test]
fn the_table_holds_setups_beyond_calibration() {
    let text = include_str!("data/measurements.toml");
    let beyond = text.matches("calibration = false\ncheck = true").count();
    assert!(
        beyond >= 8,
        "only {beyond} checked setups beyond the calibration"
    );
}
