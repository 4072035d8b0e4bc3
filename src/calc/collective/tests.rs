use super::*;
use crate::calc::close;

const GIB: f64 = 1_073_741_824.0;

fn run(f: CollectiveFields<'_>) -> Result<CollectiveReport, CalcError> {
    CollectiveInput::from_fields(&f, &HardwareTable::bundled()).map(|i| collective(&i))
}

fn one_node(
    op: &'static str,
    intra: &'static str,
    algo: &'static str,
) -> CollectiveFields<'static> {
    CollectiveFields {
        op,
        size: "1 GiB",
        ranks: "8",
        intra: Some(intra),
        algorithm: Some(algo),
        ..CollectiveFields::default()
    }
}

#[test]
fn ring_allreduce_8x_a100_1gib() {
    // 14 steps × 2 µs + 2·7/8 · 2^30 B / 300e9 B/s = 6.2915 ms; expected uses 0.78 × 300 = 234 GB/s.
    let r = run(one_node("allreduce", "nvlink3", "ring")).expect("a100");
    assert!(close(r.seconds, 28e-6 + 1.75 * GIB / 300e9));
    assert!(close(r.expected_seconds, 28e-6 + 1.75 * GIB / 234e9));
    assert!(close(r.busbw_bytes_per_s, r.algbw_bytes_per_s * 1.75));
    // stas00 measured t = 8203.9 µs for 1 GiB on 8x A100: within 2%.
    assert!(
        (r.expected_seconds / 8203.9e-6 - 1.0).abs() < 0.02,
        "{}",
        r.expected_seconds
    );
    assert!(
        r.steps
            .iter()
            .any(|s| s.contains("600 GB/s is both directions")),
        "{:#?}",
        r.steps
    );
}

#[test]
fn tree_and_auto_on_one_node() {
    // Tree on one node is a chain: 2·(7 × 2 µs) + 2 · 2^30 / 300e9 = 7.186 ms, slower than ring.
    let tree = run(one_node("allreduce", "nvlink3", "tree")).expect("tree");
    assert!(close(tree.seconds, 28e-6 + 2.0 * GIB / 300e9));
    let auto = run(one_node("allreduce", "nvlink3", "auto")).expect("auto");
    assert_eq!(auto.algorithm, Algorithm::Ring);
    assert_eq!(auto.requested_algorithm, Algorithm::Auto);
    assert_eq!(auto.alternatives.len(), 2, "no hierarchical on one node");
    assert!(
        auto.steps
            .last()
            .expect("auto line")
            .contains("ring is the cheapest")
    );
}

#[test]
fn other_ops_on_one_node() {
    let t = |op, algo| run(one_node(op, "nvlink4", algo)).expect(op).seconds;
    // (n-1)·α + (n-1)/n · S / B, S being the total buffer.
    assert!(close(t("allgather", "ring"), 14e-6 + 0.875 * GIB / 450e9));
    assert!(close(
        t("reducescatter", "auto"),
        14e-6 + 0.875 * GIB / 450e9
    ));
    assert!(close(t("broadcast", "ring"), 14e-6 + GIB / 450e9));
    assert!(close(t("reduce", "auto"), 14e-6 + GIB / 450e9));
    assert!(close(t("alltoall", "auto"), 14e-6 + 0.875 * GIB / 450e9));
    assert!(close(t("sendrecv", "auto"), 2e-6 + GIB / 450e9));
}

