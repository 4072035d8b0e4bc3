//! Transfer time over one or several links: t = latency + size / (bandwidth × efficiency).

use super::{Calculator, Chart, Computed, Field, FieldKind as K, Form, Outcome, Unit, entry};
use crate::calc::{self, CalcError, HardwareTable, TransferInput, format};
use crate::text::Bi;

pub(super) const TRANSFER: Calculator = Calculator {
    id: "transfer",
    title: "Transfer time",
    about: "Time to move SIZE over one or several links: t = latency + size / (bandwidth × efficiency)",
    title_zh: "传输时间",
    about_zh: "经一条或多条链路传输 SIZE 的耗时：t = 延迟 + 数据量 / (带宽 × 效率)",
    after_help: "Examples:
  infraprep calc transfer 10GiB --link pcie4 --link nvlink3 --link ib-hdr
  infraprep calc transfer 1.5TB --bandwidth 200Gbps --latency 2us --efficiency 0.9 --json",
    fields: FIELDS,
    example: &[("size", "10 GiB"), ("links", "pcie4 nvlink3 ib-hdr")],
    compute,
    choices: super::fixed_choices,
};

fn compute(form: &Form, table: &HardwareTable) -> Result<Computed, CalcError> {
    let report = calc::transfer(&TransferInput::from_form(form, table)?);
    let mut outcome = Outcome {
        summary: crate::bi!(
            "transfer of {size} (per direction)",
            "传输 {size}（单向）",
            size = format::bytes(report.size_bytes)
        ),
        ..Outcome::default()
    };
    for r in &report.results {
        outcome.pair(
            &r.link,
            format::duration(r.seconds),
            format::duration(r.expected_seconds),
        );
    }
    outcome.steps = report
        .results
        .iter()
        .flat_map(|r| r.steps.iter().cloned())
        .collect();
    outcome.charts = vec![Chart::Bars {
        title: Bi::new("time per link", "各链路耗时"),
        unit: Unit::Seconds,
        bars: report
            .results
            .iter()
            .map(|r| (r.link.clone().into(), r.seconds, r.expected_seconds))
            .collect(),
    }];
    Ok(Computed::new(outcome, &report))
}

#[rustfmt::skip]
const FIELDS: &[Field] = &[
    entry("size", "size", K::Size, true, "size to move, e.g. 10 GiB, 1.5 TB, 800 Gb", "数据量", "要传输的数据量，如 10 GiB、1.5 TB、800 Gb").positional(),
    entry("links", "links", K::Links, false, "link preset ids (see infraprep links)", "链路", "链路预设 id（见 infraprep links）").flag("link"),
    entry("bandwidth", "bandwidth", K::Rate, false, "a per-direction rate of your own, e.g. 200 Gb/s", "带宽", "自定义单向速率，如 200 Gb/s"),
    entry("latency", "latency", K::Duration, false, "overrides each link's latency, e.g. 2 us", "延迟", "覆盖各链路的延迟，如 2 us"),
    entry("efficiency", "efficiency", K::Fraction, false, "overrides each link's efficiency, 0-1", "效率", "覆盖各链路的效率，0-1"),
];
