//! Plain-text output of calculator results: the summary, the headline figures (spec and
//! expected), any tables, then the numbered steps. One printer for every calculator.

use std::io::Write;

use serde::Serialize;
use unicode_width::UnicodeWidthStr;

use crate::calc::format;
use crate::calc::{CalcError, ExprValue, LinkKind, LinkPreset, Scope};
use crate::calculators::{Outcome, Table};
use crate::content::Lang;
use crate::text::messages as m;

type Out<'a> = &'a mut dyn Write;

fn io(e: &std::io::Error) -> CalcError {
    CalcError::output(e)
}

/// Width of the label column of headline figures.
const LABEL: usize = 12;

/// The outcome in the interface language `lang`.
pub(super) fn outcome(out: Out<'_>, o: &Outcome, lang: Lang) -> Result<(), CalcError> {
    if !o.summary.is_empty() {
        writeln!(out, "{}", o.summary.get(lang)).map_err(|e| io(&e))?;
    }
    for (label, spec, expected) in &o.headline {
        let (label, spec, expected) = (label.get(lang), spec.get(lang), expected.get(lang));
        let value = if expected.is_empty() || expected == spec {
            spec.to_owned()
        } else {
            m::CALC_SPEC_EXPECTED.fill(lang, &[("spec", &spec), ("expected", &expected)])
        };
        let pad = LABEL.saturating_sub(UnicodeWidthStr::width(label));
        writeln!(out, "{label}{} {value}", " ".repeat(pad)).map_err(|e| io(&e))?;
    }
    for t in &o.tables {
        table(out, t, lang)?;
    }
    let steps: Vec<&str> = o.steps.iter().map(|s| s.get(lang)).collect();
    numbered(out, &steps, lang)
}

/// A table with its columns right-aligned to their widest cell, the first left-aligned.
fn table(out: Out<'_>, t: &Table, lang: Lang) -> Result<(), CalcError> {
    let columns = t.header.len();
    let header: Vec<String> = t.header.iter().map(|h| h.get(lang).to_owned()).collect();
    let mut widths: Vec<usize> = header
        .iter()
        .map(|h| UnicodeWidthStr::width(h.as_str()))
        .collect();
    for row in &t.rows {
        for (i, cell) in row.iter().enumerate().take(columns) {
            widths[i] = widths[i].max(UnicodeWidthStr::width(cell.as_str()));
        }
    }
    writeln!(out, "{}:", t.title.get(lang)).map_err(|e| io(&e))?;
    for row in std::iter::once(&header).chain(&t.rows) {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .take(columns)
            .map(|(i, cell)| {
                let pad =
                    " ".repeat(widths[i].saturating_sub(UnicodeWidthStr::width(cell.as_str())));
                if i == 0 {
                    format!("{cell}{pad}")
                } else {
                    format!("{pad}{cell}")
                }
            })
            .collect();
        writeln!(out, "  {}", cells.join("  ")).map_err(|e| io(&e))?;
    }
    Ok(())
}

/// Numbered steps under the `steps:` heading in `lang`.
pub(super) fn numbered(out: Out<'_>, steps: &[&str], lang: Lang) -> Result<(), CalcError> {
    writeln!(out, "{}", m::CALC_STEPS_HEADING.get(lang)).map_err(|e| io(&e))?;
    for (i, step) in steps.iter().enumerate() {
        writeln!(out, "  {}. {step}", i + 1).map_err(|e| io(&e))?;
    }
    Ok(())
}

pub(super) fn expression(out: Out<'_>, v: &ExprValue, lang: Lang) -> Result<(), CalcError> {
    writeln!(out, "= {}", v.display).map_err(|e| io(&e))?;
    let steps: Vec<&str> = v.steps.iter().map(|s| s.get(lang)).collect();
    numbered(out, &steps, lang)
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

pub(super) fn links(out: Out<'_>, links: &[&LinkPreset], lang: Lang) -> Result<(), CalcError> {
    writeln!(out, "{}", m::LINKS_PER_DIRECTION.get(lang)).map_err(|e| io(&e))?;
    for l in links {
        let bidir = l.bidirectional.map_or(String::new(), |b| {
            m::LINKS_BIDIRECTIONAL.fill(lang, &[("rate", &format::rate_short(b))])
        });
        let line = m::LINKS_FIGURES.fill(
            lang,
            &[
                ("rate", &format::rate(l.bandwidth)),
                ("bidir", &bidir),
                ("latency", &format::duration(l.latency)),
                ("efficiency", &format::sig(l.efficiency, 3)),
                ("expected", &format::rate_short(l.bandwidth * l.efficiency)),
            ],
        );
        writeln!(out, "\n{}  {}\n  {line}", l.id, l.display_name()).map_err(|e| io(&e))?;
        for (what, source) in [
            (m::LINKS_BANDWIDTH, &l.bandwidth_source),
            (m::LINKS_LATENCY, &l.latency_source),
            (m::LINKS_EFFICIENCY, &l.efficiency_source),
            (m::LINKS_NOTE, &l.note),
        ] {
            let what = what.get(lang);
            if !source.is_empty() {
                writeln!(out, "  {what}: {source}").map_err(|e| io(&e))?;
            }
        }
    }
    Ok(())
}
