//! NCCL's own cost constants, so every latency in a collective's steps names where it comes from.
//!
//! All figures are from NCCL `src/graph/tuning.cc` (`ncclTunerConstantsDefaults`): base latency
//! per collective (`baseLatencies`) and latency per step (`hwLatencies`) by hardware class,
//! algorithm and protocol, in microseconds. Simple is the protocol of large messages; LL trades
//! bandwidth (ring ×0.5, tree ×1/3.8 in `ncclTopoTuneModel`) for short steps.

/// The hardware class NCCL looks the step latency up by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hw {
    Nvlink,
    Pci,
    Net,
}

/// NCCL's protocols that this model costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Proto {
    Ll,
    Simple,
}

impl Proto {
    pub fn name(self) -> &'static str {
        match self {
            Proto::Ll => "LL",
            Proto::Simple => "Simple",
        }
    }
}

/// Where the constants come from, for steps.
pub(crate) const SOURCE: &str = "NCCL src/graph/tuning.cc";

const US: f64 = 1e-6;

/// Base latency of one ring collective (`baseLatencies` Ring: LL 6.6, Simple 8.4 µs).
pub(crate) fn ring_base(p: Proto) -> f64 {
    match p {
        Proto::Ll => 6.6 * US,
        Proto::Simple => 8.4 * US,
    }
}

/// Base latency of one tree collective (`baseLatencies` Tree: LL 6.8, Simple 8.4 µs).
pub(crate) fn tree_base(p: Proto) -> f64 {
    match p {
        Proto::Ll => 6.8 * US,
        Proto::Simple => 8.4 * US,
    }
}

/// Latency of one ring step (`hwLatencies` Ring: NVLink 0.6 / 3.4, PCI 1.0 / 5.7, NET 2.7 / 14 µs).
pub(crate) fn ring_step(hw: Hw, p: Proto) -> f64 {
    US * match (hw, p) {
        (Hw::Nvlink, Proto::Ll) => 0.6,
        (Hw::Nvlink, Proto::Simple) => 3.4,
        (Hw::Pci, Proto::Ll) => 1.0,
        (Hw::Pci, Proto::Simple) => 5.7,
        (Hw::Net, Proto::Ll) => 2.7,
        (Hw::Net, Proto::Simple) => 14.0,
    }
}

/// Latency of one tree step (`hwLatencies` Tree: NVLink 0.6 / 4.0, PCI 1.0 / 4.0, NET 5.0 / 14 µs).
pub(crate) fn tree_step(hw: Hw, p: Proto) -> f64 {
    US * match (hw, p) {
        (Hw::Nvlink | Hw::Pci, Proto::Ll) => {
            if hw == Hw::Nvlink {
                0.6
            } else {
                1.0
            }
        }
        (Hw::Nvlink | Hw::Pci, Proto::Simple) => 4.0,
        (Hw::Net, Proto::Ll) => 5.0,
        (Hw::Net, Proto::Simple) => 14.0,
    }
}

/// Share of the Simple bandwidth LL reaches (`busBw * .5` for ring, `1.0 / 3.8` for tree).
pub(crate) fn ll_share(tree: bool) -> f64 {
    if tree { 1.0 / 3.8 } else { 0.5 }
}

/// Share of the Simple bandwidth protocol `p` reaches: [`ll_share`] for LL, all of it otherwise.
pub(crate) fn protocol_share(p: Proto, tree: bool) -> f64 {
    if p == Proto::Ll { ll_share(tree) } else { 1.0 }
}

/// NVLS latency on one node (`hwLatencies` NVLink NVLS Simple: 25 µs, base 0).
pub(crate) const NVLS_INTRA: f64 = 25.0 * US;

/// `NVLSTree`'s latency per inter-node tree level (`hwLatencies` NET `NVLSTree` Simple: 20.9 µs).
pub(crate) const NVLS_TREE_NET: f64 = 20.9 * US;

/// NCCL's tree all-reduce refinement: `busBw * .92` (`ncclTopoTuneModel`).
pub(crate) const TREE_ALLREDUCE_SHARE: f64 = 0.92;

/// `log2i` as NCCL uses it: floor of log2, 0 for 1.
pub(crate) fn log2i(n: usize) -> f64 {
    f64::from(usize::BITS - 1 - n.max(1).leading_zeros())
}
