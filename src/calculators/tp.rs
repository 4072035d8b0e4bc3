//! The tensor-parallel traffic form.

use super::field::{BW, HIDDEN, LINK, MICRO_BATCH, SEQ};
use super::{
    Calculator, Chart, Computed, Field, FieldKind, Form, Outcome, Unit, entry, one, times,
};
use crate::bi;
use crate::calc::{self, CalcError, HardwareTable, TpInput, format};

/// TP sizes the per-layer bytes chart compares, besides the one asked for.
const CHART_SIZES: [usize; 6] = [2, 4, 8, 16, 32, 64];

pub(super) const TP: Calculator = Calculator {
    id: "tp",
    title: "Tensor-parallel traffic",
    about: "Tensor-parallel traffic per layer and step (Megatron: 4 all-reduces of b·s·h per layer)",
    title_zh: "张量并行通信量",
    about_zh: "每层和每步的张量并行通信量（Megatron：每层 4 次 b·s·h 的 all-reduce）",
    after_help: "Examples:
  infraprep calc tp --micro-batch 1 --seq 4096 --hidden 8192 --tp 8 --link nvlink4
  infraprep calc tp --micro-batch 1 --seq 4096 --hidden 8192 --tp 8 --layers 80 --micro-batches 16 --sequence-parallel --bw 400Gbps

Bytes are what each GPU sends (as much is received): 2(t-1)/t x b·s·h·bytes per all-reduce.",
    fields: FIELDS,
    compute: compute_tp,
    choices: super::fixed_choices,
    example: &[
        ("micro-batch", "1"),
        ("seq", "4096"),
        ("hidden", "8192"),
        ("tp", "8"),
        ("bytes", "bf16"),
        ("layers", "80"),
        ("micro-batches", "8"),
        ("link", "nvlink4"),
    ],
};

fn compute_tp(form: &Form, table: &HardwareTable) -> Result<Computed, CalcError> {
    let input = TpInput::from_form(form, table)?;
    let report = calc::tp(&input);
    let mut charts = vec![Chart::spec_bars(
        bi!(
            "bytes each GPU sends per layer, by TP size: 8bsh(t-1)/t levels off at 8bsh",
            "按 TP 大小，每 GPU 每层发送的字节：8bsh(t-1)/t 趋近 8bsh"
        ),
        Unit::Bytes,
        bytes_by_tp_size(&input),
    )];
    charts.extend(time_chart(&report));
    let collectives = if report.sequence_parallel {
        bi!(
            "4 reduce-scatters + 4 all-gathers",
            "4 次 reduce-scatter + 4 次 all-gather"
        )
    } else {
        bi!("4 all-reduces", "4 次 all-reduce")
    };
    #[rustfmt::skip]
    let mut headline = vec![
        one(bi!("message b·s·h", "消息 b·s·h"), format::bytes(report.message_bytes)),
        one(bi!("per GPU per layer", "每 GPU 每层"), format::bytes(report.layer_bytes)),
        one(bi!("per GPU per step", "每 GPU 每步"), format::bytes(report.step_bytes)),
    ];
    if let Some(t) = &report.times {
        headline.extend(times(
            bi!("time per layer", "每层时间"),
            Some(t.layer_seconds),
            Some(t.expected_layer_seconds),
        ));
        headline.extend(times(
            bi!("time per step", "每步时间"),
            Some(t.step_seconds),
            Some(t.expected_step_seconds),
        ));
    }
    let (tp, link) = (report.tp, report.times.as_ref().map(|t| t.link.as_str()));
    let summary = format::around(
        [&collectives],
        |[c]| match link {
            Some(l) => format!("TP t = {tp}, {c} of the activation per layer on {l}"),
            None => format!("TP t = {tp}, {c} of the activation per layer"),
        },
        |[c]| match link {
            Some(l) => format!("TP t = {tp}，在 {l} 上每层对激活做 {c}"),
            None => format!("TP t = {tp}，每层对激活做 {c}"),
        },
    );
    let outcome = Outcome {
        summary,
        ..Outcome::new(headline, &report.steps, charts)
    };
    Ok(Computed::new(outcome, &report))
}

/// Time per layer on the link, spec and expected; none without a link.
fn time_chart(report: &calc::TpReport) -> Option<Chart> {
    let t = report.times.as_ref()?;
    let (link, spec, expected) = (&t.link, t.layer_seconds, t.expected_layer_seconds);
    Some(Chart::Bars {
        title: bi!("communication time per layer", "每层通信时间"),
        unit: Unit::Seconds,
        bars: vec![(
            bi!("t = {t} on {link}", "t = {t}，{link}", t = report.tp),
            spec,
            expected,
        )],
    })
}

/// Per-layer bytes for the usual TP sizes and the one asked for (no expected figure: repeated).
fn bytes_by_tp_size(input: &calc::TpInput) -> Vec<(String, f64)> {
    let mut sizes: Vec<usize> = CHART_SIZES.to_vec();
    if !sizes.contains(&input.tp) {
        sizes.push(input.tp);
        sizes.sort_unstable();
    }
    sizes
        .into_iter()
        .map(|t| {
            let bytes = calc::tp::ALLREDUCES_PER_LAYER as f64
                * calc::collective::Op::AllReduce.busbw_factor(t)
                * input.activation.bytes();
            (format!("t = {t}"), bytes)
        })
        .collect()
}

#[rustfmt::skip]
const FIELDS: &[Field] = &[
    MICRO_BATCH.explained("sequences per micro-batch", "每个微批的序列数").required(),
    SEQ.explained("tokens per sequence, e.g. 4096", "每条序列的 token 数，如 4096").required(),
    HIDDEN.explained("hidden size, e.g. 8192", "隐藏层维度，如 8192").required(),
    entry("tp", "TP size t", FieldKind::Count, true, "GPUs in the TP group, at least 2", "TP 大小 t", "TP 组内 GPU 数，至少 2"),
    super::field::ELEMENT_BYTES,
    super::field::LAYERS,
    super::field::MICRO_BATCHES,
    entry("sequence-parallel", "sequence parallel", FieldKind::Flag, false, "yes: reduce-scatter + all-gather, same bytes", "序列并行", "是：reduce-scatter + all-gather，字节数相同"),
    LINK.explained("TP group link, e.g. nvlink4", "TP 组链路，如 nvlink4"),
    BW.explained("or a per-direction rate, e.g. 450 GB/s", "或单向速率，如 450 GB/s"),
];
