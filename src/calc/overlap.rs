//! Compute-communication overlap: how much of a step's communication stays exposed.
//!
//! A step is n windows (gradient buckets, layers, pipeline chunks). The communication of window i
//! is launched when its compute ends and runs on its own stream, one collective at a time, under
//! the compute of the windows after it. With c compute and m communication per window and a
//! tail of t, the stream finishes at max(n·c + t, c + (n-1)·m + t), so the exposed time is
//! (n-1) · max(0, m - c) + t: each overlapped window spills m - c past its compute when
//! communication is the longer of the two, and the last window (the tail: the last bucket of
//! backward, the first all-gather of forward) has nothing left to hide behind. This is the model
//! of Megatron's per-layer chunking and of DDP's buckets; contention for SMs is not modelled.

mod steps;

use serde::Serialize;

use crate::bi;
use crate::calc::Form;
use crate::calc::link::{LinkSpec, link_or_bw};
use crate::calc::{CalcError, HardwareTable, format, units};
use crate::text::Bi;

/// A parsed, checked overlap calculation: seconds per window, spec and expected.
#[derive(Debug, Clone, PartialEq)]
pub struct OverlapInput {
    pub windows: usize,
    /// c: compute per window.
    pub compute: f64,
    /// m: communication per window (spec, expected).
    pub comm: (f64, f64),
    /// The last window's communication (spec, expected).
    pub tail: (f64, f64),
    /// How the communication was given, for the steps.
    pub comm_source: Bi,
    pub tail_source: Bi,
    pub link: Option<LinkSpec>,
}

/// Spec and expected time of `bytes` over the link: α + S / B and α + S / (B × efficiency).
fn on_link(bytes: f64, link: &LinkSpec) -> (f64, f64) {
    (
        link.latency + bytes / link.bandwidth,
        link.latency + bytes / link.expected_bandwidth(),
    )
}

/// A size given as text, timed on the link: (bytes, the link, (spec, expected)). Without a link
/// the error is `missing` of the text as typed.
fn bytes_on_link<'l>(
    text: &str,
    link: Option<&'l LinkSpec>,
    missing: impl FnOnce(&str) -> Bi,
) -> Result<(f64, &'l LinkSpec, (f64, f64)), CalcError> {
    let bytes = units::parse_size(text)?;
    let link = link.ok_or_else(|| CalcError::invalid(missing(text.trim())))?;
    Ok((bytes, link, on_link(bytes, link)))
}

/// m per window (spec, expected) and how it was given.
fn comm_time(
    f: &Form,
    windows: usize,
    link: Option<&LinkSpec>,
) -> Result<((f64, f64), Bi), CalcError> {
    let n = windows as f64;
    let (flag, text) = f.one_of(
        &["comm", "comm-total", "bytes"],
        bi!(
            "give the communication: --comm TIME per window, --comm-total TIME, or --bytes SIZE with --link or --bw",
            "请给通信量：每窗口 --comm TIME、总量 --comm-total TIME，或 --bytes SIZE 加 --link 或 --bw"
        ),
    )?;
    Ok(match flag {
        "comm" => {
            let t = units::parse_duration(text)?;
            (
                (t, t),
                bi!(
                    "m = {t} per window (given)",
                    "m = 每窗口 {t}（给定）",
                    t = format::duration(t)
                ),
            )
        }
        "comm-total" => {
            let t = units::parse_duration(text)? / n;
            (
                (t, t),
                bi!(
                    "m = {all} / {windows} windows = {t} per window",
                    "m = {all} / {windows} 个窗口 = 每窗口 {t}",
                    all = format::duration(t * n),
                    t = format::duration(t)
                ),
            )
        }
        _ => {
            let (bytes, link, t) = bytes_on_link(text, link, |b| {
                bi!(
                    "--bytes '{b}' needs a link to time it: add --link ID (e.g. 'ib-ndr') or --bw RATE (e.g. '50 GB/s')",
                    "--bytes '{b}' 需要链路才能计时：加 --link ID（如 'ib-ndr'）或 --bw RATE（如 '50 GB/s'）"
                )
            })?;
            (
                t,
                bi!(
                    "m = α + S / B = {a} + {s} / {b} = {sp} spec, {ex} expected, per window",
                    "每窗口 m = α + S / B = {a} + {s} / {b} = 规格 {sp}，预期 {ex}",
                    a = format::duration(link.latency),
                    s = format::bytes_short(bytes),
                    b = format::rate_short(link.bandwidth),
                    sp = format::duration(t.0),
                    ex = format::duration(t.1)
                ),
            )
        }
    })
}

