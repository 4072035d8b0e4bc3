//! The worked steps of a step-time estimate: every term with its formula, numbers and source,
//! in English and Chinese (formulas, figures and sources read the same in both).

use super::choice::Choose;
use super::gpu::{ATTENTION_SOURCE, ATTENTION_SOURCE_ZH, MAMF_SOURCE, MAMF_SOURCE_ZH};
use super::input::{AttentionKernel, Recompute, StepInput};
use super::{StepReport, StepsContext, model};
use crate::bi;
use crate::calc::format;
use crate::content::Lang;
use crate::text::Bi;

fn secs(value: f64) -> String {
    format::duration(value)
}

/// Setup, rates, each term, the sum, MFU and memory.
pub(super) fn explain(input: &StepInput, r: &StepReport, c: &StepsContext) -> Vec<Bi> {
    let mut steps = setup(input, r);
    steps.extend(rates(input, c));
    steps.extend(terms(input, r, c.nccl_share));
    let (step, tokens) = (secs(r.step_seconds), format::count_bi(r.tokens_per_step));
    let (tokens_en, tokens_zh) = (tokens.en(), tokens.get(Lang::Zh));
    let (rate, per_gpu) = (
        format::sig(r.tokens_per_s, 4),
        format::sig(r.tokens_per_s_per_gpu, 4),
    );
    steps.push(Bi::new(
        format!("step = sum of the terms = {step}; {tokens_en} tokens per step → {rate} tokens/s, {per_gpu} per GPU"),
        format!("step = 各项之和 = {step}；每步 {tokens_zh} 个 token → {rate} token/s，每 GPU {per_gpu}"),
    ));
    let (mfu, full, hfu) = (
        format::percent(r.mfu),
        format::percent(r.mfu_full_square),
        format::percent(r.hfu),
    );
    steps.push(bi!(
        "MFU = B·3·(L·(2sh(h+2kd+h+nF) + 2s²h) + 2shV) / (N·peak·step) = {mfu} (causal: half the s² square); with the full square as PaLM and Megatron count it {full}; HFU (executed FLOPs, recomputation included) = {hfu}",
        "MFU = B·3·(L·(2sh(h+2kd+h+nF) + 2s²h) + 2shV) / (N·peak·step) = {mfu}（因果注意力：只算 s² 方阵的一半）；按 PaLM 和 Megatron 的算法计整个方阵为 {full}；HFU（实际执行的 FLOPs，含重计算）= {hfu}"
    ));
    steps.extend(memory(input, r));
    steps.extend(r.warnings.iter().map(|w| {
        Bi::new(
            format!("warning: {}", w.en()),
            format!("注意：{}", w.get(Lang::Zh)),
        )
    }));
    steps
}

#[allow(clippy::many_single_char_names)] // the names are the formula's symbols (N, t, p, c, d)
fn setup(input: &StepInput, r: &StepReport) -> Vec<Bi> {
    let sh = &input.shape;
    let source = input
        .model
        .and_then(|id| model::MODELS.iter().find(|m| m.id == id))
        .map_or(bi!("given", "手动给出"), |m| {
            Bi::new(m.source, m.source_zh)
        });
    let (l, h, a, k, f, v, s) = (
        sh.layers,
        sh.hidden,
        sh.heads,
        sh.kv_heads,
        sh.ffn,
        sh.vocab,
        input.seq,
    );
    let swiglu = if sh.swiglu { " (SwiGLU)" } else { "" };
    let params = format::count_bi(r.params);
    let (params_en, params_zh) = (params.en(), params.get(Lang::Zh));
    let (src_en, src_zh) = (source.en(), source.get(Lang::Zh));
    let (n, t, p, c, d) = (input.gpus, input.tp, input.pp, input.cp, input.dp);
    let (per_node, batch, micro, m, il) = (
        input.gpus_per_node,
        input.global_batch,
        input.micro_batch,
        r.micro_batches,
        input.interleave,
    );
    let (sp_en, sp_zh) = if input.sequence_parallel {
        ("on", "开")
    } else {
        ("off", "关")
    };
    // The flag's own word (`none`, `selective`), as the user typed it, in both languages.
    let recompute = crate::calc::ids::Ids::id(input.recompute);
    let zero = input.zero;
    let attention = input.attention.about();
    let (att_en, att_zh) = (attention.en(), attention.get(Lang::Zh));
    vec![
        Bi::new(
            format!(
                "model: L = {l}, h = {h}, a = {a}, k = {k} KV heads, F = {f}{swiglu}, V = {v}, s = {s}; {params_en} parameters ({src_en})"
            ),
            format!(
                "模型：L = {l}，h = {h}，a = {a}，k = {k} 个 KV 头，F = {f}{swiglu}，V = {v}，s = {s}；参数量 {params_zh}（{src_zh}）"
            ),
        ),
        Bi::new(
            format!(
                "layout: N = {n} GPUs = TP {t} × PP {p} × CP {c} × DP {d}; {per_node} GPUs per node; m = B/(d·b) = {batch}/({d}·{micro}) = {m} micro-batches per pipeline; interleave v = {il}; SP {sp_en}; recompute {recompute}; ZeRO {zero}; {att_en} attention"
            ),
            format!(
                "并行布局：N = {n} 张 GPU = TP {t} × PP {p} × CP {c} × DP {d}；每节点 {per_node} 张 GPU；m = B/(d·b) = {batch}/({d}·{micro}) = 每条流水线 {m} 个微批；交错 v = {il}；SP {sp_zh}；重计算 {recompute}；ZeRO {zero}；注意力 {att_zh}"
            ),
        ),
    ]
}

