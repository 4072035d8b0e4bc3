//! NVLink SHARP (NVLS): the NVSwitch reduces in the switch, so an all-reduce moves S each way
//! per GPU instead of ring's 2(n-1)/n·S; across nodes NCCL runs `NVLSTree` (NVLS inside, a tree
//! between nodes). Latencies and the 2-node doubling are NCCL's (src/graph/tuning.cc).

use crate::calc::collective::model::{Cost, Rates, Terms, alpha_sum_text, cost, tree_inter_share};
use crate::calc::collective::{CollectiveInput, nccl};
use crate::calc::format;
use crate::text::Bi;

pub(crate) fn nvls(input: &CollectiveInput, r: &Rates) -> Cost {
    let (k, s) = (input.nodes(), input.size_bytes);
    let b = r.intra_nvls.unwrap_or(r.intra);
    let intra_beta = s / b;
    let inter_share = tree_inter_share(k);
    let inter_beta = if k > 1 {
        inter_share * s / r.node_nics
    } else {
        0.0
    };
    let depth = nccl::log2i(k);
    let a_e = r.step_override.unwrap_or(nccl::NVLS_TREE_NET);
    let a_i = r.step_override.unwrap_or(nccl::NVLS_INTRA);
    let alpha = a_i + 2.0 * depth * a_e;
    let (formula, what) = if k > 1 {
        (
            Bi::new(
                "NVLSTree: t = α_nvls + 2·log2(k)·α_e + max(S / B_nvls, c·S / B_node_NICs), c = 1 on 2 nodes, 2 beyond",
                "NVLSTree：t = α_nvls + 2·log2(k)·α_e + max(S / B_nvls, c·S / B_node_NICs)，2 个节点时 c = 1，更多时 c = 2",
            ),
            "NVLSTree",
        )
    } else {
        (Bi::same("NVLS: t = α_nvls + S / B_nvls"), "NVLS")
    };
    let sources = crate::bi!(
        "each GPU sends S to the switch, which reduces and multicasts S back (NCCL: 'AllReduce pipelines two operations'); \
         α_nvls = hwLatencies[NVLINK][{what}][Simple] 25 µs, α_e = hwLatencies[NET][NVLSTree][Simple] 20.9 µs, \
         2-node doubling of the inter-node rate ({source}); B_nvls = B × the preset's nvls-efficiency",
        "每个 GPU 把 S 发给交换机，交换机归约后再把 S 组播回来（NCCL：'AllReduce pipelines two operations'）；\
         α_nvls = hwLatencies[NVLINK][{what}][Simple] 25 µs，α_e = hwLatencies[NET][NVLSTree][Simple] 20.9 µs，\
         2 个节点时节点间速率翻倍（{source}）；B_nvls = B × 预设的 nvls-efficiency",
        source = nccl::SOURCE
    );
    cost(
        r,
        Terms {
            formula,
            alpha,
            alpha_text: || alpha_sum_text(a_i, 2, &[(depth, a_e)]),
            beta: intra_beta.max(inter_beta),
            beta_text: || {
                format!(
                    "max({} / {}, {})",
                    format::bytes_short(s),
                    format::rate_short(b),
                    format::duration(inter_beta)
                )
            },
            sources,
        },
    )
}
