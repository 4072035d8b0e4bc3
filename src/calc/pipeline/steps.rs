//! The explanation lines of a pipeline result.

use crate::calc::format;
use crate::calc::pipeline::{PipelineInput, PipelineReport, Schedule};
use crate::text::Bi;

/// Every step: bubble, the GPipe rule, times, then point-to-point traffic.
pub(super) fn explain(input: &PipelineInput, r: &PipelineReport) -> Vec<Bi> {
    let Schedule {
        stages: p,
        micro_batches: m,
        interleave: v,
    } = r.schedule;
    let mut steps = vec![crate::bi!(
        "1F1B / GPipe bubble = (p-1)/m = {q}/{m} = {ideal} of the ideal compute time; {q}/({m}+{q}) = {step} of the step",
        "1F1B / GPipe bubble = (p-1)/m = {q}/{m} = 理想计算时间的 {ideal}；{q}/({m}+{q}) = 整步的 {step}",
        q = p - 1,
        ideal = format::percent(r.bubble.bubble_fraction_without_interleaving),
        step = format::percent(r.schedule.without_interleaving().bubble_share_of_step())
    )];
    if v > 1 {
        steps.push(crate::bi!(
            "interleaved, v = {v} chunks per GPU: (p-1)/(v·m) = {q}/({v} × {m}) = {ideal} of ideal compute, {step} of the step; the price is v× the point-to-point messages (Narayanan et al. 2021)",
            "交错调度，每个 GPU v = {v} 个分块：(p-1)/(v·m) = {q}/({v} × {m}) = 理想计算的 {ideal}，整步的 {step}；代价是点对点消息变为 v 倍（Narayanan et al. 2021）",
            q = p - 1,
            ideal = format::percent(r.bubble.bubble_fraction),
            step = format::percent(r.bubble.bubble_share_of_step)
        ));
        if m % p != 0 {
            steps.push(crate::bi!(
                "note: older Megatron-LM versions require m to be a multiple of p for the interleaved schedule ({m} is not a multiple of {p})",
                "注意：较早的 Megatron-LM 版本要求交错调度的 m 是 p 的倍数（{m} 不是 {p} 的倍数）"
            ));
        }
    }
    let (sign, verdict) = if r.bubble.gpipe_rule_met {
        ("≥", Bi::new("the bubble is small", "bubble 很小"))
    } else {
        (
            "<",
            Bi::new(
                "more micro-batches, or interleaving, would shrink the bubble",
                "增加 micro-batch 或采用交错调度可缩小 bubble",
            ),
        )
    };
    let rule = format!("m ≥ 4p: {m} {sign} 4 × {p} = {}", 4 * p);
    steps.push(format::wrap(
        &verdict,
        &format!("GPipe's rule of thumb {rule} ({{}})"),
        &format!("GPipe 经验法则 {rule}（{{}}）"),
    ));
    steps.extend(time_lines(input, r));
    steps.extend(p2p_lines(input, r));
    steps
}

fn time_lines(input: &PipelineInput, r: &PipelineReport) -> Vec<Bi> {
    let (Some(times), Some(seconds)) = (input.times, r.times) else {
        return vec![Bi::new(
            "no stage times given: add --t-fwd (and --t-bwd, default 2 × forward) for seconds",
            "没有给出 stage 耗时：要算秒数，请加 --t-fwd（以及 --t-bwd，默认为前向的 2 倍）",
        )];
    };
    let assumed = if times.backward_assumed {
        Bi::new(
            " (backward taken as 2 × forward)",
            "（反向按前向的 2 倍计）",
        )
    } else {
        Bi::default()
    };
    let (f, b) = (
        format::duration(times.forward),
        format::duration(times.backward),
    );
    let sum = format::duration(times.forward + times.backward);
    vec![
        format::wrap(
            &assumed,
            &format!("one micro-batch on one stage: t_f + t_b = {f} + {b}{{}} = {sum}"),
            &format!("一个 micro-batch 在一个 stage 上：t_f + t_b = {f} + {b}{{}} = {sum}"),
        ),
        crate::bi!(
            "step = m·(t_f+t_b) + (p-1)·(t_f+t_b)/v = {i} + {bu} = {s}",
            "整步 = m·(t_f+t_b) + (p-1)·(t_f+t_b)/v = {i} + {bu} = {s}",
            i = format::duration(seconds.ideal_seconds),
            bu = format::duration(seconds.bubble_seconds),
            s = format::duration(seconds.step_seconds)
        ),
    ]
}

fn p2p_lines(input: &PipelineInput, r: &PipelineReport) -> Vec<Bi> {
    let (Some(activation), Some(bytes)) = (input.activation, r.p2p.bytes_per_step) else {
        return Vec::new();
    };
    let mut lines = vec![
        crate::bi!(
            "point-to-point message = {a}",
            "点对点消息 = {a}",
            a = activation.describe()
        ),
        crate::bi!(
            "an inner stage sends v·m = {vm} activations forward and as many gradients back: {n} messages, {b} per step",
            "中间 stage 向前发送 v·m = {vm} 份激活，向后发回同样多的梯度：每步 {n} 条消息，共 {b}",
            vm = r.schedule.interleave * r.schedule.micro_batches,
            n = r.p2p.messages_per_step,
            b = format::bytes(bytes)
        ),
    ];
    if let (Some(link), Some(spec), Some(expected)) =
        (&input.link, r.p2p.seconds, r.p2p.expected_seconds)
    {
        lines.push(link.describe_bi());
        lines.push(crate::bi!(
            "one message: t = α + S / B = {a} + {s} / {b} = {spec} spec, {exp} expected",
            "单条消息：t = α + S / B = {a} + {s} / {b} = 规格 {spec}，预期 {exp}",
            a = format::duration(link.latency),
            s = format::bytes_short(activation.bytes()),
            b = format::rate_short(link.bandwidth),
            spec = format::duration(spec),
            exp = format::duration(expected)
        ));
    }
    lines
}