fn attention_rate_text(input: &StepInput) -> Bi {
    let kernel = input.attention;
    if kernel == AttentionKernel::Unfused {
        return bi!(
            "unfused: batched GEMMs at min(R, d × B_hbm·e), as each moves one 2-byte score per 2·d FLOPs",
            "unfused：批量 GEMM，速率取 min(R, d × B_hbm·e)，因为每 2·d 次浮点运算要读写一个 2 字节的 score"
        );
    }
    let Some(share) = input.gpu.attention_share(kernel) else {
        return bi!(
            "no published attention-kernel rate for this GPU: the matmul rate R",
            "这款 GPU 没有公开的注意力核速率：按矩阵乘速率 R 计"
        );
    };
    match kernel {
        AttentionKernel::Flash1 => bi!(
            "FlashAttention-1 class: {share} × bf16 peak",
            "FlashAttention-1 级：{share} × bf16 峰值"
        ),
        // Without a Hopper figure, flash3 runs at FlashAttention-2's share.
        AttentionKernel::Flash3 if input.gpu.attention.flash3.is_some() => {
            bi!("flash3: {share} × bf16 peak", "flash3：{share} × bf16 峰值")
        }
        _ => bi!(
            "FlashAttention-2 class: {share} × bf16 peak",
            "FlashAttention-2 级：{share} × bf16 峰值"
        ),
    }
}

fn rates(input: &StepInput, c: &StepsContext) -> Vec<Bi> {
    let g = input.gpu;
    let (name, dtype, peak, rate) = (
        g.name,
        input.dtype,
        format::flop_rate(c.peak),
        format::flop_rate(c.rate),
    );
    let (eff, hbm_eff) = (g.efficiency(input.dtype), g.fit.hbm);
    let (hbm_peak, hbm, capacity, source, source_zh) = (
        format::rate_short(g.hbm.bandwidth),
        format::rate_short(c.hbm),
        format::bytes_short(g.hbm.bytes),
        g.source,
        g.source_zh,
    );
    let attention = format::flop_rate(c.attention);
    let kernel = attention_rate_text(input);
    let (k_en, k_zh) = (kernel.en(), kernel.get(Lang::Zh));
    let (links, nics) = (
        [&input.intra.describe_bi(), &input.inter.describe_bi()],
        input.nics_per_node,
    );
    vec![
        Bi::new(
            format!(
                "{name}: dense {dtype} peak {peak}; achievable matmul R = MAMF × {eff} (this GPU's calibrated efficiency) = {rate} ({MAMF_SOURCE}); HBM {hbm_peak} × {hbm_eff} (calibrated) = {hbm}; {capacity} ({source})"
            ),
            format!(
                "{name}：{dtype} 稠密峰值 {peak}；可达矩阵乘速率 R = MAMF × {eff}（该 GPU 校准所得效率）= {rate}（{MAMF_SOURCE_ZH}）；HBM {hbm_peak} × {hbm_eff}（校准值）= {hbm}；{capacity}（{source_zh}）"
            ),
        ),
        Bi::new(
            format!(
                "attention core rate R_attn = {attention} ({k_en}; {ATTENTION_SOURCE}; attention stays bf16 under fp8)"
            ),
            format!(
                "注意力核心速率 R_attn = {attention}（{k_zh}；{ATTENTION_SOURCE_ZH}；fp8 训练中注意力仍用 bf16）"
            ),
        ),
        format::around(
            links,
            |[intra, inter]| format!("links: intra {intra}; inter {inter} ({nics} NICs per node)"),
            |[intra, inter]| {
                format!("链路：节点内 {intra}；节点间 {inter}（每节点 {nics} 张网卡）")
            },
        ),
    ]
}

