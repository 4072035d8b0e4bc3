//! The explanation lines of a pipeline result.

use crate::calc::format;
use crate::calc::pipeline::{PipelineInput, PipelineReport};

/// Every step: bubble, the GPipe rule, times, then point-to-point traffic.
pub(super) fn explain(input: &PipelineInput, r: &PipelineReport) -> Vec<String> {
    let (p, m, v) = (r.stages, r.micro_batches, r.interleave);
    let mut steps = vec![format!(
        "1F1B / GPipe bubble = (p-1)/m = {}/{m} = {} of the ideal compute time; {}/({m}+{}) = {} of the step",
        p - 1,
        format::percent(r.bubble_fraction_without_interleaving),
        p - 1,
        p - 1,
        format::percent((p - 1) as f64 / (m + p - 1) as f64)
    )];
    if v > 1 {
        steps.push(format!(
            "interleaved, v = {v} chunks per GPU: (p-1)/(v·m) = {}/({v} × {m}) = {} of ideal compute, {} of the step; the price is v× the point-to-point messages (Narayanan et al. 2021)",
            p - 1,
            format::percent(r.bubble_fraction),
            format::percent(r.bubble_share_of_step)
        ));
        if m % p != 0 {
            steps.push(format!(
                "note: older Megatron-LM versions require m to be a multiple of p for the interleaved schedule ({m} is not a multiple of {p})"
            ));
        }
    }
    steps.push(format!(
        "GPipe's rule of thumb m ≥ 4p: {m} {} 4 × {p} = {} ({})",
        if r.gpipe_rule_met { "≥" } else { "<" },
        4 * p,
        if r.gpipe_rule_met {
            "the bubble is small"
        } else {
            "more micro-batches, or interleaving, would shrink the bubble"
        }
    ));
    steps.extend(time_lines(input, r));
    steps.extend(p2p_lines(input, r));
    steps
}

fn time_lines(input: &PipelineInput, r: &PipelineReport) -> Vec<String> {
    let (Some(times), Some(ideal), Some(bubble), Some(step)) = (
        input.times,
        r.ideal_seconds,
        r.bubble_seconds,
        r.step_seconds,
    ) else {
        return vec![
            "no stage times given: add --t-fwd (and --t-bwd, default 2 × forward) for seconds"
                .to_owned(),
        ];
    };
    let assumed = if times.backward_assumed {
        " (backward taken as 2 × forward)"
    } else {
        ""
    };
    vec![
        format!(
            "one micro-batch on one stage: t_f + t_b = {} + {}{assumed} = {}",
            format::duration(times.forward),
            format::duration(times.backward),
            format::duration(times.forward + times.backward)
        ),
        format!(
            "step = m·(t_f+t_b) + (p-1)·(t_f+t_b)/v = {} + {} = {}",
            format::duration(ideal),
            format::duration(bubble),
            format::duration(step)
        ),
    ]
}

fn p2p_lines(input: &PipelineInput, r: &PipelineReport) -> Vec<String> {
    let (Some(activation), Some(bytes)) = (input.activation, r.p2p_bytes_per_step) else {
        return Vec::new();
    };
    let mut lines = vec![
        format!("point-to-point message = {}", activation.describe()),
        format!(
            "an inner stage sends v·m = {} activations forward and as many gradients back: {} messages, {} per step",
            r.interleave * r.micro_batches,
            r.p2p_messages_per_step,
            format::bytes(bytes)
        ),
    ];
    if let (Some(link), Some(spec), Some(expected)) =
        (&input.link, r.p2p_seconds, r.expected_p2p_seconds)
    {
        lines.push(link.describe());
        lines.push(format!(
            "one message: t = α + S / B = {} + {} / {} = {} spec, {} expected",
            format::duration(link.latency),
            format::bytes_short(activation.bytes()),
            format::rate_short(link.bandwidth),
            format::duration(spec),
            format::duration(expected)
        ));
    }
    lines
}
