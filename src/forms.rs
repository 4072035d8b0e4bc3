//! Calculator forms: which fields each calculator has, how each field is checked on its own, and
//! what a result looks like to a viewer (headline figures, steps, a chart). The TUI draws any
//! calculator from this description, so adding a calculator here adds its form.
//!
//! Pure: no terminal types. Results are recomputed on every keystroke, so nothing here does
//! more than parse the fields and call the engine.

mod fabric;
mod layout;
mod memory;
mod mfu;
mod overlap;
mod pipeline;
mod tp;

use crate::calc::{self, CalcError, HardwareTable, Recipe, format};
use crate::presets::{self, FormValues};

/// How a field is read, which decides how it is checked and what the form offers for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    Size,
    Rate,
    Duration,
    Count,
    Params,
    Fraction,
    /// A link preset id.
    Link,
    /// A link preset id or a rate.
    LinkOrRate,
    /// Several link preset ids separated by spaces.
    Links,
    /// One of a fixed set of words.
    Choice(&'static [&'static str]),
    /// A positive plain number, optionally with K, M, G/B, T or P (`16M`, `8.4e5`).
    Number,
    /// Bytes per tensor element, or a type (`2`, `bf16`, `fp32`).
    ElementBytes,
    /// A GPU peak preset (`h100-bf16`) or FLOP/s per GPU (`989e12`).
    Peak,
    /// `none`, `selective`, `full` or a fraction of the forward pass.
    Recompute,
    /// An oversubscription ratio: `1`, `7`, `7:1` or `1:7`.
    Ratio,
}

/// One field of a form.
#[derive(Debug, Clone, Copy)]
pub struct FieldSpec {
    pub name: &'static str,
    pub label: &'static str,
    /// Shown under the form when the field has the focus.
    pub hint: &'static str,
    pub kind: FieldKind,
    pub required: bool,
}

const fn field(
    name: &'static str,
    label: &'static str,
    kind: FieldKind,
    required: bool,
    hint: &'static str,
) -> FieldSpec {
    FieldSpec {
        name,
        label,
        hint,
        kind,
        required,
    }
}

/// A picture of a result.
#[derive(Debug, Clone, PartialEq)]
pub enum Chart {
    /// One bar per item, spec and expected (e.g. transfer time per link). Calculators without
    /// an expected figure (memory per stage, bubble per schedule) repeat the spec value.
    Bars {
        title: String,
        unit: Unit,
        bars: Vec<(String, f64, f64)>,
    },
    /// Series of (x, y) points on log-log axes (e.g. collective time against message size).
    Lines {
        title: String,
        series: Vec<(String, Vec<(f64, f64)>)>,
        marker: Option<f64>,
    },
    /// Parts of a whole (e.g. checkpoint size by what it holds).
    Parts {
        title: String,
        unit: Unit,
        parts: Vec<(String, f64)>,
    },
}

/// How chart values are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Seconds,
    Bytes,
    /// A fraction, printed as a percentage (0.234 → 23.4%).
    Percent,
    /// A count of floating-point operations.
    Flops,
    /// A plain count (switches, nodes).
    Count,
    /// Bytes per second.
    Rate,
}

impl Unit {
    pub fn format(self, value: f64) -> String {
        match self {
            Unit::Seconds => format::duration(value),
            Unit::Bytes => format::bytes_short(value),
            Unit::Percent => format::percent(value),
            Unit::Flops => format::flops(value),
            Unit::Count => format::sig(value, 6),
            Unit::Rate => format::rate_short(value),
        }
    }
}

/// A computed result as a viewer shows it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Outcome {
    /// (what, spec figure, expected figure); expected may be empty.
    pub headline: Vec<(String, String, String)>,
    pub steps: Vec<String>,
    pub charts: Vec<Chart>,
}

/// Why a form has no result: a field that does not parse, or inputs that do not fit together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormError {
    pub field: Option<&'static str>,
    pub message: String,
}

/// A calculator: its fields and how to compute it.
pub struct CalculatorSpec {
    pub id: &'static str,
    pub title: &'static str,
    pub fields: &'static [FieldSpec],
    pub compute: fn(&FormValues, &HardwareTable) -> Result<Outcome, CalcError>,
    /// Values a fresh form starts with.
    pub example: &'static [(&'static str, &'static str)],
}

