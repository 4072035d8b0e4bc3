//! The MFU form.

use super::{Calculator, Chart, Computed, Field, FieldKind, Form, Outcome, Unit, entry, one};
use crate::bi;
use crate::calc::{self, CalcError, HardwareTable, MfuInput, format};
use crate::text::Bi;

pub(super) const MFU: Calculator = Calculator {
    id: "mfu",
    title: "MFU and HFU",
    about: "Model FLOPs utilization (PaLM: 6N + 12·L·H·Q·T per token) and HFU with recompute",
    title_zh: "MFU 与 HFU",
    about_zh: "模型 FLOPs 利用率（PaLM：每 token 6N + 12·L·H·Q·T）及含重计算的 HFU",
    after_help: "Examples:
  infraprep calc mfu --params 70B --gpus 1024 --peak h100-bf16 --step-time 20s --tokens-per-step 16777216 --layers 80 --heads 64 --head-dim 128 --seq 8192
  infraprep calc mfu --params 405B --gpus 16384 --peak 989e12 --tokens-per-s 2.8M --recompute full

Peaks are dense: a100-bf16 (312e12), h100-bf16 (989e12); the 2:4-sparsity figures halve MFU.",
    fields: FIELDS,
    compute: compute_mfu,
    choices: super::fixed_choices,
    example: &[
        ("params", "70B"),
        ("gpus", "1024"),
        ("peak", "h100-bf16"),
        ("step-time", "20 s"),
        ("tokens-per-step", "16777216"),
        ("layers", "80"),
        ("heads", "64"),
        ("head-dim", "128"),
        ("seq", "8192"),
        ("recompute", "none"),
    ],
};

fn compute_mfu(form: &Form, _table: &HardwareTable) -> Result<Computed, CalcError> {
    let r = calc::mfu(&MfuInput::from_form(form)?);
    #[rustfmt::skip]
    let headline = vec![
        one("MFU", format::percent(r.mfu)),
        one("HFU", format::percent(r.hfu)),
        one(bi!("tokens/s per GPU", "每 GPU tokens/s"), format::sig(r.tokens_per_s_per_gpu, 4)),
        one(bi!("model FLOPs per token", "每 token 模型 FLOPs"), format::flops(r.model_flops_per_token)),
        one(bi!("achieved per GPU", "每 GPU 实际"), format::flop_rate(r.model_flops_per_s_per_gpu)),
    ];
    let charts = vec![
        Chart::spec_bars(
            bi!(
                "share of the {p} peak",
                "占峰值 {p} 的比例",
                p = format::flop_rate(r.peak.flops_per_s)
            ),
            Unit::Percent,
            [("MFU", r.mfu), ("HFU", r.hfu)],
        ),
        Chart::parts(
            bi!("FLOPs per token", "每 token FLOPs"),
            Unit::Flops,
            flops_parts(&r),
        ),
    ];
    Ok(Computed::new(Outcome::new(headline, &r.steps, charts), &r))
}

/// 6N, the attention term and recomputed FLOPs per token, leaving out what is zero (6N stays).
fn flops_parts(r: &calc::MfuReport) -> Vec<(Bi, f64)> {
    let recomputed = r.hardware_flops_per_token - r.model_flops_per_token;
    let optional = [
        (
            bi!("12·L·H·Q·T attention", "12·L·H·Q·T attention"),
            r.attention_flops_per_token,
        ),
        (bi!("recompute (HFU only)", "重计算（仅 HFU）"), recomputed),
    ];
    std::iter::once((bi!("6N weights", "6N 权重"), r.dense_flops_per_token))
        .chain(optional.into_iter().filter(|(_, flops)| *flops > 0.0))
        .collect()
}

#[rustfmt::skip]
const FIELDS: &[Field] = &[
    entry("params", "parameters N", FieldKind::Params, true, "e.g. 70B", "参数量 N", "如 70B"),
    entry("gpus", "GPUs", FieldKind::Count, true, "in the whole run", "GPU 数", "整个任务"),
    entry("peak", "peak per GPU", FieldKind::Peak, true, "a100-bf16, h100-bf16 or e.g. 989e12 (dense)", "单卡峰值", "a100-bf16、h100-bf16 或如 989e12（稠密）"),
    entry("tokens-per-s", "tokens/s", FieldKind::Number, false, "whole run; or step time + tokens/step", "吞吐 tokens/s", "整个任务；或给步时间 + tokens/step"),
    entry("step-time", "step time", FieldKind::Duration, false, "e.g. 20 s", "步时间", "如 20 s"),
    entry("tokens-per-step", "tokens/step", FieldKind::Number, false, "global batch × sequence, e.g. 16M", "每步 tokens", "全局批 × 序列长度，如 16M"),
    entry("layers", "layers L", FieldKind::Count, false, "for 12·L·H·Q·T", "层数 L", "用于 12·L·H·Q·T"),
    entry("heads", "heads H", FieldKind::Count, false, "for 12·L·H·Q·T", "头数 H", "用于 12·L·H·Q·T"),
    entry("head-dim", "head dim Q", FieldKind::Count, false, "for 12·L·H·Q·T", "头维度 Q", "用于 12·L·H·Q·T"),
    entry("seq", "sequence T", FieldKind::Count, false, "for 12·L·H·Q·T", "序列长度 T", "用于 12·L·H·Q·T"),
    entry("recompute", "recompute", FieldKind::Recompute, false, "none, selective, full or a fraction (HFU)", "重计算", "none、selective、full 或前向的比例（HFU）"),
];
