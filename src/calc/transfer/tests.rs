use super::*;
use crate::calc::close;
use crate::calc::test_support::assert_says;

fn report(size: &str, links: &[&str], extra: &Form) -> Result<TransferReport, CalcError> {
    let fields = extra.with("size", size).with("links", &links.join(" "));
    TransferInput::from_form(&fields, &HardwareTable::bundled()).map(|i| transfer(&i))
}

#[test]
fn ten_gib_over_hdr_is_0_4295_s() {
    // 10 * 2^30 B / 25e9 B/s = 0.42949673 s, plus 0.6 us latency.
    let r = report("10 GiB", &["ib-hdr"], &Form::default()).expect("hdr");
    let row = &r.results[0];
    assert!(close(row.seconds, 0.6e-6 + 10.0 * 1_073_741_824.0 / 25e9));
    assert!(close(
        row.expected_seconds,
        0.6e-6 + 10.0 * 1_073_741_824.0 / 24e9
    ));
    assert_says(&row.steps, "429.5 ms");
}

#[test]
fn side_by_side_with_ratios() {
    // 10 GiB: pcie4 31.508 GB/s vs nvlink3 300 GB/s (per direction, never the 600 bidirectional).
    let r = report("10 GiB", &["pcie4", "nvlink3", "ib-hdr"], &Form::default()).expect("3 links");
    let [pcie, nvl, hdr] = &r.results[..] else {
        panic!("three rows")
    };
    assert!(close(nvl.seconds, 2e-6 + 10_737_418_240.0 / 300e9));
    assert!(close(nvl.ratio_to_fastest, 1.0));
    assert!((pcie.ratio_to_fastest - 300.0 / 31.508).abs() < 0.01);
    assert!((hdr.ratio_to_fastest - 12.0).abs() < 0.01);
    assert!(nvl.steps[0].contains("600 GB/s is both directions added and is not used"));
}

#[test]
fn typed_bandwidth_latency_and_efficiency() {
    let extra = Form::of(&[
        ("bandwidth", "200 Gbps"),
        ("latency", "5 us"),
        ("efficiency", "80%"),
    ]);
    let r = report("1 GB", &[], &extra).expect("custom");
    let row = &r.results[0];
    assert_eq!(row.link, "custom");
    assert!(close(row.seconds, 5e-6 + 1e9 / 25e9));
    assert!(close(row.expected_seconds, 5e-6 + 1e9 / 20e9));
}

#[test]
fn bad_input_is_named() {
    let cases = [
        ("10 GiB", vec!["nvlink9"], "'nvlink9'"),
        ("25 GB/s", vec!["pcie4"], "'25 GB/s'"),
        ("0 GB", vec!["pcie4"], "'0 GB'"),
        ("10 GiB", vec![], "--link"),
    ];
    for (size, links, needle) in cases {
        let err = report(size, &links, &Form::default())
            .expect_err(size)
            .to_string();
        assert!(err.contains(needle), "{err}");
    }
}

#[test]
fn copies_use_the_copy_efficiency_and_one_mesh_link() {
    let table = HardwareTable::bundled();
    let run = |link: &str| {
        let f = Form::of(&[("size", "10 GiB"), ("links", link)]);
        transfer(&TransferInput::from_form(&f, &table).expect(link)).results[0].clone()
    };
    // nvlink4 copies reach 0.844 (p2pBandwidthLatencyTest), not the collective 0.82.
    let h100 = run("nvlink4");
    assert!((h100.efficiency - 0.844).abs() < 1e-9);
    assert!(h100.steps[0].contains("nccl#1264"));
    // A copy between two MI300X GPUs has one 64 GB/s xGMI link, not the GPU's 448.
    let mesh = run("xgmi-mi300x");
    assert!((mesh.bandwidth_bytes_per_s - 64e9).abs() < 1.0);
    assert!(mesh.steps[0].contains("uses one link"));
    // A typed rate runs at the documented 0.8.
    let f = Form::of(&[("size", "10 GiB"), ("bandwidth", "25 GB/s")]);
    let typed = transfer(&TransferInput::from_form(&f, &table).expect("typed"));
    assert!(
        (typed.results[0].efficiency - crate::calc::link::DEFAULT_RATE_EFFICIENCY).abs() < 1e-12
    );
}