fn recompute_text(input: &StepInput) -> Bi {
    match input.recompute {
        Recompute::Op => {
            let width = format::sig(super::work::op_recomputed_width(&input.shape), 6);
            bi!(
                "op: every second matmul of a layer (2·b·s·h·{width}/t per layer, the wk, wo, w3 or out, down projections) and every elementwise op again; attention outputs kept (torchtitan's per-op policy)",
                "op：每层隔一个矩阵乘重算一次（每层 2·b·s·h·{width}/t，即 wk、wo、w3 或 out、down 投影），逐元素算子全部重算；保留注意力输出（torchtitan 的逐算子策略）"
            )
        }
        // The other policies are described beside their ids.
        other => other.about(),
    }
}

fn terms(input: &StepInput, r: &StepReport, nccl_share: f64) -> Vec<Bi> {
    let b = &r.breakdown;
    let recompute = recompute_text(input);
    let (compute, attention, recomputed) = (secs(b.compute), secs(b.attention), secs(b.recompute));
    let unfused = input.attention == AttentionKernel::Unfused;
    let attention_term = if unfused {
        bi!(
            "attention = m·(L/p)·(4s²h forward + 2 × that backward: the full square)/(t·c·R_attn) = {attention} (unfused scores and scores × V)",
            "attention = m·(L/p)·（前向 4s²h + 反向为其 2 倍：完整方阵）/(t·c·R_attn) = {attention}（未融合的 scores 与 scores × V）"
        )
    } else {
        bi!(
            "attention = m·(L/p)·(2s²h causal forward + 2.5 × that backward)/(t·c·R_attn) = {attention} (FlashAttention's backward recomputes the scores: 2.5 × forward, Dao 2023)",
            "attention = m·(L/p)·（因果前向 2s²h + 反向为其 2.5 倍）/(t·c·R_attn) = {attention}（FlashAttention 的反向会重算 scores：2.5 倍前向，Dao 2023）"
        )
    };
    let mut out = vec![
        bi!(
            "compute = m·(L/p)·3·2sh(h+2kd+h+nF)/(t·c·R) + logits 3·2shV/(t·c·R) = {compute} (backward = 2 × forward, Narayanan et al. 2021)",
            "compute = m·(L/p)·3·2sh(h+2kd+h+nF)/(t·c·R) + logits 3·2shV/(t·c·R) = {compute}（反向 = 2 × 前向，Narayanan et al. 2021）"
        ),
        attention_term,
        Bi::new(
            format!("recompute ({}) = {recomputed}", recompute.en()),
            format!("recompute（{}）= {recomputed}", recompute.get(Lang::Zh)),
        ),
        memory_bound_term(input, r),
    ];
    out.extend(comm_terms(input, r, nccl_share));
    out
}

