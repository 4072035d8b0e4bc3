//! Model FLOPs utilization: the share of the GPUs' peak spent on the FLOPs the model needs.
//!
//! MFU = tokens/s x (6N + 12·L·H·Q·T) / (GPUs x peak), after PaLM's Appendix B (Chowdhery et
//! al. 2022, arXiv:2204.02311): 6N for the weight matmuls (2N forward, 4N backward), 12·L·H·Q·T
//! for the attention matmuls over a T-token context. HFU also counts recomputed work: full
//! recomputation repeats the forward pass (2N + 4·L·H·Q·T more), selective recomputation only
//! the attention core (4·L·H·Q·T; Korthikanti et al. 2022, arXiv:2205.05198).

mod peak;
mod recompute;
mod steps;

use serde::Serialize;

pub use peak::{GPU_PEAKS, GpuPeak, Peak, parse_peak};
pub use recompute::Recompute;

use crate::bi;
use crate::calc::Form;
use crate::calc::{CalcError, format, units};
use crate::text::Bi;

/// Largest token rate or step size accepted: 1e15.
const MAX_TOKENS: f64 = 1e15;

/// The attention dimensions: L layers, H heads of dimension Q, T tokens of context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attention {
    pub layers: usize,
    pub heads: usize,
    pub head_dim: usize,
    pub seq: usize,
}

impl Attention {
    /// 12·L·H·Q·T, forward and backward.
    pub fn flops_per_token(&self) -> f64 {
        12.0 * self.layers as f64 * self.heads as f64 * self.head_dim as f64 * self.seq as f64
    }
}

/// How throughput was given.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Throughput {
    TokensPerSecond(f64),
    Step { seconds: f64, tokens: f64 },
}

impl Throughput {
    pub fn tokens_per_s(self) -> f64 {
        match self {
            Throughput::TokensPerSecond(rate) => rate,
            Throughput::Step { seconds, tokens } => tokens / seconds,
        }
    }
}

/// A parsed, checked MFU calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct MfuInput {
    pub params: f64,
    pub gpus: usize,
    pub peak: Peak,
    pub throughput: Throughput,
    pub attention: Option<Attention>,
    pub recompute: Recompute,
}

impl MfuInput {
    /// Parses and checks the fields; errors name the bad value and the fix.
    pub fn from_form(f: &Form) -> Result<Self, CalcError> {
        let input = MfuInput {
            params: units::parse_params(f.text("params"))?,
            gpus: units::parse_count("GPUs", f.text("gpus"), 1)?,
            peak: parse_peak(f.text("peak"))?,
            throughput: throughput(f)?,
            attention: attention(f)?,
            recompute: f.get("recompute").map_or(Ok(Recompute::None), str::parse)?,
        };
        input.check()?;
        Ok(input)
    }

    /// Refuses a utilization above 100%: some figure is off (a peak at the wrong precision or
    /// with 2:4 sparsity dropped, tokens per step counted twice, a step time in ms read as s).
    fn check(&self) -> Result<(), CalcError> {
        let r = mfu(self);
        for (what, value) in [("MFU", r.mfu), ("HFU", r.hfu)] {
            if value > 1.0 {
                return Err(CalcError::invalid(bi!(
                    "{what} comes out at {p} of the peak {peak} FLOP/s per GPU, above 100%, which no GPU can do: check the throughput ({tps} tokens/s on {gpus} GPUs), the parameter count and the peak's precision",
                    "{what} 算出为每 GPU 峰值 {peak} FLOP/s 的 {p}，超过 100%，没有 GPU 做得到：请检查吞吐（{gpus} 个 GPU 上 {tps} tokens/s）、参数量和峰值的精度",
                    p = format::percent(value),
                    peak = format::sig(self.peak.flops_per_s, 4),
                    tps = format::sig(r.tokens_per_s, 4),
                    gpus = self.gpus
                )));
            }
        }
        Ok(())
    }
}

