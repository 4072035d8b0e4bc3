//! The training step-time and memory form.

use super::field::{
    GPUS_PER_NODE, HIDDEN, INTER, INTERLEAVE, INTRA, MICRO_BATCH, NICS_PER_NODE, SEQ,
};
use super::{Calculator, Chart, Computed, FieldKind, Form, Outcome, Unit, field};
use crate::bi;
use crate::calc::step::{AttentionKernel, Breakdown, Dtype, Kernels, Recompute};
use crate::calc::{self, CalcError, HardwareTable, StepInput, format};

pub(super) const STEP: Calculator = Calculator {
    id: "step",
    title: "Training step time and memory",
    about: "Training step time, MFU and memory per GPU of a transformer under TP/SP/CP/PP/DP/ZeRO, every term shown",
    title_zh: "训练步时间与显存",
    about_zh: "Transformer 在 TP/SP/CP/PP/DP/ZeRO 下的训练步时间、MFU 和每 GPU 显存，逐项列出",
    after_help: "Examples:
  infraprep calc step --model gpt3-175b --global-batch 64 --gpus 64 --tp 8 --pp 8 --sequence-parallel --recompute selective --gpu a100 --attention unfused
  infraprep calc step --model llama3-70b --global-batch 512 --gpus 1024 --tp 8 --pp 4 --interleave 5 --sequence-parallel --zero 1 --gpu h100
  infraprep calc step --layers 32 --hidden 4096 --heads 32 --vocab 50368 --seq 2048 --global-batch 48 --micro-batch 6 --gpus 8 --zero 3 --gpu a100
  infraprep calc step --model llama3-8b --global-batch 64 --gpus 64 --zero 3 --recompute op --gpu a100 --inter ib-hdr --nics-per-node 4

step = m·(stage + logits) + (p-1)/v·stage + p2p + exposed DP + optimizer, with the matmuls at the
GPU's achievable (MAMF) rate, attention at its kernel's published share of peak, norms/activations/
softmax and fp8 casts at HBM bandwidth, TP on the critical path, FSDP traffic exposed layer by layer.",
    fields: &[
        field("model", "model", FieldKind::Choice(&calc::step::MODEL_IDS), false, "a preset shape; flags given too override it").zh("模型", "预设结构；同时给出的参数会覆盖它"),
        field("layers", "layers L", FieldKind::Count, false, "transformer layers").zh("层数 L", "Transformer 层数"),
        HIDDEN.explained("hidden size", "隐藏层维度"),
        field("heads", "heads a", FieldKind::Count, false, "attention heads").zh("头数 a", "注意力头数"),
        field("kv-heads", "KV heads k", FieldKind::Count, false, "default a (no GQA)").zh("KV 头数 k", "默认 a（不用 GQA）"),
        field("ffn", "FFN size F", FieldKind::Count, false, "default 4h, or 8h/3 rounded to 256 with SwiGLU").zh("FFN 维度 F", "默认 4h；用 SwiGLU 时为 8h/3 向上取整到 256"),
        field("swiglu", "SwiGLU", FieldKind::Flag, false, "three MLP matrices instead of two").zh("用 SwiGLU", "MLP 用三个矩阵而不是两个"),
        field("vocab", "vocabulary V", FieldKind::Count, false, "e.g. 51200, 128256").zh("词表 V", "如 51200、128256"),
        SEQ.explained("tokens per sequence; the preset's by default", "每条序列的 token 数；默认取预设值"),
        field("global-batch", "global batch B", FieldKind::Count, true, "sequences per step").zh("全局批 B", "每步的序列数"),
        MICRO_BATCH.explained("sequences per micro-batch, default 1", "每个微批的序列数，默认 1"),
        field("gpus", "GPUs N", FieldKind::Count, true, "in the whole run").zh("GPU 数 N", "整个任务"),
        GPUS_PER_NODE.explained("default: NVLink domain, 8 (GB200: 72, or what divides N)", "默认 NVLink 域：8（GB200 为 72，或能整除 N 的大小）"),
        field("tp", "TP t", FieldKind::Count, false, "tensor-parallel size, default 1").zh("TP 大小 t", "张量并行大小，默认 1"),
        field("pp", "PP p", FieldKind::Count, false, "pipeline stages, default 1").zh("PP 级数 p", "流水线级数，默认 1"),
        INTERLEAVE.explained("model chunks per GPU, default 1", "每 GPU 的模型块数，默认 1"),
        field("cp", "CP c", FieldKind::Count, false, "context-parallel size, default 1").zh("CP 大小 c", "上下文并行大小，默认 1"),
        field("dp", "DP d", FieldKind::Count, false, "default N/(t·p·c); checked if given").zh("DP 大小 d", "默认 N/(t·p·c)；给出时会校验"),
        field("sequence-parallel", "sequence parallel", FieldKind::Flag, false, "split norms and dropout over TP").zh("序列并行", "把 norm 和 dropout 切到 TP 上"),
        field("recompute", "recompute", FieldKind::Choice(&Recompute::NAMES), false, "activation recomputation, default none; op = torchtitan's per-op selective").zh("重计算", "激活重计算，默认 none；op = torchtitan 的逐算子选择性重计算"),
        field("zero", "ZeRO stage", FieldKind::Choice(&["0", "1", "2", "3"]), false, "distributed optimizer stage, default 0").zh("ZeRO 阶段", "分布式优化器阶段，默认 0"),
        field("gpu", "GPU", FieldKind::Choice(&calc::step::GPU_IDS), false, "default h100").zh("GPU 型号", "默认 h100"),
        field("dtype", "dtype", FieldKind::Choice(&Dtype::NAMES), false, "matmul precision, default bf16").zh("数据类型", "矩阵乘精度，默认 bf16"),
        field("attention", "attention", FieldKind::Choice(&AttentionKernel::NAMES), false, "flash (FlashAttention-2 class, default), flash1 (FA1 / Triton flash), flash3 (FA3/cuDNN on Hopper) or unfused (Megatron before FlashAttention)").zh("注意力实现", "flash（FlashAttention-2 级，默认）、flash1（FA1 / Triton flash）、flash3（Hopper 上的 FA3/cuDNN）或 unfused（FlashAttention 之前的 Megatron）"),
        INTRA.explained("default the GPU's NVLink", "默认该 GPU 的 NVLink"),
        INTER.explained("per NIC; default ib-ndr (ib-hdr for a100)", "每张网卡；默认 ib-ndr（a100 为 ib-hdr）"),
        NICS_PER_NODE.explained("default one per GPU", "默认每 GPU 一张"),
        field("fsdp-prefetch", "FSDP backward prefetch", FieldKind::Choice(&["pre", "post"]), false, "with --zero 3: pre (BACKWARD_PRE, FSDP2; default) or post (BACKWARD_POST, Composer's default)").zh("FSDP 反向预取", "配合 --zero 3：pre（BACKWARD_PRE，FSDP2；默认）或 post（BACKWARD_POST，Composer 的默认）"),
        field("fsdp", "FSDP version", FieldKind::Choice(&["1", "2"]), false, "with --zero 3: 2 (fully_shard, FSDP2; default) or 1 (FullyShardedDataParallel, Composer's: an extra gradient pre-divide pass)").zh("FSDP 版本", "配合 --zero 3：2（fully_shard，FSDP2；默认）或 1（FullyShardedDataParallel，Composer 所用：多一次梯度预除）"),
        field("dp-overlap", "DP overlap", FieldKind::Choice(&["yes", "no"]), false, "ZeRO 0-2: yes (gradients reduced behind the last backward; default) or no (after the whole backward: Megatron-LM's local DDP, Megatron-Core without overlap_grad_reduce)").zh("DP 重叠", "ZeRO 0-2：yes（梯度归约藏在最后一次反向后面；默认）或 no（整个反向结束后才归约：Megatron-LM 的 local DDP、未开 overlap_grad_reduce 的 Megatron-Core）"),
        field("tp-overlap", "TP overlap", FieldKind::Choice(&["yes", "no"]), false, "no (TP collectives between the GEMMs; default) or yes (behind them: Transformer Engine userbuffers, tp_comm_overlap, async TP)").zh("TP 重叠", "no（TP 集合通信夹在 GEMM 之间；默认）或 yes（藏在 GEMM 后面：Transformer Engine userbuffers、tp_comm_overlap、async TP）"),
        field("kernels", "elementwise kernels", FieldKind::Choice(&Kernels::NAMES), false, "fused (Megatron, Transformer Engine, torch.compile; default) or eager (a Llama block as separate PyTorch ops: RMSNorm, RoPE, SwiGLU each several HBM passes)").zh("逐元素算子", "fused（Megatron、Transformer Engine、torch.compile；默认）或 eager（Llama 块逐个 PyTorch 算子执行：RMSNorm、RoPE、SwiGLU 各需多次 HBM 读写）"),
    ],
    compute: compute_step,
    choices: super::fixed_choices,
    example: &[
        ("model", "gpt3-175b"),
        ("global-batch", "64"),
        ("gpus", "64"),
        ("tp", "8"),
        ("pp", "8"),
        ("sequence-parallel", "yes"),
        ("recompute", "selective"),
        ("gpu", "a100"),
        ("attention", "unfused"),
    ],
};

