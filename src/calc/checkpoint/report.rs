//! The checkpoint arithmetic, step by step.

use crate::calc::checkpoint::{
    AsyncCopy, CheckpointInput, CheckpointReport, Interval, IoTimes, Tier, interval,
};
use crate::calc::format;
use crate::calc::link::LinkSpec;
use crate::text::Bi;

/// One stage data passes through when written: aggregate bandwidths in bytes/s.
struct Stage {
    tier: Tier,
    write: f64,
    expected_write: f64,
    read: f64,
    expected_read: f64,
}

impl Stage {
    fn new(tier: Tier, link: &LinkSpec, copies: f64) -> Stage {
        Stage {
            tier,
            write: link.bandwidth * copies,
            expected_write: link.expected_bandwidth() * copies,
            read: link.read_bandwidth * copies,
            expected_read: link.read_bandwidth * link.efficiency * copies,
        }
    }
}

fn stages(input: &CheckpointInput) -> Vec<Stage> {
    input
        .path
        .tiers(input.nodes)
        .into_iter()
        .map(|(tier, link, copies)| Stage::new(tier, link, copies))
        .collect()
}

fn slowest(stages: &[Stage], key: fn(&Stage) -> f64) -> Option<&Stage> {
    stages.iter().min_by(|a, b| key(a).total_cmp(&key(b)))
}

/// Size, times, bottleneck, async cost and intervals of one checkpoint setup.
pub fn checkpoint(input: &CheckpointInput) -> CheckpointReport {
    let size = input.contents.size_bytes();
    let mut steps = vec![size_step(input, size)];
    let stages = stages(input);
    let io = slowest(&stages, |s| s.expected_write).map(|slow| {
        let time = |key: fn(&Stage) -> f64| size / key(slowest(&stages, key).unwrap_or(slow));
        IoTimes {
            write_seconds: time(|s| s.write),
            read_seconds: time(|s| s.read),
            expected_write_seconds: time(|s| s.expected_write),
            expected_read_seconds: time(|s| s.expected_read),
            bottleneck: slow.tier,
        }
    });
    for stage in &stages {
        let (name, zh) = stage.tier.names();
        steps.push(crate::bi!(
            "{name}: write {w} (expected {ew}), read {r} (expected {er})",
            "{zh}：写 {w}（预期 {ew}），读 {r}（预期 {er}）",
            w = format::rate_short(stage.write),
            ew = format::rate_short(stage.expected_write),
            r = format::rate_short(stage.read),
            er = format::rate_short(stage.expected_read)
        ));
    }
    if let Some(io) = io {
        let (name, zh) = io.bottleneck.names();
        steps.push(crate::bi!(
            "write time = S / slowest stage = {s} / … = {w} spec, {ew} expected; bottleneck: {name}; read {er} expected",
            "写入时间 = S / 最慢环节 = {s} / … = 规格 {w}，预期 {ew}；瓶颈：{zh}；读取预期 {er}",
            s = format::bytes_short(size),
            w = format::duration(io.write_seconds),
            ew = format::duration(io.expected_write_seconds),
            er = format::duration(io.expected_read_seconds)
        ));
    } else {
        steps.push(Bi::new(
            "no bandwidth given: add --storage-bw, --nodes with --node-bw, or --nvme-bw for write and read times",
            "没有给出带宽：要算读写时间，请加 --storage-bw、--nodes 配 --node-bw，或 --nvme-bw",
        ));
    }
    let async_copy = async_copy(input, size, &mut steps);
    let checkpoint_seconds = input
        .interval
        .checkpoint_seconds
        .or(io.map(|t| t.expected_write_seconds));
    let mtbf = mtbf(input, &mut steps);
    let mut report = CheckpointReport {
        contents: input.contents,
        size_bytes: size,
        io,
        async_copy,
        interval: Interval {
            checkpoint_seconds,
            mtbf_seconds: mtbf,
            young_interval_seconds: None,
            daly_interval_seconds: None,
            overhead_fraction: None,
        },
        steps,
    };
    if let (Some(c), Some(m)) = (checkpoint_seconds, mtbf) {
        intervals(
            &mut report,
            c,
            m,
            input.interval.checkpoint_seconds.is_some(),
        );
    }
    report
}

fn size_step(input: &CheckpointInput, size: f64) -> Bi {
    let c = &input.contents;
    let recipe = c.recipe.map_or_else(
        || {
            Bi::same(format!(
                "{} B/param (--bytes-per-param)",
                format::sig(c.bytes_per_param, 4)
            ))
        },
        super::recipe::Recipe::breakdown_bi,
    );
    let (per_param, total) = (format::sig(c.bytes_per_param, 4), format::bytes(size));
    format::around(
        [&format::count_bi(c.params), &recipe],
        |[n, recipe]| {
            format!("size = params × bytes/param = {n} × {per_param} = {total} ({recipe})")
        },
        |[n, recipe]| {
            format!("大小 = 参数量 × 每参数字节数 = {n} × {per_param} = {total}（{recipe}）")
        },
    )
}