/// The last window's communication (spec, expected) and how it was given.
fn tail_time(
    f: &Form,
    comm: (f64, f64),
    link: Option<&LinkSpec>,
) -> Result<((f64, f64), Bi), CalcError> {
    Ok(match (f.get("tail"), f.get("tail-bytes")) {
        (Some(a), Some(b)) => {
            return Err(CalcError::invalid(bi!(
                "give --tail '{a}' or --tail-bytes '{b}', not both",
                "给 --tail '{a}' 或 --tail-bytes '{b}'，不要两者都给",
                a = a.trim(),
                b = b.trim()
            )));
        }
        (Some(t), None) => {
            let t = units::parse_latency(t)?;
            (
                (t, t),
                bi!(
                    "tail = {t} (given)",
                    "尾部 = {t}（给定）",
                    t = format::duration(t)
                ),
            )
        }
        (None, Some(b)) => {
            let (bytes, link, t) = bytes_on_link(b, link, |b| {
                bi!(
                    "--tail-bytes '{b}' needs a link to time it: add --link ID or --bw RATE",
                    "--tail-bytes '{b}' 需要链路才能计时：加 --link ID 或 --bw RATE"
                )
            })?;
            (
                t,
                bi!(
                    "tail = {s} / {b} = {sp} spec, {ex} expected",
                    "尾部 = {s} / {b} = 规格 {sp}，预期 {ex}",
                    s = format::bytes_short(bytes),
                    b = format::rate_short(link.bandwidth),
                    sp = format::duration(t.0),
                    ex = format::duration(t.1)
                ),
            )
        }
        (None, None) => (
            comm,
            bi!("tail = the last window's m", "尾部 = 最后一个窗口的 m"),
        ),
    })
}

impl OverlapInput {
    /// Parses and checks the fields; errors name the bad value and the fix.
    pub fn from_form(f: &Form, table: &HardwareTable) -> Result<Self, CalcError> {
        let windows = f.count_or("windows", "windows", 1)?;
        let n = windows as f64;
        let link = link_or_bw(f.get("link"), f.get("bw"), table)?;
        let (flag, text) = f.one_of(
            &["compute", "compute-total"],
            bi!(
                "give the compute time: --compute TIME per window, or --compute-total TIME for all windows",
                "请给计算时间：每窗口 --compute TIME，或所有窗口合计 --compute-total TIME"
            ),
        )?;
        let compute = units::parse_duration(text)? / if flag == "compute" { 1.0 } else { n };
        let (comm, comm_source) = comm_time(f, windows, link.as_ref())?;
        let (tail, tail_source) = tail_time(f, comm, link.as_ref())?;
        Ok(OverlapInput {
            windows,
            compute,
            comm,
            tail,
            comm_source,
            tail_source,
            link,
        })
    }
}

/// The result (JSON shape in the README).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OverlapReport {
    pub windows: usize,
    pub compute_per_window_seconds: f64,
    pub comm_per_window_seconds: f64,
    pub expected_comm_per_window_seconds: f64,
    pub tail_seconds: f64,
    pub expected_tail_seconds: f64,
    /// n · c.
    pub compute_seconds: f64,
    /// (n-1) · m + tail.
    pub comm_seconds: f64,
    pub expected_comm_seconds: f64,
    /// (n-1) · max(0, m - c) + tail.
    pub exposed_seconds: f64,
    pub expected_exposed_seconds: f64,
    /// compute + exposed.
    pub step_seconds: f64,
    pub expected_step_seconds: f64,
    /// compute + all communication: the step without any overlap.
    pub serial_step_seconds: f64,
    /// Share of the communication hidden under compute, 0-1.
    pub hidden_fraction: f64,
    pub expected_hidden_fraction: f64,
    /// True when communication outlasts its compute window (m > c).
    pub comm_bound: bool,
    pub link: Option<String>,
    pub steps: Vec<Bi>,
}

/// Exposed communication of n windows: (n-1) · max(0, m - c) + tail.
pub fn exposed(windows: usize, compute: f64, comm: f64, tail: f64) -> f64 {
    windows.saturating_sub(1) as f64 * (comm - compute).max(0.0) + tail
}

/// Exposed communication, step time and the share hidden.
pub fn overlap(input: &OverlapInput) -> OverlapReport {
    let n = input.windows as f64;
    let compute = n * input.compute;
    let exp = |pick: fn((f64, f64)) -> f64| {
        exposed(
            input.windows,
            input.compute,
            pick(input.comm),
            pick(input.tail),
        )
    };
    let total = |pick: fn((f64, f64)) -> f64| (n - 1.0) * pick(input.comm) + pick(input.tail);
    let (spec, expected) = (exp(|t| t.0), exp(|t| t.1));
    let (comm, expected_comm) = (total(|t| t.0), total(|t| t.1));
    let hidden = |exposed: f64, comm: f64| {
        if comm > 0.0 {
            ((comm - exposed) / comm).max(0.0)
        } else {
            1.0
        }
    };
    let mut report = OverlapReport {
        windows: input.windows,
        compute_per_window_seconds: input.compute,
        comm_per_window_seconds: input.comm.0,
        expected_comm_per_window_seconds: input.comm.1,
        tail_seconds: input.tail.0,
        expected_tail_seconds: input.tail.1,
        compute_seconds: compute,
        comm_seconds: comm,
        expected_comm_seconds: expected_comm,
        exposed_seconds: spec,
        expected_exposed_seconds: expected,
        step_seconds: compute + spec,
        expected_step_seconds: compute + expected,
        serial_step_seconds: compute + comm,
        hidden_fraction: hidden(spec, comm),
        expected_hidden_fraction: hidden(expected, expected_comm),
        comm_bound: input.comm.0 > input.compute,
        link: input.link.as_ref().map(|l| l.label.clone()),
        steps: Vec::new(),
    };
    report.steps = steps::explain(input, &report);
    report
}

#[cfg(test)]
mod tests;
