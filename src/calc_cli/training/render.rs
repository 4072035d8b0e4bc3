//! Plain-text rendering of the training calculators: labelled headline lines, then the steps.

use std::io::Write;

use crate::calc::{CalcError, MemoryReport, MfuReport, PipelineReport, TpReport, format};
use crate::calc_cli::render::steps;

type Out<'a> = &'a mut dyn Write;

/// `label  value` lines, skipping absent values.
fn lines(out: Out<'_>, lines: &[(&str, Option<String>)]) -> Result<(), CalcError> {
    for (label, value) in lines {
        if let Some(value) = value {
            writeln!(out, "{label:<12} {value}").map_err(|e| CalcError::output(&e))?;
        }
    }
    Ok(())
}

fn spec_expected(spec: Option<f64>, expected: Option<f64>) -> Option<String> {
    spec.zip(expected).map(|(s, e)| {
        format!(
            "{} spec, {} expected",
            format::duration(s),
            format::duration(e)
        )
    })
}

pub(super) fn tp(out: Out<'_>, r: &TpReport) -> Result<(), CalcError> {
    let via = r
        .link
        .as_deref()
        .map_or(String::new(), |l| format!(" on {l}"));
    lines(
        out,
        &[
            (
                "TP",
                Some(format!(
                    "t = {}, {} of the activation per layer{via}",
                    r.tp,
                    if r.sequence_parallel {
                        "4 reduce-scatters + 4 all-gathers"
                    } else {
                        "4 all-reduces"
                    }
                )),
            ),
            ("message", Some(format::bytes(r.message_bytes))),
            (
                "per GPU",
                Some(format!(
                    "{} per all-reduce, {} per layer, {} per step (L = {}, m = {})",
                    format::bytes_short(r.ring_bytes_per_allreduce),
                    format::bytes_short(r.layer_bytes),
                    format::bytes_short(r.step_bytes),
                    r.layers,
                    r.micro_batches
                )),
            ),
            (
                "per layer",
                spec_expected(r.layer_seconds, r.expected_layer_seconds),
            ),
            (
                "per step",
                spec_expected(r.step_seconds, r.expected_step_seconds),
            ),
        ],
    )?;
    steps(out, &r.steps)
}

pub(super) fn pipeline(out: Out<'_>, r: &PipelineReport) -> Result<(), CalcError> {
    let schedule = if r.interleave > 1 {
        format!("interleaved, v = {}", r.interleave)
    } else {
        "1F1B".to_owned()
    };
    let step = r.step_seconds.zip(r.bubble_seconds).map(|(s, b)| {
        format!(
            "{} ({} of it bubble)",
            format::duration(s),
            format::duration(b)
        )
    });
    let p2p = r.p2p_message_bytes.map(|b| {
        let time = spec_expected(r.p2p_seconds, r.expected_p2p_seconds)
            .map_or(String::new(), |t| format!(": {t}"));
        let via = r
            .link
            .as_deref()
            .map_or(String::new(), |l| format!(" on {l}"));
        format!("{} per message{via}{time}", format::bytes(b))
    });
    lines(
        out,
        &[
            (
                "bubble",
                Some(format!(
                    "{} of ideal compute, {} of the step ({schedule}, p = {}, m = {})",
                    format::percent(r.bubble_fraction),
                    format::percent(r.bubble_share_of_step),
                    r.stages,
                    r.micro_batches
                )),
            ),
            ("step", step),
            ("p2p", p2p),
        ],
    )?;
    steps(out, &r.steps)
}

pub(super) fn memory(out: Out<'_>, r: &MemoryReport) -> Result<(), CalcError> {
    let group = r.shard_group.map_or(String::new(), |g| {
        format!(", HSDP shard group {g} × {} replicas", r.replicas)
    });
    let header = format!(
        "{} parameters on {} GPUs (N = {}{group}), K = {}\n{:<10} {:>28} {:>16}",
        format::count(r.params),
        r.gpus,
        r.shard_ways,
        format::sig(r.optimizer_bytes_per_param, 4),
        "stage",
        "model state per GPU",
        "traffic/step"
    );
    writeln!(out, "{header}").map_err(|e| CalcError::output(&e))?;
    for row in &r.stages {
        let mark = if row.stage == r.stage { " *" } else { "" };
        writeln!(
            out,
            "{:<10} {:>28} {:>16}",
            format!("{}{mark}", row.stage),
            format::bytes(row.total_bytes),
            format::bytes_short(row.traffic_bytes)
        )
        .map_err(|e| CalcError::output(&e))?;
    }
    steps(out, &r.steps)
}

pub(super) fn mfu(out: Out<'_>, r: &MfuReport) -> Result<(), CalcError> {
    lines(
        out,
        &[
            ("MFU", Some(format::percent(r.mfu))),
            (
                "HFU",
                Some(format!(
                    "{} (recompute: {})",
                    format::percent(r.hfu),
                    r.recompute
                )),
            ),
            (
                "tokens/s",
                Some(format!(
                    "{} ({} per GPU)",
                    format::sig(r.tokens_per_s, 6),
                    format::sig(r.tokens_per_s_per_gpu, 4)
                )),
            ),
            (
                "FLOPs/token",
                Some(format!(
                    "{} model, {} hardware",
                    format::flops(r.model_flops_per_token),
                    format::flops(r.hardware_flops_per_token)
                )),
            ),
            (
                "per GPU",
                Some(format!(
                    "{} achieved of {} peak ({})",
                    format::flop_rate(r.model_flops_per_s_per_gpu),
                    format::flop_rate(r.peak_flops_per_s),
                    r.peak
                )),
            ),
        ],
    )?;
    steps(out, &r.steps)
}
