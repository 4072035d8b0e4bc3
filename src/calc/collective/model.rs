//! Alpha-beta cost of each collective algorithm.
//!
//! t = (latency steps) x alpha + (bytes each link carries) / B, with B per direction. Multi-node
//! rings and trees use all K NICs of a node in parallel, as NCCL spreads its channels over them,
//! so their bandwidth is `min(B_intra, node NIC aggregate)`. Sources: MPICH ring costs, NCCL
//! tuning.cc (step counts, tree latency), nccl-tests PERFORMANCE.md (busbw factors).

use crate::calc::collective::{Algorithm, CollectiveInput, Op};
use crate::calc::{Scope, format};

/// Bandwidths (bytes/s per direction) and latencies (s) of one evaluation: spec or expected.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rates {
    /// Per-GPU intra-node bandwidth (infinite when there is one GPU per node).
    pub intra: f64,
    pub intra_alpha: f64,
    /// One NIC's bandwidth (infinite on a single node).
    pub nic: f64,
    /// All NICs of a node together.
    pub node_nics: f64,
    pub inter_alpha: f64,
    /// Build the step texts (off for sweeps, which only need the numbers).
    pub explain: bool,
}

impl Rates {
    /// Spec rates, or expected ones (bandwidth x efficiency) when `expected`.
    pub fn of(input: &CollectiveInput, expected: bool) -> Rates {
        let scale = |eff: f64| if expected { eff } else { 1.0 };
        let intra = input
            .intra
            .as_ref()
            .map_or(f64::INFINITY, |l| l.bandwidth * scale(l.efficiency));
        let (nic, node_nics) = input
            .inter
            .as_ref()
            .map_or((f64::INFINITY, f64::INFINITY), |l| {
                let bw = l.bandwidth * scale(l.efficiency);
                let k = input.nics_per_node as f64;
                // A per-instance figure (AWS EFA) already covers all the node's NICs.
                if l.scope == Scope::PerInstance {
                    (bw / k, bw)
                } else {
                    (bw, bw * k)
                }
            });
        let intra_alpha = input
            .latency
            .or(input.intra.as_ref().map(|l| l.latency))
            .unwrap_or(0.0);
        let inter_alpha = input
            .latency
            .or(input.inter.as_ref().map(|l| l.latency))
            .unwrap_or(0.0);
        Rates {
            intra,
            intra_alpha,
            nic,
            node_nics,
            inter_alpha,
            explain: true,
        }
    }
}

/// The cost of one algorithm with one set of rates.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Cost {
    pub seconds: f64,
    /// The general formula.
    pub formula: String,
    /// The formula with numbers substituted, ending in the result.
    pub worked: String,
}

fn cost(
    r: &Rates,
    formula: &str,
    alpha: f64,
    alpha_text: impl FnOnce() -> String,
    beta: f64,
    beta_text: impl FnOnce() -> String,
) -> Cost {
    let seconds = alpha + beta;
    if !r.explain {
        return Cost {
            seconds,
            formula: String::new(),
            worked: String::new(),
        };
    }
    Cost {
        seconds,
        formula: formula.to_owned(),
        worked: format!(
            "{} + {} = {} + {} = {}",
            alpha_text(),
            beta_text(),
            format::duration(alpha),
            format::duration(beta),
            format::duration(seconds)
        ),
    }
}

/// Cost of `algorithm` (never `Auto`) for `input` at the given rates.
pub(crate) fn evaluate(input: &CollectiveInput, algorithm: Algorithm, r: &Rates) -> Cost {
    match algorithm {
        Algorithm::Tree => tree(input, r),
        Algorithm::Hierarchical => hierarchical(input, r),
        Algorithm::Pairwise if input.op == Op::SendRecv => sendrecv(input, r),
        Algorithm::Pairwise => alltoall(input, r),
        Algorithm::Ring | Algorithm::Auto => ring(input, r),
    }
}

/// Bandwidth of a ring or tree edge: NVLink inside a node, all NICs across nodes.
fn edge_bandwidth(input: &CollectiveInput, r: &Rates) -> f64 {
    if input.nodes() > 1 {
        r.intra.min(r.node_nics)
    } else {
        r.intra
    }
}

