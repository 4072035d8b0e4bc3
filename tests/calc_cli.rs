//! Binary-level tests of `infraprep calc` and `infraprep links`: output, JSON shapes, exit codes.

mod common;

use common::{infraprep, words};
use serde_json::Value;

fn stdout(args: &[&str]) -> String {
    let run = infraprep(args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run.stdout
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&stdout(args)).expect("valid JSON")
}

fn has_keys(value: &Value, keys: &[&str]) {
    for key in keys {
        assert!(value.get(key).is_some(), "missing '{key}' in {value}");
    }
}

#[test]
fn expression_text_and_json() {
    let text = stdout(&["calc", "10 GiB / 25 GB/s"]);
    assert!(text.starts_with("= 429.5 ms = 0.4295 s"), "{text}");
    assert!(text.contains("read as: (10 GiB) / (25 GB/s)"));
    let v = json(&["calc", "10 GiB / nvlink3", "--json"]);
    assert_eq!(v["kind"], "duration");
    assert!((v["value"].as_f64().expect("value") - 10.0 * 1_073_741_824.0 / 300e9).abs() < 1e-12);
}

#[test]
fn transfer_json_shape() {
    let v = json(&words(
        "calc transfer 10GiB --link ib-hdr --link pcie4 --json",
    ));
    assert_eq!(v["size_bytes"].as_f64(), Some(10_737_418_240.0));
    let row = &v["results"][0];
    has_keys(
        row,
        &words("link bandwidth_bytes_per_s latency_s efficiency seconds expected_seconds steps"),
    );
    assert_eq!(row["link"], "ib-hdr");
    assert!((row["seconds"].as_f64().expect("s") - 0.429_497_329_6).abs() < 1e-9);
    assert!(row["steps"].as_array().is_some_and(|s| !s.is_empty()));
}

#[test]
fn collective_json_shape_and_sweep() {
    let args = words("calc collective allreduce 1GiB --ranks 8 --intra nvlink3 --json");
    let v = json(&args);
    has_keys(
        &v,
        &words(
            "op algorithm size_bytes ranks seconds expected_seconds algbw_bytes_per_s busbw_bytes_per_s steps",
        ),
    );
    assert_eq!(v["op"], "allreduce");
    assert_eq!(v["algorithm"], "ring");
    assert!(v.get("sweep").is_none());
    let v = json(&[&args[..], &["--sweep"]].concat());
    let sweep = v["sweep"].as_array().expect("sweep");
    assert_eq!(sweep.len(), 2, "ring and tree on one node");
    assert_eq!(sweep[0]["points"].as_array().map(Vec::len), Some(25));
}

#[test]
fn collective_text_shows_spec_and_expected() {
    let text = stdout(&words(
        "calc collective allgather 16GiB --ranks 8 --intra nvlink4 --sweep",
    ));
    assert!(
        text.contains("spec,") && text.contains("expected"),
        "{text}"
    );
    assert!(text.contains("sweep (expected time)"), "{text}");
}

#[test]
fn busbw_json_shape() {
    let v = json(&words(
        "calc busbw allreduce --size 1GiB --time 8203.9us --ranks 8 --link nvlink3 --json",
    ));
    has_keys(
        &v,
        &words("op size_bytes seconds ranks algbw_bytes_per_s busbw_bytes_per_s percent_of_link"),
    );
    assert!((v["busbw_bytes_per_s"].as_f64().expect("busbw") / 1e9 - 229.04).abs() < 0.01);
}

#[test]
fn checkpoint_json_shape() {
    let v = json(&words(
        "calc checkpoint --params 70B --storage-bw 100GB/s --mtbf 3h --json",
    ));
    has_keys(
        &v,
        &words(
            "params bytes_per_param size_bytes write_seconds read_seconds bottleneck young_interval_seconds daly_interval_seconds overhead_fraction steps",
        ),
    );
    assert_eq!(v["size_bytes"].as_f64(), Some(980e9));
    assert_eq!(v["bottleneck"], "storage");
    let v = json(&["calc", "checkpoint", "--params", "7B", "--json"]);
    assert!(v["write_seconds"].is_null() && v["daly_interval_seconds"].is_null());
}

#[test]
fn links_lists_presets_with_sources() {
    let v = json(&["links", "--json"]);
    let links = v.as_array().expect("array");
    assert!(links.len() >= 22);
    for link in links {
        has_keys(
            link,
            &words(
                "id bandwidth_bytes_per_s bidirectional_bytes_per_s latency_s efficiency bandwidth_source",
            ),
        );
        assert!(
            !link["efficiency_source"]
                .as_str()
                .unwrap_or_default()
                .is_empty()
        );
    }
    let text = stdout(&["links", "nvlink4"]);
    assert!(
        text.contains("450 GB/s") && text.contains("900 GB/s bidirectional"),
        "{text}"
    );
}

