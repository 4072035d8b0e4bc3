//! Point-to-point collectives (alltoall, sendrecv) at NCCL's send/recv efficiency, and the
//! serial hierarchical all-reduce, kept for comparison only: NCCL does not run it.

use crate::calc::collective::CollectiveInput;
use crate::calc::collective::model::{Cost, Rates, Terms, cost};
use crate::calc::format;
use crate::text::Bi;

/// Alltoall as NCCL runs it, grouped send/recv to every peer: each GPU sends (g-1)/n of S over
/// its intra-node link (each pair capped at one pair's send/recv rate) and (n-g)/n over its share
/// of the node's NICs.
pub(crate) fn alltoall(input: &CollectiveInput, r: &Rates) -> Cost {
    let (n, g, s) = (
        input.ranks as f64,
        input.gpus_per_node as f64,
        input.size_bytes,
    );
    let intra_bw = r.intra.min((g - 1.0).max(1.0) * r.intra_pair);
    let intra = if g > 1.0 {
        (g - 1.0) / n * s / intra_bw
    } else {
        0.0
    };
    let per_gpu_nic = r.node_nics_p2p / g;
    let inter = if n > g {
        (n - g) / n * s / per_gpu_nic
    } else {
        0.0
    };
    let alpha = (g - 1.0) * r.intra_link_alpha + (n - g) * r.inter_link_alpha;
    cost(
        r,
        Terms {
            formula: Bi::same(
                "pairwise: t = (g-1)·α_i + (n-g)·α_e + max((g-1)/n · S / B_i, (n-g)/n · S / (K·B_nic/g))",
            ),
            alpha,
            alpha_text: || {
                format!(
                    "{} × {} + {} × {}",
                    g - 1.0,
                    format::duration(r.intra_link_alpha),
                    n - g,
                    format::duration(r.inter_link_alpha)
                )
            },
            beta: intra.max(inter),
            beta_text: || {
                format!(
                    "max({}, {})",
                    format::duration(intra),
                    format::duration(inter)
                )
            },
            sources: crate::bi!(
                "NCCL runs alltoall as grouped send/recv: B_i = min(B × collective efficiency, (g-1) × one pair's send/recv rate {pair}), NICs at their p2p efficiency; α = the links' one-way latency",
                "NCCL 把 alltoall 当成成组的 send/recv：B_i = min(B × 集合通信效率, (g-1) × 单对 send/recv 速率 {pair})，网卡按 p2p 效率；α = 链路单向延迟",
                pair = format::rate_short(r.intra_pair)
            ),
        },
    )
}

/// One send/recv between a pair: one link of a mesh, one NIC across nodes.
pub(crate) fn sendrecv(input: &CollectiveInput, r: &Rates) -> Cost {
    let s = input.size_bytes;
    let (alpha, b) = if input.nodes() > 1 {
        (r.inter_link_alpha, r.nic_p2p)
    } else {
        (r.intra_link_alpha, r.intra_pair)
    };
    cost(
        r,
        Terms {
            formula: Bi::new(
                "point-to-point: t = α + S / B (one pair: one mesh link, one NIC across nodes)",
                "点对点：t = α + S / B（一对 GPU：全互联中的一条链路，跨节点时一块网卡）",
            ),
            alpha,
            alpha_text: || format::duration(alpha),
            beta: s / b,
            beta_text: || format!("{} / {}", format::bytes_short(s), format::rate_short(b)),
            sources: Bi::new(
                "B at the link's NCCL send/recv (p2p) efficiency; α = the link's one-way latency",
                "B 按链路的 NCCL send/recv（p2p）效率；α = 链路单向延迟",
            ),
        },
    )
}

/// Intra reduce-scatter, inter all-reduce on S/g over the NICs, intra all-gather, run one after
/// the other. NCCL has no such algorithm (its tree and `NVLSTree` overlap the stages), so `auto`
/// never picks it; it is here to compare with a textbook answer.
pub(crate) fn hierarchical(input: &CollectiveInput, r: &Rates) -> Cost {
    let (g, k, s) = (
        input.gpus_per_node as f64,
        input.nodes() as f64,
        input.size_bytes,
    );
    let per_gpu_nic = r.node_nics / g;
    let intra_beta = if g > 1.0 {
        2.0 * (g - 1.0) / g * s / r.intra
    } else {
        0.0
    };
    let inter_beta = if k > 1.0 {
        2.0 * (k - 1.0) / k * (s / g) / per_gpu_nic
    } else {
        0.0
    };
    let (a_i, a_e) = (r.intra_link_alpha, r.inter_link_alpha);
    let alpha = 2.0 * (g - 1.0) * a_i + 2.0 * (k - 1.0) * a_e;
    cost(
        r,
        Terms {
            formula: Bi::new(
                "hierarchical (not an NCCL algorithm): intra reduce-scatter + inter allreduce on S/g over the NICs + intra allgather: \
                      t = 2(g-1)·α_i + 2(k-1)·α_e + 2(g-1)/g · S / B_i + 2(k-1)/k · (S/g) / (K·B_nic/g)",
                "分层（不是 NCCL 的算法）：节点内 reduce-scatter + 节点间经网卡对 S/g 做 allreduce + 节点内 allgather：\
                      t = 2(g-1)·α_i + 2(k-1)·α_e + 2(g-1)/g · S / B_i + 2(k-1)/k · (S/g) / (K·B_nic/g)",
            ),
            alpha,
            alpha_text: || {
                format!(
                    "2×{} × {} + 2×{} × {}",
                    g - 1.0,
                    format::duration(a_i),
                    k - 1.0,
                    format::duration(a_e)
                )
            },
            beta: intra_beta + inter_beta,
            beta_text: || {
                format!(
                    "2({g}-1)/{g} × {} / {} + 2({k}-1)/{k} × ({} / {g}) / {}",
                    format::bytes_short(s),
                    format::rate_short(r.intra),
                    format::bytes_short(s),
                    format::rate_short(per_gpu_nic)
                )
            },
            sources: Bi::new(
                "serial stages, α = the links' one-way latency; NCCL does not run this",
                "各阶段串行，α = 链路单向延迟；NCCL 不会这样执行",
            ),
        },
    )
}
