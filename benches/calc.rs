//! Times each calculation as the TUI will run it on every keystroke: parse the text fields, then
//! compute. `cargo bench --bench calc`. No criterion: `std::time::Instant` and a median of runs.

use std::hint::black_box;
use std::time::{Duration, Instant};

#[path = "support/timing.rs"]
mod timing;
use timing::median;

use infraprep::calc::units::parse_size;
use infraprep::calc::{
    BusbwInput, CheckpointInput, CollectiveInput, FabricInput, Form, HardwareTable, LayoutInput,
    MAX_EXPRESSION_CHARS, MemoryInput, MfuInput, OverlapInput, PipelineInput, TpInput,
    TransferInput, busbw, checkpoint, collective, collective_sweep, default_sweep_sizes,
    eval_expression, fabric, figure_matches, layout, memory, mfu, overlap, pipeline, tp, transfer,
};

fn report(name: &str, time: Duration) {
    let micros = time.as_secs_f64() * 1e6;
    println!("{name:<52} {micros:>9.1} µs");
}

/// A 1024-GPU all-reduce over NVLink and NDR.
fn multi_node() -> Form {
    Form::of(&[
        ("op", "allreduce"),
        ("size", "1 GiB"),
        ("ranks", "1024"),
        ("gpus-per-node", "8"),
        ("intra", "nvlink4"),
        ("inter", "ib-ndr"),
        ("algo", "auto"),
    ])
}

const RUNS: usize = 301;

fn main() {
    let start = Instant::now();
    let table = HardwareTable::bundled();
    report(
        "HardwareTable::bundled (first call: parses the TOML)",
        start.elapsed(),
    );
    bench_transfer(&table);
    bench_collective(&table);
    bench_others(&table);
    bench_training(&table);
    bench_budget();
    bench_cluster(&table);
}

fn bench_transfer(table: &HardwareTable) {
    let runs = RUNS;
    report(
        "HardwareTable::bundled (cached clone)",
        median(runs, || {
            black_box(HardwareTable::bundled());
        }),
    );
    report(
        "parse_size(\"10 GiB\")",
        median(runs, || {
            black_box(parse_size("10 GiB").expect("size"));
        }),
    );
    let tf = Form::of(&[("size", "10 GiB"), ("links", "pcie4 nvlink3 ib-hdr")]);
    report(
        "transfer: from_form + compute (3 links)",
        median(runs, || {
            black_box(transfer(
                &TransferInput::from_form(&tf, table).expect("transfer"),
            ));
        }),
    );
    let ti = TransferInput::from_form(&tf, table).expect("transfer");
    report(
        "transfer: compute only",
        median(runs, || {
            black_box(transfer(&ti));
        }),
    );
}

fn bench_collective(table: &HardwareTable) {
    let runs = RUNS;
    let multi = multi_node();
    let one_node = multi
        .with("ranks", "8")
        .with("gpus-per-node", "")
        .with("inter", "");
    report(
        "collective 8 GPUs auto: from_form + compute",
        median(runs, || {
            black_box(collective(
                &CollectiveInput::from_form(&one_node, table).expect("c"),
            ));
        }),
    );
    report(
        "collective 128 nodes auto: from_form + compute",
        median(runs, || {
            black_box(collective(
                &CollectiveInput::from_form(&multi, table).expect("c"),
            ));
        }),
    );
    let ci = CollectiveInput::from_form(&multi, table).expect("c");
    report(
        "collective 128 nodes auto: compute only",
        median(runs, || {
            black_box(collective(&ci));
        }),
    );
    let sizes = default_sweep_sizes();
    report(
        "collective_sweep: 25 sizes x 3 algorithms",
        median(runs, || {
            black_box(collective_sweep(&ci, &sizes));
        }),
    );
}