#[test]
fn help_has_examples() {
    for args in [
        &["calc", "--help"][..],
        &["calc", "collective", "--help"],
        &["links", "--help"],
        &["calc", "checkpoint", "--help"],
        &["calc", "tp", "--help"],
        &["calc", "pipeline", "--help"],
        &["calc", "memory", "--help"],
        &["calc", "mfu", "--help"],
        &["calc", "fabric", "--help"],
        &["calc", "overlap", "--help"],
        &["calc", "layout", "--help"],
    ] {
        assert!(stdout(args).contains("Example"), "{args:?}");
    }
}

#[test]
fn bad_input_exits_2_with_one_clear_line() {
    let cases: &[(Vec<&str>, &str)] = &[
        (vec!["calc", "10 GBs"], "'10 GBs'"),
        (
            vec!["calc", "transfer", "25GB/s", "--link", "pcie4"],
            "'25GB/s'",
        ),
        (
            vec!["calc", "transfer", "10GiB", "--link", "nvlink9"],
            "'nvlink9'",
        ),
        (vec!["calc", "transfer", "0GB", "--link", "pcie4"], "'0GB'"),
        (
            vec!["calc", "transfer", "-5GB", "--link", "pcie4"],
            "'-5GB'",
        ),
        (
            vec!["calc", "transfer", "NaN GB", "--link", "pcie4"],
            "'NaN GB'",
        ),
        (
            vec!["calc", "transfer", "1e300 GB", "--link", "pcie4"],
            "'1e300 GB'",
        ),
        (
            words("calc collective allreduce 1GiB --ranks 1 --intra nvlink3"),
            "at least 2 ranks",
        ),
        (
            words("calc collective allreduce 1GiB --ranks 0 --intra nvlink3"),
            "'0'",
        ),
        (
            words("calc collective allreduce 1GiB --ranks 16 --gpus-per-node 8 --intra nvlink3"),
            "--inter",
        ),
        (vec!["calc", "checkpoint", "--params", "70 GB"], "'70 GB'"),
        (
            vec![
                "calc",
                "busbw",
                "allreduce",
                "--size",
                "1GiB",
                "--time",
                "1 GB",
                "--ranks",
                "8",
            ],
            "'1 GB'",
        ),
        (vec!["links", "ib-qdr"], "'ib-qdr'"),
    ];
    assert_exit_2(cases);
}

#[test]
fn training_calculators_reject_bad_input() {
    let cases: &[(Vec<&str>, &str)] = &[
        (
            words("calc tp --micro-batch 1 --seq 4096 --hidden 0 --tp 8"),
            "hidden size '0'",
        ),
        (
            words("calc tp --micro-batch 1 --seq 4096 --hidden 8192 --tp -8"),
            "'-8'",
        ),
        (
            words("calc pipeline --stages 16 --micro-batches NaN"),
            "'NaN'",
        ),
        (
            vec!["calc", "pipeline", "--stages", "1", "--micro-batches", "8"],
            "at least 2 stages",
        ),
        (words("calc memory --params 70B --gpus 64 --stage 4"), "'4'"),
        (
            words("calc memory --params 70B --gpus 64 --shard-group 12"),
            "'12'",
        ),
        (
            words("calc mfu --params 70B --gpus 8 --peak h100 --tokens-per-s 1e4"),
            "'h100'",
        ),
        (
            words("calc mfu --params 70B --gpus 8 --peak 989e12"),
            "no throughput",
        ),
    ];
    assert_exit_2(cases);
}

