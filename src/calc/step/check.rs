//! The parallel layout must fit the GPUs, the batch and the model: the checks, with fixes.

use super::input::{AttentionKernel, StepInput};
use crate::bi;
use crate::calc::{CalcError, units};

/// D: given, or N / (T P C); it must make N = T P C D.
#[allow(clippy::many_single_char_names)] // the names are the formula's symbols (N, t, p, c, d)
pub(super) fn data_parallel(input: &StepInput, given: Option<&str>) -> Result<usize, CalcError> {
    let model_parallel = input.tp * input.pp * input.cp;
    if !input.gpus.is_multiple_of(model_parallel) {
        let (n, t, p, c) = (input.gpus, input.tp, input.pp, input.cp);
        return Err(CalcError::invalid(bi!(
            "{n} GPUs do not split into TP {t} x PP {p} x CP {c} = {model_parallel}: use a multiple of {model_parallel} GPUs",
            "{n} 张 GPU 分不成 TP {t} x PP {p} x CP {c} = {model_parallel}：GPU 数请用 {model_parallel} 的倍数"
        )));
    }
    let dp = input.gpus / model_parallel;
    if let Some(text) = given {
        let d = units::parse_count("DP size", text, 1)?;
        if d != dp {
            let (n, t, p, c) = (input.gpus, input.tp, input.pp, input.cp);
            return Err(CalcError::invalid(bi!(
                "--dp '{d}' does not match {n} GPUs / (TP {t} x PP {p} x CP {c}) = {dp}: drop --dp or change --gpus",
                "--dp '{d}' 与 {n} 张 GPU / (TP {t} x PP {p} x CP {c}) = {dp} 不符：去掉 --dp 或改 --gpus"
            )));
        }
    }
    Ok(dp)
}

/// Batch, heads, sequence and stages must divide; odd but legal layouts become warnings.
pub(super) fn layout(input: &mut StepInput) -> Result<(), CalcError> {
    let per_step = input.dp * input.micro_batch;
    if !input.global_batch.is_multiple_of(per_step) {
        let (batch, d, b) = (input.global_batch, input.dp, input.micro_batch);
        return Err(CalcError::invalid(bi!(
            "global batch '{batch}' is not a multiple of DP {d} x micro-batch {b} = {per_step}: use a multiple of {per_step}",
            "全局批 '{batch}' 不是 DP {d} x 微批 {b} = {per_step} 的倍数：请用 {per_step} 的倍数"
        )));
    }
    if !input.shape.heads.is_multiple_of(input.tp) {
        let (t, a) = (input.tp, input.shape.heads);
        return Err(CalcError::invalid(bi!(
            "TP '{t}' does not divide the {a} heads: use a divisor of {a} (e.g. 8)",
            "TP '{t}' 不能整除 {a} 个注意力头：请用 {a} 的约数（如 8）"
        )));
    }
    if !input.seq.is_multiple_of(2 * input.cp) && input.cp > 1 {
        let (c, s, chunks) = (input.cp, input.seq, 2 * input.cp);
        return Err(CalcError::invalid(bi!(
            "CP '{c}' needs the sequence {s} to split into 2 x {c} load-balanced chunks: use a sequence that is a multiple of {chunks}",
            "CP '{c}' 要把序列 {s} 切成 2 x {c} 个负载均衡的块：序列长度请用 {chunks} 的倍数"
        )));
    }
    if input.interleave > 1 && input.pp == 1 {
        let v = input.interleave;
        return Err(CalcError::invalid(bi!(
            "interleave '{v}' needs pipeline stages: add --pp 2 or more, or drop --interleave",
            "交错 '{v}' 需要流水线多级：加上 --pp 2 或更大，或去掉 --interleave"
        )));
    }
    if input.pp * input.interleave > input.shape.layers {
        let (p, v, l) = (input.pp, input.interleave, input.shape.layers);
        return Err(CalcError::invalid(bi!(
            "PP {p} x interleave {v} is more chunks than the {l} layers: use fewer stages or chunks",
            "PP {p} x 交错 {v} 的块数比 {l} 层还多：请减少级数或块数"
        )));
    }
    if !input.gpus.is_multiple_of(input.gpus_per_node) {
        let (n, per_node) = (input.gpus, input.gpus_per_node);
        return Err(CalcError::invalid(bi!(
            "{n} GPUs are not whole nodes of --gpus-per-node {per_node}: use a multiple of it",
            "{n} 张 GPU 凑不成整数个 --gpus-per-node {per_node} 的节点：请用它的倍数"
        )));
    }
    warn(input);
    Ok(())
}

#[allow(clippy::many_single_char_names)] // the names are the formula's symbols (N, t, p, c, d)
fn warn(input: &mut StepInput) {
    let (l, p, v) = (input.shape.layers, input.pp, input.interleave);
    if l % p != 0 {
        let (fullest, last) = (l.div_ceil(p), l / p);
        input.warnings.push(bi!(
            "{l} layers do not split evenly over PP {p}: stages hold {fullest} or {last} layers, the last stage (which also computes the logits) {last}; the pipeline runs at the slower of the fullest stage and the last, and L/p in the terms is that stage's layers",
            "{l} 层不能均分到 PP {p}：各级放 {fullest} 或 {last} 层，最后一级（还要算 logits）放 {last} 层；流水线按层数最多的一级和最后一级中较慢的那个走，各项里的 L/p 就是那一级的层数"
        ));
    } else if l % (p * v) != 0 {
        let average = format!("{:.2}", l as f64 / (p * v) as f64);
        input.warnings.push(bi!(
            "the {} layers of a stage do not split evenly into {v} interleaved chunks: the bubble uses the average chunk of {average} layers",
            "每级的 {} 层不能均分成 {v} 个交错块：气泡按平均每块 {average} 层计算",
            l / p
        ));
    }
    if v > 1 && !input.micro_batches().is_multiple_of(p) {
        let m = input.micro_batches();
        input.warnings.push(bi!(
            "Megatron's interleaved schedule needs micro-batches ({m}) to be a multiple of PP ({p})",
            "Megatron 的交错调度要求微批数（{m}）是 PP（{p}）的倍数"
        ));
    }
    if input.tp * input.cp > input.gpus_per_node {
        let (t, c, per_node) = (input.tp, input.cp, input.gpus_per_node);
        input.warnings.push(bi!(
            "TP {t} x CP {c} spans more than one node of {per_node}: their traffic is costed on --inter",
            "TP {t} x CP {c} 跨出了 {per_node} 卡的单节点：其通信按 --inter 计算"
        ));
    }
    if input.cp > 1 && input.attention == AttentionKernel::Unfused {
        input.warnings.push(bi!(
            "context parallelism is implemented with fused (flash) attention; unfused is costed as asked",
            "上下文并行的实现用的是融合（flash）注意力；这里仍按所选的 unfused 计算"
        ));
    }
    if input.sequence_parallel && input.tp == 1 {
        input.warnings.push(bi!(
            "sequence parallelism does nothing without TP",
            "没有 TP 时序列并行不起作用"
        ));
    }
}
