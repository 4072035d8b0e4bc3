//! The explanation lines of a collective result.

use crate::calc::collective::model::Rates;
use crate::calc::collective::{Algorithm, Alternative, CollectiveInput};
use crate::calc::format;
use crate::text::Bi;

/// algbw and busbw lines, spec and expected, as nccl-tests computes them.
pub(super) fn bandwidths(
    input: &CollectiveInput,
    algorithm: Algorithm,
    spec_s: f64,
    expected_s: f64,
) -> Vec<Bi> {
    let compare = match algorithm {
        Algorithm::Ring => Bi::same("NCCL_ALGO=RING"),
        Algorithm::Tree => Bi::same("NCCL_ALGO=TREE"),
        Algorithm::Nvls => Bi::same("NCCL_ALGO=NVLS"),
        Algorithm::NvlsTree => Bi::same("NCCL_ALGO=NVLSTree"),
        Algorithm::Pairwise => Bi::new("the default settings", "默认设置"),
        Algorithm::Hierarchical | Algorithm::Auto => Bi::new(
            "no NCCL setting: NCCL does not run it",
            "无对应 NCCL 设置：NCCL 不会这样执行",
        ),
    };
    let factor = input.op.busbw_factor(input.ranks);
    let algbw = input.size_bytes / spec_s;
    let expected_algbw = input.size_bytes / expected_s;
    let expected = (
        format::rate_short(expected_algbw),
        format::rate_short(expected_algbw * factor),
    );
    vec![
        Bi::same(format!(
            "algbw = S / t = {} / {} = {}; busbw = algbw × {} = {} × {} = {}",
            format::bytes_short(input.size_bytes),
            format::duration(spec_s),
            format::rate_short(algbw),
            input.op.busbw_factor_text(),
            format::rate_short(algbw),
            format::sig(factor, 4),
            format::rate_short(algbw * factor)
        )),
        format::wrap(
            &compare,
            &format!(
                "expected algbw = {}, busbw = {} (compare with nccl-tests run with {{}})",
                expected.0, expected.1
            ),
            &format!(
                "预期 algbw = {}，busbw = {}（可与用 {{}} 运行的 nccl-tests 对照）",
                expected.0, expected.1
            ),
        ),
    ]
}

pub(super) fn auto_choice(alternatives: &[Alternative], chosen: Algorithm) -> Bi {
    let list: Vec<String> = alternatives
        .iter()
        .map(|a| format!("{} {}", a.algorithm, format::duration(a.expected_seconds)))
        .collect();
    crate::bi!(
        "auto: expected {list} → {chosen} is the cheapest",
        "auto：预期 {list} → {chosen} 最快",
        list = list.join(", "),
    )
}

pub(super) fn setup(input: &CollectiveInput) -> Vec<Bi> {
    let nics = input.nics_per_node;
    let (nics_en, nics_zh) = if input.nodes() > 1 {
        (
            format!(", K = {nics} NIC(s) per node"),
            format!("，每节点 K = {nics} 块网卡"),
        )
    } else {
        (String::new(), String::new())
    };
    let (op, size) = (input.op, format::bytes(input.size_bytes));
    let meaning = input.op.size_meaning_bi();
    let (n, k, g) = (input.ranks, input.nodes(), input.gpus_per_node);
    let mut steps = vec![Bi::new(
        format!(
            "{op}: S = {size} = {}; n = {n} ranks = {k} node(s) × g = {g} GPUs{nics_en}",
            meaning.en()
        ),
        format!(
            "{op}：S = {size} = {}；n = {n} 个 rank = {k} 个节点 × 每节点 g = {g} 个 GPU{nics_zh}",
            meaning.get(crate::content::Lang::Zh)
        ),
    )];
    if let Some(link) = input.intra.as_ref().filter(|_| input.gpus_per_node > 1) {
        steps.push(format::wrap(&link.describe_bi(), "intra {}", "节点内 {}"));
    }
    if let Some(link) = input.inter.as_ref().filter(|_| input.nodes() > 1) {
        let rates = Rates::of(input, false);
        let aggregate = format::rate_short(rates.node_nics);
        steps.push(format::wrap(
            &link.describe_bi(),
            &format!("inter {{}}; node NIC aggregate = {aggregate}"),
            &format!("节点间 {{}}；节点网卡合计 = {aggregate}"),
        ));
    }
    if let Some(latency) = input.latency {
        steps.push(crate::bi!(
            "α = {a} for every step (--latency)",
            "每步 α = {a}（--latency）",
            a = format::duration(latency)
        ));
    }
    steps
}