fn memory_bound_term(input: &StepInput, r: &StepReport) -> Bi {
    let norm_split = if input.sequence_parallel {
        Bi::same("t")
    } else {
        bi!(
            "1 (replicated without SP)",
            "1（无 SP 时每个 TP rank 各算一遍）"
        )
    };
    let act = if input.shape.swiglu { 3 } else { 2 };
    let unfused = input.attention == AttentionKernel::Unfused;
    let softmax = if unfused {
        Bi::same(" + 4.5·a·s/t softmax/dropout")
    } else {
        Bi::default()
    };
    let eager = eager_text(input);
    let fsdp = fsdp_grad_text(input);
    let total = secs(r.breakdown.memory_bound);
    let listed = if unfused {
        bi!(", softmax", "、softmax")
    } else {
        Bi::default()
    };
    format::around(
        [&norm_split, &softmax, &eager, &fsdp, &listed],
        |[split, softmax, eager, fsdp, listed]| {
            format!(
                "memory_bound = m·(L/p)·3·2 B·(b·s/c)·(11h/{split} + {act}F/t{softmax}{eager})/(B_hbm·e) + cross-entropy 16 B per logit{fsdp} = {total} (norms, residuals, dropout, activation{listed}; Korthikanti et al. 2022 §4.1 list the tensors)"
            )
        },
        |[split, softmax, eager, fsdp, listed]| {
            format!(
                "memory_bound = m·(L/p)·3·2 B·(b·s/c)·(11h/{split} + {act}F/t{softmax}{eager})/(B_hbm·e) + 交叉熵每个 logit 16 B{fsdp} = {total}（norm、残差、dropout、激活函数{listed}；张量清单见 Korthikanti et al. 2022 §4.1）"
            )
        },
    )
}

fn comm_terms(input: &StepInput, r: &StepReport, nccl_share: f64) -> Vec<Bi> {
    let b = &r.breakdown;
    let (tp, cp, p2p, opt) = (
        secs(b.tp_comm),
        secs(b.cp_comm),
        secs(b.pp_p2p),
        secs(b.optimizer),
    );
    let tp_op = if input.sequence_parallel {
        "(all-gather + reduce-scatter)"
    } else {
        "all-reduce"
    };
    let (p, v) = (input.pp, input.interleave);
    let stage = secs(b.pp_bubble / ((p as f64 - 1.0) / v as f64).max(f64::MIN_POSITIVE));
    let bubble = secs(b.pp_bubble);
    let (dp_total, exposed, share) = (
        secs(r.dp_comm_total),
        secs(b.dp_comm_exposed),
        format::sig(nccl_share, 3),
    );
    let (dp_size, cp_size) = (input.dp, input.cp);
    let replicas = input.replicas();
    let op = if input.zero == crate::calc::memory::Stage::Dp {
        "all-reduce"
    } else {
        "reduce-scatter"
    };
    let dp_op = if cp_size > 1 {
        bi!(
            "gradient {op} over DP × CP = {dp_size} × {cp_size} = {replicas} ranks (CP ranks hold the same weights; ZeRO shards over them too, as Megatron-Core's data-parallel group with CP and torchtitan's dp_shard_cp do)",
            "梯度 {op}，范围是 DP × CP = {dp_size} × {cp_size} = {replicas} 个 rank（CP 各 rank 持有相同权重；ZeRO 也在它们之间分片，与 Megatron-Core 含 CP 的数据并行组、torchtitan 的 dp_shard_cp 相同）"
        )
    } else {
        bi!("gradient {op}", "梯度 {op}")
    };
    let overlap = dp_overlap_text(input);
    let zh = Lang::Zh;
    let wire = if input.dtype == super::gpu::Dtype::Fp16 {
        "fp16"
    } else {
        "fp32"
    };
    let tp_line = if input.overlap.tp {
        let share = format!("{:.3}", super::comm::tp_sm_share(input));
        bi!(
            "tp_comm = m·(L/p)·4 × {tp_op} of b·s·h/c·2 B on the TP ring (Megatron: 2 forward, 2 backward), overlapped with the layer's GEMMs (--tp-overlap): what outlasts them + {share} × the hidden part, the GEMMs running without the SMs the collectives hold (TP link bandwidth / (190/16 GB/s per SM), NVIDIA/nccl#689) = {tp}",
            "tp_comm = m·(L/p)·4 × {tp_op}，每次 b·s·h/c·2 B，走 TP 环（Megatron：前向 2 次、反向 2 次），与本层 GEMM 重叠（--tp-overlap）：超出 GEMM 的部分 + 隐藏部分的 {share} 倍（GEMM 拿不到集合通信占用的 SM：TP 链路带宽 / 每 SM 190/16 GB/s，NVIDIA/nccl#689）= {tp}"
        )
    } else {
        bi!(
            "tp_comm = m·(L/p)·4 × {tp_op} of b·s·h/c·2 B on the TP ring, exposed (Megatron: 2 forward, 2 backward) = {tp}",
            "tp_comm = m·(L/p)·4 × {tp_op}，每次 b·s·h/c·2 B，走 TP 环，不与计算重叠（Megatron：前向 2 次、反向 2 次）= {tp}"
        )
    };
    vec![
        tp_line,
        bi!(
            "cp_comm = m·(L/p)·max(0, ring K,V passes (c-1)·2·(b·s/c)·k·d·2 B/bw − attention time), forward and 2× backward = {cp} (Megatron-Core CP overlaps the ring with attention)",
            "cp_comm = m·(L/p)·max(0, 环上传递 K、V 共 (c-1)·2·(b·s/c)·k·d·2 B/bw − 注意力时间)，前向 1 倍、反向 2 倍 = {cp}（Megatron-Core 的 CP 让环通信与注意力重叠）"
        ),
        bi!(
            "pp_bubble = (p-1)/v × one micro-batch's stage time = ({p}-1)/{v} × {stage} = {bubble} (Narayanan et al. 2021)",
            "pp_bubble = (p-1)/v × 一个微批的单级时间 = ({p}-1)/{v} × {stage} = {bubble}（Narayanan et al. 2021）"
        ),
        bi!(
            "pp_p2p = v·m·2 sends of b·s·h/(c·t)·2 B between stages, not overlapped = {p2p}",
            "pp_p2p = 级间 v·m·2 次发送，每次 b·s·h/(c·t)·2 B，不重叠 = {p2p}"
        ),
        Bi::new(
            format!(
                "dp_comm_exposed = {} in {wire} (+ bf16 parameter all-gather with ZeRO ≥ 1, every micro-batch with ZeRO-3) = {dp_total} before overlap; {}; + {share} × the hidden part, the compute overlapped with it running without NCCL's SMs (bus bandwidth / (190/16 GB/s per SM) of the GPU's SMs: 'it would use 16 SMs' at 190 GB/s, 'NCCL CTAs won't share an SM with compute kernels', NVIDIA/nccl#689) → exposed {exposed}",
                dp_op.en(),
                overlap.en()
            ),
            format!(
                "dp_comm_exposed = {wire} {}（ZeRO ≥ 1 时另有 bf16 参数 all-gather，ZeRO-3 时每个微批都有）重叠前共 {dp_total}；{}；另加隐藏部分的 {share} 倍：与之重叠的计算拿不到 NCCL 占用的 SM（占 GPU SM 的比例 = 总线带宽 / 每 SM 190/16 GB/s：190 GB/s 时“会用 16 个 SM”，“NCCL CTA 不与计算核共享 SM”，NVIDIA/nccl#689）→ 暴露 {exposed}",
                dp_op.get(zh),
                overlap.get(zh)
            ),
        ),
        bi!(
            "optimizer = 30 B per updated parameter (Adam, fp32 states) / (B_hbm·e) = {opt}",
            "optimizer = 每个被更新参数 30 B（Adam，fp32 状态）/ (B_hbm·e) = {opt}"
        ),
    ]
}