impl CalculatorSpec {
    /// A form filled with the example values.
    pub fn example_form(&self) -> FormValues {
        let values = self
            .fields
            .iter()
            .map(|f| {
                let value = self
                    .example
                    .iter()
                    .find(|(n, _)| *n == f.name)
                    .map_or("", |(_, v)| v);
                (f.name, (*value).to_owned())
            })
            .collect();
        FormValues { values }
    }

    /// Checks every field, then computes. The error names the first bad field, if it is one.
    pub fn evaluate(&self, form: &FormValues, table: &HardwareTable) -> Result<Outcome, FormError> {
        for spec in self.fields {
            check_field(spec, form.get(spec.name), table).map_err(|message| FormError {
                field: Some(spec.name),
                message,
            })?;
        }
        (self.compute)(form, table).map_err(|e| FormError {
            field: None,
            message: e.to_string(),
        })
    }
}

/// Checks one field's text on its own, so the form can mark exactly that field.
pub fn check_field(
    spec: &FieldSpec,
    value: Option<&str>,
    table: &HardwareTable,
) -> Result<(), String> {
    let Some(value) = value else {
        return if spec.required {
            Err(format!("{} is required", spec.label))
        } else {
            Ok(())
        };
    };
    let result = match spec.kind {
        FieldKind::Size => calc::units::parse_size(value).map(drop),
        FieldKind::Rate => calc::units::parse_rate(value).map(drop),
        FieldKind::Duration => calc::units::parse_duration(value).map(drop),
        FieldKind::Count => calc::units::parse_count(spec.label, value, 1).map(drop),
        FieldKind::Params => calc::units::parse_params(value).map(drop),
        FieldKind::Fraction => calc::units::parse_efficiency(value).map(drop),
        FieldKind::Link => table.require(value).map(drop),
        FieldKind::LinkOrRate => calc::link::link_or_rate(value, table).map(drop),
        FieldKind::Links => value
            .split_whitespace()
            .try_for_each(|id| table.require(id).map(drop)),
        FieldKind::Number => calc::units::parse_number(spec.label, value, 1e18).map(drop),
        FieldKind::ElementBytes => calc::units::parse_element_bytes(value).map(drop),
        FieldKind::Peak => calc::mfu::parse_peak(value).map(drop),
        FieldKind::Recompute => value.parse::<calc::mfu::Recompute>().map(drop),
        FieldKind::Ratio => calc::fabric::parse_oversubscription(value).map(drop),
        FieldKind::Choice(choices) => {
            if choices.contains(&value.trim()) {
                Ok(())
            } else {
                return Err(format!("'{value}' is not one of: {}", choices.join(", ")));
            }
        }
    };
    result.map_err(|e| e.to_string())
}

/// Every calculator with a form, in the order the TUI lists them.
pub const CALCULATORS: &[CalculatorSpec] = &[
    TRANSFER,
    COLLECTIVE,
    CHECKPOINT,
    tp::TP,
    pipeline::PIPELINE,
    memory::MEMORY,
    mfu::MFU,
    fabric::FABRIC,
    overlap::OVERLAP,
    layout::LAYOUT,
];

/// The calculator with this id.
pub fn calculator(id: &str) -> Option<&'static CalculatorSpec> {
    CALCULATORS.iter().find(|c| c.id == id)
}

const TRANSFER: CalculatorSpec = CalculatorSpec {
    id: "transfer",
    title: "Transfer time",
    fields: &[
        field("size", "size", FieldKind::Size, true, "e.g. 10 GiB, 1.5 TB"),
        field(
            "links",
            "links",
            FieldKind::Links,
            false,
            "link ids separated by spaces (see infraprep links)",
        ),
        field(
            "bandwidth",
            "bandwidth",
            FieldKind::Rate,
            false,
            "a per-direction rate of your own, e.g. 200 Gb/s",
        ),
        field(
            "latency",
            "latency",
            FieldKind::Duration,
            false,
            "overrides each link's latency, e.g. 2 us",
        ),
        field(
            "efficiency",
            "efficiency",
            FieldKind::Fraction,
            false,
            "overrides each link's efficiency, 0-1",
        ),
    ],
    compute: compute_transfer,
    example: &[("size", "10 GiB"), ("links", "pcie4 nvlink3 ib-hdr")],
};