#[allow(clippy::many_single_char_names)] // the names are the formula's symbols (N, t, p, c, d)
fn compute_step(form: &Form, table: &HardwareTable) -> Result<Computed, CalcError> {
    let input = StepInput::from_form(form, table)?;
    let report = calc::step(&input);
    let m = &report.memory;
    let name = report.model.as_deref().unwrap_or("model");
    let (n, gpu, t, p, c, d, mb) = (
        report.gpus,
        &report.gpu,
        report.tp,
        report.pp,
        report.cp,
        report.dp,
        report.micro_batches,
    );
    let (misfit_en, misfit_zh) = if m.fits {
        ("", "")
    } else {
        (" (does not fit)", "（显存放不下）")
    };
    let mut outcome = Outcome {
        summary: bi!(
            "{name} on {n} × {gpu}: TP {t} · PP {p} · CP {c} · DP {d}, m = {mb}{misfit_en}",
            "{name}，{n} × {gpu}：TP {t} · PP {p} · CP {c} · DP {d}，m = {mb}{misfit_zh}"
        ),
        steps: report.steps.clone(),
        ..Outcome::default()
    };
    outcome.row(
        bi!("step time", "步时间"),
        format::duration(report.step_seconds),
    );
    outcome.row(
        bi!("tokens/s per GPU", "每 GPU token/s"),
        format::sig(report.tokens_per_s_per_gpu, 4),
    );
    // Two figures of one kind, not a spec and an expected figure: one row, both named.
    outcome.row(
        "MFU / HFU",
        format!(
            "{} / {}",
            format::percent(report.mfu),
            format::percent(report.hfu)
        ),
    );
    let (used, capacity) = format::bytes_against(m.total_bytes_per_gpu, m.capacity_bytes);
    outcome.row(
        bi!("memory per GPU", "每 GPU 显存"),
        if m.fits {
            bi!("{used} of {capacity}", "{used} / {capacity}")
        } else {
            bi!(
                "{used} of {capacity}: DOES NOT FIT",
                "{used} / {capacity}：放不下"
            )
        },
    );
    outcome.charts = vec![
        Chart::Parts {
            title: bi!("one step: where the time goes", "一步的时间花在哪里"),
            unit: Unit::Seconds,
            parts: report
                .breakdown
                .parts()
                .iter()
                .filter(|(_, s)| *s > 0.0)
                .map(|(name, s)| (Breakdown::label(name), *s))
                .collect(),
        },
        Chart::Bars {
            title: bi!("memory per GPU against capacity", "每 GPU 显存与容量对比"),
            unit: Unit::Bytes,
            bars: vec![
                (
                    bi!("model states", "模型状态"),
                    m.model_states_bytes_per_gpu,
                    m.model_states_bytes_per_gpu,
                ),
                (
                    bi!("activations", "激活"),
                    m.activations_bytes_per_gpu,
                    m.activations_bytes_per_gpu,
                ),
                (
                    bi!("total", "总计"),
                    m.total_bytes_per_gpu,
                    m.total_bytes_per_gpu,
                ),
                (bi!("capacity", "容量"), m.capacity_bytes, m.capacity_bytes),
            ],
        },
    ];
    Ok(Computed::new(outcome, &report))
}

