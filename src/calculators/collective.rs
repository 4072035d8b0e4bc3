//! Time, algbw and busbw of a collective under nccl-tests conventions, with a size sweep.

use super::field::{GPUS_PER_NODE, INTER, INTRA, NICS_PER_NODE};
use super::{
    Calculator, Chart, Computed, Field, FieldKind as K, Form, Outcome, Table, entry, yes_no,
};
use crate::calc::{
    self, CalcError, CollectiveInput, CollectiveReport, HardwareTable, SweepSeries, format,
};
use crate::text::Bi;

pub(super) const OPS: &[&str] = &calc::Op::NAMES;
const ALGOS: &[&str] = &[
    "auto",
    "ring",
    "tree",
    "nvls",
    "nvlstree",
    "hierarchical",
    "pairwise",
];

pub(super) const COLLECTIVE: Calculator = Calculator {
    id: "collective",
    title: "Collective cost",
    about: "Time, algbw and busbw of a collective (nccl-tests conventions)",
    title_zh: "集合通信开销",
    about_zh: "集合通信的耗时、algbw 与 busbw（按 nccl-tests 口径）",
    after_help: "Examples:
  infraprep calc collective allreduce 1GiB --ranks 8 --intra nvlink3
  infraprep calc collective allgather 16GiB --ranks 8 --intra nvlink4 --algo ring
  infraprep calc collective allreduce 1GiB --ranks 128 --gpus-per-node 8 --intra nvlink4 --inter ib-ndr --sweep

SIZE is nccl-tests' size column: one rank's buffer for allreduce/broadcast/reduce, the total
buffer (n x chunk) for allgather/reducescatter/alltoall. --inter-bw is per NIC.",
    fields: FIELDS,
    example: &[
        ("op", "allreduce"),
        ("size", "1 GiB"),
        ("ranks", "16"),
        ("gpus-per-node", "8"),
        ("intra", "nvlink4"),
        ("inter", "ib-ndr"),
        ("algo", "auto"),
    ],
    compute,
    choices: algorithms_for_op,
};

/// Send/recv-based operations run pairwise only (NCCL has no ring or tree for them).
const PAIRWISE_ALGOS: &[&str] = &["auto", "pairwise"];

/// The algorithms the form offers for the chosen operation.
fn algorithms_for_op(form: &Form, field: &str) -> Option<&'static [&'static str]> {
    (field == "algo" && matches!(form.get("op"), Some("alltoall" | "sendrecv")))
        .then_some(PAIRWISE_ALGOS)
}

/// The collective JSON: the report plus the sweep when asked for.
#[derive(serde::Serialize)]
struct Json<'a> {
    #[serde(flatten)]
    report: &'a CollectiveReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    sweep: Option<&'a [SweepSeries]>,
}

fn compute(form: &Form, table: &HardwareTable) -> Result<Computed, CalcError> {
    let input = CollectiveInput::from_form(form, table)?;
    let report = calc::collective(&input);
    let sweep = calc::collective_sweep(&input, &calc::default_sweep_sizes());
    let mut outcome = Outcome {
        summary: summary(&report),
        steps: report.steps.clone(),
        ..Outcome::default()
    };
    outcome.pair(
        crate::bi!("time ({a})", "耗时（{a}）", a = report.algorithm),
        format::duration(report.seconds),
        format::duration(report.expected_seconds),
    );
    outcome.pair(
        "algbw",
        format::rate_short(report.algbw_bytes_per_s),
        format::rate_short(report.expected_algbw_bytes_per_s),
    );
    outcome.pair(
        "busbw",
        format::rate_short(report.busbw_bytes_per_s),
        format::rate_short(report.expected_busbw_bytes_per_s),
    );
    outcome.charts = vec![Chart::Lines {
        title: Bi::new("time vs size", "耗时随数据量变化"),
        series: sweep
            .iter()
            .map(|s| (s.algorithm.to_string().into(), s.points.clone()))
            .collect(),
        marker: Some(report.size_bytes),
    }];
    let asked = yes_no(form, "sweep")?;
    if asked {
        outcome.tables.push(sweep_table(&sweep));
    }
    let json = Json {
        report: &report,
        sweep: asked.then_some(sweep.as_slice()),
    };
    Ok(Computed::new(outcome, &json))
}

