//! The explanation lines of a fat-tree result.

use crate::bi;
use crate::calc::fabric::{FabricInput, FabricReport};
use crate::calc::format;
use crate::text::Bi;

/// Every step: ports, the leaf split, leaves, tiers, counts and bandwidths, then the check.
pub(super) fn explain(input: &FabricInput, r: &FabricReport) -> Vec<Bi> {
    let (d, u, radix) = (r.leaf_down_ports, r.leaf_up_ports, r.radix);
    let (nodes, nics, endpoints) = (r.nodes, r.nics_per_node, r.endpoints);
    let (leaves, spines, cores) = (r.switches.leaves, r.switches.spines, r.switches.cores);
    let speed = format::rate_short(r.port_bytes_per_s);
    let mut steps = vec![
        bi!(
            "endpoints = N × K = {nodes} × {nics} = {endpoints} ports at {rate} ({label})",
            "端点 = N × K = {nodes} × {nics} = {endpoints} 个端口，每个 {rate}（{label}）",
            rate = format::rate(r.port_bytes_per_s),
            label = &input.link.label
        ),
        leaf_line(r),
        leaves_line(r),
    ];
    let half = radix / 2;
    steps.push(if r.switches.tiers == 2 {
        bi!(
            "two tiers ({leaves} leaves ≤ R = {radix}): spines = ⌈leaves × u / R⌉ = ⌈{leaves} × {u} / {radix}⌉ = {spines}",
            "两层（{leaves} 台 leaf ≤ R = {radix}）：spine = ⌈leaf × u / R⌉ = ⌈{leaves} × {u} / {radix}⌉ = {spines}"
        )
    } else {
        bi!(
            "{leaves} leaves > R = {radix}: three tiers; spines take {half} down and {half} up: spines = ⌈{leaves} × {u} / {half}⌉ = {spines}, cores = ⌈{spines} × {half} / {radix}⌉ = {cores}",
            "{leaves} 台 leaf > R = {radix}：三层；spine 下行 {half}、上行 {half}：spine = ⌈{leaves} × {u} / {half}⌉ = {spines}，core = ⌈{spines} × {half} / {radix}⌉ = {cores}",
        )
    });
    steps.push(bi!(
        "switches = {leaves} leaves + {spines} spines + {cores} cores = {t}",
        "交换机 = {leaves} leaf + {spines} spine + {cores} core = {t}",
        t = r.switches.total
    ));
    steps.push(bi!(
        "cables = {a} node–leaf + {b} leaf–spine + {c} spine–core = {t}; transceivers = 2 per cable = {x} (twin-port OSFP cages carry two links each, halve the count for those)",
        "线缆 = {a} 根 节点–leaf + {b} 根 leaf–spine + {c} 根 spine–core = {t}；光模块 = 每根线缆 2 个 = {x}（双口 OSFP 每个带两条链路，用它时数量减半）",
        a = r.cables.node_leaf_cables,
        b = r.cables.leaf_spine_cables,
        c = r.cables.spine_core_cables,
        t = r.cables.total,
        x = r.cables.transceivers
    ));
    steps.push(bi!(
        "injection per node = K × speed = {nics} × {speed} = {inj}",
        "每节点注入带宽 = K × 速率 = {nics} × {speed} = {inj}",
        inj = format::rate(r.injection_bytes_per_s)
    ));
    steps.push(bi!(
        "bisection = min(endpoints, leaf uplinks) × speed / 2 = min({endpoints}, {up}) × {speed} / 2 = {b} per direction",
        "对分带宽 = min(端点, leaf 上行) × 速率 / 2 = min({endpoints}, {up}) × {speed} / 2 = 单向 {b}",
        up = r.cables.leaf_spine_cables,
        b = format::rate_short(r.bisection_bytes_per_s)
    ));
    let above = format::rate(r.above_leaf_per_nic_bytes_per_s);
    steps.push(if d > u {
        bi!(
            "above the leaf, when every NIC sends through the spine at once: speed × u/d = {speed} × {u}/{d} = {above} per NIC; keep heavy traffic (TP, then PP) under one leaf or one rail",
            "leaf 之上，所有网卡同时经 spine 发送时：速率 × u/d = {speed} × {u}/{d} = 每网卡 {above}；重流量（先 TP，再 PP）应留在一台 leaf 或一个 rail 内"
        )
    } else {
        bi!(
            "above the leaf, when every NIC sends through the spine at once: speed × u/d = {speed} × {u}/{d} = {above} per NIC",
            "leaf 之上，所有网卡同时经 spine 发送时：速率 × u/d = {speed} × {u}/{d} = 每网卡 {above}"
        )
    });
    steps.push(bi!(
        "check: at radix 64, 8 NICs per node, rail-optimized and 1:1 these rules give NVIDIA's DGX B200 SuperPOD table: 2/4/8 SU (64/128/256 nodes) → 16/32/64 leaves and 8/16/32 spines; 16 SU → 128 leaves, 128 spines, 64 cores; 64 SU → 512, 512, 256",
        "核对：radix 64、每节点 8 张网卡、rail 优化、1:1 时，这些规则给出 NVIDIA DGX B200 SuperPOD 表：2/4/8 SU（64/128/256 节点）→ 16/32/64 台 leaf 和 8/16/32 台 spine；16 SU → 128 leaf、128 spine、64 core；64 SU → 512、512、256"
    ));
    steps
}

