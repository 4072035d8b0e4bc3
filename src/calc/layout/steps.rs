//! The explanation lines of a layout result.

use crate::bi;
use crate::calc::format;
use crate::calc::layout::{LayoutInput, LayoutReport, Placement};
use crate::text::Bi;

pub(super) fn explain(input: &LayoutInput, r: &LayoutReport) -> Vec<Bi> {
    let grid = &r.grid;
    let (tp, cp, pp, dp, gpus) = (grid.tp, grid.cp, grid.pp, grid.dp, grid.gpus);
    let mut steps = vec![
        bi!(
            "GPUs = TP × CP × PP × DP = {tp} × {cp} × {pp} × {dp} = {gpus}; {n} nodes of {per}",
            "GPU 数 = TP × CP × PP × DP = {tp} × {cp} × {pp} × {dp} = {gpus}；{n} 个节点，每个 {per} 卡",
            n = r.nodes,
            per = grid.gpus_per_node
        ),
        bi!(
            "order [TP, CP, PP, DP], TP fastest (Megatron, Llama 3): rank = tp + {a}·cp + {b}·pp + {c}·dp",
            "顺序 [TP, CP, PP, DP]，TP 变化最快（Megatron、Llama 3）：rank = tp + {a}·cp + {b}·pp + {c}·dp",
            a = tp,
            b = tp * cp,
            c = r.replica_gpus
        ),
        bi!(
            "one model replica = TP × CP × PP = {g} GPUs = {n} node(s); DP = {dp} replicas",
            "一个模型副本 = TP × CP × PP = {g} 个 GPU = {n} 个节点；DP = {dp} 个副本",
            g = r.replica_gpus,
            n = r.replica_nodes
        ),
    ];
    if let Some(p) = r.pod {
        let pod = p.pod_size;
        steps.push(bi!(
            "pods of {pod} GPUs: {gpus} / {pod} = {n} pods; {pod} / {rep} = {per} replicas per pod",
            "每个 pod {pod} 个 GPU：{gpus} / {pod} = {n} 个 pod；{pod} / {rep} = 每个 pod {per} 个副本",
            n = format::sig(p.pods, 3),
            rep = r.replica_gpus,
            per = format::sig(p.replicas_per_pod, 3)
        ));
    }
    steps.extend(
        r.placements
            .iter()
            .map(|pl| placement_line(pl, grid.gpus_per_node)),
    );
    steps.extend(traffic_lines(input, r));
    steps
}

/// The tier a group's traffic uses, as the headline shows it.
pub(crate) fn tier_name(tier: &str) -> Bi {
    match tier {
        "one GPU" => bi!("one GPU", "单个 GPU"),
        "nvlink" => bi!("nvlink", "NVLink"),
        "pod" => bi!("pod", "pod 内"),
        "cross-pod" => bi!("cross-pod", "跨 pod"),
        other => bi!("{other}", "网络"),
    }
}

fn placement_line(pl: &Placement, gpus_per_node: usize) -> Bi {
    let dim = pl.dim.to_uppercase();
    if pl.size == 1 {
        return bi!(
            "{dim} = 1: no group, no traffic",
            "{dim} = 1：没有组，没有通信"
        );
    }
    let pods = pl
        .pods_spanned
        .map_or(Bi::default(), |n| bi!(", {n} pod(s)", "，{n} 个 pod"));
    let where_ = match pl.tier {
        "nvlink" => bi!("inside one node: NVLink", "在一个节点内：NVLink"),
        "pod" => bi!(
            "across nodes, inside one non-blocking pod",
            "跨节点，在一个无阻塞 pod 内"
        ),
        "cross-pod" => bi!(
            "across pods: through the oversubscribed layer",
            "跨 pod：经过有收敛比的那一层"
        ),
        _ => bi!(
            "across nodes: the scale-out network",
            "跨节点：scale-out 网络"
        ),
    };
    let rail = if pl.same_rail {
        bi!(
            "; peers are {n} node(s) apart with the same local GPU index, so they stay on one rail",
            "；对端相隔 {n} 个节点、本地 GPU 编号相同，所以留在同一个 rail 上",
            n = pl.stride / gpus_per_node
        )
    } else {
        Bi::default()
    };
    let (size, stride, nodes) = (pl.size, pl.stride, pl.nodes_spanned);
    format::around(
        [&pods, &where_, &rail],
        |[pods, where_, rail]| {
            format!(
                "{dim} group of {size} at stride {stride}: {nodes} node(s){pods}, {where_}{rail}"
            )
        },
        |[pods, where_, rail]| {
            format!("{dim} 组大小 {size}，步长 {stride}：{nodes} 个节点{pods}，{where_}{rail}")
        },
    )
}