/// How the DP traffic overlaps compute, for the `dp_comm_exposed` step.
fn dp_overlap_text(input: &StepInput) -> Bi {
    if input.zero == crate::calc::memory::Stage::Zero3 {
        bi!(
            "ZeRO-3/FSDP, per micro-batch and layer: the root (embedding, output) and first layer's all-gathers before any compute and the last layer's and root's reduce-scatters after it are exposed; each other layer's gather (forward) or gather + reduce-scatter (backward) hides behind that layer's compute, the excess exposed (PyTorch FSDP prefetching)",
            "ZeRO-3/FSDP 按微批、按层计：根模块（embedding、输出层）和第一层的 all-gather 发生在任何计算之前，最后一层和根模块的 reduce-scatter 发生在计算之后，都暴露在外；其余各层的 gather（前向）或 gather + reduce-scatter（反向）藏在该层计算之后，超出部分暴露（PyTorch FSDP 预取）"
        )
    } else if !input.overlap.dp {
        bi!(
            "not overlapped (--dp-overlap no): the reduction starts after the whole backward and the gather after the optimizer, all exposed (Megatron-LM's local DDP; Megatron-Core without overlap_grad_reduce)",
            "不重叠（--dp-overlap no）：归约在整个反向结束后才开始，gather 在优化器之后，全部暴露（Megatron-LM 的 local DDP；未开 overlap_grad_reduce 的 Megatron-Core）"
        )
    } else if input.interleave > 1 {
        let (v, groups) = (input.interleave, input.pp.min(input.micro_batches()));
        bi!(
            "each of the v = {v} chunks reduces its gradients once its last backward is done (and gathers its parameters before its first forward), in groups of P = min(p, m) = {groups} micro-batches, one link in turn: exposed = max over k of (k+1)·G/v − (k·P+1)·stage/v (Megatron-Core's interleaved schedule with overlap-grad-reduce)",
            "v = {v} 个模型块各自在最后一次反向完成后就开始归约梯度（gather 在各自第一次前向前完成），按 P = min(p, m) = {groups} 个微批一组，共用一条链路依次进行：暴露 = 对 k 取 max[(k+1)·G/v − (k·P+1)·stage/v]（Megatron-Core 交错调度加 overlap-grad-reduce）"
        )
    } else {
        bi!(
            "hidden behind one micro-batch's backward (and forward for the gathers), as Megatron's overlap-grad-reduce does",
            "藏在一个微批的反向之后（gather 则藏在前向之后），与 Megatron 的 overlap-grad-reduce 相同"
        )
    }
}

