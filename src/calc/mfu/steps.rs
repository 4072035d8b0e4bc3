//! The explanation lines of an MFU result.

use crate::bi;
use crate::calc::format;
use crate::calc::mfu::{Attention, MfuInput, MfuReport, Recompute, Throughput};
use crate::text::Bi;

/// Every step: throughput, FLOPs per token, the peak, MFU, then HFU.
pub(super) fn explain(input: &MfuInput, r: &MfuReport) -> Vec<Bi> {
    let mut steps = vec![throughput_line(input, r), flops_line(input, r)];
    let source = &r.peak.source;
    let (peak, rate) = (&r.peak.label, format::flop_rate(r.peak.flops_per_s));
    steps.push(format::around(
        [source],
        |[source]| format!("peak: {peak} = {rate} per GPU ({source})"),
        |[source]| format!("峰值：{peak} = 每 GPU {rate}（{source}）"),
    ));
    steps.push(bi!(
        "MFU = tokens/s × FLOPs/token / (GPUs × peak) = {tps} × {flops} / ({gpus} × {rate}) = {mfu}; achieved {got} per GPU",
        "MFU = tokens/s × FLOPs/token / (GPU 数 × 峰值) = {tps} × {flops} / ({gpus} × {rate}) = {mfu}；每 GPU 实际 {got}",
        tps = format::sig(r.tokens_per_s, 6),
        flops = format::flops(r.model_flops_per_token),
        gpus = r.gpus,
        rate = format::flop_rate(r.peak.flops_per_s),
        mfu = format::percent(r.mfu),
        got = format::flop_rate(r.model_flops_per_s_per_gpu)
    ));
    steps.push(hfu_line(input, r));
    if r.mfu > 1.0 {
        steps.push(bi!(
            "MFU above 100% is impossible: check that the peak is the dense one at your precision and that the throughput counts each token once",
            "MFU 不可能超过 100%：检查峰值是否为所用精度下的稠密峰值，吞吐是否每个 token 只算一次"
        ));
    }
    steps
}

fn throughput_line(input: &MfuInput, r: &MfuReport) -> Bi {
    let (each, gpus) = (format::sig(r.tokens_per_s_per_gpu, 4), r.gpus);
    match input.throughput {
        Throughput::Step { seconds, tokens } => bi!(
            "tokens/s = tokens per step / step time = {t} / {s} = {tps}, {each} per GPU over {gpus} GPUs",
            "tokens/s = 每步 tokens / 步时间 = {t} / {s} = {tps}，{gpus} 个 GPU 上每 GPU {each}",
            t = format::sig(tokens, 8),
            s = format::duration(seconds),
            tps = format::sig(r.tokens_per_s, 6)
        ),
        Throughput::TokensPerSecond(rate) => bi!(
            "tokens/s = {tps} (given), {each} per GPU over {gpus} GPUs",
            "tokens/s = {tps}（给定），{gpus} 个 GPU 上每 GPU {each}",
            tps = format::sig(rate, 6)
        ),
    }
}

fn flops_line(input: &MfuInput, r: &MfuReport) -> Bi {
    let dense = format::flops(r.dense_flops_per_token);
    let n = format::count_bi(r.params);
    match input.attention {
        Some(Attention {
            layers,
            heads,
            head_dim,
            seq,
        }) => {
            let att = format::flops(r.attention_flops_per_token);
            let share = format::percent(r.attention_flops_per_token / r.model_flops_per_token);
            let total = format::flops(r.model_flops_per_token);
            format::around(
                [&n],
                |[n]| {
                    format!(
                        "model FLOPs per token = 6N + 12·L·H·Q·T (PaLM, Chowdhery et al. 2022, App. B): 6N = 6 × {n} = {dense} (2N forward + 4N backward); 12 × {layers} × {heads} × {head_dim} × {seq} = {att} ({share} of the total) → {total}"
                    )
                },
                |[n]| {
                    format!(
                        "每 token 模型 FLOPs = 6N + 12·L·H·Q·T（PaLM，Chowdhery 等 2022，附录 B）：6N = 6 × {n} = {dense}（前向 2N + 反向 4N）；12 × {layers} × {heads} × {head_dim} × {seq} = {att}（占总数 {share}）→ {total}"
                    )
                },
            )
        }
        None => format::around(
            [&n],
            |[n]| {
                format!(
                    "model FLOPs per token = 6N = 6 × {n} = {dense} (2N forward + 4N backward); no attention term: add --layers, --heads, --head-dim and --seq for 12·L·H·Q·T (PaLM, Chowdhery et al. 2022, App. B)"
                )
            },
            |[n]| {
                format!(
                    "每 token 模型 FLOPs = 6N = 6 × {n} = {dense}（前向 2N + 反向 4N）；未计 attention 项：加 --layers、--heads、--head-dim 和 --seq 以计入 12·L·H·Q·T（PaLM，Chowdhery 等 2022，附录 B）"
                )
            },
        ),
    }
}

fn hfu_line(input: &MfuInput, r: &MfuReport) -> Bi {
    let what = match input.recompute {
        Recompute::None => {
            return bi!(
                "HFU = MFU: nothing recomputed (add --recompute full, selective or a fraction to count it)",
                "HFU = MFU：没有重计算（加 --recompute full、selective 或比例以计入）"
            );
        }
        Recompute::Full => bi!(
            "full recompute repeats the forward pass, 2N + 4·L·H·Q·T",
            "完全重计算重做一遍前向，2N + 4·L·H·Q·T"
        ),
        Recompute::Selective => bi!(
            "selective recompute repeats the attention core, 4·L·H·Q·T (Korthikanti et al. 2022)",
            "选择性重计算只重做 attention 核心，4·L·H·Q·T（Korthikanti 等 2022）"
        ),
        Recompute::Fraction(share) => bi!(
            "recomputing {p} of the forward pass, {s} × (2N + 4·L·H·Q·T)",
            "重计算前向的 {p}，{s} × (2N + 4·L·H·Q·T)",
            p = format::percent(share),
            s = format::sig(share, 4)
        ),
    };
    let (extra, total, hfu) = (
        format::flops(r.hardware_flops_per_token - r.model_flops_per_token),
        format::flops(r.hardware_flops_per_token),
        format::percent(r.hfu),
    );
    format::around(
        [&what],
        |[what]| {
            format!(
                "HFU counts recomputation: {what} = {extra} more → {total} per token → HFU = {hfu}"
            )
        },
        |[what]| format!("HFU 计入重计算：{what} = 多 {extra} → 每 token {total} → HFU = {hfu}"),
    )
}
