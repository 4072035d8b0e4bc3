//! Alpha-beta cost of each collective algorithm.
//!
//! t = base + (latency steps) x alpha + (bytes the busiest link carries) / B, with B per
//! direction. Base and step latencies are NCCL's (see [`nccl`]); ring and tree are costed with
//! both the LL and the Simple protocol and the cheaper is kept, as NCCL's tuner does. Multi-node
//! rings and trees use all K NICs of a node in parallel, as NCCL spreads its channels over them.
//! Sources: MPICH ring costs, NCCL tuning.cc, nccl-tests PERFORMANCE.md (busbw factors).

use crate::calc::collective::nccl::{self, Hw, Proto};
use crate::calc::collective::{Algorithm, CollectiveInput, Op};
use crate::calc::{LinkKind, Scope, format};
use crate::text::Bi;

/// Bandwidths (bytes/s per direction) and latencies (s) of one evaluation: spec or expected.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rates {
    /// Per-GPU intra-node bandwidth for collectives (infinite with one GPU per node); in a full
    /// mesh, only the links to the peers in the job.
    pub intra: f64,
    /// One GPU pair's NCCL send/recv rate inside a node (one link of a mesh).
    pub intra_pair: f64,
    /// Per-GPU NVLS rate (B x NVLS efficiency), when the switch reduces.
    pub intra_nvls: Option<f64>,
    /// All NICs of a node together (infinite on a single node).
    pub node_nics: f64,
    /// The same for NCCL point-to-point.
    pub nic_p2p: f64,
    pub node_nics_p2p: f64,
    /// NCCL's hardware class of the intra-node link.
    pub intra_hw: Hw,
    /// `--latency`: replaces every per-step latency.
    pub step_override: Option<f64>,
    /// The links' own one-way latencies, for point-to-point.
    pub intra_link_alpha: f64,
    pub inter_link_alpha: f64,
    /// Build the step texts (off for sweeps, which only need the numbers).
    pub explain: bool,
}

impl Rates {
    /// Spec rates, or expected ones (bandwidth x the role's efficiency) when `expected`.
    pub fn of(input: &CollectiveInput, expected: bool) -> Rates {
        let scale = |eff: f64| if expected { eff } else { 1.0 };
        let g = input.gpus_per_node;
        let (intra, intra_pair, intra_nvls) =
            input
                .intra
                .as_ref()
                .map_or((f64::INFINITY, f64::INFINITY, None), |l| {
                    let reach = l.mesh.map_or(l.bandwidth, |(peer, peers)| {
                        l.bandwidth
                            .min(peer * peers.min(g.saturating_sub(1)).max(1) as f64)
                    });
                    (
                        reach * scale(l.collective.0),
                        l.pair_bandwidth() * scale(l.p2p.0),
                        l.nvls.as_ref().map(|(e, _)| l.bandwidth * scale(*e)),
                    )
                });
        let nics = |eff: fn(&crate::calc::LinkSpec) -> f64| {
            input
                .inter
                .as_ref()
                .map_or((f64::INFINITY, f64::INFINITY), |l| {
                    let bw = l.bandwidth * scale(eff(l));
                    let k = input.nics_per_node as f64;
                    // A per-instance figure (AWS EFA, GCP TCPXO) already covers all the node's NICs.
                    if l.scope == Scope::PerInstance {
                        (bw / k, bw)
                    } else {
                        (bw, bw * k)
                    }
                })
        };
        let (_, node_nics) = nics(|l| l.collective.0);
        let (nic_p2p, node_nics_p2p) = nics(|l| l.p2p.0);
        let intra_hw = match input.intra.as_ref().map(|l| l.kind) {
            Some(LinkKind::Nvlink | LinkKind::Xgmi) => Hw::Nvlink,
            _ => Hw::Pci,
        };
        Rates {
            intra,
            intra_pair,
            intra_nvls,
            node_nics,
            nic_p2p,
            node_nics_p2p,
            intra_hw,
            step_override: input.latency,
            intra_link_alpha: input
                .latency
                .or(input.intra.as_ref().map(|l| l.latency))
                .unwrap_or(0.0),
            inter_link_alpha: input
                .latency
                .or(input.inter.as_ref().map(|l| l.latency))
                .unwrap_or(0.0),
            explain: true,
        }
    }

    fn step(&self, nccl_value: f64) -> f64 {
        self.step_override.unwrap_or(nccl_value)
    }

    /// Ring's or tree's α per step inside a node, α per network step, and base latency.
    fn alphas(&self, p: Proto, tree: bool) -> (f64, f64, f64) {
        let step: fn(Hw, Proto) -> f64 = if tree {
            nccl::tree_step
        } else {
            nccl::ring_step
        };
        let base = if tree {
            nccl::tree_base(p)
        } else {
            nccl::ring_base(p)
        };
        (
            self.step(step(self.intra_hw, p)),
            self.step(step(Hw::Net, p)),
            base,
        )
    }
}