/// Each run exits 2 with one `error: ...` line containing its needle, and never panics.
fn assert_exit_2(cases: &[(Vec<&str>, &str)]) {
    for (args, needle) in cases {
        let run = infraprep(args);
        let stderr = run.stderr;
        assert_eq!(run.code, 2, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(needle),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"));
    }
}

const MIB: f64 = 1_048_576.0;

fn close(value: &Value, want: f64) -> bool {
    value
        .as_f64()
        .is_some_and(|v| (v - want).abs() <= want.abs() * 1e-9)
}

#[test]
fn tp_json_in_si_units() {
    let base = words("calc tp --micro-batch 1 --seq 4096 --hidden 8192 --tp 8 --json");
    let v = json(&base);
    has_keys(
        &v,
        &words(
            "tp message_bytes collectives ring_bytes_per_allreduce layer_bytes step_bytes link step_seconds steps",
        ),
    );
    assert!(close(&v["message_bytes"], 64.0 * MIB), "{v}");
    assert!(close(&v["layer_bytes"], 448.0 * MIB));
    assert!(v["step_seconds"].is_null());
    let v = json(&[&base[..], &["--link", "nvlink4", "--layers", "80"]].concat());
    // NCCL's ring latency: 8.4 µs base + 14 steps × 3.4 µs on NVLink (src/graph/tuning.cc).
    assert!(close(&v["allreduce_seconds"], 56e-6 + 112.0 * MIB / 450e9));
    assert!(close(
        &v["step_seconds"],
        80.0 * 4.0 * (56e-6 + 112.0 * MIB / 450e9)
    ));
    let text = stdout(&[&base[..10], &["--sequence-parallel"]].concat());
    assert!(text.contains("4 reduce-scatters + 4 all-gathers"), "{text}");
}

#[test]
fn pipeline_json_and_text() {
    let v = json(&words(
        "calc pipeline --stages 16 --micro-batches 64 --interleave 4 --t-fwd 10ms --micro-batch 1 --seq 4096 --hidden 8192 --bw 50GB/s --json",
    ));
    has_keys(
        &v,
        &words(
            "bubble_fraction bubble_share_of_step bubble_fraction_without_interleaving gpipe_rule_met step_seconds p2p_message_bytes p2p_seconds steps",
        ),
    );
    assert!(close(&v["bubble_fraction"], 15.0 / 256.0));
    assert!(close(
        &v["bubble_fraction_without_interleaving"],
        15.0 / 64.0
    ));
    assert!(close(&v["step_seconds"], 1.92 + 0.45 / 4.0));
    assert!(close(&v["p2p_seconds"], 64.0 * MIB / 50e9));
    let text = stdout(&words("calc pipeline --stages 16 --micro-batches 64"));
    assert!(
        text.starts_with("pipeline of p = 16 stages, m = 64 micro-batches, 1F1B")
            && text.contains("bubble, of ideal compute 23.4%"),
        "{text}"
    );
}

#[test]
fn memory_json_lists_every_stage() {
    let v = json(&words("calc memory --params 70B --gpus 64 --json"));
    has_keys(
        &v,
        &words("params gpus shard_ways stage bytes_per_gpu stages steps"),
    );
    assert_eq!(v["stage"], "zero-3");
    assert!(close(&v["bytes_per_gpu"], 17.5e9));
    let stages = v["stages"].as_array().expect("stages");
    assert_eq!(stages.len(), 4);
    has_keys(
        &stages[1],
        &words(
            "stage formula weights_bytes gradients_bytes optimizer_bytes total_bytes traffic_bytes",
        ),
    );
    assert!(close(&stages[0]["total_bytes"], 1.12e12));
    let text = stdout(&words("calc memory --params 70B --gpus 64 --shard-group 8"));
    assert!(text.contains("zero-3 (chosen) 140 GB"), "{text}");
}

#[test]
fn mfu_json_and_text() {
    let args = words(
        "calc mfu --params 70B --gpus 1024 --peak h100-bf16 --step-time 20s --tokens-per-step 16777216 --layers 80 --heads 64 --head-dim 128 --seq 8192 --recompute full",
    );
    let v = json(&[&args[..], &["--json"]].concat());
    has_keys(
        &v,
        &words(
            "mfu hfu peak peak_flops_per_s peak_source tokens_per_s model_flops_per_token hardware_flops_per_token steps",
        ),
    );
    let mfu = v["mfu"].as_f64().expect("mfu");
    assert!((mfu - 0.401).abs() < 0.0005, "{mfu}");
    assert!((v["hfu"].as_f64().expect("hfu") - 0.535).abs() < 0.0005);
    assert!(close(&v["peak_flops_per_s"], 989e12));
    let text = stdout(&args);
    assert!(text.starts_with("MFU          40.1%"), "{text}");
    assert!(
        text.contains("2:4 sparsity"),
        "the peak's source is in the steps"
    );
}

#[test]
fn fabric_json_and_text() {
    let args = words("calc fabric --nodes 128 --nics-per-node 8 --speed ib-ndr --rail");
    let v = json(&[&args[..], &["--json"]].concat());
    has_keys(
        &v,
        &words(
            "endpoints tiers leaves spines cores cables transceivers injection_bytes_per_s bisection_bytes_per_s above_leaf_per_nic_bytes_per_s steps",
        ),
    );
    assert_eq!(
        (v["leaves"].as_u64(), v["spines"].as_u64()),
        (Some(32), Some(16))
    );
    assert!(close(&v["injection_bytes_per_s"], 400e9));
    let text = stdout(&args);
    assert!(
        text.contains("32 leaves + 16 spines + 0 cores = 48"),
        "{text}"
    );
    let v = json(&[&args[..], &["--oversubscription", "7:1", "--json"]].concat());
    assert!(close(&v["above_leaf_per_nic_bytes_per_s"], 50e9 / 7.0));
}

#[test]
fn overlap_json_and_text() {
    let args = words("calc overlap --compute-total 120ms --windows 170 --bytes 50MB --bw 50GB/s");
    let v = json(&[&args[..], &["--json"]].concat());
    has_keys(
        &v,
        &words(
            "exposed_seconds expected_exposed_seconds step_seconds hidden_fraction comm_bound steps",
        ),
    );
    assert!(close(
        &v["exposed_seconds"],
        169.0 * (1e-3 - 0.12 / 170.0) + 1e-3
    ));
    assert!(close(&v["comm_seconds"], 0.170));
    let text = stdout(&[&args[..2], &["--compute-total", "250ms"], &args[4..]].concat());
    // A typed rate runs at the documented 0.8 in the expected column: 1 ms / 0.8.
    assert!(
        text.starts_with("exposed      1 ms spec, 1.25 ms expected\n"),
        "{text}"
    );
}

#[test]
fn layout_json_and_text() {
    let args = words(
        "calc layout --gpus 16384 --tp 8 --pp 16 --pod-size 3072 --oversubscription 7:1 --params 405B --link eth-400g",
    );
    let v = json(&[&args[..], &["--json"]].concat());
    has_keys(
        &v,
        &words(
            "replica_gpus replicas_per_pod placements gradient_bytes dp_seconds dp_edges_leaving_pod pod_uplink_bytes_per_s steps",
        ),
    );
    assert_eq!(v["dp"].as_u64(), Some(128), "DP derived from the GPUs");
    assert!(close(&v["replicas_per_pod"], 24.0));
    let placements = v["placements"].as_array().expect("placements");
    assert_eq!(placements[0]["tier"], "nvlink");
    assert_eq!(placements[3]["tier"], "cross-pod");
    assert!(close(&v["pod_egress_bytes_per_s"], 6.4e12));
    let text = stdout(&args);
    assert!(
        text.contains("DP 128       128 node(s), cross-pod"),
        "{text}"
    );
}

#[test]
fn cluster_calculators_reject_bad_input() {
    let cases: &[(Vec<&str>, &str)] = &[
        (
            vec![
                "calc",
                "fabric",
                "--nodes",
                "128",
                "--nics-per-node",
                "8",
                "--speed",
                "400 GB",
            ],
            "'400 GB'",
        ),
        (
            vec!["calc", "overlap", "--compute", "10ms", "--bytes", "50MB"],
            "needs a link",
        ),
        (
            vec!["calc", "layout", "--gpus", "128", "--tp", "16"],
            "NVLink domain",
        ),
        (
            words("calc layout --gpus 128 --tp 8 --pp 4 --dp 8"),
            "must equal",
        ),
    ];
    assert_exit_2(cases);
}

#[test]
fn mistyped_calc_lines_say_what_was_meant() {
    let cases: &[(Vec<&str>, &str)] = &[
        (vec!["calc", "10", "GiB", "/", "nvlink3"], "quote it"),
        (vec!["calc", "transfre", "10GiB"], "did you mean 'transfer'"),
        (
            vec!["calc", "transfer", "10GiB", "--link", "nvlnk3"],
            "did you mean 'nvlink3'",
        ),
        (vec!["calc", "10 GiB / nvlnk3"], "'nvlnk3'"),
    ];
    assert_exit_2(cases);
}

/// A result that cannot be written (a full disk: `/dev/full`) is an error naming why, exit 1;
/// a reader that has gone (`| head` done) is not an error.
#[test]
fn a_failed_write_is_an_error_and_a_closed_pipe_is_not() {
    use std::process::{Command, Stdio};
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_infraprep");
    for args in [
        &["calc", "1+1"][..],
        &["calc", "transfer", "10GiB", "--link", "nvlink3", "--json"],
        &["links"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full opens");
        let out = Command::new(bin)
            .args(args)
            .stdout(full)
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("could not write the output"),
            "{args:?}: {stderr}"
        );
    }
    // The reader closes the pipe before the calculator writes (its start-up takes
    // milliseconds): every write meets a closed pipe (EPIPE).
    let mut child = Command::new(bin)
        .args(["calc", "collective", "allreduce", "1GiB", "--ranks", "64"])
        .args([
            "--gpus-per-node",
            "8",
            "--intra",
            "nvlink4",
            "--inter",
            "ib-ndr",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("ends");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
