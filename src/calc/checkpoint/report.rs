//! The checkpoint arithmetic, step by step.

use crate::calc::checkpoint::{CheckpointInput, CheckpointReport, interval};
use crate::calc::format;
use crate::calc::link::LinkSpec;

/// One stage data passes through when written: aggregate bandwidths in bytes/s.
struct Stage {
    name: &'static str,
    write: f64,
    expected_write: f64,
    read: f64,
    expected_read: f64,
}

impl Stage {
    fn new(name: &'static str, link: &LinkSpec, copies: f64) -> Stage {
        Stage {
            name,
            write: link.bandwidth * copies,
            expected_write: link.expected_bandwidth() * copies,
            read: link.read_bandwidth * copies,
            expected_read: link.read_bandwidth * link.efficiency * copies,
        }
    }
}

fn stages(input: &CheckpointInput) -> Vec<Stage> {
    let nodes = input.nodes as f64;
    let mut stages = Vec::new();
    if let Some(link) = &input.storage {
        stages.push(Stage::new("storage", link, 1.0));
    }
    if let Some(link) = &input.node_link {
        stages.push(Stage::new("network", link, nodes));
    }
    if let Some(link) = &input.nvme {
        stages.push(Stage::new("nvme", link, nodes));
    }
    stages
}

fn slowest(stages: &[Stage], key: fn(&Stage) -> f64) -> Option<&Stage> {
    stages.iter().min_by(|a, b| key(a).total_cmp(&key(b)))
}

/// Size, times, bottleneck, async cost and intervals of one checkpoint setup.
pub fn checkpoint(input: &CheckpointInput) -> CheckpointReport {
    let size = input.size_bytes();
    let mut steps = vec![size_step(input, size)];
    let stages = stages(input);
    let time = |key: fn(&Stage) -> f64| slowest(&stages, key).map(|s| size / key(s));
    let (write, expected_write) = (time(|s| s.write), time(|s| s.expected_write));
    let (read, expected_read) = (time(|s| s.read), time(|s| s.expected_read));
    let bottleneck = slowest(&stages, |s| s.expected_write).map(|s| s.name.to_owned());
    for stage in &stages {
        steps.push(format!(
            "{}: write {} (expected {}), read {} (expected {})",
            stage.name,
            format::rate_short(stage.write),
            format::rate_short(stage.expected_write),
            format::rate_short(stage.read),
            format::rate_short(stage.expected_read)
        ));
    }
    if let (Some(name), Some(w), Some(ew), Some(er)) =
        (&bottleneck, write, expected_write, expected_read)
    {
        steps.push(format!(
            "write time = S / slowest stage = {} / … = {} spec, {} expected; bottleneck: {name}; read {} expected",
            format::bytes_short(size),
            format::duration(w),
            format::duration(ew),
            format::duration(er)
        ));
    } else {
        steps.push("no bandwidth given: add --storage-bw, --nodes with --node-bw, or --nvme-bw for write and read times".to_owned());
    }
    let (blocking, expected_blocking, host_memory) = async_copy(input, size, &mut steps);
    let checkpoint_seconds = input.checkpoint_seconds.or(expected_write);
    let mtbf = mtbf(input, &mut steps);
    let mut report = CheckpointReport {
        params: input.params,
        recipe: input.recipe,
        bytes_per_param: input.bytes_per_param,
        size_bytes: size,
        write_seconds: write,
        read_seconds: read,
        expected_write_seconds: expected_write,
        expected_read_seconds: expected_read,
        bottleneck,
        async_blocking_seconds: blocking,
        expected_async_blocking_seconds: expected_blocking,
        host_memory_bytes_per_node: host_memory,
        checkpoint_seconds,
        mtbf_seconds: mtbf,
        young_interval_seconds: None,
        daly_interval_seconds: None,
        overhead_fraction: None,
        steps,
    };
    if let (Some(c), Some(m)) = (checkpoint_seconds, mtbf) {
        intervals(&mut report, c, m, input.checkpoint_seconds.is_some());
    }
    report
}

