//! The parallelism layout form.

use super::field::{GPUS_PER_NODE, HIDDEN, MICRO_BATCH, OVERSUBSCRIPTION, SEQ};
use super::{
    Calculator, Chart, Computed, Field, FieldKind, Form, Outcome, Row, Unit, entry, one, times,
};
use crate::bi;
use crate::calc::layout::tier_name;
use crate::calc::{self, CalcError, HardwareTable, LayoutInput, format};

pub(super) const LAYOUT: Calculator = Calculator {
    id: "layout",
    title: "Parallelism layout",
    about: "Where TP, CP, PP and DP groups land on nodes and pods, and per-tier traffic per step",
    title_zh: "并行布局",
    about_zh: "TP、CP、PP、DP 组落在哪些节点和 pod 上，以及每层级每步的通信量",
    after_help: "Examples:
  infraprep calc layout --gpus 16384 --tp 8 --pp 16 --pod-size 3072 --oversubscription 7:1 --params 405B --link eth-400g
  infraprep calc layout --gpus 1152 --tp 18 --pp 4 --gpus-per-node 72

Ranks in the order [TP, CP, PP, DP], TP fastest; TP must fit the NVLink domain (--gpus-per-node).",
    fields: FIELDS,
    compute: compute_layout,
    choices: super::fixed_choices,
    example: &[
        ("gpus", "16384"),
        ("tp", "8"),
        ("pp", "16"),
        ("dp", "128"),
        ("pod-size", "3072"),
        ("oversubscription", "7:1"),
        ("params", "405B"),
        ("link", "eth-400g"),
    ],
};

fn compute_layout(form: &Form, table: &HardwareTable) -> Result<Computed, CalcError> {
    let r = calc::layout(&LayoutInput::from_form(form, table)?);
    let mut headline: Vec<Row> = r
        .placements
        .iter()
        .filter(|p| p.size > 1)
        .map(|p| {
            let tier = tier_name(p.tier);
            let (nodes, rail) = (p.nodes_spanned, p.same_rail);
            let spec = format::around(
                [&tier],
                |[tier]| {
                    if rail {
                        format!("{nodes} node(s), {tier}, one rail")
                    } else {
                        format!("{nodes} node(s), {tier}")
                    }
                },
                |[tier]| {
                    if rail {
                        format!("{nodes} 个节点，{tier}，同一 rail")
                    } else {
                        format!("{nodes} 个节点，{tier}")
                    }
                },
            );
            one(format!("{} {}", p.dim.to_uppercase(), p.size), spec)
        })
        .collect();
    headline.push(one(
        bi!("replica", "副本"),
        bi!(
            "{g} GPUs, {n} node(s)",
            "{g} 个 GPU，{n} 个节点",
            g = r.replica_gpus,
            n = r.replica_nodes
        ),
    ));
    headline.extend(times(
        "DP reduce-scatter",
        r.dp_seconds,
        r.expected_dp_seconds,
    ));
    let mut charts = vec![Chart::spec_bars(
        bi!(
            "nodes one group spans, by dimension",
            "各维度一个组跨的节点数"
        ),
        Unit::Count,
        r.placements
            .iter()
            .map(|p| (p.dim.to_uppercase(), p.nodes_spanned as f64)),
    )];
    let traffic: Vec<(&str, f64)> = [
        ("TP", r.tp_bytes_per_step),
        ("PP", r.pp_bytes_per_step),
        ("DP", r.dp_bytes_per_step),
    ]
    .into_iter()
    .filter_map(|(dim, b)| b.map(|b| (dim, b)))
    .collect();
    if !traffic.is_empty() {
        charts.push(Chart::spec_bars(
            bi!(
                "bytes each GPU sends per step, by dimension",
                "各维度每 GPU 每步发送的字节"
            ),
            Unit::Bytes,
            traffic,
        ));
    }
    Ok(Computed::new(Outcome::new(headline, &r.steps, charts), &r))
}

#[rustfmt::skip]
const FIELDS: &[Field] = &[
    entry("gpus", "GPUs", FieldKind::Count, true, "in the job", "GPU 数", "整个任务"),
    entry("tp", "TP", FieldKind::Count, true, "within the NVLink domain", "TP 大小", "在 NVLink 域内"),
    entry("cp", "CP", FieldKind::Count, false, "default 1", "CP 大小", "默认 1"),
    entry("pp", "PP", FieldKind::Count, false, "default 1", "PP 级数", "默认 1"),
    entry("dp", "DP", FieldKind::Count, false, "default GPUs / (TP·CP·PP)", "DP 大小", "默认 GPU 数 / (TP·CP·PP)"),
    GPUS_PER_NODE.explained("NVLink domain, default 8 (72: NVL72)", "NVLink 域，默认 8（72：NVL72）"),
    entry("pod-size", "pod size", FieldKind::Count, false, "GPUs per non-blocking pod", "pod 大小", "无阻塞 pod 内的 GPU 数"),
    OVERSUBSCRIPTION.explained("above the pod, e.g. 7:1", "pod 之上，如 7:1"),
    entry("params", "parameters", FieldKind::Params, false, "for DP gradients, e.g. 405B", "参数量", "用于 DP 梯度，如 405B"),
    MICRO_BATCH.explained("for TP and PP traffic", "用于 TP 和 PP 通信"),
    SEQ.explained("tokens", "token 数"),
    HIDDEN.explained("hidden size", "隐藏层维度"),
    super::field::ELEMENT_BYTES,
    super::field::LAYERS,
    super::field::MICRO_BATCHES,
    entry("link", "NIC", FieldKind::Link, false, "each GPU's NIC, e.g. eth-400g", "网卡", "每 GPU 的网卡，如 eth-400g"),
    entry("bw", "NIC bandwidth", FieldKind::Rate, false, "or a rate", "网卡带宽", "或一个速率"),
];