fn compute_transfer(form: &FormValues, table: &HardwareTable) -> Result<Outcome, CalcError> {
    let report = calc::transfer(&presets::transfer_input(form, table)?);
    let headline = report
        .results
        .iter()
        .map(|r| {
            (
                r.link.clone(),
                format::duration(r.seconds),
                format::duration(r.expected_seconds),
            )
        })
        .collect();
    let bars = report
        .results
        .iter()
        .map(|r| (r.link.clone(), r.seconds, r.expected_seconds))
        .collect();
    Ok(Outcome {
        headline,
        steps: report
            .results
            .iter()
            .flat_map(|r| r.steps.clone())
            .collect(),
        charts: vec![Chart::Bars {
            title: "time per link".to_owned(),
            unit: Unit::Seconds,
            bars,
        }],
    })
}

const OPS: &[&str] = &[
    "allreduce",
    "allgather",
    "reducescatter",
    "broadcast",
    "reduce",
    "alltoall",
    "sendrecv",
];
const ALGOS: &[&str] = &["auto", "ring", "tree", "hierarchical"];

const COLLECTIVE: CalculatorSpec = CalculatorSpec {
    id: "collective",
    title: "Collective cost",
    fields: &[
        field(
            "op",
            "op",
            FieldKind::Choice(OPS),
            true,
            "allreduce, allgather, reducescatter, broadcast, reduce, alltoall, sendrecv",
        ),
        field(
            "size",
            "size",
            FieldKind::Size,
            true,
            "nccl-tests size: per-rank buffer (allreduce), total (allgather, reducescatter, alltoall)",
        ),
        field(
            "ranks",
            "ranks",
            FieldKind::Count,
            true,
            "GPUs in the collective",
        ),
        field(
            "gpus-per-node",
            "GPUs per node",
            FieldKind::Count,
            false,
            "empty: one node",
        ),
        field(
            "nics-per-node",
            "NICs per node",
            FieldKind::Count,
            false,
            "empty: one NIC per GPU",
        ),
        field(
            "intra",
            "intra-node link",
            FieldKind::LinkOrRate,
            false,
            "e.g. nvlink4, or a rate",
        ),
        field(
            "inter",
            "inter-node link",
            FieldKind::LinkOrRate,
            false,
            "per NIC, e.g. ib-ndr, or a rate",
        ),
        field(
            "algo",
            "algorithm",
            FieldKind::Choice(ALGOS),
            false,
            "auto, ring, tree, hierarchical",
        ),
        field(
            "latency",
            "latency per step",
            FieldKind::Duration,
            false,
            "overrides the links' latency",
        ),
    ],
    compute: compute_collective,
    example: &[
        ("op", "allreduce"),
        ("size", "1 GiB"),
        ("ranks", "16"),
        ("gpus-per-node", "8"),
        ("intra", "nvlink4"),
        ("inter", "ib-ndr"),
        ("algo", "auto"),
    ],
};

fn compute_collective(form: &FormValues, table: &HardwareTable) -> Result<Outcome, CalcError> {
    let input = presets::collective_input(form, table)?;
    let report = calc::collective(&input);
    let headline = vec![
        (
            format!("time ({})", algorithm_name(&report)),
            format::duration(report.seconds),
            format::duration(report.expected_seconds),
        ),
        (
            "algbw".to_owned(),
            format::rate_short(report.algbw_bytes_per_s),
            format::rate_short(report.expected_algbw_bytes_per_s),
        ),
        (
            "busbw".to_owned(),
            format::rate_short(report.busbw_bytes_per_s),
            format::rate_short(report.expected_busbw_bytes_per_s),
        ),
    ];
    let series = calc::collective_sweep(&input, &calc::default_sweep_sizes())
        .into_iter()
        .map(|s| (format!("{:?}", s.algorithm).to_lowercase(), s.points))
        .collect();
    Ok(Outcome {
        headline,
        steps: report.steps.clone(),
        charts: vec![Chart::Lines {
            title: "time vs size".to_owned(),
            series,
            marker: Some(report.size_bytes),
        }],
    })
}

