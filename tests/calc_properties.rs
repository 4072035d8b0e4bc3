//! Property tests of the calculator engine: monotonic in size, never negative, busbw factors,
//! unit round-trips, and no panic on arbitrary text.

use infraprep::calc::units::{parse_duration, parse_rate, parse_size};
use infraprep::calc::{
    Algorithm, CollectiveInput, Form, HardwareTable, Op, TransferInput, collective,
    eval_expression, figure_matches, format, transfer,
};
use proptest::prelude::*;

const OPS: [&str; 7] = [
    "allreduce",
    "allgather",
    "reducescatter",
    "broadcast",
    "reduce",
    "alltoall",
    "sendrecv",
];

fn collective_input(op: &str, ranks: usize, g: usize, algo: &str) -> CollectiveInput {
    let (ranks, g) = (ranks.to_string(), g.to_string());
    let f = Form::of(&[
        ("op", op),
        ("size", "1 MiB"),
        ("ranks", &ranks),
        ("gpus-per-node", &g),
        ("intra", "nvlink4"),
        ("inter", "ib-ndr"),
        ("algo", algo),
    ]);
    CollectiveInput::from_form(&f, &HardwareTable::bundled()).expect("valid")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn transfer_time_grows_with_size(a in 1.0f64..1e15, b in 1.0f64..1e15, link in 0usize..22) {
        let table = HardwareTable::bundled();
        let id = table.iter().nth(link).expect("preset").id.clone();
        let time = |bytes: f64| {
            let size = format!("{bytes} B");
            let f = Form::of(&[("size", &size), ("links", &id)]);
            transfer(&TransferInput::from_form(&f, &table).expect("valid")).results[0].clone()
        };
        let (small, large) = (time(a.min(b)), time(a.max(b)));
        prop_assert!(small.seconds > 0.0 && small.expected_seconds >= small.seconds);
        prop_assert!(large.seconds >= small.seconds);
    }

    #[test]
    fn collective_time_grows_with_size_and_busbw_factor_holds(
        op in 0usize..7, nodes in 1usize..9, g in 1usize..9, a in 1.0f64..1e11, b in 1.0f64..1e11,
    ) {
        let ranks = nodes * g;
        prop_assume!(ranks >= 2);
        let mut input = collective_input(OPS[op], ranks, g, "auto");
        for algorithm in input.op.algorithms().to_vec() {
            input.algorithm = algorithm;
            input.size_bytes = a.min(b);
            let small = collective(&input);
            input.size_bytes = a.max(b);
            let large = collective(&input);
            prop_assert!(small.seconds > 0.0 && small.expected_seconds >= small.seconds);
            prop_assert!(large.seconds >= small.seconds, "{algorithm}");
            let factor = large.busbw_bytes_per_s / large.algbw_bytes_per_s;
            prop_assert!((factor - input.op.busbw_factor(ranks)).abs() < 1e-12);
        }
    }

    #[test]
    fn unit_round_trips(x in 1e-3f64..1e6) {
        let close = |got: f64, want: f64| (got - want).abs() <= want * 1e-9;
        let text = |unit: &str| format!("{x} {unit}");
        let checks = [
            (parse_size(&text("GB")), x * 1e9),
            (parse_size(&text("GiB")), x * 1_073_741_824.0),
            (parse_rate(&text("Gbps")), x * 1.25e8),
            (parse_rate(&text("GB/s")), x * 1e9),
            (parse_duration(&text("ms")), x * 1e-3),
        ];
        for (got, want) in checks {
            prop_assert!(close(got.expect("parses"), want));
        }
    }

    #[test]
    fn displayed_figures_read_back_and_match(bytes in 1e3f64..1e18) {
        let shown = format::bytes_short(bytes);
        let back = parse_size(&shown).expect("display parses");
        prop_assert!((back - bytes).abs() <= bytes * 5e-4);
        let expr = format!("{bytes} B");
        let value = eval_expression(&expr, &HardwareTable::bundled()).expect("value");
        prop_assert!(figure_matches(&value, &shown).expect("same kind"));
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,24}") {
        let _ = parse_size(&text);
        let _ = parse_rate(&text);
        let _ = eval_expression(&text, &HardwareTable::bundled());
    }
}

#[test]
fn every_op_has_a_busbw_factor_between_0_and_2() {
    for op in Op::ALL {
        for n in 2..64 {
            let f = op.busbw_factor(n);
            assert!(f > 0.0 && f < 2.0, "{op} {n}");
        }
    }
    assert_eq!(
        Op::AllReduce.algorithms(),
        &[
            Algorithm::Ring,
            Algorithm::Tree,
            Algorithm::Nvls,
            Algorithm::NvlsTree,
            Algorithm::Hierarchical
        ]
    );
}
