//! The compute-communication overlap form.

use super::field::{BW, LINK};
use super::{Calculator, Chart, Computed, Field, FieldKind, Form, Outcome, Unit, entry, one, pair};
use crate::bi;
use crate::calc::{self, CalcError, HardwareTable, OverlapInput, format};

pub(super) const OVERLAP: Calculator = Calculator {
    id: "overlap",
    title: "Compute-communication overlap",
    about: "Exposed communication per step: (n-1)·max(0, m - c) + tail, step time, share hidden",
    title_zh: "计算通信重叠",
    about_zh: "每步暴露的通信：(n-1)·max(0, m - c) + 尾部，步时间，隐藏比例",
    after_help: "Examples:
  infraprep calc overlap --compute-total 120ms --windows 170 --bytes 50MB --bw 50GB/s
  infraprep calc overlap --compute 10ms --comm 4ms --windows 32

Each window's communication runs under the next window's compute; the last one (the tail) cannot.",
    fields: FIELDS,
    compute: compute_overlap,
    choices: super::fixed_choices,
    example: &[
        ("compute-total", "120 ms"),
        ("bytes", "50 MB"),
        ("windows", "170"),
        ("bw", "50 GB/s"),
    ],
};

fn compute_overlap(form: &Form, table: &HardwareTable) -> Result<Computed, CalcError> {
    let r = calc::overlap(&OverlapInput::from_form(form, table)?);
    let d = format::duration;
    let (exposed, hidden) = (bi!("exposed", "暴露"), bi!("hidden", "藏住"));
    let headline = vec![
        pair(
            exposed.clone(),
            d(r.exposed_seconds),
            d(r.expected_exposed_seconds),
        ),
        pair(
            bi!("step", "每步"),
            d(r.step_seconds),
            d(r.expected_step_seconds),
        ),
        one(bi!("without overlap", "不重叠"), d(r.serial_step_seconds)),
        pair(
            hidden.clone(),
            format::percent(r.hidden_fraction),
            format::percent(r.expected_hidden_fraction),
        ),
    ];
    let charts = vec![
        Chart::parts(
            bi!(
                "one step: compute and exposed communication",
                "一步：计算与暴露的通信"
            ),
            Unit::Seconds,
            [
                (bi!("compute", "计算"), r.compute_seconds),
                (exposed.clone(), r.exposed_seconds),
            ],
        ),
        Chart::parts(
            bi!(
                "communication: hidden under compute and exposed",
                "通信：藏在计算下的与暴露的"
            ),
            Unit::Seconds,
            [
                (hidden, (r.comm_seconds - r.exposed_seconds).max(0.0)),
                (exposed, r.exposed_seconds),
            ],
        ),
    ];
    Ok(Computed::new(Outcome::new(headline, &r.steps, charts), &r))
}

#[rustfmt::skip]
const FIELDS: &[Field] = &[
    entry("compute", "compute per window c", FieldKind::Duration, false, "one bucket or layer, e.g. 10 ms", "每窗口计算 c", "一个 bucket 或一层，如 10 ms"),
    entry("compute-total", "compute, all windows", FieldKind::Duration, false, "instead of per window, e.g. 120 ms", "计算总量", "代替每窗口值，如 120 ms"),
    entry("comm", "comm per window m", FieldKind::Duration, false, "e.g. 4 ms", "每窗口通信 m", "如 4 ms"),
    entry("comm-total", "comm, all windows", FieldKind::Duration, false, "instead of per window", "通信总量", "代替每窗口值"),
    entry("bytes", "bytes per window", FieldKind::Size, false, "sent per GPU, timed on the link", "每窗口字节", "每 GPU 发送量，按链路计时"),
    entry("windows", "windows n", FieldKind::Count, false, "buckets or layers, default 1", "窗口数 n", "bucket 数或层数，默认 1"),
    entry("tail", "tail", FieldKind::Duration, false, "last window's comm, default m", "尾部", "最后一个窗口的通信，默认 m"),
    entry("tail-bytes", "tail bytes", FieldKind::Size, false, "or its bytes, on the link", "尾部字节", "或其字节数，按链路计时"),
    LINK.explained("e.g. ib-ndr", "如 ib-ndr"),
    BW.explained("or a per-direction rate, e.g. 50 GB/s", "或单向速率，如 50 GB/s",),
];
