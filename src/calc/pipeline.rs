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
use crate::calc::group::{self, Group};
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

/// The schedule: p stages, m micro-batches per step, v model chunks per GPU. The bubble and the
/// point-to-point message count are functions of it alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Schedule {
    /// p: pipeline stages.
    pub stages: usize,
    /// m: micro-batches per step.
    pub micro_batches: usize,
    /// v: model chunks per GPU.
    pub interleave: usize,
}

impl Schedule {
    /// (p-1)/(v m): idle time relative to the ideal compute time.
    pub fn bubble_fraction(self) -> f64 {
        let (p, m, v) = self.pmv();
        (p - 1.0) / (v * m)
    }

    /// (p-1)/(v m + p - 1): idle share of the whole step.
    pub fn bubble_share_of_step(self) -> f64 {
        let (p, m, v) = self.pmv();
        (p - 1.0) / (v * m + p - 1.0)
    }

    /// The same stages and micro-batches without interleaving (v = 1).
    #[must_use]
    pub fn without_interleaving(self) -> Self {
        Schedule {
            interleave: 1,
            ..self
        }
    }

    /// 2 v m: activations forward plus gradients backward, sent by an inner stage per step.
    pub fn messages_per_step(self) -> usize {
        2 * self.interleave * self.micro_batches
    }

    fn pmv(self) -> (f64, f64, f64) {
        (
            self.stages as f64,
            self.micro_batches as f64,
            self.interleave as f64,
        )
    }
}

/// A parsed, checked pipeline calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct PipelineInput {
    pub schedule: Schedule,
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
            schedule: Schedule {
                stages,
                micro_batches: units::parse_count("micro-batches", f.text("micro-batches"), 1)?,
                interleave: f.count_or("interleave", "interleave", 1)?,
            },
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
    #[serde(flatten)]
    pub schedule: Schedule,
    #[serde(flatten)]
    pub bubble: Bubble,
    /// `None` without stage times.
    #[serde(flatten, serialize_with = "group::flat")]
    pub times: Option<StepTimes>,
    #[serde(flatten)]
    pub p2p: P2pCost,
    pub steps: Vec<Bi>,
}

/// The bubble of a schedule, whatever the stage times.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Bubble {
    /// (p-1)/(v m): idle time relative to the ideal compute time.
    pub bubble_fraction: f64,
    /// (p-1)/(v m + p - 1): idle share of the whole step.
    pub bubble_share_of_step: f64,
    /// (p-1)/m: the same pipeline without interleaving.
    pub bubble_fraction_without_interleaving: f64,
    /// m >= 4p, GPipe's rule for a negligible bubble.
    pub gpipe_rule_met: bool,
}

impl Bubble {
    pub fn of(schedule: Schedule) -> Self {
        Bubble {
            bubble_fraction: schedule.bubble_fraction(),
            bubble_share_of_step: schedule.bubble_share_of_step(),
            bubble_fraction_without_interleaving: schedule.without_interleaving().bubble_fraction(),
            gpipe_rule_met: schedule.micro_batches >= 4 * schedule.stages,
        }
    }
}

/// Seconds of one step, from the stage times.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct StepTimes {
    pub forward_seconds: f64,
    pub backward_seconds: f64,
    /// m x (forward + backward).
    pub ideal_seconds: f64,
    /// (p-1) x (forward + backward) / v.
    pub bubble_seconds: f64,
    pub step_seconds: f64,
}

impl Group for StepTimes {
    const FIELDS: &'static [&'static str] = &[
        "forward_seconds",
        "backward_seconds",
        "ideal_seconds",
        "bubble_seconds",
        "step_seconds",
    ];
}

/// The point-to-point traffic of an inner stage: sizes need the activation, seconds the link.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct P2pCost {
    /// b x s x h x bytes, one activation (or gradient) crossing one stage boundary.
    #[serde(rename = "p2p_message_bytes")]
    pub message_bytes: Option<f64>,
    /// 2 v m: see [`Schedule::messages_per_step`].
    #[serde(rename = "p2p_messages_per_step")]
    pub messages_per_step: usize,
    #[serde(rename = "p2p_bytes_per_step")]
    pub bytes_per_step: Option<f64>,
    pub link: Option<String>,
    /// One message over the link.
    #[serde(rename = "p2p_seconds")]
    pub seconds: Option<f64>,
    #[serde(rename = "expected_p2p_seconds")]
    pub expected_seconds: Option<f64>,
}

/// Bubble, step time and point-to-point cost of one pipeline setup.
pub fn pipeline(input: &PipelineInput) -> PipelineReport {
    let schedule = input.schedule;
    let (p, m, v) = schedule.pmv();
    let message = input.activation.map(|a| a.bytes());
    let messages = schedule.messages_per_step();
    let p2p = input.link.as_ref().zip(message).map(|(link, size)| {
        let row = &transfer(&TransferInput {
            size_bytes: size,
            links: vec![link.clone()],
        })
        .results[0];
        (row.seconds, row.expected_seconds)
    });
    let mut report = PipelineReport {
        schedule,
        bubble: Bubble::of(schedule),
        times: input.times.map(|t| {
            let slot = t.forward + t.backward;
            StepTimes {
                forward_seconds: t.forward,
                backward_seconds: t.backward,
                ideal_seconds: m * slot,
                bubble_seconds: (p - 1.0) * slot / v,
                step_seconds: m * slot + (p - 1.0) * slot / v,
            }
        }),
        p2p: P2pCost {
            message_bytes: message,
            messages_per_step: messages,
            bytes_per_step: message.map(|b| b * messages as f64),
            link: input.link.as_ref().map(|l| l.label.clone()),
            seconds: p2p.map(|t| t.0),
            expected_seconds: p2p.map(|t| t.1),
        },
        steps: Vec::new(),
    };
    report.steps = steps::explain(input, &report);
    report
}

#[cfg(test)]
mod tests;