fn bench_others(table: &HardwareTable) {
    let runs = RUNS;
    let bf = Form::of(&[
        ("op", "allreduce"),
        ("size", "1 GiB"),
        ("time", "8203.9 us"),
        ("ranks", "8"),
        ("link", "nvlink3"),
    ]);
    report(
        "busbw: from_form + compute",
        median(runs, || {
            black_box(busbw(&BusbwInput::from_form(&bf, table).expect("b")));
        }),
    );
    let kf = Form::of(&[
        ("params", "70B"),
        ("storage-bw", "100 GB/s"),
        ("nodes", "16"),
        ("node-bw", "ib-ndr"),
        ("gpus", "128"),
        ("mtbf", "3 h"),
    ]);
    report(
        "checkpoint: from_form + compute",
        median(runs, || {
            black_box(checkpoint(
                &CheckpointInput::from_form(&kf, table).expect("k"),
            ));
        }),
    );
    let ki = CheckpointInput::from_form(&kf, table).expect("k");
    report(
        "checkpoint: compute only",
        median(runs, || {
            black_box(checkpoint(&ki));
        }),
    );
    report(
        "eval_expression(\"10 GiB / 25 GB/s\")",
        median(runs, || {
            black_box(eval_expression("10 GiB / 25 GB/s", table).expect("e"));
        }),
    );
    report(
        "eval_expression(\"10 GiB / nvlink3\")",
        median(runs, || {
            black_box(eval_expression("10 GiB / nvlink3", table).expect("e"));
        }),
    );
    // The slowest inputs the guard lets through (fend's time grows faster than linearly with
    // the length of a chain); these must stay well under the 200 ms budget.
    let longest = |unit: &str| unit.repeat(MAX_EXPRESSION_CHARS / unit.len() - 1) + "1";
    for (name, text) in [
        (
            "eval_expression(worst allowed: 1+1+…, 256 chars)",
            longest("1+"),
        ),
        (
            "eval_expression(worst allowed: 2*2*…, 256 chars)",
            longest("2*"),
        ),
        (
            "eval_expression(worst allowed: 1!1!…, 256 chars)",
            longest("1!"),
        ),
        (
            "eval_expression(worst allowed: nvlink3+…)",
            longest("nvlink3+"),
        ),
    ] {
        report(
            name,
            median(11, || {
                let _ = black_box(eval_expression(&text, table));
            }),
        );
    }
    let value = eval_expression("10 GiB / ib-hdr", table).expect("e");
    report(
        "figure_matches(value, \"430 ms\")",
        median(runs, || {
            black_box(figure_matches(&value, "430 ms").expect("f"));
        }),
    );
}

fn bench_training(table: &HardwareTable) {
    let runs = RUNS;
    let tf = Form::of(&[
        ("micro-batch", "1"),
        ("seq", "4096"),
        ("hidden", "8192"),
        ("tp", "8"),
        ("layers", "80"),
        ("micro-batches", "8"),
        ("link", "nvlink4"),
    ]);
    report(
        "tp: from_form + compute (nvlink4)",
        median(runs, || {
            black_box(tp(&TpInput::from_form(&tf, table).expect("tp")));
        }),
    );
    let pf = Form::of(&[
        ("stages", "16"),
        ("micro-batches", "64"),
        ("interleave", "4"),
        ("t-fwd", "10 ms"),
        ("micro-batch", "1"),
        ("seq", "4096"),
        ("hidden", "8192"),
        ("link", "ib-ndr"),
    ]);
    report(
        "pipeline: from_form + compute (p2p on ib-ndr)",
        median(runs, || {
            black_box(pipeline(
                &PipelineInput::from_form(&pf, table).expect("pipeline"),
            ));
        }),
    );
}

fn bench_budget() {
    let runs = RUNS;
    let mf = Form::of(&[("params", "70B"), ("gpus", "64"), ("shard-group", "8")]);
    report(
        "memory: from_form + compute (4 stages, HSDP)",
        median(runs, || {
            black_box(memory(&MemoryInput::from_form(&mf).expect("memory")));
        }),
    );
    let ff = Form::of(&[
        ("params", "70B"),
        ("gpus", "1024"),
        ("peak", "h100-bf16"),
        ("step-time", "20 s"),
        ("tokens-per-step", "16777216"),
        ("layers", "80"),
        ("heads", "64"),
        ("head-dim", "128"),
        ("seq", "8192"),
        ("recompute", "full"),
    ]);
    report(
        "mfu: from_form + compute (attention, recompute)",
        median(runs, || {
            black_box(mfu(&MfuInput::from_form(&ff).expect("mfu")));
        }),
    );
}

fn bench_cluster(table: &HardwareTable) {
    let runs = RUNS;
    let ff = Form::of(&[
        ("nodes", "2048"),
        ("nics-per-node", "8"),
        ("speed", "ib-ndr"),
        ("rail", "yes"),
    ]);
    report(
        "fabric: from_form + compute (64 SU, three tiers)",
        median(runs, || {
            black_box(fabric(&FabricInput::from_form(&ff, table).expect("fabric")));
        }),
    );
    let of = Form::of(&[
        ("compute-total", "120 ms"),
        ("bytes", "50 MB"),
        ("windows", "170"),
        ("link", "ib-ndr"),
    ]);
    report(
        "overlap: from_form + compute (170 buckets on ib-ndr)",
        median(runs, || {
            black_box(overlap(
                &OverlapInput::from_form(&of, table).expect("overlap"),
            ));
        }),
    );
    let lf = Form::of(&[
        ("gpus", "16384"),
        ("tp", "8"),
        ("pp", "16"),
        ("pod-size", "3072"),
        ("oversubscription", "7:1"),
        ("params", "405B"),
        ("micro-batch", "1"),
        ("seq", "8192"),
        ("hidden", "16384"),
        ("layers", "126"),
        ("micro-batches", "16"),
        ("link", "eth-400g"),
    ]);
    report(
        "layout: from_form + compute (16,384 GPUs, DP on eth-400g)",
        median(runs, || {
            black_box(layout(&LayoutInput::from_form(&lf, table).expect("layout")));
        }),
    );
}
