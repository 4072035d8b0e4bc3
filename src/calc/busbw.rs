//! The reverse of the collective calculator, for reading nccl-tests output: from size and time
//! to algbw, busbw and the share of the link's per-direction bandwidth.

use serde::Serialize;

use crate::calc::Form;
use crate::calc::collective::Op;
use crate::calc::group::{self, Group};
use crate::calc::link::{LinkSpec, link_or_rate};
use crate::calc::{CalcError, HardwareTable, format, units};
use crate::text::Bi;

/// A parsed busbw calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct BusbwInput {
    pub op: Op,
    pub size_bytes: f64,
    pub seconds: f64,
    pub ranks: usize,
    pub link: Option<LinkSpec>,
}

impl BusbwInput {
    pub fn from_form(f: &Form, table: &HardwareTable) -> Result<Self, CalcError> {
        Ok(BusbwInput {
            op: f.text("op").parse()?,
            size_bytes: units::parse_size(f.text("size"))?,
            seconds: units::parse_duration(f.text("time"))?,
            ranks: crate::calc::collective::parse_ranks(f.text("ranks"))?,
            link: f.parse("link", |l| link_or_rate(l, table))?,
        })
    }
}

/// The result (JSON shape documented in docs/calculators.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BusbwReport {
    pub op: Op,
    pub size_bytes: f64,
    pub seconds: f64,
    pub ranks: usize,
    pub algbw_bytes_per_s: f64,
    pub busbw_bytes_per_s: f64,
    /// `None` without a link.
    #[serde(flatten, serialize_with = "group::flat")]
    pub share: Option<LinkShare>,
    pub steps: Vec<Bi>,
}

/// busbw as a percentage of the link's bandwidth.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LinkShare {
    /// busbw / the link's per-direction spec bandwidth × 100.
    pub percent_of_link: f64,
    /// busbw / the link's expected bandwidth × 100.
    pub percent_of_expected: f64,
}

impl Group for LinkShare {
    const FIELDS: &'static [&'static str] = &["percent_of_link", "percent_of_expected"];
}

/// algbw = S / t, busbw = algbw × the op's factor, as nccl-tests computes them.
pub fn busbw(input: &BusbwInput) -> BusbwReport {
    let factor = input.op.busbw_factor(input.ranks);
    let algbw = input.size_bytes / input.seconds;
    let bus = algbw * factor;
    let mut steps: Vec<Bi> = vec![
        format!(
            "algbw = S / t = {} / {} = {}",
            format::bytes(input.size_bytes),
            format::duration(input.seconds),
            format::rate(algbw)
        ),
        format!(
            "busbw = algbw × {} (n = {}) = {} × {} = {}",
            input.op.busbw_factor_text(),
            input.ranks,
            format::rate_short(algbw),
            format::sig(factor, 4),
            format::rate(bus)
        ),
    ]
    .into_iter()
    .map(Bi::from)
    .collect();
    let share = input
        .link
        .as_ref()
        .map(|link| link_share(link, bus, &mut steps));
    BusbwReport {
        op: input.op,
        size_bytes: input.size_bytes,
        seconds: input.seconds,
        ranks: input.ranks,
        algbw_bytes_per_s: algbw,
        busbw_bytes_per_s: bus,
        share,
        steps,
    }
}

/// busbw above this share of the link's spec (percent) is no measurement: NVLS's in-switch
/// reduction moves S each way per GPU, so allreduce's busbw reaches at most 2(n-1)/n < 2 times
/// the link, and a 2-node tree about as much; 2.5x leaves room for both, while a time in the
/// wrong unit is off by 1000x.
const IMPOSSIBLE_SHARE: f64 = 250.0;