fn traffic_lines(input: &LayoutInput, r: &LayoutReport) -> Vec<Bi> {
    let mut lines = Vec::new();
    let m = input.micro_batches;
    if let Some(bytes) = r.tp_bytes_per_step {
        lines.push(bi!(
            "TP: 4 all-reduces of b·(s/CP)·h per layer, 2(t-1)/t of it from each GPU, × ⌈L/PP⌉ = {l} layers × m = {m}: {b} per GPU per step, on NVLink",
            "TP：每层 4 次 b·(s/CP)·h 的 all-reduce，每 GPU 发送其 2(t-1)/t，× ⌈L/PP⌉ = {l} 层 × m = {m}：每 GPU 每步 {b}，走 NVLink",
            l = input.layers.div_ceil(r.grid.pp),
            b = format::bytes(bytes)
        ));
    }
    if let Some(bytes) = r.pp_bytes_per_step {
        lines.push(bi!(
            "PP: an inner stage sends 2m = {n} messages of b·(s/CP)·h (activations forward, gradients back): {b} per step",
            "PP：中间的 stage 发送 2m = {n} 条 b·(s/CP)·h 的消息（前向发激活，反向发梯度）：每步 {b}",
            n = 2 * m,
            b = format::bytes(bytes)
        ));
    }
    if let (Some(grads), Some(bytes)) = (r.gradient_bytes, r.dp_bytes_per_step) {
        lines.push(bi!(
            "DP: bf16 gradients per GPU = params / (TP × PP) × 2 B = {g}; a ring reduce-scatter sends (DP-1)/DP of it: {b}",
            "DP：每 GPU 的 bf16 梯度 = 参数量 / (TP × PP) × 2 B = {g}；ring reduce-scatter 发送其 (DP-1)/DP：{b}",
            g = format::bytes(grads),
            b = format::bytes(bytes)
        ));
    }
    if let (Some(link), Some(spec), Some(expected)) =
        (&input.link, r.dp_seconds, r.expected_dp_seconds)
    {
        lines.push(link.describe_bi());
        lines.push(bi!(
            "DP reduce-scatter on each GPU's own NIC: {s} spec, {e} expected; it overlaps the backward pass",
            "DP reduce-scatter 走每个 GPU 自己的网卡：规格 {s}，预期 {e}；它与反向重叠",
            s = format::duration(spec),
            e = format::duration(expected)
        ));
    }
    let o = format::sig(input.oversubscription, 3);
    if let Some(worst) = r.dp_oversubscribed_seconds {
        lines.push(bi!(
            "if every DP byte met the {o}:1 layer at full load: {w} (× {o})",
            "若每个 DP 字节都在满载时经过 {o}:1 那一层：{w}（× {o}）",
            w = format::duration(worst)
        ));
    }
    if let (Some(edges), Some(egress), Some(uplink)) = (
        r.dp_edges_leaving_pod,
        r.pod_egress_bytes_per_s,
        r.pod_uplink_bytes_per_s,
    ) {
        let (each, out, up, pod) = (
            format::rate_short(egress / edges as f64),
            format::rate_short(egress),
            format::rate_short(uplink),
            r.pod.map_or(0, |p| p.pod_size),
        );
        lines.push(if egress <= uplink {
            bi!(
                "order each DP ring pod by pod: {edges} DP groups have members in a pod and each leaves it once, {edges} × {each} = {out} against {up} of uplink ({pod} GPUs × NIC / {o}): it fits",
                "让每个 DP ring 按 pod 排序：一个 pod 里有 {edges} 个 DP 组的成员，每组离开 pod 一次，{edges} × {each} = {out}，上行 {up}（{pod} 个 GPU × 网卡 / {o}）：放得下"
            )
        } else {
            bi!(
                "order each DP ring pod by pod: {edges} DP groups have members in a pod and each leaves it once, {edges} × {each} = {out} against {up} of uplink ({pod} GPUs × NIC / {o}): it does not fit, expect congestion",
                "让每个 DP ring 按 pod 排序：一个 pod 里有 {edges} 个 DP 组的成员，每组离开 pod 一次，{edges} × {each} = {out}，上行 {up}（{pod} 个 GPU × 网卡 / {o}）：放不下，会拥塞"
            )
        });
    }
    lines
}
