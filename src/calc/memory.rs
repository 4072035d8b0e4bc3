//! Model-state memory per GPU under data parallelism and the ZeRO stages, with HSDP.
//!
//! Mixed-precision Adam keeps 2Ψ bf16 weights, 2Ψ bf16 gradients and KΨ optimizer state
//! (K = 12: fp32 master weights, momentum and variance). Sharded N ways: ZeRO-1 4Ψ + KΨ/N,
//! ZeRO-2 2Ψ + (2+K)Ψ/N, ZeRO-3 (4+K)Ψ/N (Rajbhandari et al. 2020, arXiv:1910.02054). HSDP
//! shards inside a group of G GPUs and replicates across groups, so N becomes G. Activations,
//! buffers and fragmentation come on top and are not counted here.

mod stage;

use serde::Serialize;

pub use stage::Stage;

use crate::calc::{CalcError, format, units};

/// The text fields of a memory calculation, as the CLI and the TUI form hold them.
#[derive(Debug, Clone, Copy, Default)]
pub struct MemoryFields<'a> {
    pub params: &'a str,
    /// N: GPUs in the data-parallel (sharding) group.
    pub gpus: &'a str,
    /// Default zero-3.
    pub stage: Option<&'a str>,
    /// K, default 12.
    pub optimizer_bytes: Option<&'a str>,
    /// G: HSDP shard group size; must divide N.
    pub shard_group: Option<&'a str>,
}

/// A parsed, checked memory calculation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MemoryInput {
    pub params: f64,
    pub gpus: usize,
    pub stage: Stage,
    pub optimizer_bytes: f64,
    pub shard_group: Option<usize>,
}

impl MemoryInput {
    /// Parses and checks the fields; errors name the bad value and the fix.
    pub fn from_fields(f: &MemoryFields<'_>) -> Result<Self, CalcError> {
        let gpus = units::parse_count("GPUs", f.gpus, 1)?;
        let shard_group = f
            .shard_group
            .map(|g| units::parse_count("shard group", g, 1))
            .transpose()?;
        if let Some(g) = shard_group.filter(|g| *g > gpus || gpus % g != 0) {
            return Err(CalcError::invalid(format!(
                "shard group '{g}' does not divide the {gpus} GPUs into whole groups: use a divisor of {gpus} (e.g. 8, one node)"
            )));
        }
        let optimizer_bytes = f.optimizer_bytes.map_or(Ok(12.0), |k| {
            units::parse_number("optimizer bytes per parameter", k, 64.0)
        })?;
        Ok(MemoryInput {
            params: units::parse_params(f.params)?,
            gpus,
            stage: f.stage.map_or(Ok(Stage::Zero3), str::parse)?,
            optimizer_bytes,
            shard_group,
        })
    }

    /// The N of the formulas: the shard group with HSDP, else all GPUs.
    pub fn shard_ways(&self) -> usize {
        self.shard_group.unwrap_or(self.gpus)
    }
}

/// One stage's memory and traffic per GPU.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct StageRow {
    pub stage: Stage,
    pub formula: &'static str,
    pub weights_bytes: f64,
    pub gradients_bytes: f64,
    pub optimizer_bytes: f64,
    pub total_bytes: f64,
    /// ZeRO's per-GPU traffic per step: 2Ψ or 3Ψ elements of 2 bytes.
    pub traffic_bytes: f64,
}

/// The result (JSON shape in the README).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MemoryReport {
    pub params: f64,
    pub gpus: usize,
    pub shard_group: Option<usize>,
    /// N in the formulas: the shard group, or all GPUs.
    pub shard_ways: usize,
    /// Copies of the sharded state: GPUs / shard ways.
    pub replicas: usize,
    pub optimizer_bytes_per_param: f64,
    pub stage: Stage,
    /// The chosen stage's total.
    pub bytes_per_gpu: f64,
    /// Every stage, DP to ZeRO-3, for comparison.
    pub stages: Vec<StageRow>,
    pub steps: Vec<String>,
}