fn cluster(op: &'static str, size: &'static str, algo: &'static str) -> CollectiveFields<'static> {
    CollectiveFields {
        op,
        size,
        ranks: "128",
        gpus_per_node: Some("8"),
        intra: Some("nvlink3"),
        inter: Some("ib-hdr"),
        algorithm: Some(algo),
        ..CollectiveFields::default()
    }
}

#[test]
fn multi_node_ring_uses_all_nics() {
    // 16 nodes × 8 A100, 8 × HDR per node: B = min(300, 8 × 25) = 200 GB/s.
    // α: 224 intra steps × 2 µs + 30 inter steps × 0.6 µs = 466 µs.
    let r = run(cluster("allreduce", "1 GiB", "ring")).expect("ring");
    assert!(close(r.seconds, 466e-6 + 2.0 * 127.0 / 128.0 * GIB / 200e9));
    assert_eq!(r.nodes, 16);
    // One NIC per node instead caps the ring at 25 GB/s.
    let one_nic = CollectiveFields {
        nics_per_node: Some("1"),
        ..cluster("allreduce", "1 GiB", "ring")
    };
    let r = run(one_nic).expect("1 nic");
    assert!(close(r.seconds, 466e-6 + 2.0 * 127.0 / 128.0 * GIB / 25e9));
}

#[test]
fn multi_node_tree_and_hierarchical() {
    // Tree: 2·(7 × 2 µs + log2(16) × 0.6 µs) + 2 · S / 200 GB/s.
    let tree = run(cluster("allreduce", "1 GiB", "tree")).expect("tree");
    assert!(close(tree.seconds, 32.8e-6 + 2.0 * GIB / 200e9));
    // Hierarchical: 2·7·2 µs + 2·15·0.6 µs + 2·7/8 · S / 300 GB/s + 2·15/16 · (S/8) / 25 GB/s.
    let hier = run(cluster("allreduce", "1 GiB", "hierarchical")).expect("hier");
    let want = 28e-6 + 18e-6 + 1.75 * GIB / 300e9 + 1.875 * (GIB / 8.0) / 25e9;
    assert!(close(hier.seconds, want));
    let auto = run(cluster("allreduce", "1 GiB", "auto")).expect("auto");
    assert_eq!(auto.alternatives.len(), 3);
    assert_eq!(
        auto.algorithm,
        Algorithm::Tree,
        "the 254-step ring pays more latency"
    );
}

#[test]
fn multi_node_alltoall_and_sendrecv() {
    // Alltoall: 7 × 2 µs + 120 × 0.6 µs + max(7/128 · S / 300 GB/s, 120/128 · S / 25 GB/s).
    let a2a = run(cluster("alltoall", "1 GiB", "auto")).expect("a2a");
    assert!(close(
        a2a.seconds,
        14e-6 + 72e-6 + 120.0 / 128.0 * GIB / 25e9
    ));
    // Sendrecv across nodes uses one NIC: 0.6 µs + S / 25 GB/s.
    let p2p = run(cluster("sendrecv", "1 GiB", "auto")).expect("sendrecv");
    assert!(close(p2p.seconds, 0.6e-6 + GIB / 25e9));
}

#[test]
fn per_instance_efa_is_split_over_nics() {
    // p5: 3200 Gb/s = 400 GB/s per instance, 32 NICs: ring capped at min(450, 400).
    let f = CollectiveFields {
        ranks: "16",
        nics_per_node: Some("32"),
        intra: Some("nvlink4"),
        inter: Some("efa-p5"),
        latency: Some("0"),
        ..cluster("allreduce", "1 GiB", "ring")
    };
    let r = run(f).expect("efa");
    assert!(close(r.seconds, 2.0 * 15.0 / 16.0 * GIB / 400e9));
}

#[test]
fn bad_input_gives_clear_errors() {
    let base = one_node("allreduce", "nvlink3", "auto");
    let cases: Vec<(CollectiveFields<'_>, &str)> = vec![
        (CollectiveFields { ranks: "1", ..base }, "at least 2 ranks"),
        (CollectiveFields { ranks: "0", ..base }, "'0'"),
        (
            CollectiveFields {
                ranks: "12",
                gpus_per_node: Some("8"),
                ..base
            },
            "'12'",
        ),
        (
            CollectiveFields {
                intra: None,
                ..base
            },
            "--intra",
        ),
        (
            CollectiveFields {
                intra_bw: Some("300 GB/s"),
                ..base
            },
            "not both",
        ),
        (
            CollectiveFields {
                ranks: "16",
                gpus_per_node: Some("8"),
                ..base
            },
            "--inter",
        ),
        (
            CollectiveFields {
                op: "allgather",
                algorithm: Some("tree"),
                ..base
            },
            "'tree'",
        ),
        (
            CollectiveFields {
                op: "allreduse",
                ..base
            },
            "'allreduse'",
        ),
        (
            CollectiveFields {
                size: "10 GB/s",
                ..base
            },
            "'10 GB/s'",
        ),
        (
            CollectiveFields {
                intra: Some("nvlink"),
                ..base
            },
            "'nvlink2'",
        ),
    ];
    for (fields, needle) in cases {
        let err = run(fields).expect_err(needle).to_string();
        assert!(err.contains(needle), "{needle}: {err}");
    }
}

#[test]
fn raw_rates_have_expected_equal_to_spec() {
    let f = CollectiveFields {
        intra: None,
        intra_bw: Some("300 GB/s"),
        ..one_node("allreduce", "", "ring")
    };
    let r = run(f).expect("raw");
    assert!(close(r.seconds, r.expected_seconds));
    assert!(close(r.seconds, 1.75 * GIB / 300e9), "no preset: α = 0");
}