/// The cost of one algorithm with one set of rates.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Cost {
    pub seconds: f64,
    /// The general formula.
    pub formula: Bi,
    /// The formula with numbers substituted, ending in the result.
    pub worked: String,
    /// Where the factors come from.
    pub sources: Bi,
}

pub(crate) struct Terms<A: FnOnce() -> String, B: FnOnce() -> String> {
    pub formula: Bi,
    pub alpha: f64,
    pub alpha_text: A,
    pub beta: f64,
    pub beta_text: B,
    pub sources: Bi,
}

/// The worked text of α = base + factor × Σ count × `α_hop`: latencies as durations, counts as
/// numbers, parentheses only where the factor scales a sum.
pub(crate) fn alpha_sum_text(base: f64, factor: u32, hops: &[(f64, f64)]) -> String {
    let sum = hops
        .iter()
        .map(|(count, alpha)| format!("{count} × {}", format::duration(*alpha)))
        .collect::<Vec<_>>()
        .join(" + ");
    let scaled = match (factor, hops.len()) {
        (1, _) => sum,
        (factor, 1) => format!("{factor} × {sum}"),
        (factor, _) => format!("{factor} × ({sum})"),
    };
    format!("{} + {scaled}", format::duration(base))
}

pub(crate) fn cost<A: FnOnce() -> String, B: FnOnce() -> String>(
    r: &Rates,
    t: Terms<A, B>,
) -> Cost {
    let seconds = t.alpha + t.beta;
    if !r.explain {
        return Cost {
            seconds,
            formula: Bi::default(),
            worked: String::new(),
            sources: Bi::default(),
        };
    }
    Cost {
        seconds,
        formula: t.formula,
        worked: format!(
            "{} + {} = {} + {} = {}",
            (t.alpha_text)(),
            (t.beta_text)(),
            format::duration(t.alpha),
            format::duration(t.beta),
            format::duration(seconds)
        ),
        sources: t.sources,
    }
}

/// Cost of `algorithm` (never `Auto`) for `input` at the given rates.
pub(crate) fn evaluate(input: &CollectiveInput, algorithm: Algorithm, r: &Rates) -> Cost {
    match algorithm {
        Algorithm::Tree => cheaper(ring_or_tree(input, r, Proto::Ll, true), || {
            ring_or_tree(input, r, Proto::Simple, true)
        }),
        Algorithm::Nvls | Algorithm::NvlsTree => super::nvls::nvls(input, r),
        Algorithm::Hierarchical => super::pairwise::hierarchical(input, r),
        Algorithm::Pairwise if input.op == Op::SendRecv => super::pairwise::sendrecv(input, r),
        Algorithm::Pairwise => super::pairwise::alltoall(input, r),
        Algorithm::Ring | Algorithm::Auto => {
            cheaper(ring_or_tree(input, r, Proto::Ll, false), || {
                ring_or_tree(input, r, Proto::Simple, false)
            })
        }
    }
}

fn cheaper(a: Cost, b: impl FnOnce() -> Cost) -> Cost {
    let b = b();
    if a.seconds < b.seconds { a } else { b }
}

/// Bytes each node's NICs carry per direction in a tree, as a multiple of S: S on 2 nodes (each
/// tree of the pair sends S/2 up and S/2 down), 2S beyond (an inner node of one tree sends S/2
/// up and S down to two children, and is a leaf of the other).
pub(crate) fn tree_inter_share(nodes: usize) -> f64 {
    if nodes == 2 { 1.0 } else { 2.0 }
}

fn ring_or_tree(input: &CollectiveInput, r: &Rates, p: Proto, tree: bool) -> Cost {
    if tree {
        tree_cost(input, r, p)
    } else {
        ring(input, r, p)
    }
}

