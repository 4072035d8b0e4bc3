//! Plain-text rendering of calculator results: a short summary, then the numbered steps.

use std::io::Write;

use serde::Serialize;

use crate::calc::busbw::BusbwReport;
use crate::calc::format;
use crate::calc::{
    CalcError, CheckpointReport, CollectiveReport, ExprValue, LinkKind, LinkPreset, Scope,
    SweepSeries, TransferReport,
};

type Out<'a> = &'a mut dyn Write;

fn io(e: &std::io::Error) -> CalcError {
    CalcError::output(e)
}

pub(super) fn steps(out: Out<'_>, steps: &[String]) -> Result<(), CalcError> {
    writeln!(out, "steps:").map_err(|e| io(&e))?;
    for (i, step) in steps.iter().enumerate() {
        writeln!(out, "  {}. {step}", i + 1).map_err(|e| io(&e))?;
    }
    Ok(())
}

pub(super) fn expression(out: Out<'_>, v: &ExprValue) -> Result<(), CalcError> {
    writeln!(out, "= {}", v.display).map_err(|e| io(&e))?;
    steps(out, &v.steps)
}

pub(super) fn transfer(out: Out<'_>, r: &TransferReport) -> Result<(), CalcError> {
    writeln!(
        out,
        "transfer of {} (per direction)",
        format::bytes(r.size_bytes)
    )
    .map_err(|e| io(&e))?;
    writeln!(
        out,
        "{:<14} {:>12} {:>12} {:>8}",
        "link", "spec", "expected", "ratio"
    )
    .map_err(|e| io(&e))?;
    for row in &r.results {
        writeln!(
            out,
            "{:<14} {:>12} {:>12} {:>7}×",
            row.link,
            format::duration(row.seconds),
            format::duration(row.expected_seconds),
            format::sig(row.ratio_to_fastest, 3)
        )
        .map_err(|e| io(&e))?;
    }
    let all: Vec<String> = r.results.iter().flat_map(|row| row.steps.clone()).collect();
    steps(out, &all)
}

pub(super) fn collective(
    out: Out<'_>,
    r: &CollectiveReport,
    sweep: Option<&[SweepSeries]>,
) -> Result<(), CalcError> {
    writeln!(
        out,
        "{} of {} on {} ranks ({} node(s) × {} GPUs), algorithm: {}{}",
        r.op,
        format::bytes(r.size_bytes),
        r.ranks,
        r.nodes,
        r.gpus_per_node,
        r.algorithm,
        if r.requested_algorithm == r.algorithm {
            ""
        } else {
            " (chosen by auto)"
        }
    )
    .map_err(|e| io(&e))?;
    let pair = |spec: String, exp: String| format!("{spec} spec, {exp} expected");
    let lines = [
        (
            "time",
            pair(
                format::duration(r.seconds),
                format::duration(r.expected_seconds),
            ),
        ),
        (
            "algbw",
            pair(
                format::rate_short(r.algbw_bytes_per_s),
                format::rate_short(r.expected_algbw_bytes_per_s),
            ),
        ),
        (
            "busbw",
            pair(
                format::rate_short(r.busbw_bytes_per_s),
                format::rate_short(r.expected_busbw_bytes_per_s),
            ),
        ),
    ];
    for (label, text) in lines {
        writeln!(out, "{label:<6} {text}").map_err(|e| io(&e))?;
    }
    steps(out, &r.steps)?;
    if let Some(series) = sweep {
        sweep_table(out, series)?;
    }
    Ok(())
}

fn sweep_table(out: Out<'_>, series: &[SweepSeries]) -> Result<(), CalcError> {
    let header: Vec<String> = series
        .iter()
        .map(|s| format!("{:>14}", s.algorithm.to_string()))
        .collect();
    writeln!(
        out,
        "sweep (expected time):\n{:>12}{}",
        "size",
        header.join("")
    )
    .map_err(|e| io(&e))?;
    let rows = series.first().map_or(0, |s| s.points.len());
    for i in 0..rows {
        let size = series
            .first()
            .and_then(|s| s.points.get(i))
            .map_or(0.0, |p| p.0);
        let cells: Vec<String> = series
            .iter()
            .map(|s| {
                format!(
                    "{:>14}",
                    s.points
                        .get(i)
                        .map_or(String::new(), |p| format::duration(p.1))
                )
            })
            .collect();
        let binary = format::bytes(size);
        let label = binary
            .split_once('(')
            .map_or(binary.as_str(), |(_, b)| b.trim_end_matches(')'));
        writeln!(out, "{label:>12}{}", cells.join("")).map_err(|e| io(&e))?;
    }
    Ok(())
}

