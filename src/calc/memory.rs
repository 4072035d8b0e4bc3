//! Model-state memory per GPU under data parallelism and the ZeRO stages, with HSDP.
//!
//! Mixed-precision Adam keeps 2Ψ bf16 weights, 2Ψ bf16 gradients and KΨ optimizer state
//! (K = 12: fp32 master weights, momentum and variance). Sharded N ways: ZeRO-1 4Ψ + KΨ/N,
//! ZeRO-2 2Ψ + (2+K)Ψ/N, ZeRO-3 (4+K)Ψ/N (Rajbhandari et al. 2020, arXiv:1910.02054). HSDP
//! shards inside a group of G GPUs and replicates across groups, so N becomes G. Activations,
//! buffers and fragmentation come on top and are not counted here.

mod convention;
mod stage;

use serde::Serialize;

pub use convention::Convention;
pub use stage::Stage;

use crate::bi;
use crate::calc::Form;
use crate::calc::{CalcError, format, units};
use crate::content::Lang;
use crate::text::Bi;

/// A parsed, checked memory calculation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MemoryInput {
    pub params: f64,
    pub gpus: usize,
    pub stage: Stage,
    pub optimizer_bytes: f64,
    pub shard_group: Option<usize>,
    pub convention: Convention,
    /// Largest layer's parameter count (0 when not given).
    pub largest_layer: f64,
}

