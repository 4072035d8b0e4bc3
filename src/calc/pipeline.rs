//! Pipeline bubble: idle time of p stages over m micro-batches, with v interleaved chunks per
//! GPU, and the point-to-point traffic between stages.
//!
//! GPipe and 1F1B idle for (p-1) micro-batch slots: (p-1)/m of the ideal compute time, or
//! (p-1)/(m+p-1) of the step. Interleaving v model chunks per GPU divides the bubble by v and
//! multiplies the point-to-point messages by v (Narayanan et al. 2021, arXiv:2104.04473).
//! GPipe's rule of thumb: the bubble is negligible for m >= 4p (Huang et al. 2019,
//! arXiv:1811.06965). Each stage boundary carries the b x s x h activation per micro-batch.

mod steps;

use serde::Serialize;

use crate::calc::Form;
use crate::calc::activation::Activation;
use crate::calc::link::{LinkSpec, link_or_bw};
use crate::calc::{CalcError, HardwareTable, TransferInput, transfer, units};
use crate::text::Bi;

/// Forward and backward time of one micro-batch on one stage, in seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StageTimes {
    pub forward: f64,
    pub backward: f64,
    /// True when the backward time was not given and is taken as 2 x forward.
    pub backward_assumed: bool,
}

/// A parsed, checked pipeline calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct PipelineInput {
    /// p: pipeline stages.
    pub stages: usize,
    /// m: micro-batches per step.
    pub micro_batches: usize,
    /// v: model chunks per GPU.
    pub interleave: usize,
    pub times: Option<StageTimes>,
    pub activation: Option<Activation>,
    pub link: Option<LinkSpec>,
}

impl PipelineInput {
    /// Parses and checks the fields; errors name the bad value and the fix.
    pub fn from_form(f: &Form, table: &HardwareTable) -> Result<Self, CalcError> {
        let stages = units::parse_count("stages", f.text("stages"), 2).map_err(|e| {
            CalcError::invalid(crate::calc::format::wrap(
                &e.text(),
                "{}: a pipeline needs at least 2 stages",
                "{}：流水线至少需要 2 个 stage",
            ))
        })?;
        let input = PipelineInput {
            stages,
            micro_batches: units::parse_count("micro-batches", f.text("micro-batches"), 1)?,
            interleave: f.count_or("interleave", "interleave", 1)?,
            times: stage_times(f.get("t-fwd"), f.get("t-bwd"))?,
            activation: activation(f)?,
            link: link_or_bw(f.get("link"), f.get("bw"), table)?,
        };
        if input.link.is_some() && input.activation.is_none() {
            return Err(CalcError::invalid(Bi::new(
                "a link needs the message size: add --micro-batch, --seq and --hidden (e.g. 1, 4096, 8192)",
                "给了链路就需要消息大小：请加 --micro-batch、--seq 和 --hidden（如 1、4096、8192）",
            )));
        }
        Ok(input)
    }
}

fn stage_times(
    forward: Option<&str>,
    backward: Option<&str>,
) -> Result<Option<StageTimes>, CalcError> {
    let Some(forward) = forward else {
        return match backward {
            Some(b) => Err(CalcError::invalid(crate::bi!(
                "--t-bwd '{b}' needs --t-fwd as well (the forward time of one micro-batch on one stage)",
                "--t-bwd '{b}' 还需要 --t-fwd（一个 micro-batch 在一个 stage 上的前向时间）",
                b = b.trim()
            ))),
            None => Ok(None),
        };
    };
    let forward = units::parse_duration(forward)?;
    Ok(Some(StageTimes {
        forward,
        backward: backward.map_or(Ok(2.0 * forward), units::parse_duration)?,
        backward_assumed: backward.is_none(),
    }))
}

