//! The explanation lines of a collective result.

use crate::calc::collective::model::Rates;
use crate::calc::collective::{Algorithm, Alternative, CollectiveInput};
use crate::calc::format;

/// algbw and busbw lines, spec and expected, as nccl-tests computes them.
pub(super) fn bandwidths(
    input: &CollectiveInput,
    algorithm: Algorithm,
    spec_s: f64,
    expected_s: f64,
) -> Vec<String> {
    let compare = match algorithm {
        Algorithm::Ring => "NCCL_ALGO=RING",
        Algorithm::Tree => "NCCL_ALGO=TREE",
        Algorithm::Nvls => "NCCL_ALGO=NVLS",
        Algorithm::NvlsTree => "NCCL_ALGO=NVLSTree",
        Algorithm::Pairwise => "the default settings",
        Algorithm::Hierarchical | Algorithm::Auto => "no NCCL setting: NCCL does not run it",
    };
    let factor = input.op.busbw_factor(input.ranks);
    let algbw = input.size_bytes / spec_s;
    let expected_algbw = input.size_bytes / expected_s;
    vec![
        format!(
            "algbw = S / t = {} / {} = {}; busbw = algbw × {} = {} × {} = {}",
            format::bytes_short(input.size_bytes),
            format::duration(spec_s),
            format::rate_short(algbw),
            input.op.busbw_factor_text(),
            format::rate_short(algbw),
            format::sig(factor, 4),
            format::rate_short(algbw * factor)
        ),
        format!(
            "expected algbw = {}, busbw = {} (compare with nccl-tests run with {compare})",
            format::rate_short(expected_algbw),
            format::rate_short(expected_algbw * factor),
        ),
    ]
}

pub(super) fn auto_choice(alternatives: &[Alternative], chosen: Algorithm) -> String {
    let list: Vec<String> = alternatives
        .iter()
        .map(|a| format!("{} {}", a.algorithm, format::duration(a.expected_seconds)))
        .collect();
    format!(
        "auto: expected {} → {chosen} is the cheapest",
        list.join(", ")
    )
}

pub(super) fn setup(input: &CollectiveInput) -> Vec<String> {
    let nics = if input.nodes() > 1 {
        format!(", K = {} NIC(s) per node", input.nics_per_node)
    } else {
        String::new()
    };
    let mut steps = vec![format!(
        "{}: S = {} = {}; n = {} ranks = {} node(s) × g = {} GPUs{nics}",
        input.op,
        format::bytes(input.size_bytes),
        input.op.size_meaning(),
        input.ranks,
        input.nodes(),
        input.gpus_per_node,
    )];
    if let Some(link) = input.intra.as_ref().filter(|_| input.gpus_per_node > 1) {
        steps.push(format!("intra {}", link.describe()));
    }
    if let Some(link) = input.inter.as_ref().filter(|_| input.nodes() > 1) {
        let rates = Rates::of(input, false);
        steps.push(format!(
            "inter {}; node NIC aggregate = {}",
            link.describe(),
            format::rate_short(rates.node_nics)
        ));
    }
    if let Some(latency) = input.latency {
        steps.push(format!(
            "α = {} for every step (--latency)",
            format::duration(latency)
        ));
    }
    steps
}
