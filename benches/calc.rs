//! Times each calculation as the TUI will run it on every keystroke: parse the text fields, then
//! compute. `cargo bench --bench calc`. No criterion: `std::time::Instant` and a median of runs.

use std::hint::black_box;
use std::time::{Duration, Instant};

#[path = "support/timing.rs"]
mod timing;
use timing::median;

use infraprep::calc::units::parse_size;
use infraprep::calc::{
    BusbwFields, BusbwInput, CheckpointFields, CheckpointInput, CollectiveFields, CollectiveInput,
    FabricFields, FabricInput, HardwareTable, LayoutFields, LayoutInput, MAX_EXPRESSION_CHARS,
    MemoryFields, MemoryInput, MfuFields, MfuInput, OverlapFields, OverlapInput, PipelineFields,
    PipelineInput, TpFields, TpInput, TransferFields, TransferInput, busbw, checkpoint, collective,
    collective_sweep, default_sweep_sizes, eval_expression, fabric, figure_matches, layout, memory,
    mfu, overlap, pipeline, tp, transfer,
};

fn report(name: &str, time: Duration) {
    let micros = time.as_secs_f64() * 1e6;
    println!("{name:<52} {micros:>9.1} µs");
}

const MULTI_NODE: CollectiveFields<'static> = CollectiveFields {
    op: "allreduce",
    size: "1 GiB",
    ranks: "1024",
    gpus_per_node: Some("8"),
    nics_per_node: None,
    intra: Some("nvlink4"),
    intra_bw: None,
    inter: Some("ib-ndr"),
    inter_bw: None,
    algorithm: Some("auto"),
    latency: None,
    intra_efficiency: None,
    inter_efficiency: None,
};

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
    let links = [
        "pcie4".to_owned(),
        "nvlink3".to_owned(),
        "ib-hdr".to_owned(),
    ];
    let tf = TransferFields {
        size: "10 GiB",
        links: &links,
        ..TransferFields::default()
    };
    report(
        "transfer: from_fields + compute (3 links)",
        median(runs, || {
            black_box(transfer(
                &TransferInput::from_fields(&tf, table).expect("transfer"),
            ));
        }),
    );
    let ti = TransferInput::from_fields(&tf, table).expect("transfer");
    report(
        "transfer: compute only",
        median(runs, || {
            black_box(transfer(&ti));
        }),
    );
}

fn bench_collective(table: &HardwareTable) {
    let runs = RUNS;
    let one_node = CollectiveFields {
        ranks: "8",
        gpus_per_node: None,
        inter: None,
        ..MULTI_NODE
    };
    report(
        "collective 8 GPUs auto: from_fields + compute",
        median(runs, || {
            black_box(collective(
                &CollectiveInput::from_fields(&one_node, table).expect("c"),
            ));
        }),
    );
    report(
        "collective 128 nodes auto: from_fields + compute",
        median(runs, || {
            black_box(collective(
                &CollectiveInput::from_fields(&MULTI_NODE, table).expect("c"),
            ));
        }),
    );
    let ci = CollectiveInput::from_fields(&MULTI_NODE, table).expect("c");
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
    let bf = BusbwFields {
        op: "allreduce",
        size: "1 GiB",
        time: "8203.9 us",
        ranks: "8",
        link: Some("nvlink3"),
    };
    report(
        "busbw: from_fields + compute",
        median(runs, || {
            black_box(busbw(&BusbwInput::from_fields(&bf, table).expect("b")));
        }),
    );
    let kf = CheckpointFields {
        params: "70B",
        storage_bw: Some("100 GB/s"),
        nodes: Some("16"),
        node_bw: Some("ib-ndr"),
        gpus: Some("128"),
        mtbf: Some("3 h"),
        ..CheckpointFields::default()
    };
    report(
        "checkpoint: from_fields + compute",
        median(runs, || {
            black_box(checkpoint(
                &CheckpointInput::from_fields(&kf, table).expect("k"),
            ));
        }),
    );
    let ki = CheckpointInput::from_fields(&kf, table).expect("k");
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
    let tf = TpFields {
        micro_batch: "1",
        seq: "4096",
        hidden: "8192",
        tp: "8",
        layers: Some("80"),
        micro_batches: Some("8"),
        link: Some("nvlink4"),
        ..TpFields::default()
    };
    report(
        "tp: from_fields + compute (nvlink4)",
        median(runs, || {
            black_box(tp(&TpInput::from_fields(&tf, table).expect("tp")));
        }),
    );
    let pf = PipelineFields {
        stages: "16",
        micro_batches: "64",
        interleave: Some("4"),
        t_fwd: Some("10 ms"),
        micro_batch: Some("1"),
        seq: Some("4096"),
        hidden: Some("8192"),
        link: Some("ib-ndr"),
        ..PipelineFields::default()
    };
    report(
        "pipeline: from_fields + compute (p2p on ib-ndr)",
        median(runs, || {
            black_box(pipeline(
                &PipelineInput::from_fields(&pf, table).expect("pipeline"),
            ));
        }),
    );
}

fn bench_budget() {
    let runs = RUNS;
    let mf = MemoryFields {
        params: "70B",
        gpus: "64",
        shard_group: Some("8"),
        ..MemoryFields::default()
    };
    report(
        "memory: from_fields + compute (4 stages, HSDP)",
        median(runs, || {
            black_box(memory(&MemoryInput::from_fields(&mf).expect("memory")));
        }),
    );
    let ff = MfuFields {
        params: "70B",
        gpus: "1024",
        peak: "h100-bf16",
        step_time: Some("20 s"),
        tokens_per_step: Some("16777216"),
        layers: Some("80"),
        heads: Some("64"),
        head_dim: Some("128"),
        seq: Some("8192"),
        recompute: Some("full"),
        ..MfuFields::default()
    };
    report(
        "mfu: from_fields + compute (attention, recompute)",
        median(runs, || {
            black_box(mfu(&MfuInput::from_fields(&ff).expect("mfu")));
        }),
    );
}

fn bench_cluster(table: &HardwareTable) {
    let runs = RUNS;
    let ff = FabricFields {
        nodes: "2048",
        nics_per_node: "8",
        speed: "ib-ndr",
        rail: true,
        ..FabricFields::default()
    };
    report(
        "fabric: from_fields + compute (64 SU, three tiers)",
        median(runs, || {
            black_box(fabric(
                &FabricInput::from_fields(&ff, table).expect("fabric"),
            ));
        }),
    );
    let of = OverlapFields {
        compute_total: Some("120 ms"),
        bytes: Some("50 MB"),
        windows: Some("170"),
        link: Some("ib-ndr"),
        ..OverlapFields::default()
    };
    report(
        "overlap: from_fields + compute (170 buckets on ib-ndr)",
        median(runs, || {
            black_box(overlap(
                &OverlapInput::from_fields(&of, table).expect("overlap"),
            ));
        }),
    );
    let lf = LayoutFields {
        gpus: "16384",
        tp: "8",
        pp: Some("16"),
        pod_size: Some("3072"),
        oversubscription: Some("7:1"),
        params: Some("405B"),
        micro_batch: Some("1"),
        seq: Some("8192"),
        hidden: Some("16384"),
        layers: Some("126"),
        micro_batches: Some("16"),
        link: Some("eth-400g"),
        ..LayoutFields::default()
    };
    report(
        "layout: from_fields + compute (16,384 GPUs, DP on eth-400g)",
        median(runs, || {
            black_box(layout(
                &LayoutInput::from_fields(&lf, table).expect("layout"),
            ));
        }),
    );
}
