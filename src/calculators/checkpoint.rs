//! Checkpoint size, write and read time and their bottleneck, the async copy, and the optimal
//! interval (Young, Daly).

use super::{Calculator, Chart, Computed, Field, FieldKind as K, Form, Outcome, Unit, entry};
use crate::calc::checkpoint::Tier;
use crate::calc::{self, CalcError, CheckpointInput, HardwareTable, Recipe, format};
use crate::text::Bi;

const RECIPES: &[&str] = &calc::Recipe::NAMES;

pub(super) const CHECKPOINT: Calculator = Calculator {
    id: "checkpoint",
    title: "Checkpoint size, I/O and interval",
    about: "Checkpoint size, write/read time and bottleneck, async cost, and the optimal interval",
    title_zh: "检查点大小、读写与间隔",
    about_zh: "检查点大小、读写耗时与瓶颈、异步开销，以及最优保存间隔",
    after_help: "Examples:
  infraprep calc checkpoint --params 70B --storage-bw 100GB/s --nodes 16 --node-bw ib-ndr --mtbf 3h
  infraprep calc checkpoint --params 405B --recipe bf16-adam --storage-bw pfs-llama3 --gpus 16384 --gpu-mtbf 50677h
  infraprep calc checkpoint --params 70B --checkpoint-time 5min --mtbf 24h",
    fields: FIELDS,
    example: &[
        ("params", "70B"),
        ("recipe", "bf16-adam"),
        ("storage-bw", "100 GB/s"),
        ("nodes", "16"),
        ("node-bw", "ib-ndr"),
        ("gpus", "128"),
        ("mtbf", "3h"),
    ],
    compute,
    choices: super::fixed_choices,
};

fn compute(form: &Form, table: &HardwareTable) -> Result<Computed, CalcError> {
    let input = CheckpointInput::from_form(form, table)?;
    let report = calc::checkpoint(&input);
    let time = |v: Option<f64>| v.map(format::duration).unwrap_or_default();
    let mut outcome = Outcome {
        steps: report.steps.clone(),
        ..Outcome::default()
    };
    outcome.row(Bi::new("size", "大小"), format::bytes(report.size_bytes));
    if let Some(io) = report.io {
        outcome.pair(
            Bi::new("write", "写入"),
            format::duration(io.write_seconds),
            format::duration(io.expected_write_seconds),
        );
        outcome.pair(
            Bi::new("read", "读取"),
            format::duration(io.read_seconds),
            format::duration(io.expected_read_seconds),
        );
        outcome.row(Bi::new("bottleneck", "瓶颈"), io.bottleneck.name_bi());
    }
    if let Some(copy) = report.async_copy {
        outcome.row(
            Bi::new("host memory", "主机内存"),
            crate::bi!(
                "{b} per node",
                "每节点 {b}",
                b = format::bytes(copy.host_memory_bytes_per_node)
            ),
        );
    }
    for (label, value) in [
        (
            Bi::new("async block", "异步阻塞"),
            report
                .async_copy
                .map(|copy| copy.expected_async_blocking_seconds),
        ),
        (
            Bi::new("Young interval", "Young 间隔"),
            report.interval.young_interval_seconds,
        ),
        (
            Bi::new("Daly interval", "Daly 间隔"),
            report.interval.daly_interval_seconds,
        ),
    ] {
        if value.is_some() {
            outcome.row(label, time(value));
        }
    }
    if let Some(overhead) = report.interval.overhead_fraction {
        outcome.row(Bi::new("overhead", "开销"), format::percent(overhead));
    }
    outcome.charts = vec![Chart::Parts {
        title: Bi::new("checkpoint size by content", "检查点大小构成"),
        unit: Unit::Bytes,
        parts: size_parts(
            report.contents.recipe,
            report.contents.params,
            report.size_bytes,
        ),
    }];
    let limits = write_limits(&input, report.size_bytes);
    if !limits.is_empty() {
        outcome.charts.push(Chart::Bars {
            title: Bi::new(
                "write time by path (the longest is the bottleneck)",
                "各路径写入时间（最长者为瓶颈）",
            ),
            unit: Unit::Seconds,
            bars: limits,
        });
    }
    Ok(Computed::new(outcome, &report))
}
/// What a checkpoint of each recipe holds, in bytes.
fn size_parts(recipe: Option<Recipe>, params: f64, size: f64) -> Vec<(Bi, f64)> {
    const BF16: (&str, &str, f64) = ("bf16 weights", "bf16 权重", 2.0);
    const MASTER: (&str, &str, f64) = ("fp32 master", "fp32 主权重", 4.0);
    const M: (&str, &str, f64) = ("Adam m", "Adam m", 4.0);
    const V: (&str, &str, f64) = ("Adam v", "Adam v", 4.0);
    let parts: &[(&str, &str, f64)] = match recipe {
        Some(Recipe::Bf16Weights) => &[BF16],
        Some(Recipe::Fp32Weights) => &[("fp32 weights", "fp32 权重", 4.0)],
        Some(Recipe::Fp32Adam) => &[MASTER, M, V],
        Some(Recipe::Bf16Adam) => &[BF16, MASTER, M, V],
        Some(Recipe::Bf16AdamGrads) => &[BF16, ("bf16 grads", "bf16 梯度", 2.0), MASTER, M, V],
        None => return vec![(Bi::new("state", "状态"), size)],
    };
    parts
        .iter()
        .map(|(name, zh, bytes)| (Bi::new(*name, *zh), params * bytes))
        .collect()
}

