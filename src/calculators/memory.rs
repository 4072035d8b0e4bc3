//! The memory-per-GPU (ZeRO / FSDP) form.

use super::{Calculator, Chart, Computed, Field, FieldKind, Form, Outcome, Row, Unit, entry, one};
use crate::bi;
use crate::calc::{self, CalcError, HardwareTable, MemoryInput, format};
use crate::text::Bi;

pub(super) const MEMORY: Calculator = Calculator {
    id: "memory",
    title: "Memory per GPU (ZeRO / FSDP)",
    about: "Model-state memory per GPU under DP and ZeRO-1/2/3 (FSDP), with HSDP shard groups",
    title_zh: "单卡显存（ZeRO / FSDP）",
    about_zh: "DP 与 ZeRO-1/2/3（FSDP）下每 GPU 的模型状态显存，支持 HSDP 分片组",
    after_help: "Examples:
  infraprep calc memory --params 70B --gpus 64
  infraprep calc memory --params 70B --gpus 64 --stage zero-1
  infraprep calc memory --params 70B --gpus 64 --shard-group 8 --json

Model state only (2Ψ weights + 2Ψ gradients + KΨ optimizer); activations come on top.",
    fields: FIELDS,
    compute: compute_memory,
    choices: super::fixed_choices,
    example: &[("params", "70B"), ("gpus", "64"), ("stage", "zero-3")],
};

fn compute_memory(form: &Form, _table: &HardwareTable) -> Result<Computed, CalcError> {
    let report = calc::memory(&MemoryInput::from_form(form)?);
    let mut headline: Vec<Row> = report
        .stages
        .iter()
        .map(|row| {
            let label = if row.stage == report.stage {
                bi!("{s} (chosen)", "{s}（所选）", s = row.stage)
            } else {
                Bi::same(row.stage.to_string())
            };
            one(label, format::bytes(row.total_bytes))
        })
        .collect();
    let mut charts = vec![Chart::spec_bars(
        bi!(
            "model state per GPU by stage, N = {n}",
            "各阶段每 GPU 的模型状态，N = {n}",
            n = report.shard_ways
        ),
        Unit::Bytes,
        report
            .stages
            .iter()
            .map(|row| (row.stage.to_string(), row.total_bytes)),
    )];
    if let Some(row) = report.stages.iter().find(|row| row.stage == report.stage) {
        headline.push(one(
            bi!("traffic per step", "每步通信量"),
            format::bytes(row.traffic_bytes),
        ));
        charts.push(Chart::parts(
            bi!(
                "what each GPU holds under {s}",
                "{s} 下每 GPU 存放的内容",
                s = row.stage
            ),
            Unit::Bytes,
            [
                (bi!("bf16 weights", "bf16 权重"), row.weights_bytes),
                (bi!("bf16 gradients", "bf16 梯度"), row.gradients_bytes),
                (bi!("optimizer state", "优化器状态"), row.optimizer_bytes),
            ],
        ));
    }
    headline.push(one(
        bi!("convention", "口径"),
        report.convention.to_string(),
    ));
    let outcome = Outcome::new(headline, &report.steps, charts);
    Ok(Computed::new(outcome, &report))
}

#[rustfmt::skip]
const FIELDS: &[Field] = &[
    entry("params", "parameters Ψ", FieldKind::Params, true, "e.g. 70B", "参数量 Ψ", "如 70B"),
    entry("gpus", "GPUs N", FieldKind::Count, true, "data-parallel (sharding) group", "GPU 数 N", "数据并行（分片）组"),
    entry("stage", "stage", FieldKind::Choice(&calc::Stage::NAMES), false, "default zero-3 (FSDP FULL_SHARD)", "阶段", "默认 zero-3（FSDP FULL_SHARD）"),
    entry("optimizer-bytes", "optimizer K", FieldKind::Number, false, "bytes/param, default 12 (Adam)", "优化器 K", "每参数字节，默认 12（Adam）"),
    entry("shard-group", "HSDP group G", FieldKind::Count, false, "shard inside G, replicate across", "HSDP 组 G", "组内分片，组间复制"),
    entry("convention", "convention", FieldKind::Choice(&["paper", "deepspeed"]), false, "paper (ZeRO paper, default) or deepspeed (estimate_zero2/3_model_states_mem_needs)", "口径", "paper（ZeRO 论文，默认）或 deepspeed（estimate_zero2/3_model_states_mem_needs）"),
    entry("largest-layer", "largest layer", FieldKind::Params, false, "parameters of the largest layer (DeepSpeed ZeRO-3 adds 4 bytes each)", "最大层", "最大一层的参数量（DeepSpeed ZeRO-3 每个参数另加 4 字节）"),
];
