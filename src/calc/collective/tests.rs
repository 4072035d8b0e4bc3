use super::*;
use crate::calc::close;
use crate::calc::test_support::assert_says;

const GIB: f64 = 1_073_741_824.0;

fn run(f: &Form) -> Result<CollectiveReport, CalcError> {
    CollectiveInput::from_form(f, &HardwareTable::bundled()).map(|i| collective(&i))
}

fn one_node(op: &'static str, intra: &'static str, algo: &'static str) -> Form {
    Form::of(&[
        ("op", op),
        ("size", "1 GiB"),
        ("ranks", "8"),
        ("intra", intra),
        ("algo", algo),
    ])
}

/// NCCL src/graph/tuning.cc, Simple protocol: base 8.4 µs; per step ring NVLink 3.4, tree
/// NVLink 4.0, PCI ring 5.7, NET 14 µs; tree all-reduce bandwidth × 0.92.
const US: f64 = 1e-6;

#[test]
fn ring_allreduce_8x_a100_1gib() {
    // 8.4 µs + 14 steps × 3.4 µs + 2·7/8 · 2^30 B / 300e9 B/s; expected uses 0.78 × 300 = 234 GB/s.
    let r = run(&one_node("allreduce", "nvlink3", "ring")).expect("a100");
    assert!(close(r.seconds, 56.0 * US + 1.75 * GIB / 300e9));
    assert!(close(r.expected_seconds, 56.0 * US + 1.75 * GIB / 234e9));
    assert!(close(r.busbw_bytes_per_s, r.algbw_bytes_per_s * 1.75));
    // stas00 measured t = 8203.9 µs for 1 GiB on 8x A100: within 2%.
    assert!(
        (r.expected_seconds / 8203.9e-6 - 1.0).abs() < 0.02,
        "{}",
        r.expected_seconds
    );
    assert_says(&r.steps, "600 GB/s is both directions");
    // Every latency names its source.
    assert_says(&r.steps, "src/graph/tuning.cc");
}

#[test]
fn small_messages_use_ll() {
    // 8 B on 8x A100: LL (6.6 µs + 14 × 0.6 µs, half the bandwidth) beats Simple's 56 µs.
    let f = one_node("allreduce", "nvlink3", "ring").with("size", "8 B");
    let r = run(&f).expect("small");
    assert!(close(r.seconds, 15.0 * US + 1.75 * 8.0 / 150e9));
    assert_says(&r.steps, "protocol LL");
}

#[test]
fn tree_and_auto_on_one_node() {
    // Tree on one node is a chain: 8.4 + 2·(7 × 4.0) µs + 2 · 2^30 / (300e9 × 0.92).
    let tree = run(&one_node("allreduce", "nvlink3", "tree")).expect("tree");
    assert!(close(tree.seconds, 64.4 * US + 2.0 * GIB / (300e9 * 0.92)));
    let auto = run(&one_node("allreduce", "nvlink3", "auto")).expect("auto");
    assert_eq!(auto.algorithm, Algorithm::Ring);
    assert_eq!(auto.requested_algorithm, Algorithm::Auto);
    assert_eq!(
        auto.alternatives.len(),
        2,
        "no hierarchical, no NVLS on NVLink 3"
    );
    assert!(
        auto.steps
            .last()
            .expect("auto line")
            .contains("ring is the cheapest")
    );
}

#[test]
fn other_ops_on_one_node() {
    let t = |op, algo| run(&one_node(op, "nvlink4", algo)).expect(op);
    // 8.4 µs + (n-1) × 3.4 µs + (n-1)/n · S / B, S being the total buffer.
    assert!(close(
        t("allgather", "ring").seconds,
        32.2 * US + 0.875 * GIB / 450e9
    ));
    assert!(close(
        t("reducescatter", "auto").seconds,
        32.2 * US + 0.875 * GIB / 450e9
    ));
    assert!(close(
        t("broadcast", "ring").seconds,
        32.2 * US + GIB / 450e9
    ));
    assert!(close(t("reduce", "auto").seconds, 32.2 * US + GIB / 450e9));
    // Alltoall: 7 link latencies of 2 µs; B = min(450, 7 pairs × 450).
    assert!(close(
        t("alltoall", "auto").seconds,
        14.0 * US + 0.875 * GIB / 450e9
    ));
    let p2p = t("sendrecv", "auto");
    assert!(close(p2p.seconds, 2.0 * US + GIB / 450e9));
    // Expected at NCCL's send/recv efficiency (0.40, nccl-tests#268), not the collective 0.82.
    assert!(close(p2p.expected_seconds, 2.0 * US + GIB / 180e9));
}