fn ring(input: &CollectiveInput, r: &Rates) -> Cost {
    let (n, nodes, s) = (input.ranks as f64, input.nodes() as f64, input.size_bytes);
    let (steps, inter_steps, share, formula) = match input.op {
        Op::AllReduce => (
            2.0 * (n - 1.0),
            2.0 * (nodes - 1.0),
            2.0 * (n - 1.0) / n,
            "ring: t = 2(n-1)·α + 2(n-1)/n · S / B",
        ),
        Op::AllGather | Op::ReduceScatter => (
            n - 1.0,
            nodes - 1.0,
            (n - 1.0) / n,
            "ring: t = (n-1)·α + (n-1)/n · S / B",
        ),
        _ => (
            n - 1.0,
            nodes - 1.0,
            1.0,
            "pipelined ring (chain): t = (n-1)·α + S / B",
        ),
    };
    let bw = edge_bandwidth(input, r);
    let alpha = (steps - inter_steps) * r.intra_alpha + inter_steps * r.inter_alpha;
    let alpha_text = || {
        if inter_steps > 0.0 {
            format!(
                "{} intra steps × {} + {} inter-node steps × {}",
                steps - inter_steps,
                format::duration(r.intra_alpha),
                inter_steps,
                format::duration(r.inter_alpha)
            )
        } else {
            format!("{steps} × {}", format::duration(r.intra_alpha))
        }
    };
    let beta_text = || {
        format!(
            "{} × {} / {}",
            format::sig(share, 4),
            format::bytes_short(s),
            format::rate_short(bw)
        )
    };
    cost(r, formula, alpha, alpha_text, share * s / bw, beta_text)
}

fn ceil_log2(k: usize) -> f64 {
    f64::from(usize::BITS - k.saturating_sub(1).leading_zeros())
}

fn tree(input: &CollectiveInput, r: &Rates) -> Cost {
    let (g, s) = (input.gpus_per_node as f64, input.size_bytes);
    let depth = ceil_log2(input.nodes());
    let b = edge_bandwidth(input, r);
    let alpha = 2.0 * ((g - 1.0) * r.intra_alpha + depth * r.inter_alpha);
    let alpha_text = || {
        format!(
            "2 × ({} × {} + {depth} × {})",
            g - 1.0,
            format::duration(r.intra_alpha),
            format::duration(r.inter_alpha)
        )
    };
    let beta_text = || format!("2 × {} / {}", format::bytes_short(s), format::rate_short(b));
    let formula =
        "double binary tree (chain inside a node): t = 2((g-1)·α_i + ⌈log2 k⌉·α_e) + 2S / B";
    cost(r, formula, alpha, alpha_text, 2.0 * s / b, beta_text)
}

fn hierarchical(input: &CollectiveInput, r: &Rates) -> Cost {
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
    let alpha = 2.0 * (g - 1.0) * r.intra_alpha + 2.0 * (k - 1.0) * r.inter_alpha;
    let alpha_text = || {
        format!(
            "2×{} × {} + 2×{} × {}",
            g - 1.0,
            format::duration(r.intra_alpha),
            k - 1.0,
            format::duration(r.inter_alpha)
        )
    };
    let beta_text = || {
        format!(
            "2({g}-1)/{g} × {} / {} + 2({k}-1)/{k} × ({} / {g}) / {}",
            format::bytes_short(s),
            format::rate_short(r.intra),
            format::bytes_short(s),
            format::rate_short(per_gpu_nic)
        )
    };
    let formula = "hierarchical: intra reduce-scatter + inter allreduce on S/g over the NICs + intra allgather: \
                   t = 2(g-1)·α_i + 2(k-1)·α_e + 2(g-1)/g · S / B_i + 2(k-1)/k · (S/g) / (K·B_nic/g)";
    cost(
        r,
        formula,
        alpha,
        alpha_text,
        intra_beta + inter_beta,
        beta_text,
    )
}

fn alltoall(input: &CollectiveInput, r: &Rates) -> Cost {
    let (n, g, s) = (
        input.ranks as f64,
        input.gpus_per_node as f64,
        input.size_bytes,
    );
    let intra = if g > 1.0 {
        (g - 1.0) / n * s / r.intra
    } else {
        0.0
    };
    let inter = if n > g {
        (n - g) / n * s / (r.node_nics / g)
    } else {
        0.0
    };
    let alpha = (g - 1.0) * r.intra_alpha + (n - g) * r.inter_alpha;
    let alpha_text = || {
        format!(
            "{} × {} + {} × {}",
            g - 1.0,
            format::duration(r.intra_alpha),
            n - g,
            format::duration(r.inter_alpha)
        )
    };
    let beta_text = || {
        format!(
            "max({}, {})",
            format::duration(intra),
            format::duration(inter)
        )
    };
    let formula =
        "pairwise: t = (g-1)·α_i + (n-g)·α_e + max((g-1)/n · S / B_i, (n-g)/n · S / (K·B_nic/g))";
    cost(r, formula, alpha, alpha_text, intra.max(inter), beta_text)
}

fn sendrecv(input: &CollectiveInput, r: &Rates) -> Cost {
    let s = input.size_bytes;
    let (alpha, b) = if input.nodes() > 1 {
        (r.inter_alpha, r.nic)
    } else {
        (r.intra_alpha, r.intra)
    };
    let beta_text = || format!("{} / {}", format::bytes_short(s), format::rate_short(b));
    let formula = "point-to-point: t = α + S / B (one NIC when the pair crosses nodes)";
    cost(
        r,
        formula,
        alpha,
        || format::duration(alpha),
        s / b,
        beta_text,
    )
}