/// What was computed, in one line.
fn summary(report: &CollectiveReport) -> Bi {
    let (op, size) = (report.op, format::bytes(report.size_bytes));
    let (n, k, g, algo) = (
        report.ranks,
        report.nodes,
        report.gpus_per_node,
        report.algorithm,
    );
    let auto = report.requested_algorithm != report.algorithm;
    Bi::new(
        format!(
            "{op} of {size} on {n} ranks ({k} node(s) × {g} GPUs), algorithm: {algo}{}",
            if auto { " (chosen by auto)" } else { "" }
        ),
        format!(
            "{n} 个 rank（{k} 个节点 × {g} 个 GPU）上 {size} 的 {op}，算法：{algo}{}",
            if auto { "（auto 选定）" } else { "" }
        ),
    )
}

/// Expected time per size, a column per algorithm, as an nccl-tests run would list it.
fn sweep_table(series: &[SweepSeries]) -> Table {
    let mut header = vec![Bi::new("size", "数据量")];
    header.extend(series.iter().map(|s| Bi::same(s.algorithm.to_string())));
    let rows = series.first().map_or(0, |s| s.points.len());
    let rows = (0..rows)
        .map(|i| {
            let size = series
                .first()
                .and_then(|s| s.points.get(i))
                .map_or(0.0, |p| p.0);
            let binary = format::bytes(size);
            let label = binary
                .split_once('(')
                .map_or(binary.as_str(), |(_, b)| b.trim_end_matches(')'))
                .to_owned();
            let mut row = vec![label];
            row.extend(series.iter().map(|s| {
                s.points
                    .get(i)
                    .map_or(String::new(), |p| format::duration(p.1))
            }));
            row
        })
        .collect();
    Table {
        title: Bi::new("sweep (expected time)", "数据量扫描（预期耗时）"),
        header,
        rows,
    }
}

#[rustfmt::skip]
const FIELDS: &[Field] = &[
    entry("op", "op", K::Choice(OPS), true, "allreduce, allgather, reducescatter, broadcast, reduce, alltoall, sendrecv", "操作", "集合通信：allreduce、allgather、reducescatter、broadcast、reduce、alltoall、sendrecv").positional().value("OP"),
    entry("size", "size", K::Size, true, "nccl-tests size: per-rank buffer (allreduce), total (allgather, reducescatter, alltoall)", "数据量", "nccl-tests 的 size：每个 rank 的 buffer（allreduce），总量（allgather、reducescatter、alltoall）").positional(),
    entry("ranks", "ranks", K::Count, true, "GPUs in the collective, at least 2", "rank 数", "参与集合通信的 GPU 数，至少 2"),
    GPUS_PER_NODE.explained("empty: all ranks on one node", "留空：所有 rank 在同一节点"),
    NICS_PER_NODE.explained("empty: one NIC per GPU", "留空：每 GPU 一张网卡"),
    INTRA.explained("e.g. nvlink4, or a rate", "如 nvlink4，或一个速率"),
    entry("intra-bw", "intra-node rate", K::Rate, false, "per GPU per direction, instead of a link", "节点内速率", "每 GPU 单向速率，代替链路"),
    INTER.explained("per NIC, e.g. ib-ndr, or a rate", "每张网卡，如 ib-ndr，或一个速率"),
    entry("inter-bw", "inter-node rate", K::Rate, false, "per NIC per direction, instead of a link", "节点间速率", "每张网卡单向速率，代替链路"),
    entry("intra-efficiency", "intra-node efficiency", K::Fraction, false, "share of the intra rate reached; a typed rate defaults to 0.8", "节点内效率", "节点内速率的实际达成比例；手填速率时默认 0.8"),
    entry("inter-efficiency", "inter-node efficiency", K::Fraction, false, "share of the inter rate reached; a typed rate defaults to 0.8", "节点间效率", "节点间速率的实际达成比例；手填速率时默认 0.8"),
    entry("algo", "algorithm", K::Choice(ALGOS), false, "auto (NCCL's choices, default), ring, tree, nvls (NVLink SHARP; nvlstree across nodes), hierarchical (not NCCL), pairwise (alltoall, sendrecv)", "算法", "auto（NCCL 自选，默认）、ring、tree、nvls（NVLink SHARP；跨节点为 nvlstree）、hierarchical（非 NCCL）、pairwise（alltoall、sendrecv）"),
    entry("latency", "latency per step", K::Duration, false, "overrides the links' latency, e.g. 5 us", "每步延迟", "覆盖链路延迟，如 5 us"),
    entry("sweep", "size sweep table", K::Flag, false, "also cost every size from 1 KiB to 16 GiB", "数据量扫描表", "另算 1 KiB 到 16 GiB 的每个数据量"),
];
