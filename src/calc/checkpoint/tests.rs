use super::*;
use crate::calc::close;
use crate::calc::test_support::assert_says;

fn run(f: &Form) -> Result<CheckpointReport, CalcError> {
    CheckpointInput::from_form(f, &HardwareTable::bundled()).map(|i| checkpoint(&i))
}

fn params(p: &'static str) -> Form {
    Form::of(&[("params", p)])
}

/// 70B checkpointed in `c` against a job MTBF of `mtbf`.
fn against_mtbf(c: &str, mtbf: &str) -> Form {
    params("70B").with("checkpoint-time", c).with("mtbf", mtbf)
}

#[test]
fn sizes_by_recipe() {
    // 70B × 14 B/param = 980 GB (the default recipe, bf16 + fp32 master + Adam m, v).
    let r = run(&params("70B")).expect("70B");
    assert!(close(r.size_bytes, 980e9));
    assert_eq!(r.contents.recipe, Some(Recipe::Bf16Adam));
    assert!(r.steps[0].contains("980 GB"), "{}", r.steps[0]);
    // BLOOM-176B bf16 weights: 176,247,271,424 × 2 = 352.5e9 B, the model card's "329GB" in GiB.
    let bloom = run(&params("176247271424").with("recipe", "bf16-weights")).expect("bloom");
    assert!((bloom.size_bytes / 1_073_741_824.0 - 328.3).abs() < 0.05);
    let custom = run(&params("7B").with("bytes-per-param", "6")).expect("custom");
    assert!(close(custom.size_bytes, 42e9));
    assert_eq!(custom.contents.recipe, None);
    let grads = run(&params("1B").with("recipe", "bf16-adam-grads")).expect("16");
    assert!(close(grads.size_bytes, 16e9));
}

#[test]
fn write_time_names_the_bottleneck() {
    // 980 GB; storage 100 GB/s aggregate; 16 nodes × HDR 25 GB/s = 400 GB/s; storage is slowest.
    let f = params("70B")
        .with("storage-bw", "100 GB/s")
        .with("nodes", "16")
        .with("node-bw", "ib-hdr");
    let r = run(&f).expect("write");
    assert!(close(r.io.expect("w").write_seconds, 9.8));
    assert_eq!(r.io.map(|io| io.bottleneck.id()), Some("storage"));
    // With 2 nodes the network (2 × 25 × 0.96 = 48 GB/s expected) is the bottleneck.
    let r = run(&f.with("nodes", "2")).expect("2 nodes");
    assert_eq!(r.io.map(|io| io.bottleneck.id()), Some("network"));
    assert!(close(r.io.expect("w").write_seconds, 980e9 / 50e9));
    assert!(close(
        r.io.expect("ew").expected_write_seconds,
        980e9 / 48e9
    ));
}

#[test]
fn nvme_reads_faster_than_it_writes() {
    // One node, local 980 PRO: write 5.1 GB/s, read 7 GB/s (spec).
    let r = run(&params("7B").with("nvme-bw", "nvme-gen4")).expect("nvme");
    assert!(close(r.io.expect("w").write_seconds, 98e9 / 5.1e9));
    assert!(close(r.io.expect("r").read_seconds, 98e9 / 7e9));
    assert_eq!(r.io.map(|io| io.bottleneck.id()), Some("nvme"));
}

#[test]
fn gemini_mt_nlg_42_minutes_at_20_gbps() {
    // Gemini (SOSP'23): MT-NLG 530B takes 42 min at 20 Gbps. 530e9 × 12 B / 2.5e9 B/s = 42.4 min.
    let f = params("530B")
        .with("recipe", "fp32-adam")
        .with("storage-bw", "20 Gbps");
    let minutes = run(&f).expect("gemini").io.expect("w").write_seconds / 60.0;
    assert!((minutes - 42.0).abs() / 42.0 < 0.02, "{minutes}");
}

#[test]
fn async_copy_and_host_memory() {
    // 980 GB over 64 GPUs on 8 nodes: 15.31 GB per GPU over PCIe 5 (63.015 GB/s) = 0.243 s.
    let f = params("70B").with("gpus", "64").with("nodes", "8");
    let r = run(&f).expect("async");
    assert!(close(
        r.async_copy.expect("a").async_blocking_seconds,
        980e9 / 64.0 / 63.015e9
    ));
    assert!(close(
        r.async_copy.expect("h").host_memory_bytes_per_node,
        122.5e9
    ));
}

