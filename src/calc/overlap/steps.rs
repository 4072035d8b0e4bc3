//! The explanation lines of an overlap result.

use crate::bi;
use crate::calc::format;
use crate::calc::overlap::{OverlapInput, OverlapReport};
use crate::text::Bi;

/// Every step: compute, the link, communication, what is exposed and the step.
pub(super) fn explain(input: &OverlapInput, r: &OverlapReport) -> Vec<Bi> {
    let dur = format::duration;
    let n = r.windows;
    let (c, m) = (input.compute, input.comm.0);
    let mut steps = vec![bi!(
        "c = {c} of compute per window, n = {n} windows: {all} of compute per step",
        "每窗口计算 c = {c}，n = {n} 个窗口：每步计算 {all}",
        c = dur(c),
        all = dur(r.compute_seconds)
    )];
    if let Some(link) = &input.link {
        steps.push(link.describe_bi());
    }
    steps.push(input.comm_source.clone());
    steps.push(input.tail_source.clone());
    let (n1, tail) = (n - 1, dur(input.tail.0));
    steps.push(bi!(
        "all communication = (n-1)·m + tail = {n1} × {m} + {tail} = {all}",
        "全部通信 = (n-1)·m + 尾部 = {n1} × {m} + {tail} = {all}",
        m = dur(m),
        all = dur(r.comm_seconds)
    ));
    steps.push(bi!(
        "each window's communication runs under the next window's compute; the last one (the tail) has nothing left to hide behind: exposed = (n-1)·max(0, m - c) + tail = {n1} × {spill} + {tail} = {sp} spec, {ex} expected",
        "每个窗口的通信藏在下一个窗口的计算之下；最后一个（尾部）后面没有计算可藏：暴露 = (n-1)·max(0, m - c) + 尾部 = {n1} × {spill} + {tail} = 规格 {sp}，预期 {ex}",
        spill = dur((m - c).max(0.0)),
        sp = dur(r.exposed_seconds),
        ex = dur(r.expected_exposed_seconds)
    ));
    steps.push(if r.comm_bound {
        bi!(
            "m > c: communication outlasts its window by {over} each time and piles up; no chunking hides that, only less traffic, a faster link or more compute per window",
            "m > c：通信每次都比它的窗口长 {over}，不断累积；切得再细也藏不住，只能减少流量、换更快的链路或让每个窗口有更多计算",
            over = dur(m - c)
        )
    } else {
        bi!(
            "m ≤ c: every window but the last hides completely; only the tail is exposed",
            "m ≤ c：除最后一个窗口外都完全藏住；只有尾部暴露"
        )
    });
    steps.push(bi!(
        "step = n·c + exposed = {all} + {exp} = {sp} spec, {ex} expected (without overlap: {serial}); {hid} of the communication hidden",
        "每步 = n·c + 暴露 = {all} + {exp} = 规格 {sp}，预期 {ex}（不重叠：{serial}）；{hid} 的通信被藏住",
        all = dur(r.compute_seconds),
        exp = dur(r.exposed_seconds),
        sp = dur(r.step_seconds),
        ex = dur(r.expected_step_seconds),
        serial = dur(r.serial_step_seconds),
        hid = format::percent(r.hidden_fraction)
    ));
    steps.push(bi!(
        "not modelled: NCCL kernels take SMs and memory bandwidth from the GEMMs, so compute slows while it overlaps; judge by end-to-end step time",
        "未建模：NCCL kernel 会从 GEMM 抢占 SM 和显存带宽，重叠时计算会变慢；以端到端的步时间为准"
    ));
    steps
}