fn ring(input: &CollectiveInput, r: &Rates, p: Proto) -> Cost {
    let (n, nodes, s) = (input.ranks as f64, input.nodes() as f64, input.size_bytes);
    let (steps, inter_steps, share, formula) = match input.op {
        Op::AllReduce => (
            2.0 * (n - 1.0),
            2.0 * (nodes - 1.0),
            2.0 * (n - 1.0) / n,
            Bi::same("ring: t = base + 2(n-1)·α + 2(n-1)/n · S / B"),
        ),
        Op::AllGather | Op::ReduceScatter => (
            n - 1.0,
            nodes - 1.0,
            (n - 1.0) / n,
            Bi::same("ring: t = base + (n-1)·α + (n-1)/n · S / B"),
        ),
        _ => (
            n - 1.0,
            nodes - 1.0,
            1.0,
            Bi::new(
                "pipelined ring (chain): t = base + (n-1)·α + S / B",
                "流水线 ring（链式）：t = base + (n-1)·α + S / B",
            ),
        ),
    };
    let bw = if input.nodes() > 1 {
        r.intra.min(r.node_nics)
    } else {
        r.intra
    } * nccl::protocol_share(p, false);
    let (a_i, a_e, base) = r.alphas(p, false);
    let alpha = base + (steps - inter_steps) * a_i + inter_steps * a_e;
    let beta = share * s / bw;
    cost(
        r,
        Terms {
            formula,
            alpha,
            alpha_text: || {
                alpha_sum_text(base, 1, &[(steps - inter_steps, a_i), (inter_steps, a_e)])
            },
            beta,
            beta_text: || {
                format!(
                    "{} × {} / {}",
                    format::sig(share, 4),
                    format::bytes_short(s),
                    format::rate_short(bw)
                )
            },
            sources: latency_sources(r, p, "Ring"),
        },
    )
}

fn latency_sources(r: &Rates, p: Proto, algo: &str) -> Bi {
    let ll = if p == Proto::Ll {
        crate::bi!(
            "; LL moves data at {share} of B",
            "；LL 协议的数据速率为 B 的 {share}",
            share = format::sig(nccl::ll_share(algo == "Tree"), 3)
        )
    } else {
        Bi::default()
    };
    let steps = if r.step_override.is_some() {
        Bi::new("α per step from --latency", "每步 α 取自 --latency")
    } else {
        crate::bi!(
            "α per step from hwLatencies[{hw:?}/NET][{algo}][{proto}]",
            "每步 α 取自 hwLatencies[{hw:?}/NET][{algo}][{proto}]",
            hw = r.intra_hw,
            proto = p.name()
        )
    };
    let (proto, source) = (p.name(), nccl::SOURCE);
    format::around(
        [&steps, &ll],
        |[steps, ll]| {
            format!("protocol {proto}: base from baseLatencies[{algo}], {steps} ({source}){ll}")
        },
        |[steps, ll]| {
            format!("协议 {proto}：base 取自 baseLatencies[{algo}]，{steps}（{source}）{ll}")
        },
    )
}

fn tree_cost(input: &CollectiveInput, r: &Rates, proto: Proto) -> Cost {
    let (gpus, nodes, size) = (input.gpus_per_node, input.nodes(), input.size_bytes);
    let depth = nccl::log2i(nodes);
    let share = nccl::TREE_ALLREDUCE_SHARE * nccl::protocol_share(proto, true);
    let (a_i, a_e, base) = r.alphas(proto, true);
    let alpha = base + 2.0 * ((gpus as f64 - 1.0) * a_i + depth * a_e);
    let intra_beta = if gpus > 1 {
        2.0 * size / (r.intra * share)
    } else {
        0.0
    };
    let inter_share = tree_inter_share(nodes);
    let inter_beta = if nodes > 1 {
        inter_share * size / (r.node_nics * share)
    } else {
        0.0
    };
    let formula = Bi::new(
        "double binary tree (chain inside a node): t = base + 2((g-1)·α_i + log2(k)·α_e) \
                   + max(2S / B_intra, c·S / B_node_NICs) with c = 1 on 2 nodes, 2 beyond",
        "双二叉树（节点内为链）：t = base + 2((g-1)·α_i + log2(k)·α_e) \
                   + max(2S / B_intra, c·S / B_node_NICs)，2 个节点时 c = 1，更多时 c = 2",
    );
    let mut parts = vec![
        latency_sources(r, proto, "Tree"),
        crate::bi!(
            "B × {share} (NCCL's tree all-reduce busBw × 0.92, {source})",
            "B × {share}（NCCL 的 tree all-reduce busBw × 0.92，{source}）",
            share = format::sig(nccl::TREE_ALLREDUCE_SHARE, 2),
            source = nccl::SOURCE
        ),
    ];
    if nodes == 2 {
        parts.push(Bi::new(
            "on 2 nodes each tree sends S/2 up and S/2 down, so a node's NICs carry S and busbw can reach twice the NIC rate (AddyLaddy, NVIDIA/nccl-tests#22)",
            "2 个节点时每棵树向上、向下各发 S/2，节点网卡共承载 S，busbw 可达网卡速率的两倍（AddyLaddy，NVIDIA/nccl-tests#22）",
        ));
    }
    let sources = Bi::join(&parts, "; ");
    cost(
        r,
        Terms {
            formula,
            alpha,
            alpha_text: || alpha_sum_text(base, 2, &[((gpus - 1) as f64, a_i), (depth, a_e)]),
            beta: intra_beta.max(inter_beta),
            beta_text: || {
                format!(
                    "max({}, {})",
                    format::duration(intra_beta),
                    format::duration(inter_beta)
                )
            },
            sources,
        },
    )
}
