//! The explanation lines of a tensor-parallel result.

use crate::bi;
use crate::calc::format;
use crate::calc::link::LinkSpec;
use crate::calc::tp::{TpInput, TpReport};
use crate::text::Bi;

/// Every step, from the message size to the time per step.
pub(super) fn explain(input: &TpInput, r: &TpReport) -> Vec<Bi> {
    let t = input.tp;
    let mut steps = vec![
        bi!(
            "message S = {a}: the activation every all-reduce sums (one rank's buffer)",
            "消息 S = {a}：每次 all-reduce 求和的激活（一个 rank 的缓冲区）",
            a = input.activation.describe()
        ),
        collectives_line(input),
        bi!(
            "ring traffic per GPU per all-reduce = 2(t-1)/t × S = 2 × {t1}/{t} × {s} = {b} sent, as much received",
            "每次 all-reduce 每 GPU 的 ring 流量 = 2(t-1)/t × S = 2 × {t1}/{t} × {s} = 发送 {b}，接收同样多",
            t1 = t - 1,
            s = format::bytes_short(r.message_bytes),
            b = format::bytes(r.ring_bytes_per_allreduce)
        ),
        bi!(
            "per layer and micro-batch = 4 × {ring} = {layer} (= 8bsh(t-1)/t × bytes, Narayanan et al. 2021)",
            "每层每微批 = 4 × {ring} = {layer}（= 8bsh(t-1)/t × 字节数，Narayanan 等 2021）",
            ring = format::bytes_short(r.ring_bytes_per_allreduce),
            layer = format::bytes(r.layer_bytes)
        ),
        bi!(
            "per step = per layer × L × m = {layer} × {l} × {m} = {step} per GPU",
            "每步 = 每层 × L × m = {layer} × {l} × {m} = 每 GPU {step}",
            layer = format::bytes_short(r.layer_bytes),
            l = r.layers,
            m = r.micro_batches,
            step = format::bytes(r.step_bytes)
        ),
    ];
    if let Some(link) = &input.link {
        steps.push(link.describe_bi());
        steps.extend(time_lines(input, link, r));
    } else {
        steps.push(no_link());
    }
    steps
}

/// The step shown when no link or bandwidth was given.
pub(crate) fn no_link() -> Bi {
    bi!(
        "no link given: add --link ID (e.g. 'nvlink4') or --bw RATE for the time",
        "未给链路：加 --link ID（如 'nvlink4'）或 --bw RATE 以计算时间"
    )
}

fn collectives_line(input: &TpInput) -> Bi {
    if input.sequence_parallel {
        bi!(
            "sequence parallelism: each all-reduce becomes a reduce-scatter + an all-gather of the same S, 4 of each per layer and micro-batch; a ring all-reduce is exactly that pair, so the bytes do not change (Korthikanti et al. 2022)",
            "序列并行：每次 all-reduce 变成同样 S 的一次 reduce-scatter + 一次 all-gather，每层每微批各 4 次；ring all-reduce 正是这一对，所以字节数不变（Korthikanti 等 2022）"
        )
    } else {
        bi!(
            "per layer and micro-batch: 2 all-reduces forward (after attention and after the MLP) + 2 backward = 4 (Shoeybi et al. 2019)",
            "每层每微批：前向 2 次 all-reduce（attention 之后和 MLP 之后）+ 反向 2 次 = 4 次（Shoeybi 等 2019）"
        )
    }
}

fn time_lines(input: &TpInput, link: &LinkSpec, r: &TpReport) -> Vec<Bi> {
    let Some(times) = &r.times else {
        return Vec::new();
    };
    let (spec, expected) = (times.allreduce_seconds, times.expected_allreduce_seconds);
    let t = input.tp;
    let what = if input.sequence_parallel {
        "reduce-scatter + all-gather"
    } else {
        "ring all-reduce"
    };
    let repeats = (r.layers * r.micro_batches) as f64;
    let d = format::duration;
    vec![
        bi!(
            "{what}: t = 2(t-1)·α + 2(t-1)/t · S / B = {hops} × {a} + {s} / {b} = {sp} spec, {ex} expected (B × efficiency)",
            "{what}：t = 2(t-1)·α + 2(t-1)/t · S / B = {hops} × {a} + {s} / {b} = 规格 {sp}，预期 {ex}（B × 效率）",
            hops = 2 * (t - 1),
            a = d(link.latency),
            s = format::bytes_short(r.ring_bytes_per_allreduce),
            b = format::rate_short(link.bandwidth),
            sp = d(spec),
            ex = d(expected)
        ),
        bi!(
            "per layer: 4 × {one} = {ls} spec, {le} expected; per step (× {n}): {ss} spec, {se} expected",
            "每层：4 × {one} = 规格 {ls}，预期 {le}；每步（× {n}）：规格 {ss}，预期 {se}",
            one = d(spec),
            ls = d(spec * 4.0),
            le = d(expected * 4.0),
            n = format::sig(repeats, 6),
            ss = d(spec * 4.0 * repeats),
            se = d(expected * 4.0 * repeats)
        ),
        bi!(
            "these all-reduces sit on the critical path (the next GEMM waits for the sum), so they add to the step unless overlapped; keep TP inside the NVLink domain",
            "这些 all-reduce 在关键路径上（下一个 GEMM 要等求和结果），不重叠就会加到每步时间上；TP 应放在 NVLink domain 内"
        ),
    ]
}