fn algorithm_name(report: &calc::CollectiveReport) -> String {
    format!("{:?}", report.algorithm).to_lowercase()
}

const RECIPES: &[&str] = &[
    "bf16-weights",
    "fp32-weights",
    "fp32-adam",
    "bf16-adam",
    "bf16-adam-grads",
];

const CHECKPOINT: CalculatorSpec = CalculatorSpec {
    id: "checkpoint",
    title: "Checkpoint size, I/O and interval",
    fields: &[
        field(
            "params",
            "parameters",
            FieldKind::Params,
            true,
            "e.g. 70B, 405B, 175e9",
        ),
        field(
            "recipe",
            "recipe",
            FieldKind::Choice(RECIPES),
            false,
            "bf16-adam = 14 B/param (default)",
        ),
        field(
            "bytes-per-param",
            "bytes/param",
            FieldKind::Number,
            false,
            "instead of a recipe",
        ),
        field(
            "storage-bw",
            "storage bandwidth",
            FieldKind::LinkOrRate,
            false,
            "aggregate, e.g. 2 TB/s or pfs-llama3",
        ),
        field(
            "nodes",
            "nodes",
            FieldKind::Count,
            false,
            "writers, with node bandwidth",
        ),
        field(
            "node-bw",
            "node bandwidth",
            FieldKind::LinkOrRate,
            false,
            "per node to storage, e.g. ib-ndr",
        ),
        field(
            "nvme-bw",
            "local NVMe",
            FieldKind::LinkOrRate,
            false,
            "per node, e.g. nvme-gen4",
        ),
        field(
            "gpus",
            "GPUs",
            FieldKind::Count,
            false,
            "for the async copy and the job MTBF",
        ),
        field(
            "checkpoint-time",
            "checkpoint time",
            FieldKind::Duration,
            false,
            "C, instead of the computed write",
        ),
        field("mtbf", "job MTBF", FieldKind::Duration, false, "e.g. 3h"),
        field(
            "gpu-mtbf",
            "MTBF per GPU",
            FieldKind::Duration,
            false,
            "with GPUs, instead of job MTBF",
        ),
    ],
    compute: compute_checkpoint,
    example: &[
        ("params", "70B"),
        ("recipe", "bf16-adam"),
        ("storage-bw", "100 GB/s"),
        ("nodes", "16"),
        ("node-bw", "ib-ndr"),
        ("gpus", "128"),
        ("mtbf", "3h"),
    ],
};

fn compute_checkpoint(form: &FormValues, table: &HardwareTable) -> Result<Outcome, CalcError> {
    let input = presets::checkpoint_input(form, table)?;
    let report = calc::checkpoint(&input);
    let time = |v: Option<f64>| v.map(format::duration).unwrap_or_default();
    let mut headline = vec![(
        "size".to_owned(),
        format::bytes(report.size_bytes),
        String::new(),
    )];
    if report.write_seconds.is_some() {
        headline.push((
            "write".to_owned(),
            time(report.write_seconds),
            time(report.expected_write_seconds),
        ));
        headline.push((
            "bottleneck".to_owned(),
            report.bottleneck.clone().unwrap_or_default(),
            String::new(),
        ));
    }
    for (label, value) in [
        ("async block", report.expected_async_blocking_seconds),
        ("Young interval", report.young_interval_seconds),
        ("Daly interval", report.daly_interval_seconds),
    ] {
        if value.is_some() {
            headline.push((label.to_owned(), time(value), String::new()));
        }
    }
    if let Some(overhead) = report.overhead_fraction {
        headline.push((
            "overhead".to_owned(),
            format::percent(overhead),
            String::new(),
        ));
    }
    let mut charts = vec![Chart::Parts {
        title: "checkpoint size by content".to_owned(),
        unit: Unit::Bytes,
        parts: size_parts(report.recipe, report.params, report.size_bytes),
    }];
    let limits = write_limits(&input, report.size_bytes);
    if !limits.is_empty() {
        charts.push(Chart::Bars {
            title: "write time by path (the longest is the bottleneck)".to_owned(),
            unit: Unit::Seconds,
            bars: limits,
        });
    }
    Ok(Outcome {
        headline,
        steps: report.steps.clone(),
        charts,
    })
}