/// Write time through each path the data crosses (spec, expected), so the bottleneck shows.
fn write_limits(input: &calc::CheckpointInput, size: f64) -> Vec<(Bi, f64, f64)> {
    input
        .path
        .tiers(input.nodes)
        .into_iter()
        .map(|(tier, link, copies)| {
            let name = match tier {
                Tier::Storage => Bi::new("storage", "存储"),
                Tier::Network => Bi::new("node network", "节点网络"),
                Tier::Nvme => Bi::new("local NVMe", "本地 NVMe"),
            };
            let spec = size / (link.bandwidth * copies);
            (name, spec, size / (link.expected_bandwidth() * copies))
        })
        .collect()
}

#[rustfmt::skip]
const FIELDS: &[Field] = &[
    entry("params", "parameters", K::Params, true, "parameter count, e.g. 70B, 405B, 175e9", "参数量", "参数个数，如 70B、405B、175e9"),
    entry("recipe", "recipe", K::Choice(RECIPES), false, "bf16-weights 2 B/param, fp32-weights 4, fp32-adam 12, bf16-adam 14 (default), bf16-adam-grads 16", "保存内容", "bf16-weights 每参数 2 B，fp32-weights 4，fp32-adam 12，bf16-adam 14（默认），bf16-adam-grads 16"),
    entry("bytes-per-param", "bytes/param", K::Number, false, "instead of a recipe", "每参数字节", "直接给每参数字节数，代替保存内容"),
    entry("storage-bw", "storage bandwidth", K::LinkOrRate, false, "aggregate, e.g. 2 TB/s or pfs-llama3", "存储带宽", "聚合带宽，如 2 TB/s 或 pfs-llama3"),
    entry("storage-efficiency", "storage efficiency", K::Fraction, false, "share of the storage rate reached; a typed rate defaults to 0.5", "存储效率", "存储速率的实际达成比例；手填速率时默认 0.5"),
    entry("nodes", "nodes", K::Count, false, "nodes writing in parallel; empty with --gpus: 8 GPUs per node", "节点数", "并行写入的节点数；留空且给了 --gpus 时按每节点 8 GPU"),
    entry("node-bw", "node bandwidth", K::LinkOrRate, false, "per node to storage, e.g. ib-ndr", "节点带宽", "每节点到存储的带宽，如 ib-ndr"),
    entry("nvme-bw", "local NVMe", K::LinkOrRate, false, "per node, e.g. nvme-gen4", "本地 NVMe", "每节点，如 nvme-gen4"),
    entry("gpus", "GPUs", K::Count, false, "GPUs holding the state: async copy and job MTBF", "GPU 数", "持有状态的 GPU 数：用于异步拷贝和作业 MTBF"),
    entry("pcie", "device-to-host link", K::Link, false, "for the async copy (default pcie5)", "设备到主机链路", "异步拷贝所用链路（默认 pcie5）"),
    entry("checkpoint-time", "checkpoint time", K::Duration, false, "C, instead of the computed write", "检查点耗时", "C，代替计算出的写入时间"),
    entry("mtbf", "job MTBF", K::Duration, false, "M, e.g. 3h", "作业 MTBF", "M，如 3h"),
    entry("gpu-mtbf", "MTBF per GPU", K::Duration, false, "with GPUs, instead of job MTBF", "单 GPU MTBF", "配合 GPU 数，代替作业 MTBF"),
];
