//! The explanation lines of an MFU result.

use crate::calc::format;
use crate::calc::mfu::{MfuInput, MfuReport, Recompute, Throughput};

/// Every step: throughput, FLOPs per token, the peak, MFU, then HFU.
pub(super) fn explain(input: &MfuInput, r: &MfuReport) -> Vec<String> {
    let mut steps = vec![throughput_line(input, r), flops_line(input, r)];
    steps.push(format!(
        "peak: {} = {} per GPU ({})",
        r.peak,
        format::flop_rate(r.peak_flops_per_s),
        r.peak_source
    ));
    steps.push(format!(
        "MFU = tokens/s × FLOPs/token / (GPUs × peak) = {} × {} / ({} × {}) = {}; achieved {} per GPU",
        format::sig(r.tokens_per_s, 6),
        format::flops(r.model_flops_per_token),
        r.gpus,
        format::flop_rate(r.peak_flops_per_s),
        format::percent(r.mfu),
        format::flop_rate(r.model_flops_per_s_per_gpu)
    ));
    steps.push(hfu_line(input, r));
    if r.mfu > 1.0 {
        steps.push(
            "MFU above 100% is impossible: check that the peak is the dense one at your precision and that the throughput counts each token once".to_owned(),
        );
    }
    steps
}

fn throughput_line(input: &MfuInput, r: &MfuReport) -> String {
    let per_gpu = format!(
        "{} per GPU over {} GPUs",
        format::sig(r.tokens_per_s_per_gpu, 4),
        r.gpus
    );
    match input.throughput {
        Throughput::Step { seconds, tokens } => format!(
            "tokens/s = tokens per step / step time = {} / {} = {}, {per_gpu}",
            format::sig(tokens, 8),
            format::duration(seconds),
            format::sig(r.tokens_per_s, 6)
        ),
        Throughput::TokensPerSecond(rate) => {
            format!("tokens/s = {} (given), {per_gpu}", format::sig(rate, 6))
        }
    }
}

fn flops_line(input: &MfuInput, r: &MfuReport) -> String {
    let dense = format!(
        "6N = 6 × {} = {} (2N forward + 4N backward)",
        format::count(r.params),
        format::flops(r.dense_flops_per_token)
    );
    match input.attention {
        Some(a) => format!(
            "model FLOPs per token = 6N + 12·L·H·Q·T (PaLM, Chowdhery et al. 2022, App. B): {dense}; 12 × {} × {} × {} × {} = {} ({} of the total) → {}",
            a.layers,
            a.heads,
            a.head_dim,
            a.seq,
            format::flops(r.attention_flops_per_token),
            format::percent(r.attention_flops_per_token / r.model_flops_per_token),
            format::flops(r.model_flops_per_token)
        ),
        None => format!(
            "model FLOPs per token = {dense}; no attention term: add --layers, --heads, --head-dim and --seq for 12·L·H·Q·T (PaLM, Chowdhery et al. 2022, App. B)"
        ),
    }
}

fn hfu_line(input: &MfuInput, r: &MfuReport) -> String {
    let extra = r.hardware_flops_per_token - r.model_flops_per_token;
    let what = match input.recompute {
        Recompute::None => {
            return "HFU = MFU: nothing recomputed (add --recompute full, selective or a fraction to count it)".to_owned();
        }
        Recompute::Full => "full recompute repeats the forward pass, 2N + 4·L·H·Q·T".to_owned(),
        Recompute::Selective => {
            "selective recompute repeats the attention core, 4·L·H·Q·T (Korthikanti et al. 2022)"
                .to_owned()
        }
        Recompute::Fraction(share) => format!(
            "recomputing {} of the forward pass, {} × (2N + 4·L·H·Q·T)",
            format::percent(share),
            format::sig(share, 4)
        ),
    };
    format!(
        "HFU counts recomputation: {what} = {} more → {} per token → HFU = {}",
        format::flops(extra),
        format::flops(r.hardware_flops_per_token),
        format::percent(r.hfu)
    )
}