/// Async checkpoint: each GPU copies its shard to host memory over its own PCIe link.
fn async_copy(input: &CheckpointInput, size: f64, steps: &mut Vec<Bi>) -> Option<AsyncCopy> {
    let gpus = input.gpus?;
    let shard = size / gpus as f64;
    let pcie = &input.pcie;
    let (spec, expected) = (shard / pcie.bandwidth, shard / pcie.expected_bandwidth());
    let host = size / input.nodes as f64;
    let total = format::bytes_short(size);
    steps.push(crate::bi!(
        "async: training blocks only for the device-to-host copy: shard = {total} / {gpus} GPUs = {shard}; t = shard / {label} {bw} = {spec} spec, {exp} expected (× {e})",
        "异步：训练只在设备到主机拷贝时阻塞：分片 = {total} / {gpus} 个 GPU = {shard}；t = 分片 / {label} {bw} = 规格 {spec}，预期 {exp}（× {e}）",
        total = &total,
        shard = format::bytes(shard),
        label = &pcie.label,
        bw = format::rate_short(pcie.bandwidth),
        spec = format::duration(spec),
        exp = format::duration(expected),
        e = format::sig(pcie.efficiency, 3)
    ));
    let per_node = crate::calc::checkpoint::GPUS_PER_NODE_ASSUMED;
    let (derived_en, derived_zh) = if input.nodes_derived {
        (
            format!(" (no --nodes: {gpus} GPUs / {per_node} per node assumed)"),
            format!("（未给 --nodes：按 {gpus} 个 GPU / 每节点 {per_node} 个估算）"),
        )
    } else {
        (String::new(), String::new())
    };
    let (nodes, host_text) = (input.nodes, format::bytes(host));
    steps.push(Bi::new(
        format!(
            "async needs pinned host memory for a full copy of each node's shards: {total} / {nodes} node(s){derived_en} = {host_text} per node (twice that if double-buffered)"
        ),
        format!(
            "异步需要锁页主机内存存放本节点分片的完整副本：{total} / {nodes} 个节点{derived_zh} = 每节点 {host_text}（双缓冲则翻倍）"
        ),
    ));
    Some(AsyncCopy {
        async_blocking_seconds: spec,
        expected_async_blocking_seconds: expected,
        host_memory_bytes_per_node: host,
    })
}

fn mtbf(input: &CheckpointInput, steps: &mut Vec<Bi>) -> Option<f64> {
    if let Some(m) = input.interval.mtbf_seconds {
        return Some(m);
    }
    let (per_gpu, gpus) = (input.interval.gpu_mtbf_seconds?, input.gpus?);
    let job = interval::job_mtbf(per_gpu, gpus);
    steps.push(crate::bi!(
        "job MTBF M = per-GPU MTBF / GPUs = {g} / {gpus} = {j} (Llama 3: 419 unexpected interruptions in 54 days on 16,384 GPUs = 3.09 h, about 50,700 h per GPU)",
        "作业 MTBF M = 单卡 MTBF / GPU 数 = {g} / {gpus} = {j}（Llama 3：16,384 个 GPU 上 54 天发生 419 次意外中断 = 3.09 h，约合每卡 50,700 h）",
        g = format::duration(per_gpu),
        j = format::duration(job)
    ));
    Some(job)
}

fn intervals(report: &mut CheckpointReport, c: f64, m: f64, given: bool) {
    let young = interval::young_interval(c, m);
    let daly = interval::daly_interval(c, m);
    let overhead = interval::overhead_fraction(c, m, daly);
    let source = if given {
        Bi::same("--checkpoint-time")
    } else {
        Bi::new("the expected write time", "预期写入时间")
    };
    let (cs, ms) = (format::duration(c), format::duration(m));
    report.steps.push(format::wrap(
        &source,
        &format!(
            "Young: τ = √(2CM) = √(2 × {cs} × {ms}) = {} (C from {{}})",
            format::duration(young)
        ),
        &format!(
            "Young：τ = √(2CM) = √(2 × {cs} × {ms}) = {}（C 取自{{}}）",
            format::duration(young)
        ),
    ));
    let starved = c >= 2.0 * m;
    let note = if starved {
        Bi::new(
            " (C ≥ 2M: checkpoint every M; the job barely progresses)",
            "（C ≥ 2M：每隔 M 就存一次检查点，作业几乎没有进展）",
        )
    } else {
        Bi::default()
    };
    let daly_text = format!(
        "√(2CM)·[1 + ⅓√(C/2M) + (1/9)(C/2M)] − C = {}{{}}",
        format::duration(daly)
    );
    report.steps.push(format::wrap(
        &note,
        &format!("Daly: τ = {daly_text}"),
        &format!("Daly：τ = {daly_text}"),
    ));
    let sum = c / daly + daly / (2.0 * m);
    let verdict = if sum >= 1.0 {
        crate::bi!(
            ": at or over 100%, so the job makes no progress (counted as {o}); shorten the checkpoint or raise the MTBF",
            "：达到或超过 100%，作业没有进展（按 {o} 计）；请缩短检查点时间或提高 MTBF",
            o = format::percent(overhead)
        )
    } else {
        crate::bi!(
            " of the run (≈ √(2C/M) = {p})",
            "的运行时间（≈ √(2C/M) = {p}）",
            p = format::percent((2.0 * c / m).sqrt())
        )
    };
    let terms = format!(
        "{} + {} = {}",
        format::percent(c / daly),
        format::percent(daly / (2.0 * m)),
        format::percent(sum),
    );
    report.steps.push(format::wrap(
        &verdict,
        &format!("overhead ≈ C/τ + τ/2M = {terms}{{}}"),
        &format!("开销 ≈ C/τ + τ/2M = {terms}，占{{}}"),
    ));
    report.interval.young_interval_seconds = Some(young);
    report.interval.daly_interval_seconds = Some(daly);
    report.interval.overhead_fraction = Some(overhead);
}
