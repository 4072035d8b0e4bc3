//! Tensor-parallel traffic (Megatron): per transformer layer and micro-batch, two all-reduces
//! in the forward pass and two in the backward pass, each of the b x s x h activation.
//!
//! A ring all-reduce sends 2(t-1)/t of the message from every GPU, so a layer costs
//! 8bsh(t-1)/t elements per device (Narayanan et al. 2021, arXiv:2104.04473). With sequence
//! parallelism each all-reduce becomes a reduce-scatter plus an all-gather of the same tensor,
//! the same bytes (Korthikanti et al. 2022, arXiv:2205.05198). Times come from the collective
//! model's ring, so they match `calc collective` on the same link.

mod steps;

use serde::Serialize;

use crate::calc::Form;
use crate::calc::activation::Activation;
use crate::calc::collective::{self, Algorithm, CollectiveInput, Op};
use crate::calc::group::{self, Group};
use crate::calc::link::{LinkSpec, link_or_bw};
use crate::calc::{CalcError, HardwareTable, units};
use crate::text::Bi;

/// All-reduces per layer and micro-batch: two forward (Megatron's g), two backward (f).
pub const ALLREDUCES_PER_LAYER: usize = 4;

/// A parsed, checked tensor-parallel calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct TpInput {
    pub activation: Activation,
    /// t: GPUs in the tensor-parallel group.
    pub tp: usize,
    pub layers: usize,
    pub micro_batches: usize,
    pub sequence_parallel: bool,
    pub link: Option<LinkSpec>,
}

impl TpInput {
    /// Parses and checks the fields; errors name the bad value and the fix.
    pub fn from_form(f: &Form, table: &HardwareTable) -> Result<Self, CalcError> {
        let tp = units::parse_count("tensor-parallel size", f.text("tp"), 1)?;
        if tp < 2 {
            return Err(CalcError::range(
                "tensor-parallel size",
                f.text("tp").trim(),
                crate::bi!(
                    "must be at least 2: with t = 1 nothing is split and nothing is sent",
                    "至少为 2：t = 1 时什么都不切分，也什么都不发送"
                ),
            ));
        }
        Ok(TpInput {
            activation: Activation::parse(
                f.text("micro-batch"),
                f.text("seq"),
                f.text("hidden"),
                f.get("bytes"),
            )?,
            tp,
            layers: f.count_or("layers", "layers", 1)?,
            micro_batches: f.count_or("micro-batches", "micro-batches", 1)?,
            sequence_parallel: f.flag("sequence-parallel")?,
            link: link_or_bw(f.get("link"), f.get("bw"), table)?,
        })
    }

    /// 2(t-1)/t: the share of the message each GPU sends in a ring all-reduce.
    pub fn ring_factor(&self) -> f64 {
        Op::AllReduce.busbw_factor(self.tp)
    }
}

/// The result (JSON shape in the README). Times are `null` without a link.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TpReport {
    pub tp: usize,
    pub sequence_parallel: bool,
    pub layers: usize,
    pub micro_batches: usize,
    /// b x s x h x bytes: one all-reduce's per-rank buffer.
    pub message_bytes: f64,
    /// `allreduce`, or `allgather+reducescatter` with sequence parallelism.
    pub collectives: &'static str,
    /// Always 4: with sequence parallelism, 4 all-gathers and 4 reduce-scatters instead.
    pub allreduces_per_layer: usize,
    /// 2(t-1)/t x message: what each GPU sends (and receives) per all-reduce.
    pub ring_bytes_per_allreduce: f64,
    /// Per GPU, per layer and micro-batch: 4 x the ring bytes.
    pub layer_bytes: f64,
    /// Per GPU, per step: layer bytes x layers x micro-batches.
    pub step_bytes: f64,
    /// `None` without a link.
    #[serde(flatten, serialize_with = "group::flat")]
    pub times: Option<TpTimes>,
    pub steps: Vec<Bi>,
}

/// The collectives' times on the link: spec, and expected (B × efficiency).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TpTimes {
    pub link: String,
    /// One all-reduce (or reduce-scatter + all-gather).
    pub allreduce_seconds: f64,
    pub expected_allreduce_seconds: f64,
    /// The 4 of one layer and micro-batch.
    pub layer_seconds: f64,
    pub expected_layer_seconds: f64,
    /// Every layer and micro-batch of a step.
    pub step_seconds: f64,
    pub expected_step_seconds: f64,
}

impl Group for TpTimes {
    const FIELDS: &'static [&'static str] = &[
        "link",
        "allreduce_seconds",
        "expected_allreduce_seconds",
        "layer_seconds",
        "expected_layer_seconds",
        "step_seconds",
        "expected_step_seconds",
    ];
}

/// Spec and expected time of one all-reduce (or reduce-scatter + all-gather) on the link.
fn allreduce_times(input: &TpInput, link: &LinkSpec) -> (f64, f64) {
    let on = |op| CollectiveInput {
        op,
        size_bytes: input.activation.bytes(),
        ranks: input.tp,
        gpus_per_node: input.tp,
        nics_per_node: input.tp,
        intra: Some(link.clone()),
        inter: None,
        algorithm: Algorithm::Ring,
        latency: None,
    };
    if input.sequence_parallel {
        let (gs, ge) = collective::times(&on(Op::AllGather), Algorithm::Ring);
        let (rs, re) = collective::times(&on(Op::ReduceScatter), Algorithm::Ring);
        (gs + rs, ge + re)
    } else {
        collective::times(&on(Op::AllReduce), Algorithm::Ring)
    }
}

/// Bytes and, with a link, time of the tensor-parallel collectives.
pub fn tp(input: &TpInput) -> TpReport {
    let message = input.activation.bytes();
    let ring = input.ring_factor() * message;
    let per_layer = ALLREDUCES_PER_LAYER as f64;
    let repeats = input.layers as f64 * input.micro_batches as f64;
    let layer_bytes = per_layer * ring;
    let mut report = TpReport {
        tp: input.tp,
        sequence_parallel: input.sequence_parallel,
        layers: input.layers,
        micro_batches: input.micro_batches,
        message_bytes: message,
        collectives: if input.sequence_parallel {
            "allgather+reducescatter"
        } else {
            "allreduce"
        },
        allreduces_per_layer: ALLREDUCES_PER_LAYER,
        ring_bytes_per_allreduce: ring,
        layer_bytes,
        step_bytes: layer_bytes * repeats,
        times: input.link.as_ref().map(|link| {
            let (spec, expected) = allreduce_times(input, link);
            TpTimes {
                link: link.label.clone(),
                allreduce_seconds: spec,
                expected_allreduce_seconds: expected,
                layer_seconds: spec * per_layer,
                expected_layer_seconds: expected * per_layer,
                step_seconds: spec * per_layer * repeats,
                expected_step_seconds: expected * per_layer * repeats,
            }
        }),
        steps: Vec::new(),
    };
    report.steps = steps::explain(input, &report);
    report
}

#[cfg(test)]
mod tests;