#[cfg(test)]
mod tests {
    use super::super::tests::untranslated;
    use crate::calc::HardwareTable;
    use crate::calculators::calculator;
    use crate::calculators::preset::compute;
    use crate::content::deck::load;
    use crate::content::{DeckSource, Lang};

    /// True when the text holds a CJK character.
    fn has_chinese(text: &str) -> bool {
        text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    /// Every `step` preset of the bundled cards gives a result that reads wholly in Chinese:
    /// summary, headline, steps (warnings included) and chart text.
    #[test]
    fn every_card_preset_reads_in_chinese() {
        let deck = load(&[DeckSource::Bundled]).deck;
        let table = HardwareTable::bundled();
        let mut seen = 0;
        for card in deck.cards() {
            for preset in card.calc.iter().filter(|p| p.calculator == "step") {
                let computed = compute(preset, &table)
                    .unwrap_or_else(|e| panic!("{}: {}", card.id, e.message))
                    .expect("a form");
                let missing = untranslated(&computed.outcome);
                assert!(
                    missing.is_empty(),
                    "{}: English only: {missing:#?}",
                    card.id
                );
                seen += 1;
            }
        }
        assert!(seen >= 5, "only {seen} step presets");
    }

    /// The results of a form, or its error, in Chinese.
    fn run(pairs: &[(&str, &str)]) -> Result<crate::calculators::Computed, crate::text::Bi> {
        let spec = calculator("step").expect("step");
        let mut form = spec.empty_form();
        for (key, value) in pairs {
            assert!(form.set(key, value), "{key}");
        }
        spec.evaluate(&form, &HardwareTable::bundled())
            .map_err(|e| e.message)
    }

    /// Warnings (here: SP without TP, an uneven layer split) come in Chinese too, and the JSON
    /// stays English.
    #[test]
    fn warnings_are_bilingual_and_json_english() {
        let computed = run(&[
            ("model", "llama3-8b"),
            ("global-batch", "8"),
            ("gpus", "8"),
            ("pp", "8"),
            ("interleave", "3"),
            ("sequence-parallel", "yes"),
        ])
        .expect("valid");
        let warnings: Vec<_> = computed
            .outcome
            .steps
            .iter()
            .filter(|s| s.starts_with("warning:"))
            .collect();
        assert!(warnings.len() >= 2, "{warnings:#?}");
        for w in warnings {
            assert!(w.get(Lang::Zh).starts_with("注意："), "{w}");
            assert!(has_chinese(w.get(Lang::Zh)), "{w}");
        }
        let json = serde_json::to_string(&computed.json).expect("json");
        assert!(!has_chinese(&json), "JSON must stay English");
    }

    /// Each kind of bad input names the value and the fix in both languages.
    #[test]
    fn errors_are_bilingual() {
        let base = [("model", "llama3-8b"), ("global-batch", "8")];
        let cases: &[&[(&str, &str)]] = &[
            &[("gpus", "12"), ("tp", "8")],
            &[("gpus", "8"), ("tp", "3")],
            &[("gpus", "8"), ("micro-batch", "3")],
            &[("gpus", "8"), ("interleave", "2")],
            &[("gpus", "8"), ("dp", "4")],
            &[("gpus", "8"), ("dtype", "fp8"), ("gpu", "a100")],
        ];
        for case in cases {
            let mut pairs = base.to_vec();
            pairs.extend_from_slice(case);
            let error = run(&pairs)
                .err()
                .unwrap_or_else(|| panic!("{case:?} accepted"));
            assert!(has_chinese(error.get(Lang::Zh)), "{case:?}: {error}");
            assert!(!has_chinese(error.en()), "{case:?}: {error}");
        }
    }
}