#[test]
fn nvls_on_an_nvswitch_node() {
    // NVLS: 25 µs + S / B; expected B × 0.612: busbw = 2·7/8 × 450 × 0.612 = 482 GB/s.
    let f = one_node("allreduce", "nvlink4", "auto").with("size", "16 GiB");
    let r = run(&f).expect("nvls");
    assert_eq!(r.algorithm, Algorithm::Nvls);
    let s = 16.0 * GIB;
    assert!(close(r.seconds, 25.0 * US + s / 450e9));
    assert!(close(r.expected_seconds, 25.0 * US + s / (450e9 * 0.612)));
    assert!((r.expected_busbw_bytes_per_s / 482e9 - 1.0).abs() < 0.01);
    // NVLink 3 has no in-switch reduction: refused with the reason.
    let err = run(&one_node("allreduce", "nvlink3", "nvls"))
        .expect_err("a100")
        .to_string();
    assert!(err.contains("NVLink SHARP"), "{err}");
    let err = run(&one_node("allgather", "nvlink4", "nvls"))
        .expect_err("allgather")
        .to_string();
    assert!(err.contains("'nvls'"), "{err}");
}

/// A 1 GiB all-reduce over 2 nodes × 8 H100 on NVLink 4, NDR between the nodes.
fn two_h100_nodes(algo: &'static str) -> Form {
    one_node("allreduce", "nvlink4", algo)
        .with("ranks", "16")
        .with("gpus-per-node", "8")
        .with("inter", "ib-ndr")
}

#[test]
fn nvls_across_nodes_is_nvlstree() {
    // 2 nodes × 8 H100, 8 × NDR (50 GB/s): 25 µs + 2·log2(2)·20.9 µs + max(S/450, S/400) GB/s.
    let r = run(&two_h100_nodes("nvls")).expect("nvlstree");
    assert_eq!(r.algorithm, Algorithm::NvlsTree);
    assert!(close(r.seconds, 66.8 * US + GIB / 400e9));
}

#[test]
fn two_node_tree_sends_s_per_node_and_busbw_passes_the_nic_rate() {
    // 2 nodes × 8 H100, one 50 GB/s NIC each: each node's NIC carries S, not 2(n-1)/n · S.
    // t = 8.4 + 2·(7 × 4.0 + 1 × 14) µs + max(2S / (450 × 0.92), S / (50 × 0.92)) GB/s.
    let two = two_h100_nodes("tree").with("nics-per-node", "1");
    let r = run(&two).expect("2 nodes");
    assert!(close(r.seconds, 92.4 * US + GIB / (50e9 * 0.92)));
    assert!(r.busbw_bytes_per_s > 1.5 * 50e9, "busbw near twice the NIC");
    // Four nodes: inner tree nodes carry 2S; log2(4) = 2 inter levels.
    let four = two.with("ranks", "32");
    let r = run(&four).expect("4 nodes");
    assert!(close(r.seconds, 120.4 * US + 2.0 * GIB / (50e9 * 0.92)));
}

#[test]
fn a_full_mesh_uses_only_the_peers_in_the_job() {
    // MI300X: 7 × 64 GB/s. 8 ranks reach all 448; 4 ranks only 3 links = 192 GB/s.
    let eight = run(&one_node("allreduce", "xgmi-mi300x", "ring")).expect("8");
    assert!(close(eight.seconds, 56.0 * US + 1.75 * GIB / 448e9));
    let four = one_node("allreduce", "xgmi-mi300x", "ring").with("ranks", "4");
    let four = run(&four).expect("4");
    assert!(close(
        four.seconds,
        (8.4 + 6.0 * 3.4) * US + 1.5 * GIB / 192e9
    ));
    // A send/recv between two GPUs has one 64 GB/s link.
    let p2p = run(&one_node("sendrecv", "xgmi-mi300x", "auto")).expect("p2p");
    assert!(close(p2p.seconds, 2.0 * US + GIB / 64e9));
}

fn cluster(op: &'static str, size: &'static str, algo: &'static str) -> Form {
    Form::of(&[
        ("op", op),
        ("size", size),
        ("ranks", "128"),
        ("gpus-per-node", "8"),
        ("intra", "nvlink3"),
        ("inter", "ib-hdr"),
        ("algo", algo),
    ])
}

#[test]
fn multi_node_ring_uses_all_nics() {
    // 16 nodes × 8 A100, 8 × HDR per node: B = min(300, 8 × 25) = 200 GB/s.
    // α: 8.4 µs + 224 intra steps × 3.4 µs + 30 inter steps × 14 µs = 1190 µs.
    let r = run(&cluster("allreduce", "1 GiB", "ring")).expect("ring");
    assert!(close(
        r.seconds,
        1190e-6 + 2.0 * 127.0 / 128.0 * GIB / 200e9
    ));
    assert_eq!(r.nodes, 16);
    // One NIC per node instead caps the ring at 25 GB/s.
    let one_nic = cluster("allreduce", "1 GiB", "ring").with("nics-per-node", "1");
    let r = run(&one_nic).expect("1 nic");
    assert!(close(r.seconds, 1190e-6 + 2.0 * 127.0 / 128.0 * GIB / 25e9));
}