fn memory(input: &StepInput, r: &StepReport) -> Vec<Bi> {
    let m = &r.memory;
    let (params, weights, grads, opt, zero, states) = (
        format::count_bi(m.params_per_gpu),
        format::bytes_short(m.weights_bytes_per_gpu),
        format::bytes_short(m.gradients_bytes_per_gpu),
        format::bytes_short(m.optimizer_bytes_per_gpu),
        input.zero,
        format::bytes_short(m.model_states_bytes_per_gpu),
    );
    let (per_layer, sp, layers, in_flight, acts) = (
        format::bytes_short(m.activations_bytes_per_layer),
        if input.sequence_parallel { "t" } else { "1" },
        format::sig(input.layers_per_stage(), 4),
        format::sig(m.microbatches_in_flight, 4),
        format::bytes_short(m.activations_bytes_per_gpu),
    );
    let scores = match (input.attention, input.recompute) {
        (AttentionKernel::Unfused, Recompute::None) => " + 5·a·s²·b/t scores",
        _ => "",
    };
    let full = input.recompute == Recompute::Full;
    let (full_en, full_zh) = if full {
        (
            " (full recompute: only the 2·s·b·h layer inputs; the layer being rebuilt adds its working set to the total)",
            "（full 重计算：只存每层 2·s·b·h 的输入；正在重建的那一层的工作集另计入总量）",
        )
    } else {
        ("", "")
    };
    let working = format::bytes_short(m.recompute_working_bytes_per_gpu);
    let (working_en, working_zh) = if m.recompute_working_bytes_per_gpu > 0.0 {
        (
            format!(" + the layer being recomputed {working}"),
            format!(" + 正在重算的那一层 {working}"),
        )
    } else {
        (String::new(), String::new())
    };
    let (logits, lb) = (
        format::bytes_short(m.logits_bytes_per_gpu),
        super::memory::LOGIT_BYTES,
    );
    let (logits_en, logits_zh) = if m.logits_bytes_per_gpu > 0.0 {
        (
            format!(
                " + logits during the loss {logits} (b·s/c·V/t × {lb} B: bf16 logits, fp32 softmax and gradient, as autocast runs the loss in fp32)"
            ),
            format!(
                " + 算 loss 时的 logits {logits}（b·s/c·V/t × {lb} B：bf16 logits 加 fp32 的 softmax 与梯度，autocast 以 fp32 计算 loss）"
            ),
        )
    } else {
        (String::new(), String::new())
    };
    let (total, capacity) = format::bytes_against(m.total_bytes_per_gpu, m.capacity_bytes);
    let (fits_en, fits_zh) = if m.fits {
        ("fits", "放得下")
    } else {
        ("DOES NOT FIT", "放不下")
    };
    vec![
        format::around(
            [&params],
            |[params]| {
                format!(
                    "memory, model states: {params} parameters per GPU on the first stage (its layers and the embedding, /t) → weights {weights} + gradients {grads} + optimizer {opt} under {zero} (2 + 2 + 12 B per parameter, ZeRO) = {states}"
                )
            },
            |[params]| {
                format!(
                    "显存，模型状态：第一级每 GPU {params} 个参数（该级的层加 embedding，/t）→ 权重 {weights} + 梯度 {grads} + 优化器 {opt}，{zero} 下（每参数 2 + 2 + 12 B，ZeRO）= {states}"
                )
            },
        ),
        Bi::new(
            format!(
                "memory, activations: {per_layer} per layer and micro-batch (Korthikanti et al. 2022: s·b·h·(10/{sp} + 24/t) with GPT shapes{scores}) × {layers} layers × {in_flight} micro-batches in flight{full_en} = {acts}"
            ),
            format!(
                "显存，激活：每层每微批 {per_layer}（Korthikanti et al. 2022：GPT 结构下 s·b·h·(10/{sp} + 24/t){scores}）× {layers} 层 × 同时在途的 {in_flight} 个微批{full_zh} = {acts}"
            ),
        ),
        Bi::new(
            format!(
                "memory, total = model states + activations{working_en}{logits_en} = {total} of {capacity} → {fits_en}"
            ),
            format!(
                "显存，总计 = 模型状态 + 激活{working_zh}{logits_zh} = {total} / {capacity} → {fits_zh}"
            ),
        ),
    ]
}

