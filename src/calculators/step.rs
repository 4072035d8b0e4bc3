//! The training step-time and memory form.

use super::{Calculator, Chart, Computed, FieldKind, Form, Outcome, Unit, field, yes_no};
use crate::calc::{self, CalcError, HardwareTable, StepFields, StepInput, format};

const MODELS: &[&str] = &[
    "gpt3-175b",
    "megatron-22b",
    "mt-nlg-530b",
    "megatron-1t",
    "llama3-8b",
    "llama3-70b",
    "llama3-405b",
];
const GPUS: &[&str] = &["a100", "h100", "h200", "b200", "gb200", "mi300x"];

pub(super) const STEP: Calculator = Calculator {
    id: "step",
    title: "Training step time and memory",
    about: "Training step time, MFU and memory per GPU of a transformer under TP/SP/CP/PP/DP/ZeRO, every term shown",
    after_help: "Examples:
  infraprep calc step --model gpt3-175b --global-batch 64 --gpus 64 --tp 8 --pp 8 --sequence-parallel --recompute selective --gpu a100 --attention unfused
  infraprep calc step --model llama3-70b --global-batch 512 --gpus 1024 --tp 8 --pp 4 --interleave 5 --sequence-parallel --zero 1 --gpu h100
  infraprep calc step --layers 32 --hidden 4096 --heads 32 --vocab 50368 --seq 2048 --global-batch 48 --micro-batch 6 --gpus 8 --zero 3 --gpu a100
  infraprep calc step --model llama3-8b --global-batch 64 --gpus 64 --zero 3 --recompute op --gpu a100 --inter ib-hdr --nics-per-node 4

step = m·(stage + logits) + (p-1)/v·stage + p2p + exposed DP + optimizer, with the matmuls at the
GPU's achievable (MAMF) rate, attention at its kernel's published share of peak, norms/activations/
softmax and fp8 casts at HBM bandwidth, TP on the critical path, FSDP traffic exposed layer by layer.",
    fields: &[
        field("model", "model", FieldKind::Choice(MODELS), false, "a preset shape; flags given too override it"),
        field("layers", "layers L", FieldKind::Count, false, "transformer layers"),
        field("hidden", "hidden h", FieldKind::Count, false, "hidden size"),
        field("heads", "heads a", FieldKind::Count, false, "attention heads"),
        field("kv-heads", "KV heads k", FieldKind::Count, false, "default a (no GQA)"),
        field("ffn", "FFN size F", FieldKind::Count, false, "default 4h, or 8h/3 rounded to 256 with SwiGLU"),
        field("swiglu", "SwiGLU", FieldKind::Flag, false, "three MLP matrices instead of two"),
        field("vocab", "vocabulary V", FieldKind::Count, false, "e.g. 51200, 128256"),
        field("seq", "sequence s", FieldKind::Count, false, "tokens per sequence; the preset's by default"),
        field("global-batch", "global batch B", FieldKind::Count, true, "sequences per step"),
        field("micro-batch", "micro-batch b", FieldKind::Count, false, "sequences per micro-batch, default 1"),
        field("gpus", "GPUs N", FieldKind::Count, true, "in the whole run"),
        field("gpus-per-node", "GPUs per node", FieldKind::Count, false, "default 8 (72 for a GB200 NVL72 domain)"),
        field("tp", "TP t", FieldKind::Count, false, "tensor-parallel size, default 1"),
        field("pp", "PP p", FieldKind::Count, false, "pipeline stages, default 1"),
        field("interleave", "interleave v", FieldKind::Count, false, "model chunks per GPU, default 1"),
        field("cp", "CP c", FieldKind::Count, false, "context-parallel size, default 1"),
        field("dp", "DP d", FieldKind::Count, false, "default N/(t·p·c); checked if given"),
        field("sequence-parallel", "sequence parallel", FieldKind::Flag, false, "split norms and dropout over TP"),
        field("recompute", "recompute", FieldKind::Choice(&["none", "selective", "full", "op"]), false, "activation recomputation, default none; op = torchtitan's per-op selective"),
        field("zero", "ZeRO stage", FieldKind::Choice(&["0", "1", "2", "3"]), false, "distributed optimizer stage, default 0"),
        field("gpu", "GPU", FieldKind::Choice(GPUS), false, "default h100"),
        field("dtype", "dtype", FieldKind::Choice(&["bf16", "fp16", "fp8"]), false, "matmul precision, default bf16"),
        field("attention", "attention", FieldKind::Choice(&["flash", "flash1", "flash3", "unfused"]), false, "flash (FlashAttention-2 class, default), flash1 (FA1 / Triton flash), flash3 (FA3/cuDNN on Hopper) or unfused (Megatron before FlashAttention)"),
        field("intra", "intra-node link", FieldKind::LinkOrRate, false, "default the GPU's NVLink"),
        field("inter", "inter-node link", FieldKind::LinkOrRate, false, "per NIC; default ib-ndr (ib-hdr for a100)"),
        field("nics-per-node", "NICs per node", FieldKind::Count, false, "default one per GPU"),
        field("fsdp-prefetch", "FSDP backward prefetch", FieldKind::Choice(&["pre", "post"]), false, "with --zero 3: pre (BACKWARD_PRE, FSDP2; default) or post (BACKWARD_POST, Composer's default)"),
        field("fsdp", "FSDP version", FieldKind::Choice(&["1", "2"]), false, "with --zero 3: 2 (fully_shard, FSDP2; default) or 1 (FullyShardedDataParallel, Composer's: an extra gradient pre-divide pass)"),
    ],
    compute: compute_step,
    choices: super::fixed_choices,
    example: &[
        ("model", "gpt3-175b"),
        ("global-batch", "64"),
        ("gpus", "64"),
        ("tp", "8"),
        ("pp", "8"),
        ("sequence-parallel", "yes"),
        ("recompute", "selective"),
        ("gpu", "a100"),
        ("attention", "unfused"),
    ],
};