impl MemoryInput {
    /// Parses and checks the fields; errors name the bad value and the fix.
    pub fn from_form(f: &Form) -> Result<Self, CalcError> {
        let gpus = units::parse_count("GPUs", f.text("gpus"), 1)?;
        let shard_group = f.parse("shard-group", |g| units::parse_count("shard group", g, 1))?;
        if let Some(g) = shard_group.filter(|g| *g > gpus || gpus % g != 0) {
            return Err(CalcError::invalid(bi!(
                "shard group '{g}' does not divide the {gpus} GPUs into whole groups: use a divisor of {gpus} (e.g. 8, one node)",
                "分片组 '{g}' 不能把 {gpus} 个 GPU 分成整组：请用 {gpus} 的约数（如 8，一个节点）"
            )));
        }
        let optimizer_bytes = f.get("optimizer-bytes").map_or(Ok(12.0), |k| {
            units::parse_number("optimizer bytes per parameter", k, 64.0)
        })?;
        let convention: Convention = f
            .get("convention")
            .map_or(Ok(Convention::Paper), str::parse)?;
        if convention == Convention::Deepspeed && (optimizer_bytes - 12.0).abs() > f64::EPSILON {
            return Err(CalcError::invalid(bi!(
                "--optimizer-bytes '{k}' cannot be used with --convention deepspeed: DeepSpeed's estimators fix it at 12 (16Ψ/N and 18Ψ/N); use --convention paper",
                "--optimizer-bytes '{k}' 不能与 --convention deepspeed 同用：DeepSpeed 的估算固定为 12（16Ψ/N 和 18Ψ/N）；请用 --convention paper",
                k = format::sig(optimizer_bytes, 4)
            )));
        }
        let largest_layer = f
            .parse("largest-layer", units::parse_params)?
            .unwrap_or(0.0);
        Ok(MemoryInput {
            params: units::parse_params(f.text("params"))?,
            gpus,
            stage: f.get("stage").map_or(Ok(Stage::Zero3), str::parse)?,
            optimizer_bytes,
            shard_group,
            convention,
            largest_layer,
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
    /// The count followed for this row (DP and ZeRO-1 stay `paper`: `DeepSpeed` has no estimator).
    pub convention: Convention,
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
    pub convention: Convention,
    pub stage: Stage,
    /// The chosen stage's total.
    pub bytes_per_gpu: f64,
    /// Every stage, DP to ZeRO-3, for comparison.
    pub stages: Vec<StageRow>,
    pub steps: Vec<Bi>,
}

fn row(input: &MemoryInput, stage: Stage) -> StageRow {
    let ways = input.shard_ways() as f64;
    let deepspeed = (input.convention == Convention::Deepspeed)
        .then(|| Convention::deepspeed_parts(stage, input.params, ways, input.largest_layer))
        .flatten();
    let (convention, [weights, grads, optimizer], formula) = match deepspeed {
        Some(parts) => (
            Convention::Deepspeed,
            parts,
            Convention::deepspeed_formula(stage).unwrap_or_default(),
        ),
        None => (
            Convention::Paper,
            stage.parts(input.params, input.optimizer_bytes, ways),
            stage.formula(),
        ),
    };
    StageRow {
        stage,
        formula,
        convention,
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
        convention: input.convention,
        stage: input.stage,
        bytes_per_gpu: chosen.total_bytes,
        stages,
        steps,
    }
}

fn explain(input: &MemoryInput, stages: &[StageRow], chosen: &StageRow) -> Vec<Bi> {
    let (psi, n) = (input.params, input.shard_ways());
    let mut steps = setup(input);
    for r in stages {
        let formula = match Convention::deepspeed_formula_text(r.stage) {
            Some((en, zh)) if r.convention == Convention::Deepspeed => Bi::new(en, zh),
            _ => Bi::same(r.formula),
        };
        let (w, g, o) = (
            format::bytes_short(r.weights_bytes),
            format::bytes_short(r.gradients_bytes),
            format::bytes_short(r.optimizer_bytes),
        );
        let total = format::bytes(r.total_bytes);
        let stage = r.stage.describe();
        steps.push(format::around(
            [&stage, &formula],
            |[stage, formula]| format!("{stage}: {formula} = {w} + {g} + {o} = {total} per GPU"),
            |[stage, formula]| format!("{stage}：{formula} = {w} + {g} + {o} = 每 GPU {total}"),
        ));
    }
    steps.push(bi!(
        "chosen: {s} → {b} per GPU for model state, before activations, buffers and fragmentation",
        "所选：{s} → 每 GPU 模型状态 {b}，未计激活、缓冲区和碎片",
        s = input.stage,
        b = format::bytes(chosen.total_bytes)
    ));
    steps.push(bi!(
        "traffic per GPU per step (ZeRO's count, bf16): DP, ZeRO-1 and -2 2Ψ × 2 B = {two}; ZeRO-3 3Ψ × 2 B = {three} (1.5×)",
        "每 GPU 每步通信量（ZeRO 的算法，bf16）：DP、ZeRO-1 和 -2 为 2Ψ × 2 B = {two}；ZeRO-3 为 3Ψ × 2 B = {three}（1.5 倍）",
        two = format::bytes_short(4.0 * psi),
        three = format::bytes_short(6.0 * psi)
    ));
    if input.shard_group.is_some() {
        steps.push(bi!(
            "HSDP keeps the per-layer gathers inside the group (NVLink when G fits a node); across groups each GPU all-reduces only its 1/{n} gradient shard once per step",
            "HSDP 把逐层的 gather 留在组内（G 不超过一个节点时走 NVLink）；组间每个 GPU 每步只对自己 1/{n} 的梯度分片做一次 all-reduce"
        ));
    }
    steps
}

/// The accounting per parameter and what N is.
fn setup(input: &MemoryInput) -> Vec<Bi> {
    let (psi, k, n) = (input.params, input.optimizer_bytes, input.shard_ways());
    let mut steps = vec![convention_step(input)];
    let k_text = if (k - 12.0).abs() < f64::EPSILON {
        bi!(
            "12: fp32 master weights, momentum, variance",
            "12：fp32 主权重、动量、方差"
        )
    } else {
        bi!("{k}, given", "{k}，给定", k = format::sig(k, 4))
    };
    let (factor, total) = (format::sig(4.0 + k, 4), format::bytes(psi * (4.0 + k)));
    steps.push(format::around(
        [&k_text, &format::count_bi(psi)],
        |[k, count]| format!("Ψ = {count} parameters; mixed-precision Adam: 2Ψ bf16 weights + 2Ψ bf16 gradients + KΨ optimizer state (K = {k}) = {factor}Ψ = {total} unsharded (ZeRO, Rajbhandari et al. 2020)"),
        |[k, count]| format!("Ψ = {count} 个参数；混合精度 Adam：2Ψ bf16 权重 + 2Ψ bf16 梯度 + KΨ 优化器状态（K = {k}）= {factor}Ψ = 不分片时 {total}（ZeRO，Rajbhandari 等 2020）"),
    ));
    steps.push(match input.shard_group {
        Some(g) => bi!(
            "HSDP: shard inside groups of G = {g}, replicate across {gpus} / {g} = {groups} groups, so N = {g} below (FSDP HYBRID_SHARD)",
            "HSDP：在 G = {g} 的组内分片，跨 {gpus} / {g} = {groups} 个组复制，下面 N = {g}（FSDP HYBRID_SHARD）",
            gpus = input.gpus,
            groups = input.gpus / g
        ),
        None => bi!(
            "sharded over the data-parallel group: N = {n} GPUs",
            "在数据并行组上分片：N = {n} 个 GPU"
        ),
    });
    steps
}

fn convention_step(input: &MemoryInput) -> Bi {
    match input.convention {
        Convention::Paper => bi!(
            "convention: paper (ZeRO, Rajbhandari et al. 2020); --convention deepspeed follows DeepSpeed's estimate_zero2/3_model_states_mem_needs",
            "口径：paper（ZeRO，Rajbhandari 等 2020）；--convention deepspeed 则按 DeepSpeed 的 estimate_zero2/3_model_states_mem_needs"
        ),
        Convention::Deepspeed => {
            let largest = if input.largest_layer > 0.0 {
                format::around(
                    [&format::count_bi(input.largest_layer)],
                    |[c]| format!("largest layer {c} parameters"),
                    |[c]| format!("最大层 {c} 个参数"),
                )
            } else {
                bi!(
                    "no --largest-layer given: that term is 0",
                    "未给 --largest-layer：该项为 0"
                )
            };
            Bi::new(
                format!(
                    "convention: deepspeed, without offload: ZeRO-2 4Ψ + 16Ψ/N, ZeRO-3 18Ψ/N + 4 × largest layer ({}); DP and ZeRO-1 keep the paper's count (DeepSpeed has no estimator for them)",
                    largest.en()
                ),
                format!(
                    "口径：deepspeed，不 offload：ZeRO-2 4Ψ + 16Ψ/N，ZeRO-3 18Ψ/N + 4 × 最大层（{}）；DP 和 ZeRO-1 沿用论文算法（DeepSpeed 没有它们的估算）",
                    largest.get(Lang::Zh)
                ),
            )
        }
    }
}

#[cfg(test)]
mod tests;
