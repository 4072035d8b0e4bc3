//! The pipeline bubble form.

use super::field::{BW, HIDDEN, INTERLEAVE, LINK, MICRO_BATCH, SEQ};
use super::{
    Calculator, Chart, Computed, Field, FieldKind, Form, Outcome, Row, Unit, entry, one, times,
};
use crate::calc::pipeline::Schedule;
use crate::calc::{self, CalcError, HardwareTable, PipelineInput, format};
use crate::text::Bi;

pub(super) const PIPELINE: Calculator = Calculator {
    id: "pipeline",
    title: "Pipeline bubble",
    about: "Pipeline bubble (1F1B, interleaved), step time and point-to-point cost between stages",
    title_zh: "流水线气泡",
    about_zh: "流水线气泡（1F1B、交错）、步时间及级间点对点开销",
    after_help: "Examples:
  infraprep calc pipeline --stages 16 --micro-batches 64
  infraprep calc pipeline --stages 16 --micro-batches 64 --interleave 4 --t-fwd 10ms
  infraprep calc pipeline --stages 8 --micro-batches 32 --micro-batch 1 --seq 4096 --hidden 8192 --link ib-ndr

Bubble: (p-1)/m of the ideal compute time, (p-1)/(m+p-1) of the step; interleaving divides by v.",
    fields: FIELDS,
    compute: compute_pipeline,
    choices: super::fixed_choices,
    example: &[
        ("stages", "16"),
        ("micro-batches", "64"),
        ("interleave", "4"),
        ("t-fwd", "10 ms"),
        ("micro-batch", "1"),
        ("seq", "4096"),
        ("hidden", "8192"),
        ("link", "ib-ndr"),
    ],
};

fn compute_pipeline(form: &Form, table: &HardwareTable) -> Result<Computed, CalcError> {
    let input = PipelineInput::from_form(form, table)?;
    let report = calc::pipeline(&input);
    let charts = vec![
        Chart::spec_bars(
            Bi::new(
                "bubble by schedule, share of ideal compute: (p-1)/(v·m)",
                "各调度的 bubble 占理想计算的比例：(p-1)/(v·m)",
            ),
            Unit::Percent,
            bubble_by_schedule(&input),
        ),
        step_parts(&report),
    ];
    let schedule = if report.schedule.interleave > 1 {
        crate::bi!(
            "interleaved, v = {v}",
            "交错调度，v = {v}",
            v = report.schedule.interleave
        )
    } else {
        Bi::same("1F1B")
    };
    let (p, m) = (report.schedule.stages, report.schedule.micro_batches);
    let outcome = Outcome {
        summary: format::wrap(
            &schedule,
            &format!("pipeline of p = {p} stages, m = {m} micro-batches, {{}}"),
            &format!("流水线：p = {p} 个 stage，m = {m} 个 micro-batch，{{}}"),
        ),
        ..Outcome::new(headline(&report), &report.steps, charts)
    };
    Ok(Computed::new(outcome, &report))
}

/// Bubble shares, then seconds and the point-to-point cost when known.
fn headline(report: &calc::PipelineReport) -> Vec<Row> {
    #[rustfmt::skip]
    let mut headline = vec![
        one(Bi::new("bubble, of ideal compute", "bubble 占理想计算"), format::percent(report.bubble.bubble_fraction)),
        one(Bi::new("bubble, of the step", "bubble 占整步"), format::percent(report.bubble.bubble_share_of_step)),
    ];
    if let Some(times) = report.times {
        headline.push(one(
            Bi::new("step time", "单步耗时"),
            format::duration(times.step_seconds),
        ));
        headline.push(one(
            Bi::new("of which bubble", "其中 bubble"),
            format::duration(times.bubble_seconds),
        ));
    }
    if let Some(bytes) = report.p2p.message_bytes {
        headline.push(one(
            Bi::new("P2P message", "P2P 消息"),
            format::bytes(bytes),
        ));
    }
    headline.extend(times(
        Bi::new("P2P time", "P2P 耗时"),
        report.p2p.seconds,
        report.p2p.expected_seconds,
    ));
    headline
}

/// 1F1B and interleaving with v = 2 and 4 (and the v asked for), as shares of ideal compute.
fn bubble_by_schedule(input: &calc::PipelineInput) -> Vec<(String, f64)> {
    let schedule = input.schedule;
    let mut chunks = vec![1, 2, 4];
    if !chunks.contains(&schedule.interleave) {
        chunks.push(schedule.interleave);
        chunks.sort_unstable();
    }
    chunks
        .into_iter()
        .map(|v| {
            let label = if v == 1 {
                "1F1B".to_owned()
            } else {
                format!("v = {v}")
            };
            let bubble = Schedule {
                interleave: v,
                ..schedule
            };
            (label, bubble.bubble_fraction())
        })
        .collect()
}

/// The step split into useful compute and bubble: seconds when stage times are known.
fn step_parts(report: &calc::PipelineReport) -> Chart {
    let title = Bi::new("one step: compute and bubble", "单步构成：计算与 bubble");
    let compute = Bi::new("compute", "计算");
    let bubble_label = Bi::same("bubble");
    match report.times {
        Some(times) => Chart::parts(
            title,
            Unit::Seconds,
            [
                (compute, times.ideal_seconds),
                (bubble_label, times.bubble_seconds),
            ],
        ),
        None => Chart::parts(
            title,
            Unit::Percent,
            [
                (compute, 1.0 - report.bubble.bubble_share_of_step),
                (bubble_label, report.bubble.bubble_share_of_step),
            ],
        ),
    }
}

#[rustfmt::skip]
const FIELDS: &[Field] = &[
    entry("stages", "stages p", FieldKind::Count, true, "pipeline stages, at least 2", "级数 p", "流水线级数，至少 2"),
    entry("micro-batches", "micro-batches m", FieldKind::Count, true, "per step", "微批数 m", "每步"),
    INTERLEAVE.explained("model chunks per GPU, default 1", "每 GPU 的模型块数，默认 1"),
    entry("t-fwd", "forward time", FieldKind::Duration, false, "one micro-batch on one stage", "前向耗时", "一个微批在一级上的耗时"),
    entry("t-bwd", "backward time", FieldKind::Duration, false, "default 2 × forward", "反向耗时", "默认 2 × 前向"),
    MICRO_BATCH.explained("for the P2P message b·s·h", "用于 P2P 消息 b·s·h"),
    SEQ.explained("for the P2P message", "用于 P2P 消息"),
    HIDDEN.explained("for the P2P message", "用于 P2P 消息"),
    super::field::ELEMENT_BYTES,
    LINK.explained("between stages, e.g. ib-ndr", "级间链路，如 ib-ndr"),
    BW.explained("or a per-direction rate", "或单向速率"),
];