/// Parses a step form the way the calculator will.
pub(crate) fn input(form: &Form, table: &HardwareTable) -> Result<StepInput, CalcError> {
    let fields = StepFields {
        model: form.get("model"),
        layers: form.get("layers"),
        hidden: form.get("hidden"),
        heads: form.get("heads"),
        kv_heads: form.get("kv-heads"),
        ffn: form.get("ffn"),
        swiglu: yes_no(form, "swiglu")?,
        vocab: form.get("vocab"),
        seq: form.get("seq"),
        global_batch: form.text("global-batch"),
        micro_batch: form.get("micro-batch"),
        gpus: form.text("gpus"),
        gpus_per_node: form.get("gpus-per-node"),
        tp: form.get("tp"),
        pp: form.get("pp"),
        interleave: form.get("interleave"),
        cp: form.get("cp"),
        dp: form.get("dp"),
        sequence_parallel: yes_no(form, "sequence-parallel")?,
        recompute: form.get("recompute"),
        zero: form.get("zero"),
        gpu: form.get("gpu"),
        dtype: form.get("dtype"),
        attention: form.get("attention"),
        intra: form.get("intra"),
        inter: form.get("inter"),
        nics_per_node: form.get("nics-per-node"),
        fsdp_prefetch: form.get("fsdp-prefetch"),
        fsdp: form.get("fsdp"),
    };
    StepInput::from_fields(&fields, table)
}

fn compute_step(form: &Form, table: &HardwareTable) -> Result<Computed, CalcError> {
    let input = input(form, table)?;
    let report = calc::step(&input);
    let m = &report.memory;
    let mut outcome = Outcome {
        summary: format!(
            "{} on {} × {}: TP {} · PP {} · CP {} · DP {}, m = {}{}",
            report.model.as_deref().unwrap_or("model"),
            report.gpus,
            report.gpu,
            report.tp,
            report.pp,
            report.cp,
            report.dp,
            report.micro_batches,
            if m.fits { "" } else { " (does not fit)" }
        ),
        steps: report.steps.clone(),
        ..Outcome::default()
    };
    outcome.row("step time", format::duration(report.step_seconds));
    outcome.row(
        "tokens/s per GPU",
        format::sig(report.tokens_per_s_per_gpu, 4),
    );
    outcome.pair(
        "MFU / HFU",
        format::percent(report.mfu),
        format::percent(report.hfu),
    );
    outcome.row(
        "memory per GPU",
        format!(
            "{} of {}{}",
            format::bytes_short(m.total_bytes_per_gpu),
            format::bytes_short(m.capacity_bytes),
            if m.fits { "" } else { ": DOES NOT FIT" }
        ),
    );
    outcome.charts = vec![
        Chart::Parts {
            title: "one step: where the time goes".to_owned(),
            unit: Unit::Seconds,
            parts: report
                .breakdown
                .parts()
                .iter()
                .filter(|(_, s)| *s > 0.0)
                .map(|(name, s)| ((*name).to_owned(), *s))
                .collect(),
        },
        Chart::Bars {
            title: "memory per GPU against capacity".to_owned(),
            unit: Unit::Bytes,
            bars: vec![
                (
                    "model states".to_owned(),
                    m.model_states_bytes_per_gpu,
                    m.model_states_bytes_per_gpu,
                ),
                (
                    "activations".to_owned(),
                    m.activations_bytes_per_gpu,
                    m.activations_bytes_per_gpu,
                ),
                (
                    "total".to_owned(),
                    m.total_bytes_per_gpu,
                    m.total_bytes_per_gpu,
                ),
                ("capacity".to_owned(), m.capacity_bytes, m.capacity_bytes),
            ],
        },
    ];
    Ok(Computed::new(outcome, &report))
}