/// busbw as a share of the link's spec and expected bandwidth, with its step lines.
fn link_share(link: &LinkSpec, bus: f64, steps: &mut Vec<Bi>) -> LinkShare {
    let of_link = bus / link.bandwidth * 100.0;
    let of_expected = bus / link.expected_bandwidth() * 100.0;
    steps.push(crate::bi!(
        "{label}: busbw / B = {bus} / {b} = {spec}% of spec; {exp}% of the expected {eb}",
        "{label}：busbw / B = {bus} / {b} = 规格的 {spec}%；预期带宽 {eb} 的 {exp}%",
        label = &link.label,
        bus = format::rate_short(bus),
        b = format::rate_short(link.bandwidth),
        spec = format::sig(of_link, 3),
        exp = format::sig(of_expected, 3),
        eb = format::rate_short(link.expected_bandwidth())
    ));
    if of_link > IMPOSSIBLE_SHARE {
        steps.push(crate::bi!(
            "busbw is {x}x the link's spec, more than any algorithm reaches on it (in-switch reduction and a 2-node tree give about 2x at most): check the time's unit (nccl-tests prints microseconds), the size and the link",
            "busbw 是链路规格的 {x} 倍，超过任何算法在该链路上能达到的（交换机内归约和 2 节点 tree 最多约 2 倍）：请检查时间单位（nccl-tests 输出的是微秒）、数据量和链路",
            x = format::sig(of_link / 100.0, 3)
        ));
    } else if of_link > 100.0 {
        steps.push(Bi::new(
            "busbw above the link: NVLS/SHARP in-switch reduction or a 2-node tree; compare only ring runs (NCCL_ALGO=RING, NCCL_NVLS_ENABLE=0)",
            "busbw 超过链路带宽：来自 NVLS/SHARP 交换机内归约或 2 节点 tree；只拿 ring 的结果对比（NCCL_ALGO=RING, NCCL_NVLS_ENABLE=0）",
        ));
    }
    LinkShare {
        percent_of_link: of_link,
        percent_of_expected: of_expected,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calc::close;

    fn run(f: &Form) -> Result<BusbwReport, CalcError> {
        BusbwInput::from_form(f, &HardwareTable::bundled()).map(|i| busbw(&i))
    }

    #[test]
    fn reads_stas00_a100_row() {
        // all_reduce_perf, 8x A100, 1 GiB in 8203.9 µs: algbw 130.88, busbw 229.04 GB/s.
        let f = Form::of(&[
            ("op", "allreduce"),
            ("size", "1 GiB"),
            ("time", "8203.9 us"),
            ("ranks", "8"),
            ("link", "nvlink3"),
        ]);
        let r = run(&f).expect("a100");
        assert!((r.algbw_bytes_per_s / 1e9 - 130.88).abs() < 0.01);
        assert!((r.busbw_bytes_per_s / 1e9 - 229.04).abs() < 0.01);
        let share = r.share.expect("link");
        crate::calc::group::assert_fields(&share);
        assert!((share.percent_of_link - 76.35).abs() < 0.01);
    }

    #[test]
    fn factor_per_op() {
        for (op, factor) in [
            ("allreduce", 1.75),
            ("allgather", 0.875),
            ("reducescatter", 0.875),
            ("alltoall", 0.875),
            ("broadcast", 1.0),
            ("reduce", 1.0),
            ("sendrecv", 1.0),
        ] {
            let r = run(&Form::of(&[
                ("op", op),
                ("size", "1 GB"),
                ("time", "10 ms"),
                ("ranks", "8"),
            ]))
            .expect(op);
            assert!(close(r.busbw_bytes_per_s, 100e9 * factor), "{op}");
            assert_eq!(r.share, None);
        }
    }

    #[test]
    fn flags_busbw_above_the_link() {
        // stas00: 8x H200 NVLS allreduce 16 GiB, busbw 482.26 GB/s > 450.
        let f = Form::of(&[
            ("op", "allreduce"),
            ("size", "16 GiB"),
            ("time", "62.34 ms"),
            ("ranks", "8"),
            ("link", "nvlink4"),
        ]);
        let r = run(&f).expect("nvls");
        assert!(r.share.expect("link").percent_of_link > 100.0);
        assert!(r.steps.last().expect("note").contains("NVLS"));
    }

    /// A time in the wrong unit (nanoseconds for microseconds) gives a busbw no algorithm
    /// reaches: the step says to check the input instead of crediting in-switch reduction.
    #[test]
    fn an_impossible_busbw_points_at_the_input() {
        let f = Form::of(&[
            ("op", "allreduce"),
            ("size", "1 GiB"),
            ("time", "8203.9 ns"),
            ("ranks", "8"),
            ("link", "nvlink3"),
        ]);
        let r = run(&f).expect("runs");
        let note = r.steps.last().expect("note");
        assert!(
            note.en().contains("unit") && !note.en().contains("NVLS"),
            "{note:?}"
        );
        // 2.2x the link is high but reachable (a 2-node tree): credited, not refused.
        let high = run(&Form::of(&[
            ("op", "allreduce"),
            ("size", "1 GiB"),
            ("time", "2.85 ms"),
            ("ranks", "8"),
            ("link", "nvlink3"),
        ]))
        .expect("runs");
        let share = high.share.expect("link").percent_of_link;
        assert!((200.0..250.0).contains(&share), "{share}");
        assert!(high.steps.last().expect("note").en().contains("NVLS"));
        assert!(
            note.get(crate::content::Lang::Zh).contains("单位"),
            "{note:?}"
        );
    }

    #[test]
    fn bad_input() {
        let base = Form::of(&[
            ("op", "allreduce"),
            ("size", "1 GiB"),
            ("time", "1 ms"),
            ("ranks", "8"),
        ]);
        for (f, needle) in [
            (base.with("time", "0 s"), "'0 s'"),
            (base.with("time", "1 GB"), "'1 GB'"),
            (base.with("ranks", "1"), "at least 2"),
            (base.with("link", "ib-qdr"), "'ib-qdr'"),
        ] {
            let err = run(&f).expect_err(needle).to_string();
            assert!(err.contains(needle), "{err}");
        }
    }
}