fn throughput(f: &Form) -> Result<Throughput, CalcError> {
    let tokens = |what, t| units::parse_number(what, t, MAX_TOKENS);
    match (
        f.get("tokens-per-s"),
        f.get("step-time"),
        f.get("tokens-per-step"),
    ) {
        (Some(rate), None, None) => Ok(Throughput::TokensPerSecond(tokens(
            "tokens per second",
            rate,
        )?)),
        (None, Some(time), Some(count)) => Ok(Throughput::Step {
            seconds: units::parse_duration(time)?,
            tokens: tokens("tokens per step", count)?,
        }),
        (Some(_), _, _) => Err(CalcError::invalid(bi!(
            "give --tokens-per-s, or --step-time with --tokens-per-step, not both",
            "给 --tokens-per-s，或给 --step-time 加 --tokens-per-step，不要两者都给"
        ))),
        (None, Some(_), None) => Err(CalcError::invalid(bi!(
            "--step-time needs --tokens-per-step (global batch × sequence length, e.g. 16M)",
            "--step-time 需要 --tokens-per-step（全局批 × 序列长度，如 16M）"
        ))),
        (None, None, Some(_)) => Err(CalcError::invalid(bi!(
            "--tokens-per-step needs --step-time (e.g. '20 s')",
            "--tokens-per-step 需要 --step-time（如 '20 s'）"
        ))),
        (None, None, None) => Err(CalcError::invalid(bi!(
            "no throughput given: add --tokens-per-s N, or --step-time TIME with --tokens-per-step N",
            "未给吞吐：加 --tokens-per-s N，或 --step-time TIME 加 --tokens-per-step N"
        ))),
    }
}

/// The attention dimensions, when all four are given.
fn attention(f: &Form) -> Result<Option<Attention>, CalcError> {
    let dims = ["layers", "heads", "head-dim", "seq"];
    let missing = f.missing(&dims);
    if missing.len() == dims.len() {
        return Ok(None);
    }
    if !missing.is_empty() {
        return Err(CalcError::invalid(bi!(
            "the attention term 12·L·H·Q·T needs --layers, --heads, --head-dim and --seq together: add {m}",
            "attention 项 12·L·H·Q·T 需要同时给 --layers、--heads、--head-dim 和 --seq：请加 {m}",
            m = missing.join(", ")
        )));
    }
    let count = |what, text: Option<&str>| units::parse_count(what, text.unwrap_or(""), 1);
    Ok(Some(Attention {
        layers: count("layers", f.get("layers"))?,
        heads: count("heads", f.get("heads"))?,
        head_dim: count("head dimension", f.get("head-dim"))?,
        seq: count("sequence length", f.get("seq"))?,
    }))
}

/// The result (JSON shape in the README). FLOPs are counts, FLOP/s rates; MFU and HFU fractions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MfuReport {
    pub params: f64,
    pub gpus: usize,
    #[serde(flatten)]
    pub peak: Peak,
    pub step_seconds: Option<f64>,
    pub tokens_per_step: Option<f64>,
    pub tokens_per_s: f64,
    pub tokens_per_s_per_gpu: f64,
    /// 6N.
    pub dense_flops_per_token: f64,
    /// 12·L·H·Q·T (0 without the attention dimensions).
    pub attention_flops_per_token: f64,
    pub model_flops_per_token: f64,
    /// `none`, `selective`, `full` or the fraction.
    pub recompute: String,
    /// Model FLOPs plus recomputed ones.
    pub hardware_flops_per_token: f64,
    /// Achieved model FLOP/s per GPU.
    pub model_flops_per_s_per_gpu: f64,
    pub mfu: f64,
    pub hfu: f64,
    pub steps: Vec<Bi>,
}

/// MFU and HFU of one run.
pub fn mfu(input: &MfuInput) -> MfuReport {
    let tokens_per_s = input.throughput.tokens_per_s();
    let gpus = input.gpus as f64;
    let dense = 6.0 * input.params;
    let attention = input.attention.map_or(0.0, |a| a.flops_per_token());
    let model = dense + attention;
    let hardware = model + input.recompute.extra_flops(input.params, attention);
    let (step_seconds, tokens_per_step) = match input.throughput {
        Throughput::Step { seconds, tokens } => (Some(seconds), Some(tokens)),
        Throughput::TokensPerSecond(_) => (None, None),
    };
    let mut report = MfuReport {
        params: input.params,
        gpus: input.gpus,
        peak: input.peak.clone(),
        step_seconds,
        tokens_per_step,
        tokens_per_s,
        tokens_per_s_per_gpu: tokens_per_s / gpus,
        dense_flops_per_token: dense,
        attention_flops_per_token: attention,
        model_flops_per_token: model,
        recompute: input.recompute.to_string(),
        hardware_flops_per_token: hardware,
        model_flops_per_s_per_gpu: tokens_per_s * model / gpus,
        mfu: tokens_per_s * model / (gpus * input.peak.flops_per_s),
        hfu: tokens_per_s * hardware / (gpus * input.peak.flops_per_s),
        steps: Vec::new(),
    };
    report.steps = steps::explain(input, &report);
    report
}

#[cfg(test)]
mod tests;