pub(super) fn busbw(out: Out<'_>, r: &BusbwReport) -> Result<(), CalcError> {
    writeln!(
        out,
        "{} on {} ranks: algbw {}, busbw {}{}",
        r.op,
        r.ranks,
        format::rate_short(r.algbw_bytes_per_s),
        format::rate_short(r.busbw_bytes_per_s),
        r.percent_of_link.map_or(String::new(), |p| format!(
            " = {}% of the link",
            format::sig(p, 3)
        ))
    )
    .map_err(|e| io(&e))?;
    steps(out, &r.steps)
}

pub(super) fn checkpoint(out: Out<'_>, r: &CheckpointReport) -> Result<(), CalcError> {
    let d = |v: Option<f64>| v.map(format::duration);
    let lines = [
        ("size", Some(format::bytes(r.size_bytes))),
        (
            "write",
            d(r.write_seconds)
                .zip(d(r.expected_write_seconds))
                .map(|(s, e)| format!("{s} spec, {e} expected")),
        ),
        (
            "read",
            d(r.read_seconds)
                .zip(d(r.expected_read_seconds))
                .map(|(s, e)| format!("{s} spec, {e} expected")),
        ),
        ("bottleneck", r.bottleneck.clone()),
        (
            "async block",
            d(r.expected_async_blocking_seconds).map(|e| format!("{e} expected")),
        ),
        (
            "host memory",
            r.host_memory_bytes_per_node
                .map(|b| format!("{} per node", format::bytes(b))),
        ),
        ("Young τ", d(r.young_interval_seconds)),
        ("Daly τ", d(r.daly_interval_seconds)),
        ("overhead", r.overhead_fraction.map(format::percent)),
    ];
    for (label, value) in lines {
        if let Some(value) = value {
            writeln!(out, "{label:<12} {value}").map_err(|e| io(&e))?;
        }
    }
    steps(out, &r.steps)
}

/// One preset in `links --json`.
#[derive(Serialize)]
pub(super) struct LinkJson<'a> {
    id: &'a str,
    name: &'a str,
    kind: LinkKind,
    scope: Scope,
    bandwidth_bytes_per_s: f64,
    bidirectional_bytes_per_s: Option<f64>,
    read_bandwidth_bytes_per_s: f64,
    latency_s: f64,
    efficiency: f64,
    expected_bandwidth_bytes_per_s: f64,
    bandwidth_source: &'a str,
    latency_source: &'a str,
    efficiency_source: &'a str,
    note: &'a str,
}

impl<'a> From<&'a LinkPreset> for LinkJson<'a> {
    fn from(l: &'a LinkPreset) -> Self {
        LinkJson {
            id: &l.id,
            name: l.display_name(),
            kind: l.kind,
            scope: l.scope,
            bandwidth_bytes_per_s: l.bandwidth,
            bidirectional_bytes_per_s: l.bidirectional,
            read_bandwidth_bytes_per_s: l.read_bandwidth(),
            latency_s: l.latency,
            efficiency: l.efficiency,
            expected_bandwidth_bytes_per_s: l.bandwidth * l.efficiency,
            bandwidth_source: &l.bandwidth_source,
            latency_source: &l.latency_source,
            efficiency_source: &l.efficiency_source,
            note: &l.note,
        }
    }
}

pub(super) fn links(out: Out<'_>, links: &[&LinkPreset]) -> Result<(), CalcError> {
    writeln!(
        out,
        "All bandwidths are per direction; bidirectional figures are shown, never used."
    )
    .map_err(|e| io(&e))?;
    for l in links {
        let bidir = l.bidirectional.map_or(String::new(), |b| {
            format!(", {} bidirectional", format::rate_short(b))
        });
        writeln!(
            out,
            "\n{}  {}\n  {} per direction{bidir}; latency {}; efficiency {} → expected {}",
            l.id,
            l.display_name(),
            format::rate(l.bandwidth),
            format::duration(l.latency),
            format::sig(l.efficiency, 3),
            format::rate_short(l.bandwidth * l.efficiency)
        )
        .map_err(|e| io(&e))?;
        for (what, source) in [
            ("bandwidth", &l.bandwidth_source),
            ("latency", &l.latency_source),
            ("efficiency", &l.efficiency_source),
            ("note", &l.note),
        ] {
            if !source.is_empty() {
                writeln!(out, "  {what}: {source}").map_err(|e| io(&e))?;
            }
        }
    }
    Ok(())
}