#[test]
fn multi_node_tree_and_hierarchical() {
    // Tree: 8.4 + 2·(7 × 4.0 + log2(16) × 14) µs + 2 · S / (200 GB/s × 0.92).
    let tree = run(&cluster("allreduce", "1 GiB", "tree")).expect("tree");
    assert!(close(tree.seconds, 176.4e-6 + 2.0 * GIB / 184e9));
    // Hierarchical: 2·7·2 µs + 2·15·0.6 µs + 2·7/8 · S / 300 GB/s + 2·15/16 · (S/8) / 25 GB/s.
    let hier = run(&cluster("allreduce", "1 GiB", "hierarchical")).expect("hier");
    let want = 28e-6 + 18e-6 + 1.75 * GIB / 300e9 + 1.875 * (GIB / 8.0) / 25e9;
    assert!(close(hier.seconds, want));
    let auto = run(&cluster("allreduce", "64 MiB", "auto")).expect("auto");
    assert_eq!(auto.alternatives.len(), 2, "NCCL does not run hierarchical");
    assert_eq!(
        auto.algorithm,
        Algorithm::Tree,
        "the 254-step ring pays more latency"
    );
    assert_says(&hier.steps, "not an NCCL algorithm");
}

#[test]
fn multi_node_alltoall_and_sendrecv() {
    // Alltoall: 7 × 2 µs + 120 × 0.6 µs + max(7/128 · S / 300 GB/s, 120/128 · S / 25 GB/s).
    let a2a = run(&cluster("alltoall", "1 GiB", "auto")).expect("a2a");
    assert!(close(
        a2a.seconds,
        14e-6 + 72e-6 + 120.0 / 128.0 * GIB / 25e9
    ));
    // Sendrecv across nodes uses one NIC: 0.6 µs + S / 25 GB/s.
    let p2p = run(&cluster("sendrecv", "1 GiB", "auto")).expect("sendrecv");
    assert!(close(p2p.seconds, 0.6e-6 + GIB / 25e9));
}

#[test]
fn per_instance_efa_is_split_over_nics() {
    // p5: 3200 Gb/s = 400 GB/s per instance, 32 NICs: ring capped at min(450, 400).
    let f = cluster("allreduce", "1 GiB", "ring")
        .with("ranks", "16")
        .with("nics-per-node", "32")
        .with("intra", "nvlink4")
        .with("inter", "efa-p5")
        .with("latency", "0");
    let r = run(&f).expect("efa");
    // --latency 0 zeroes the steps; NCCL's 8.4 µs base stays.
    assert!(close(r.seconds, 8.4 * US + 2.0 * 15.0 / 16.0 * GIB / 400e9));
}

#[test]
fn a_huge_job_is_refused_for_its_size() {
    let base = one_node("allreduce", "nvlink3", "auto");
    let err = run(&base.with("ranks", "1000000000"))
        .expect_err("huge")
        .to_string();
    assert!(!err.contains("at least 2"), "the reason is the size: {err}");
}

#[test]
fn typed_rates_run_at_the_documented_efficiency_unless_told() {
    let f = one_node("allreduce", "", "ring")
        .with("intra", "")
        .with("intra-bw", "300 GB/s");
    let r = run(&f).expect("raw");
    // A typed rate is NCCL's PCI class (5.7 µs a step) at efficiency 0.8.
    let alpha = (8.4 + 14.0 * 5.7) * US;
    assert!(close(r.seconds, alpha + 1.75 * GIB / 300e9));
    assert!(close(r.expected_seconds, alpha + 1.75 * GIB / 240e9));
    let measured = f.with("intra-efficiency", "1");
    let r = run(&measured).expect("efficiency 1");
    assert!(close(r.seconds, r.expected_seconds));
    let err = run(&f
        .with("intra-efficiency", "0.9")
        .with("ranks", "16")
        .with("gpus-per-node", "8")
        .with("inter-efficiency", "0.9"))
    .expect_err("no inter link")
    .to_string();
    assert!(err.contains("--inter"), "{err}");
}

/// The α text of ring, tree and NVLS: parentheses only where the factor scales a sum.
#[test]
fn alpha_sum_text_writes_the_latency_terms() {
    use crate::calc::collective::model::alpha_sum_text;
    assert_eq!(
        alpha_sum_text(8.4 * US, 1, &[(224.0, 3.4 * US), (30.0, 14.0 * US)]),
        "8.4 µs + 224 × 3.4 µs + 30 × 14 µs"
    );
    assert_eq!(
        alpha_sum_text(8.4 * US, 2, &[(7.0, 4.0 * US), (4.0, 14.0 * US)]),
        "8.4 µs + 2 × (7 × 4 µs + 4 × 14 µs)"
    );
    assert_eq!(
        alpha_sum_text(25.0 * US, 2, &[(4.0, 20.9 * US)]),
        "25 µs + 2 × 4 × 20.9 µs"
    );
}