#[test]
fn intervals_from_mtbf() {
    // Daly captions: C = 5 min, M = 24 h -> Young 120 min, Daly 116.69 min.
    let r = run(&against_mtbf("5 min", "24 h")).expect("daly");
    assert!(close(r.interval.young_interval_seconds.expect("y"), 7200.0));
    assert!((r.interval.daly_interval_seconds.expect("d") / 60.0 - 116.69).abs() < 0.01);
    let overhead = r.interval.overhead_fraction.expect("o");
    assert!((overhead - 0.0834).abs() < 0.001, "{overhead}");
    // Llama 3 scale: 50,677 h per GPU over 16,384 GPUs = 3.09 h job MTBF.
    let f = params("405B")
        .with("checkpoint-time", "1 min")
        .with("gpu-mtbf", "50677 h")
        .with("gpus", "16384");
    let r = run(&f).expect("llama");
    assert!((r.interval.mtbf_seconds.expect("m") / 3600.0 - 3.093).abs() < 0.001);
}

#[test]
fn c_defaults_to_expected_write_time() {
    let f = params("405B")
        .with("storage-bw", "pfs-llama3")
        .with("mtbf", "3 h");
    let r = run(&f).expect("pfs");
    // 405e9 × 14 = 5.67 TB at 2 TB/s sustained (7 TB/s × 0.286) = 2.83 s.
    assert!(close(
        r.interval.checkpoint_seconds.expect("c"),
        r.io.expect("ew").expected_write_seconds
    ));
    assert!((r.interval.checkpoint_seconds.expect("c") - 5.67e12 / (7e12 * 0.286)).abs() < 1e-9);
    assert!(r.interval.daly_interval_seconds.is_some());
}

#[test]
fn nodes_come_from_gpus_or_impossible_counts_are_refused() {
    // 405B bf16-adam (14 B/param) on 16,384 GPUs: no --nodes means 8 per node = 2,048 nodes.
    let f = params("405B").with("gpus", "16384");
    let r = run(&f).expect("derived");
    let host = r.async_copy.expect("host").host_memory_bytes_per_node;
    assert!(close(host, 405e9 * 14.0 / 2048.0), "{host}");
    assert_says(&r.steps, "8 per node assumed");
    let err = run(&f.with("nodes", "1"))
        .expect_err("16,384 GPUs on one node")
        .to_string();
    assert!(
        err.contains("16384 GPUs on a node") && err.contains("--nodes 2048"),
        "{err}"
    );
    // A real node count passes.
    assert!(run(&f.with("nodes", "2048")).is_ok());
}

#[test]
fn typed_storage_rates_run_at_half_unless_told() {
    let f = params("70B").with("storage-bw", "100 GB/s");
    let r = run(&f).expect("typed");
    let (spec, expected) = (
        r.io.expect("w").write_seconds,
        r.io.expect("e").expected_write_seconds,
    );
    assert!(close(expected, 2.0 * spec));
    let measured = run(&f.with("storage-efficiency", "1")).expect("efficiency 1");
    assert!(close(
        measured.io.expect("e").expected_write_seconds,
        measured.io.expect("w").write_seconds
    ));
}

#[test]
fn an_overhead_over_100_percent_is_shown_as_such() {
    // C = 5 h against a 1 h MTBF: the job makes no progress; the sum is printed as it is.
    let r = run(&against_mtbf("5 h", "1 h")).expect("valid");
    assert!(close(r.interval.overhead_fraction.expect("overhead"), 1.0));
    let line = r
        .steps
        .iter()
        .find(|s| s.starts_with("overhead"))
        .expect("overhead line");
    assert!(line.contains("no progress"), "{line}");
    assert!(!line.ends_with("= 100%"), "{line}");
}

#[test]
fn io_and_async_groups_name_their_json_fields() {
    let f = params("70B")
        .with("storage-bw", "100 GB/s")
        .with("gpus", "64");
    let r = run(&f).expect("storage and GPUs");
    crate::calc::group::assert_fields(&r.io.expect("I/O times"));
    crate::calc::group::assert_fields(&r.async_copy.expect("async copy"));
    let none = run(&params("70B")).expect("size only");
    let json = serde_json::to_value(&none).expect("a report serializes");
    for name in [IoTimes::FIELDS, AsyncCopy::FIELDS].concat() {
        assert_eq!(json[name], serde_json::Value::Null, "{name}");
    }
}
