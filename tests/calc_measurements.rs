//! Checks the calculators' expected figures against published measurements
//! (`tests/data/measurements.toml`): within 15% wherever `check = true`, and reports the
//! calibration and held-out errors separately (run with `--nocapture` to see the table).

use infraprep::calc::link::Role;
use infraprep::calc::units::{parse_duration, parse_rate};
use infraprep::calc::{
    CheckpointInput, CollectiveInput, Form, HardwareTable, LinkSpec, checkpoint, collective,
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
    nics_per_node: Option<String>,
    intra: Option<String>,
    inter: Option<String>,
    algo: String,
    measured_busbw: String,
    calibration: bool,
    #[serde(default)]
    held_out: bool,
    check: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct LinkFigure {
    setup: String,
    link: String,
    #[serde(default)]
    role: Option<String>,
    measured: String,
    calibration: bool,
    #[serde(default)]
    held_out: bool,
    check: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Checkpoint {
    setup: String,
    params: String,
    recipe: String,
    storage_bw: String,
    storage_efficiency: Option<String>,
    measured_write: String,
    calibration: bool,
    #[serde(default)]
    held_out: bool,
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

/// One compared figure.
struct Row {
    setup: String,
    expected: f64,
    measured: f64,
    split: &'static str,
    check: bool,
}

impl Row {
    fn error(&self) -> f64 {
        self.expected / self.measured - 1.0
    }
}

fn split(calibration: bool, held_out: bool) -> &'static str {
    assert!(
        !(calibration && held_out),
        "a figure cannot both set an efficiency and be held out"
    );
    if held_out {
        "held-out"
    } else if calibration {
        "calibration"
    } else {
        "beyond calibration"
    }
}

fn rows() -> Vec<Row> {
    let table = HardwareTable::bundled();
    let data = load();
    let mut rows = Vec::new();
    for m in &data.collective {
        let fields = Form::of(&[
            ("op", &m.op),
            ("size", &m.size),
            ("ranks", &m.ranks),
            (
                "gpus-per-node",
                m.gpus_per_node.as_deref().unwrap_or_default(),
            ),
            (
                "nics-per-node",
                m.nics_per_node.as_deref().unwrap_or_default(),
            ),
            ("intra", m.intra.as_deref().unwrap_or_default()),
            ("inter", m.inter.as_deref().unwrap_or_default()),
            ("algo", &m.algo),
        ]);
        let report = collective(&CollectiveInput::from_form(&fields, &table).expect(&m.setup));
        rows.push(Row {
            setup: format!("{} [{}]", m.setup, report.algorithm),
            expected: report.expected_busbw_bytes_per_s,
            measured: parse_rate(&m.measured_busbw).expect(&m.setup),
            split: split(m.calibration, m.held_out),
            check: m.check,
        });
    }
    for m in &data.link {
        let role = match m.role.as_deref() {
            Some("copy") => Role::Copy,
            Some("p2p") => Role::PointToPoint,
            _ => Role::Collective,
        };
        let spec = LinkSpec::from_preset(table.get(&m.link).expect(&m.link)).for_role(role);
        let bandwidth = if role == Role::Copy {
            spec.pair_bandwidth()
        } else {
            spec.bandwidth
        };
        rows.push(Row {
            setup: m.setup.clone(),
            expected: bandwidth * spec.efficiency,
            measured: parse_rate(&m.measured).expect(&m.setup),
            split: split(m.calibration, m.held_out),
            check: m.check,
        });
    }
    for m in &data.checkpoint {
        let fields = Form::of(&[
            ("params", &m.params),
            ("recipe", &m.recipe),
            ("storage-bw", &m.storage_bw),
            (
                "storage-efficiency",
                m.storage_efficiency.as_deref().unwrap_or_default(),
            ),
        ]);
        let report = checkpoint(&CheckpointInput::from_form(&fields, &table).expect(&m.setup));
        rows.push(Row {
            setup: m.setup.clone(),
            expected: report
                .io
                .expect("a bandwidth was given")
                .expected_write_seconds,
            measured: parse_duration(&m.measured_write).expect(&m.setup),
            split: split(m.calibration, m.held_out),
            check: m.check,
        });
    }
    rows
}

#[test]
fn expected_figures_are_within_15_percent_of_measurements() {
    let rows = rows();
    let mut failures = Vec::new();
    for group in ["calibration", "beyond calibration", "held-out"] {
        let members: Vec<&Row> = rows.iter().filter(|r| r.split == group).collect();
        let errors: Vec<f64> = members.iter().map(|r| r.error().abs()).collect();
        let mean = errors.iter().sum::<f64>() / errors.len().max(1) as f64;
        let worst = errors.iter().copied().fold(0.0, f64::max);
        eprintln!(
            "== {group}: {} figures, mean |error| {:.1}%, worst {:.1}%",
            members.len(),
            mean * 100.0,
            worst * 100.0
        );
        for r in members {
            eprintln!(
                "{:>+7.1}%  {}{}  (expected {:.4e}, published {:.4e})",
                r.error() * 100.0,
                if r.check { "" } else { "(not checked) " },
                r.setup,
                r.expected,
                r.measured
            );
            if r.check && r.error().abs() > TOLERANCE {
                failures.push(format!("{}: {:+.1}%", r.setup, r.error() * 100.0));
            }
        }
    }
    assert!(failures.is_empty(), "outside {TOLERANCE}: {failures:#?}");
}

#[test]
fn the_table_holds_a_held_out_split() {
    let rows = rows();
    let held_out = rows.iter().filter(|r| r.split == "held-out").count();
    let beyond = rows
        .iter()
        .filter(|r| r.split != "calibration" && r.check)
        .count();
    assert!(held_out >= 5, "only {held_out} held-out figures");
    assert!(
        beyond >= 8,
        "only {beyond} checked setups beyond the calibration"
    );
    assert!(
        rows.iter()
            .filter(|r| r.split == "held-out")
            .all(|r| r.check),
        "every held-out figure is checked"
    );
}