fn row(input: &MemoryInput, stage: Stage) -> StageRow {
    let [weights, grads, optimizer] = stage.parts(
        input.params,
        input.optimizer_bytes,
        input.shard_ways() as f64,
    );
    StageRow {
        stage,
        formula: stage.formula(),
        weights_bytes: weights,
        gradients_bytes: grads,
        optimizer_bytes: optimizer,
        total_bytes: weights + grads + optimizer,
        traffic_bytes: stage.traffic_in_params() * input.params * 2.0,
    }
}

/// Memory per GPU for every stage, and the chosen one.
pub fn memory(input: &MemoryInput) -> MemoryReport {
    let stages: Vec<StageRow> = Stage::ALL.iter().map(|s| row(input, *s)).collect();
    let chosen = row(input, input.stage);
    let steps = explain(input, &stages, &chosen);
    MemoryReport {
        params: input.params,
        gpus: input.gpus,
        shard_group: input.shard_group,
        shard_ways: input.shard_ways(),
        replicas: input.gpus / input.shard_ways(),
        optimizer_bytes_per_param: input.optimizer_bytes,
        stage: input.stage,
        bytes_per_gpu: chosen.total_bytes,
        stages,
        steps,
    }
}

fn explain(input: &MemoryInput, stages: &[StageRow], chosen: &StageRow) -> Vec<String> {
    let (psi, n) = (input.params, input.shard_ways());
    let mut steps = setup(input);
    for r in stages {
        steps.push(format!(
            "{}: {} = {} + {} + {} = {} per GPU",
            r.stage.describe(),
            r.formula,
            format::bytes_short(r.weights_bytes),
            format::bytes_short(r.gradients_bytes),
            format::bytes_short(r.optimizer_bytes),
            format::bytes(r.total_bytes)
        ));
    }
    steps.push(format!(
        "chosen: {} → {} per GPU for model state, before activations, buffers and fragmentation",
        input.stage,
        format::bytes(chosen.total_bytes)
    ));
    steps.push(format!(
        "traffic per GPU per step (ZeRO's count, bf16): DP, ZeRO-1 and -2 2Ψ × 2 B = {}; ZeRO-3 3Ψ × 2 B = {} (1.5×)",
        format::bytes_short(4.0 * psi),
        format::bytes_short(6.0 * psi)
    ));
    if input.shard_group.is_some() {
        steps.push(format!(
            "HSDP keeps the per-layer gathers inside the group (NVLink when G fits a node); across groups each GPU all-reduces only its 1/{n} gradient shard once per step"
        ));
    }
    steps
}

/// The accounting per parameter and what N is.
fn setup(input: &MemoryInput) -> Vec<String> {
    let (psi, k, n) = (input.params, input.optimizer_bytes, input.shard_ways());
    let mut steps = vec![format!(
        "Ψ = {} parameters; mixed-precision Adam: 2Ψ bf16 weights + 2Ψ bf16 gradients + KΨ optimizer state (K = {}) = {}Ψ = {} unsharded (ZeRO, Rajbhandari et al. 2020)",
        format::count(psi),
        if (k - 12.0).abs() < f64::EPSILON {
            "12: fp32 master weights, momentum, variance".to_owned()
        } else {
            format!("{}, given", format::sig(k, 4))
        },
        format::sig(4.0 + k, 4),
        format::bytes(psi * (4.0 + k))
    )];
    steps.push(match input.shard_group {
        Some(g) => format!(
            "HSDP: shard inside groups of G = {g}, replicate across {} / {g} = {} groups, so N = {g} below (FSDP HYBRID_SHARD)",
            input.gpus,
            input.gpus / g
        ),
        None => format!("sharded over the data-parallel group: N = {n} GPUs"),
    });
    steps
}

#[cfg(test)]
mod tests;