/// How the leaf's ports split between nodes and spines.
fn leaf_line(r: &FabricReport) -> Bi {
    let (d, u, radix) = (r.leaf_down_ports, r.leaf_up_ports, r.radix);
    let (o, built) = (
        format::sig(r.oversubscription, 3),
        format::sig(r.leaf_ratio, 3),
    );
    if d == u {
        bi!(
            "leaf of {radix} ports at {o}:1: d = ⌊R·o/(o+1)⌋ = {d} down to nodes, u = ⌈d/o⌉ = {u} up to spines ({built}:1 as built, non-blocking)",
            "{radix} 端口的 leaf，{o}:1：d = ⌊R·o/(o+1)⌋ = {d} 个下行接节点，u = ⌈d/o⌉ = {u} 个上行接 spine（实际 {built}:1，无阻塞）"
        )
    } else {
        bi!(
            "leaf of {radix} ports at {o}:1: d = ⌊R·o/(o+1)⌋ = {d} down to nodes, u = ⌈d/o⌉ = {u} up to spines ({built}:1 as built)",
            "{radix} 端口的 leaf，{o}:1：d = ⌊R·o/(o+1)⌋ = {d} 个下行接节点，u = ⌈d/o⌉ = {u} 个上行接 spine（实际 {built}:1）"
        )
    }
}

/// How many leaves, rail-optimized or top-of-rack.
fn leaves_line(r: &FabricReport) -> Bi {
    let (d, n, k, leaves) = (
        r.leaf_down_ports,
        r.nodes,
        r.nics_per_node,
        r.switches.leaves,
    );
    match (r.rail_groups, r.nodes_per_leaf) {
        (Some(groups), _) => bi!(
            "rail-optimized: NIC k of each node goes to leaf k of its group of {d} nodes; ⌈{n} / {d}⌉ = {groups} group(s) × {k} rails = {leaves} leaves; same-rail peers in a group are one switch hop apart, other traffic crosses the spine",
            "rail 优化：每个节点的第 k 张网卡接本组（{d} 个节点）的第 k 台 leaf；⌈{n} / {d}⌉ = {groups} 组 × {k} 个 rail = {leaves} 台 leaf；组内同 rail 的对端只隔一跳交换机，其余流量要过 spine"
        ),
        (None, per_leaf) => bi!(
            "top-of-rack: all {k} NICs of a node on one leaf, ⌊{d} / {k}⌋ = {p} node(s) per leaf, ⌈{n} / {p}⌉ = {leaves} leaves",
            "top-of-rack：一个节点的 {k} 张网卡都接同一台 leaf，⌊{d} / {k}⌋ = 每台 leaf {p} 个节点，⌈{n} / {p}⌉ = {leaves} 台 leaf",
            p = per_leaf.unwrap_or(1)
        ),
    }
}