/// What a checkpoint of each recipe holds, in bytes.
fn size_parts(recipe: Option<Recipe>, params: f64, size: f64) -> Vec<(String, f64)> {
    let parts: &[(&str, f64)] = match recipe {
        Some(Recipe::Bf16Weights) => &[("bf16 weights", 2.0)],
        Some(Recipe::Fp32Weights) => &[("fp32 weights", 4.0)],
        Some(Recipe::Fp32Adam) => &[("fp32 master", 4.0), ("Adam m", 4.0), ("Adam v", 4.0)],
        Some(Recipe::Bf16Adam) => &[
            ("bf16 weights", 2.0),
            ("fp32 master", 4.0),
            ("Adam m", 4.0),
            ("Adam v", 4.0),
        ],
        Some(Recipe::Bf16AdamGrads) => &[
            ("bf16 weights", 2.0),
            ("bf16 grads", 2.0),
            ("fp32 master", 4.0),
            ("Adam m", 4.0),
            ("Adam v", 4.0),
        ],
        None => return vec![("state".to_owned(), size)],
    };
    parts
        .iter()
        .map(|(name, bytes)| ((*name).to_owned(), params * bytes))
        .collect()
}

/// Write time through each path the data crosses (spec, expected), so the bottleneck shows.
fn write_limits(input: &calc::CheckpointInput, size: f64) -> Vec<(String, f64, f64)> {
    let nodes = input.nodes.max(1) as f64;
    let paths = [
        ("storage", input.storage.as_ref(), 1.0),
        ("node network", input.node_link.as_ref(), nodes),
        ("local NVMe", input.nvme.as_ref(), nodes),
    ];
    paths
        .into_iter()
        .filter_map(|(name, link, count)| {
            let link = link?;
            let spec = size / (link.bandwidth * count);
            Some((
                name.to_owned(),
                spec,
                size / (link.expected_bandwidth() * count),
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> HardwareTable {
        HardwareTable::bundled()
    }

    #[test]
    fn every_example_form_computes() {
        for spec in CALCULATORS {
            let outcome = spec
                .evaluate(&spec.example_form(), &table())
                .unwrap_or_else(|e| panic!("{}: {e:?}", spec.id));
            assert!(
                !outcome.headline.is_empty()
                    && !outcome.steps.is_empty()
                    && !outcome.charts.is_empty(),
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
    fn transfer_bars_follow_the_engine() {
        let spec = calculator("transfer").unwrap();
        let outcome = spec.evaluate(&spec.example_form(), &table()).unwrap();
        let Chart::Bars { bars, .. } = &outcome.charts[0] else {
            panic!("bars")
        };
        let hdr = bars.iter().find(|(l, _, _)| l == "ib-hdr").unwrap();
        assert!(
            (hdr.1 - 10.0 * 1024f64.powi(3) / 25e9 - 0.6e-6).abs() < 1e-9,
            "{hdr:?}"
        );
    }

    #[test]
    fn checkpoint_parts_add_up_to_the_size() {
        let spec = calculator("checkpoint").unwrap();
        let outcome = spec.evaluate(&spec.example_form(), &table()).unwrap();
        let Chart::Parts { parts, .. } = &outcome.charts[0] else {
            panic!("parts")
        };
        let total: f64 = parts.iter().map(|(_, b)| b).sum();
        assert!((total - 980e9).abs() < 1.0, "{total}");
        assert!(
            outcome
                .charts
                .iter()
                .any(|c| matches!(c, Chart::Bars { bars, .. } if bars.len() == 2))
        );
    }

    #[test]
    fn collective_chart_has_a_series_per_algorithm() {
        let spec = calculator("collective").unwrap();
        let outcome = spec.evaluate(&spec.example_form(), &table()).unwrap();
        let Chart::Lines { series, marker, .. } = &outcome.charts[0] else {
            panic!("lines")
        };
        assert!(series.len() >= 2, "{series:?}");
        assert_eq!(*marker, Some(1024f64.powi(3)));
        for (_, points) in series {
            assert!(
                points.windows(2).all(|w| w[1].1 >= w[0].1),
                "time grows with size"
            );
        }
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
}