/// The activation shape, when all three of b, s and h are given.
fn activation(f: &Form) -> Result<Option<Activation>, CalcError> {
    match (f.get("micro-batch"), f.get("seq"), f.get("hidden")) {
        (Some(b), Some(s), Some(h)) => Activation::parse(b, s, h, f.get("bytes")).map(Some),
        (None, None, None) if f.get("bytes").is_none() => Ok(None),
        _ => Err(CalcError::invalid(crate::bi!(
            "the point-to-point message needs --micro-batch, --seq and --hidden together: add {m}",
            "点对点消息需要同时给出 --micro-batch、--seq 和 --hidden：请补上 {m}",
            m = f.missing(&["micro-batch", "seq", "hidden"]).join(", ")
        ))),
    }
}

/// The result (JSON shape in the README). Absent figures are `null`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PipelineReport {
    pub stages: usize,
    pub micro_batches: usize,
    pub interleave: usize,
    /// (p-1)/(v m): idle time relative to the ideal compute time.
    pub bubble_fraction: f64,
    /// (p-1)/(v m + p - 1): idle share of the whole step.
    pub bubble_share_of_step: f64,
    /// (p-1)/m: the same pipeline without interleaving.
    pub bubble_fraction_without_interleaving: f64,
    /// m >= 4p, GPipe's rule for a negligible bubble.
    pub gpipe_rule_met: bool,
    pub forward_seconds: Option<f64>,
    pub backward_seconds: Option<f64>,
    /// m x (forward + backward).
    pub ideal_seconds: Option<f64>,
    /// (p-1) x (forward + backward) / v.
    pub bubble_seconds: Option<f64>,
    pub step_seconds: Option<f64>,
    /// b x s x h x bytes, one activation (or gradient) crossing one stage boundary.
    pub p2p_message_bytes: Option<f64>,
    /// 2 v m: activations forward plus gradients backward, sent by an inner stage per step.
    pub p2p_messages_per_step: usize,
    pub p2p_bytes_per_step: Option<f64>,
    pub link: Option<String>,
    /// One message over the link.
    pub p2p_seconds: Option<f64>,
    pub expected_p2p_seconds: Option<f64>,
    pub steps: Vec<Bi>,
}

/// Bubble, step time and point-to-point cost of one pipeline setup.
pub fn pipeline(input: &PipelineInput) -> PipelineReport {
    let (p, m, v) = (
        input.stages as f64,
        input.micro_batches as f64,
        input.interleave as f64,
    );
    let slot = input.times.map(|t| t.forward + t.backward);
    let message = input.activation.map(|a| a.bytes());
    let messages = 2 * input.interleave * input.micro_batches;
    let p2p = input.link.as_ref().zip(message).map(|(link, size)| {
        let row = &transfer(&TransferInput {
            size_bytes: size,
            links: vec![link.clone()],
        })
        .results[0];
        (row.seconds, row.expected_seconds)
    });
    let mut report = PipelineReport {
        stages: input.stages,
        micro_batches: input.micro_batches,
        interleave: input.interleave,
        bubble_fraction: (p - 1.0) / (v * m),
        bubble_share_of_step: (p - 1.0) / (v * m + p - 1.0),
        bubble_fraction_without_interleaving: (p - 1.0) / m,
        gpipe_rule_met: input.micro_batches >= 4 * input.stages,
        forward_seconds: input.times.map(|t| t.forward),
        backward_seconds: input.times.map(|t| t.backward),
        ideal_seconds: slot.map(|s| m * s),
        bubble_seconds: slot.map(|s| (p - 1.0) * s / v),
        step_seconds: slot.map(|s| m * s + (p - 1.0) * s / v),
        p2p_message_bytes: message,
        p2p_messages_per_step: messages,
        p2p_bytes_per_step: message.map(|b| b * messages as f64),
        link: input.link.as_ref().map(|l| l.label.clone()),
        p2p_seconds: p2p.map(|t| t.0),
        expected_p2p_seconds: p2p.map(|t| t.1),
        steps: Vec::new(),
    };
    report.steps = steps::explain(input, &report);
    report
}

#[cfg(test)]
mod tests;
