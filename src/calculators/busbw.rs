//! algbw and busbw from a measured nccl-tests size and time, and the share of the link reached.

use super::collective::OPS;
use super::{Calculator, Chart, Computed, Field, FieldKind as K, Form, Outcome, Unit, entry};
use crate::calc::{self, BusbwInput, CalcError, HardwareTable, format};
use crate::text::Bi;

pub(super) const BUSBW: Calculator = Calculator {
    id: "busbw",
    title: "Bus bandwidth from a run",
    about: "algbw and busbw from an nccl-tests size and time, and the share of the link reached",
    title_zh: "由实测算总线带宽",
    about_zh: "由 nccl-tests 的 size 和 time 算 algbw、busbw 及链路利用率",
    after_help: "Example:
  infraprep calc busbw allreduce --size 1GiB --time 8203.9us --ranks 8 --link nvlink3",
    fields: FIELDS,
    example: &[
        ("op", "allreduce"),
        ("size", "1 GiB"),
        ("time", "8203.9 us"),
        ("ranks", "8"),
        ("link", "nvlink3"),
    ],
    compute,
    choices: super::fixed_choices,
};

fn compute(form: &Form, table: &HardwareTable) -> Result<Computed, CalcError> {
    let report = calc::busbw(&BusbwInput::from_form(form, table)?);
    let mut outcome = Outcome {
        summary: crate::bi!(
            "{op} on {n} ranks",
            "{n} 个 rank 上的 {op}",
            op = report.op,
            n = report.ranks
        ),
        steps: report.steps.clone(),
        ..Outcome::default()
    };
    outcome.row("algbw", format::rate_short(report.algbw_bytes_per_s));
    outcome.row("busbw", format::rate_short(report.busbw_bytes_per_s));
    if let Some(share) = report.share {
        outcome.row(
            Bi::new("of the link", "占链路带宽"),
            format!("{}%", format::sig(share.percent_of_link, 3)),
        );
    }
    outcome.charts = vec![Chart::Bars {
        title: Bi::new("bandwidth measured", "实测带宽"),
        unit: Unit::Rate,
        bars: vec![
            (
                "algbw".into(),
                report.algbw_bytes_per_s,
                report.algbw_bytes_per_s,
            ),
            (
                "busbw".into(),
                report.busbw_bytes_per_s,
                report.busbw_bytes_per_s,
            ),
        ],
    }];
    Ok(Computed::new(outcome, &report))
}

#[rustfmt::skip]
const FIELDS: &[Field] = &[
    entry("op", "op", K::Choice(OPS), true, "the collective, as for calc collective", "操作", "集合通信操作，同 calc collective").positional().value("OP"),
    entry("size", "size", K::Size, true, "nccl-tests size column, e.g. 1 GiB", "数据量", "nccl-tests 的 size 列，如 1 GiB"),
    entry("time", "time", K::Duration, true, "nccl-tests time column, e.g. 8203.9 us", "耗时", "nccl-tests 的 time 列，如 8203.9 us"),
    entry("ranks", "ranks", K::Count, true, "GPUs in the run", "rank 数", "本次运行的 GPU 数"),
    entry("link", "link", K::LinkOrRate, false, "preset id or rate to compare busbw against", "链路", "用来对比 busbw 的预设 id 或速率"),
];
