//! The parallel layout must fit the GPUs, the batch and the model: the checks, with fixes.

use super::input::{AttentionKernel, StepInput};
use crate::calc::{CalcError, units};

/// D: given, or N / (T P C); it must make N = T P C D.
pub(super) fn data_parallel(input: &StepInput, given: Option<&str>) -> Result<usize, CalcError> {
    let model_parallel = input.tp * input.pp * input.cp;
    if !input.gpus.is_multiple_of(model_parallel) {
        return Err(CalcError::invalid(format!(
            "{} GPUs do not split into TP {} x PP {} x CP {} = {model_parallel}: use a multiple of {model_parallel} GPUs",
            input.gpus, input.tp, input.pp, input.cp
        )));
    }
    let dp = input.gpus / model_parallel;
    if let Some(text) = given {
        let d = units::parse_count("DP size", text, 1)?;
        if d != dp {
            return Err(CalcError::invalid(format!(
                "--dp '{d}' does not match {} GPUs / (TP {} x PP {} x CP {}) = {dp}: drop --dp or change --gpus",
                input.gpus, input.tp, input.pp, input.cp
            )));
        }
    }
    Ok(dp)
}

/// Batch, heads, sequence and stages must divide; odd but legal layouts become warnings.
pub(super) fn layout(input: &mut StepInput) -> Result<(), CalcError> {
    let per_step = input.dp * input.micro_batch;
    if !input.global_batch.is_multiple_of(per_step) {
        return Err(CalcError::invalid(format!(
            "global batch '{}' is not a multiple of DP {} x micro-batch {} = {per_step}: use a multiple of {per_step}",
            input.global_batch, input.dp, input.micro_batch
        )));
    }
    if !input.shape.heads.is_multiple_of(input.tp) {
        return Err(CalcError::invalid(format!(
            "TP '{}' does not divide the {} heads: use a divisor of {} (e.g. 8)",
            input.tp, input.shape.heads, input.shape.heads
        )));
    }
    if !input.seq.is_multiple_of(2 * input.cp) && input.cp > 1 {
        return Err(CalcError::invalid(format!(
            "CP '{}' needs the sequence {} to split into 2 x {} load-balanced chunks: use a sequence that is a multiple of {}",
            input.cp,
            input.seq,
            input.cp,
            2 * input.cp
        )));
    }
    if input.interleave > 1 && input.pp == 1 {
        return Err(CalcError::invalid(format!(
            "interleave '{}' needs pipeline stages: add --pp 2 or more, or drop --interleave",
            input.interleave
        )));
    }
    if input.pp * input.interleave > input.shape.layers {
        return Err(CalcError::invalid(format!(
            "PP {} x interleave {} is more chunks than the {} layers: use fewer stages or chunks",
            input.pp, input.interleave, input.shape.layers
        )));
    }
    if !input.gpus.is_multiple_of(input.gpus_per_node) {
        return Err(CalcError::invalid(format!(
            "{} GPUs are not whole nodes of --gpus-per-node {}: use a multiple of it",
            input.gpus, input.gpus_per_node
        )));
    }
    warn(input);
    Ok(())
}

fn warn(input: &mut StepInput) {
    let (l, p, v) = (input.shape.layers, input.pp, input.interleave);
    if l % (p * v) != 0 {
        input.warnings.push(format!(
            "{l} layers do not split evenly over PP {p} x interleave {v}: the average {:.2} layers per chunk is used; the fullest stage is slower",
            l as f64 / (p * v) as f64
        ));
    }
    if v > 1 && !input.micro_batches().is_multiple_of(p) {
        input.warnings.push(format!(
            "Megatron's interleaved schedule needs micro-batches ({}) to be a multiple of PP ({p})",
            input.micro_batches()
        ));
    }
    if input.tp * input.cp > input.gpus_per_node {
        input.warnings.push(format!(
            "TP {} x CP {} spans more than one node of {}: their traffic is costed on --inter",
            input.tp, input.cp, input.gpus_per_node
        ));
    }
    if input.cp > 1 && input.attention == AttentionKernel::Unfused {
        input.warnings.push(
            "context parallelism is implemented with fused (flash) attention; unfused is costed as asked"
                .to_owned(),
        );
    }
    if input.sequence_parallel && input.tp == 1 {
        input
            .warnings
            .push("sequence parallelism does nothing without TP".to_owned());
    }
}
