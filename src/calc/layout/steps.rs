//! The explanation lines of a layout result.

use crate::calc::format;
use crate::calc::layout::{LayoutInput, LayoutReport, Placement};

pub(super) fn explain(input: &LayoutInput, r: &LayoutReport) -> Vec<String> {
    let mut steps = vec![
        format!(
            "GPUs = TP × CP × PP × DP = {} × {} × {} × {} = {}; {} nodes of {}",
            r.tp, r.cp, r.pp, r.dp, r.gpus, r.nodes, r.gpus_per_node
        ),
        format!(
            "order [TP, CP, PP, DP], TP fastest (Megatron, Llama 3): rank = tp + {}·cp + {}·pp + {}·dp",
            r.tp,
            r.tp * r.cp,
            r.replica_gpus
        ),
        format!(
            "one model replica = TP × CP × PP = {} GPUs = {} node(s); DP = {} replicas",
            r.replica_gpus, r.replica_nodes, r.dp
        ),
    ];
    if let (Some(pod), Some(pods), Some(per_pod)) = (r.pod_size, r.pods, r.replicas_per_pod) {
        steps.push(format!(
            "pods of {pod} GPUs: {} / {pod} = {} pods; {pod} / {} = {} replicas per pod",
            r.gpus,
            format::sig(pods, 3),
            r.replica_gpus,
            format::sig(per_pod, 3)
        ));
    }
    steps.extend(
        r.placements
            .iter()
            .map(|pl| placement_line(pl, r.gpus_per_node)),
    );
    steps.extend(traffic_lines(input, r));
    steps
}

fn placement_line(pl: &Placement, gpus_per_node: usize) -> String {
    let dim = pl.dim.to_uppercase();
    if pl.size == 1 {
        return format!("{dim} = 1: no group, no traffic");
    }
    let pods = pl
        .pods_spanned
        .map_or(String::new(), |n| format!(", {n} pod(s)"));
    let where_ = match pl.tier {
        "nvlink" => "inside one node: NVLink".to_owned(),
        "pod" => "across nodes, inside one non-blocking pod".to_owned(),
        "cross-pod" => "across pods: through the oversubscribed layer".to_owned(),
        _ => "across nodes: the scale-out network".to_owned(),
    };
    let rail = if pl.same_rail {
        format!(
            "; peers are {} node(s) apart with the same local GPU index, so they stay on one rail",
            pl.stride / gpus_per_node
        )
    } else {
        String::new()
    };
    format!(
        "{dim} group of {} at stride {}: {} node(s){pods}, {where_}{rail}",
        pl.size, pl.stride, pl.nodes_spanned
    )
}

fn traffic_lines(input: &LayoutInput, r: &LayoutReport) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(bytes) = r.tp_bytes_per_step {
        lines.push(format!(
            "TP: 4 all-reduces of b·(s/CP)·h per layer, 2(t-1)/t of it from each GPU, × ⌈L/PP⌉ = {} layers × m = {}: {} per GPU per step, on NVLink",
            input.layers.div_ceil(r.pp),
            input.micro_batches,
            format::bytes(bytes)
        ));
    }
    if let Some(bytes) = r.pp_bytes_per_step {
        lines.push(format!(
            "PP: an inner stage sends 2m = {} messages of b·(s/CP)·h (activations forward, gradients back): {} per step",
            2 * input.micro_batches,
            format::bytes(bytes)
        ));
    }
    if let (Some(grads), Some(bytes)) = (r.gradient_bytes, r.dp_bytes_per_step) {
        lines.push(format!(
            "DP: bf16 gradients per GPU = params / (TP × PP) × 2 B = {}; a ring reduce-scatter sends (DP-1)/DP of it: {}",
            format::bytes(grads),
            format::bytes(bytes)
        ));
    }
    if let (Some(link), Some(spec), Some(expected)) =
        (&input.link, r.dp_seconds, r.expected_dp_seconds)
    {
        lines.push(link.describe());
        lines.push(format!(
            "DP reduce-scatter on each GPU's own NIC: {} spec, {} expected; it overlaps the backward pass",
            format::duration(spec),
            format::duration(expected)
        ));
    }
    if let Some(worst) = r.dp_oversubscribed_seconds {
        lines.push(format!(
            "if every DP byte met the {}:1 layer at full load: {} (× {})",
            format::sig(input.oversubscription, 3),
            format::duration(worst),
            format::sig(input.oversubscription, 3)
        ));
    }
    if let (Some(edges), Some(egress), Some(uplink)) = (
        r.dp_edges_leaving_pod,
        r.pod_egress_bytes_per_s,
        r.pod_uplink_bytes_per_s,
    ) {
        lines.push(format!(
            "order each DP ring pod by pod: {edges} DP groups have members in a pod and each leaves it once, {edges} × {} = {} against {} of uplink ({} GPUs × NIC / {}){}",
            format::rate_short(egress / edges as f64),
            format::rate_short(egress),
            format::rate_short(uplink),
            r.pod_size.unwrap_or_default(),
            format::sig(input.oversubscription, 3),
            if egress <= uplink {
                ": it fits"
            } else {
                ": it does not fit, expect congestion"
            }
        ));
    }
    lines
}