/// The eager Llama ops' part of the memory-bound formula, empty with fused kernels.
fn eager_text(input: &StepInput) -> Bi {
    let (shared, split) = super::work::eager_elements(input);
    if shared + split == 0.0 {
        return Bi::default();
    }
    let sp = if input.sequence_parallel { "t" } else { "1" };
    let (shared, split) = (format::sig(shared, 6), format::sig(split, 6));
    bi!(
        " + eager ops 32h/{sp} + (10(h+kd) + 2(kd+h) + 2h + 2F)/t = {shared} + {split} elements (RMSNorm as x.float(), pow, mean, rsqrt-mul, type_as, ·weight: 36 B per element; RoPE as float, complex multiply, type_as; repeat_kv; transpose-contiguous; silu then multiply: torchtitan models/llama/model.py, models/norms.py, one HBM pass per op)",
        " + eager 算子 32h/{sp} + (10(h+kd) + 2(kd+h) + 2h + 2F)/t = {shared} + {split} 个元素（RMSNorm 拆成 x.float()、pow、mean、rsqrt 乘、type_as、乘 weight：每元素 36 B；RoPE 拆成 float、复数乘、type_as；repeat_kv；transpose 后 contiguous；先 silu 再相乘：torchtitan models/llama/model.py、models/norms.py，每个算子读写一遍 HBM）"
    )
}

/// The FSDP gradient passes' part of the memory-bound formula, empty without ZeRO-3.
fn fsdp_grad_text(input: &StepInput) -> Bi {
    if super::comm::fsdp_grad_bytes(input, 1.0) == 0.0 {
        return Bi::default();
    }
    let cast = super::comm::FSDP_CAST_BYTES;
    if input.fsdp_predivide {
        let divide = super::comm::FSDP_PREDIVIDE_BYTES;
        bi!(
            " + FSDP1 gradient cast to fp32 and pre-divide, ({cast} + {divide}) B per unsharded parameter (PyTorch fsdp/_runtime_utils.py: grad.to(reduce_dtype), _div_if_needed)",
            " + FSDP1 把梯度转成 fp32 并预先相除，每个未分片参数 ({cast} + {divide}) B（PyTorch fsdp/_runtime_utils.py：grad.to(reduce_dtype)、_div_if_needed）"
        )
    } else {
        bi!(
            " + FSDP2 gradient copy-in to the fp32 reduce-scatter buffer, {cast} B per unsharded parameter (PyTorch fsdp/_fully_shard/_fsdp_collectives.py: foreach_reduce; NCCL averages, no divide kernel)",
            " + FSDP2 把梯度拷入 fp32 的 reduce-scatter 缓冲区，每个未分片参数 {cast} B（PyTorch fsdp/_fully_shard/_fsdp_collectives.py：foreach_reduce；由 NCCL 求平均，没有除法核）"
        )
    }
}
