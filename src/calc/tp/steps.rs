//! The explanation lines of a tensor-parallel result.

use crate::calc::format;
use crate::calc::link::LinkSpec;
use crate::calc::tp::{TpInput, TpReport};

/// Every step, from the message size to the time per step.
pub(super) fn explain(input: &TpInput, r: &TpReport) -> Vec<String> {
    let t = input.tp;
    let mut steps = vec![
        format!(
            "message S = {}: the activation every all-reduce sums (one rank's buffer)",
            input.activation.describe()
        ),
        collectives_line(input),
        format!(
            "ring traffic per GPU per all-reduce = 2(t-1)/t × S = 2 × {}/{t} × {} = {} sent, as much received",
            t - 1,
            format::bytes_short(r.message_bytes),
            format::bytes(r.ring_bytes_per_allreduce)
        ),
        format!(
            "per layer and micro-batch = 4 × {} = {} (= 8bsh(t-1)/t × bytes, Narayanan et al. 2021)",
            format::bytes_short(r.ring_bytes_per_allreduce),
            format::bytes(r.layer_bytes)
        ),
        format!(
            "per step = per layer × L × m = {} × {} × {} = {} per GPU",
            format::bytes_short(r.layer_bytes),
            r.layers,
            r.micro_batches,
            format::bytes(r.step_bytes)
        ),
    ];
    if let Some(link) = &input.link {
        steps.push(link.describe());
        steps.extend(time_lines(input, link, r));
    } else {
        steps.push(
            "no link given: add --link ID (e.g. 'nvlink4') or --bw RATE for the time".to_owned(),
        );
    }
    steps
}

fn collectives_line(input: &TpInput) -> String {
    if input.sequence_parallel {
        "sequence parallelism: each all-reduce becomes a reduce-scatter + an all-gather of the same S, 4 of each per layer and micro-batch; a ring all-reduce is exactly that pair, so the bytes do not change (Korthikanti et al. 2022)".to_owned()
    } else {
        "per layer and micro-batch: 2 all-reduces forward (after attention and after the MLP) + 2 backward = 4 (Shoeybi et al. 2019)".to_owned()
    }
}

fn time_lines(input: &TpInput, link: &LinkSpec, r: &TpReport) -> Vec<String> {
    let (Some(spec), Some(expected)) = (r.allreduce_seconds, r.expected_allreduce_seconds) else {
        return Vec::new();
    };
    let t = input.tp;
    let what = if input.sequence_parallel {
        "reduce-scatter + all-gather"
    } else {
        "ring all-reduce"
    };
    let repeats = (r.layers * r.micro_batches) as f64;
    vec![
        format!(
            "{what}: t = 2(t-1)·α + 2(t-1)/t · S / B = {} × {} + {} / {} = {} spec, {} expected (B × efficiency)",
            2 * (t - 1),
            format::duration(link.latency),
            format::bytes_short(r.ring_bytes_per_allreduce),
            format::rate_short(link.bandwidth),
            format::duration(spec),
            format::duration(expected)
        ),
        format!(
            "per layer: 4 × {} = {} spec, {} expected; per step (× {}): {} spec, {} expected",
            format::duration(spec),
            format::duration(spec * 4.0),
            format::duration(expected * 4.0),
            format::sig(repeats, 6),
            format::duration(spec * 4.0 * repeats),
            format::duration(expected * 4.0 * repeats)
        ),
        "these all-reduces sit on the critical path (the next GEMM waits for the sum), so they add to the step unless overlapped; keep TP inside the NVLink domain".to_owned(),
    ]
}