fn size_step(input: &CheckpointInput, size: f64) -> String {
    let recipe = input.recipe.map_or_else(
        || {
            format!(
                "{} B/param (--bytes-per-param)",
                format::sig(input.bytes_per_param, 4)
            )
        },
        |r| r.breakdown().to_owned(),
    );
    format!(
        "size = params × bytes/param = {} × {} = {} ({recipe})",
        format::count(input.params),
        format::sig(input.bytes_per_param, 4),
        format::bytes(size)
    )
}

/// Async checkpoint: each GPU copies its shard to host memory over its own PCIe link.
fn async_copy(
    input: &CheckpointInput,
    size: f64,
    steps: &mut Vec<String>,
) -> (Option<f64>, Option<f64>, Option<f64>) {
    let Some(gpus) = input.gpus else {
        return (None, None, None);
    };
    let shard = size / gpus as f64;
    let pcie = &input.pcie;
    let (spec, expected) = (shard / pcie.bandwidth, shard / pcie.expected_bandwidth());
    let host = size / input.nodes as f64;
    steps.push(format!(
        "async: training blocks only for the device-to-host copy: shard = {} / {gpus} GPUs = {}; t = shard / {} {} = {} spec, {} expected (× {})",
        format::bytes_short(size),
        format::bytes(shard),
        pcie.label,
        format::rate_short(pcie.bandwidth),
        format::duration(spec),
        format::duration(expected),
        format::sig(pcie.efficiency, 3)
    ));
    let derived = if input.nodes_derived {
        format!(
            " (no --nodes: {gpus} GPUs / {} per node assumed)",
            crate::calc::checkpoint::GPUS_PER_NODE_ASSUMED
        )
    } else {
        String::new()
    };
    steps.push(format!(
        "async needs pinned host memory for a full copy of each node's shards: {} / {} node(s){derived} = {} per node (twice that if double-buffered)",
        format::bytes_short(size),
        input.nodes,
        format::bytes(host)
    ));
    (Some(spec), Some(expected), Some(host))
}

fn mtbf(input: &CheckpointInput, steps: &mut Vec<String>) -> Option<f64> {
    if let Some(m) = input.mtbf_seconds {
        return Some(m);
    }
    let (per_gpu, gpus) = (input.gpu_mtbf_seconds?, input.gpus?);
    let job = interval::job_mtbf(per_gpu, gpus);
    steps.push(format!(
        "job MTBF M = per-GPU MTBF / GPUs = {} / {gpus} = {} (Llama 3: 419 unexpected interruptions in 54 days on 16,384 GPUs = 3.09 h, about 50,700 h per GPU)",
        format::duration(per_gpu),
        format::duration(job)
    ));
    Some(job)
}

fn intervals(report: &mut CheckpointReport, c: f64, m: f64, given: bool) {
    let young = interval::young_interval(c, m);
    let daly = interval::daly_interval(c, m);
    let overhead = interval::overhead_fraction(c, m, daly);
    let source = if given {
        "--checkpoint-time"
    } else {
        "the expected write time"
    };
    report.steps.push(format!(
        "Young: τ = √(2CM) = √(2 × {} × {}) = {} (C from {source})",
        format::duration(c),
        format::duration(m),
        format::duration(young)
    ));
    report.steps.push(format!(
        "Daly: τ = √(2CM)·[1 + ⅓√(C/2M) + (1/9)(C/2M)] − C = {}{}",
        format::duration(daly),
        if c >= 2.0 * m {
            " (C ≥ 2M: checkpoint every M; the job barely progresses)"
        } else {
            ""
        }
    ));
    let sum = c / daly + daly / (2.0 * m);
    let verdict = if sum >= 1.0 {
        format!(
            ": at or over 100%, so the job makes no progress (counted as {}); shorten the checkpoint or raise the MTBF",
            format::percent(overhead)
        )
    } else {
        format!(
            " of the run (≈ √(2C/M) = {})",
            format::percent((2.0 * c / m).sqrt())
        )
    };
    report.steps.push(format!(
        "overhead ≈ C/τ + τ/2M = {} + {} = {}{verdict}",
        format::percent(c / daly),
        format::percent(daly / (2.0 * m)),
        format::percent(sum),
    ));
    report.young_interval_seconds = Some(young);
    report.daly_interval_seconds = Some(daly);
    report.overhead_fraction = Some(overhead);
}
