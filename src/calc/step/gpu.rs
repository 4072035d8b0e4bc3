//! GPU presets for the step model: dense peak and achievable matmul rate per data type, HBM
//! bandwidth and capacity, each with its source.
//!
//! Peaks are the datasheets' dense figures (never the 2:4-sparsity ones). The achievable rate is
//! Stas Bekman's Maximum Achievable Matmul FLOPS (MAMF): the best `torch.matmul` found by a
//! shape search on the real part (ml-engineering, compute/accelerator/README.md), which is what a
//! training step's large GEMMs can reach; the datasheet peak is not.

use super::choice::choice_enum;
use crate::calc::CalcError;

choice_enum! {
    /// The data type of the matmuls.
    pub enum Dtype("dtype", "bf16, fp16 or fp8") {
        Bf16 = "bf16" | "bfloat16",
        Fp16 = "fp16" | "float16" | "half",
        Fp8 = "fp8" | "float8",
    }
}

/// One GPU's figures, grouped as the step model reads them: tensor-core rates per precision,
/// memory, attention-kernel rates, and the calibrated end-to-end shares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GpuSpec {
    pub id: &'static str,
    pub name: &'static str,
    /// Dense bf16/fp16 tensor-core rates.
    pub bf16: TensorRates,
    /// Dense fp8 tensor-core rates; `None` when the GPU has no fp8 tensor cores.
    pub fp8: Option<TensorRates>,
    pub hbm: Hbm,
    pub attention: AttentionShares,
    /// Streaming multiprocessors (the whitepaper's count for this part); `None` where not
    /// bundled (then NCCL's SM share is not costed).
    pub sms: Option<f64>,
    /// The NVLink preset of the part, when there is one.
    pub default_intra: Option<&'static str>,
    /// GPUs in one NVLink domain: 8 on an HGX board, 72 in a GB200 NVL72 rack.
    pub nvlink_domain: usize,
    pub fit: Efficiencies,
    pub source: &'static str,
    /// [`GpuSpec::source`] in Chinese (document names and quotations stay as published).
    pub source_zh: &'static str,
}

/// Tensor-core rates at one precision, FLOP/s.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TensorRates {
    /// The datasheet's dense peak (never the 2:4-sparsity figure).
    pub peak: f64,
    /// The achievable (MAMF) matmul rate.
    pub mamf: f64,
}

/// High-bandwidth memory.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hbm {
    /// Bandwidth, bytes/s.
    pub bandwidth: f64,
    /// Capacity, bytes (the datasheet's GB).
    pub bytes: f64,
}

/// Shares of the dense bf16 peak that fused attention kernels reach, forward and backward;
/// `None` where none is published (attention then runs at the matmul rate).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AttentionShares {
    /// `FlashAttention-1`-class kernels (the original CUDA kernel, the Triton kernel `MosaicML`
    /// benchmarked with).
    pub flash1: Option<f64>,
    /// `FlashAttention-2`-class kernels.
    pub flash2: Option<f64>,
    /// Hopper-specific kernels (`FlashAttention-3`, cuDNN fused attention).
    pub flash3: Option<f64>,
}

/// No published attention-kernel figure for the part.
const NO_ATTENTION_SHARES: AttentionShares = AttentionShares {
    flash1: None,
    flash2: None,
    flash3: None,
};

/// The end-to-end shares a training step reaches, set by the calibration runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Efficiencies {
    /// Share of the bf16 MAMF rate a training step's GEMMs reach end to end on this part
    /// (`super::MATMUL_EFFICIENCY` where no calibration run of the part is bundled).
    pub matmul: f64,
    /// The same share for fp8 GEMMs against the fp8 MAMF, fitted on the part's fp8 runs: fp8
    /// recipes add per-tensor scaling (an amax pass and a cast per GEMM input) and run the
    /// GEMMs at twice the rate, so fixed costs weigh more (`matmul` where no fp8 run is bundled).
    pub fp8: f64,
    /// Share of the HBM bandwidth the memory-bound kernels reach end to end
    /// (`super::HBM_EFFICIENCY` for every bundled GPU; a field so the fit can vary it).
    pub hbm: f64,
}

/// A part with no calibration run of its own.
const UNCALIBRATED: Efficiencies = Efficiencies {
    matmul: super::MATMUL_EFFICIENCY,
    fp8: super::MATMUL_EFFICIENCY,
    hbm: super::HBM_EFFICIENCY,
};

/// Where the achievable rates come from.
pub const MAMF_SOURCE: &str = "MAMF table, stas00/ml-engineering compute/accelerator/README.md (mean of 100 matmuls at the best shape found)";
/// [`MAMF_SOURCE`] in Chinese.
pub const MAMF_SOURCE_ZH: &str = "MAMF 表，stas00/ml-engineering compute/accelerator/README.md（在找到的最佳形状上 100 次矩阵乘的均值）";

/// Where the attention-kernel shares come from.
pub const ATTENTION_SOURCE: &str = "FlashAttention-2 (Dao 2023): FlashAttention-1 reaches 25-40% of A100 peak → 0.325 (on H100 scaled by FA2's loss there, 0.325 × 0.35/0.6 = 0.19, no direct figure); FA2 50-73% forward, less backward, 225 TFLOP/s end to end → 0.6; FlashAttention-3 (Shah et al. 2024): FA2 reaches 35% of H100 peak, FA3 up to 75% forward and 1.5-2x FA2 → 0.6 forward and backward; on B200/GB200, FlashAttention-4 (2026): up to 1,613 TFLOP/s forward, 71% of peak, 1.3x cuDNN 9.13 and 2.7x Triton → cuDNN 0.71/1.3 × 0.8 = 0.44, Triton and FA2 0.71/2.7 × 0.8 = 0.21";
/// [`ATTENTION_SOURCE`] in Chinese.
pub const ATTENTION_SOURCE_ZH: &str = "FlashAttention-2（Dao 2023）：FlashAttention-1 达到 A100 峰值的 25-40% → 0.325（H100 上按 FA2 在那里的降幅缩放，0.325 × 0.35/0.6 = 0.19，无直接数据）；FA2 前向 50-73%，反向更低，端到端 225 TFLOP/s → 0.6；FlashAttention-3（Shah et al. 2024）：FA2 达到 H100 峰值的 35%，FA3 前向最高 75%，为 FA2 的 1.5-2 倍 → 前向与反向取 0.6；B200/GB200 上，FlashAttention-4（2026）：前向最高 1,613 TFLOP/s，峰值的 71%，为 cuDNN 9.13 的 1.3 倍、Triton 的 2.7 倍 → cuDNN 0.71/1.3 × 0.8 = 0.44，Triton 与 FA2 0.71/2.7 × 0.8 = 0.21";

/// End-to-end share of the A100's MAMF, fitted on the A100 calibration runs of
/// `tests/data/step-runs.toml` only (Megatron 2021 and 2022, llm-foundry, torchtitan): the value
/// on a 0.01 grid with the smallest source-balanced mean absolute step-time error (each
/// publication's mean counts once), at the fitted `super::HBM_EFFICIENCY`; `tests/step_runs.rs`
/// checks that it still is. The sources disagree: the 2021 Megatron runs (Narayanan et al.) come
/// out fast and llm-foundry's checkpointed runs slow at any single value.
pub const A100_EFFICIENCY: f64 = 0.88;

/// End-to-end share of the H100's MAMF, fitted the same way on the H100 calibration runs only
/// (llm-foundry and Llama 3, each counted once). The two sources pull apart less since the
/// pipeline runs at its slowest stage (Llama 3 405B's 126 layers over 16 stages: 8 layers, not
/// 7.875 plus the logits): 0.89 before that, 0.80 in the earlier unbalanced fit dominated by
/// llm-foundry's 8 rows. The H200 has the same tensor cores and takes the same value.
pub const H100_EFFICIENCY: f64 = 0.84;

/// End-to-end share of the H100's fp8 MAMF, fitted the same way on the H100 fp8 calibration
/// runs only (NVIDIA's `NeMo` and Megatron-Bridge tables). The H200 takes the same value.
pub const H100_FP8_EFFICIENCY: f64 = 0.70;

/// End-to-end share of the B200's fp8 MAMF, fitted on the B200 fp8 calibration runs only; its
/// bf16 share has no run and stays `super::MATMUL_EFFICIENCY`.
pub const B200_FP8_EFFICIENCY: f64 = 0.62;

/// End-to-end share of the GB200's fp8 MAMF, fitted on the GB200 fp8 calibration runs only.
pub const GB200_FP8_EFFICIENCY: f64 = 0.60;

/// Shares of the bf16 peak attention kernels reach on Blackwell (B200, GB200). `FlashAttention-4`
/// (Dao and co-authors, 2026; Together AI's announcement) reaches up to 1,613 TFLOP/s forward, 71% of the B200's
/// 2.25 PFLOP/s, 1.3x cuDNN 9.13 and 2.7x Triton. Discounted as the Hopper figures are (an "up
/// to" forward figure of 75% taken as 0.6 for forward and backward, x0.8): cuDNN, which
/// Transformer Engine uses (`flash3`), 71%/1.3 x 0.8 = 0.44; Triton-class kernels (`flash1`) and
/// FA2, which has no Blackwell path beyond Hopper-style MMA, 71%/2.7 x 0.8 = 0.21.
const BLACKWELL_ATTENTION: AttentionShares = AttentionShares {
    flash1: Some(0.21),
    flash2: Some(0.21),
    flash3: Some(0.44),
};

/// The A100 SXM4 80GB.
#[rustfmt::skip] // one line per group of figures
const A100: GpuSpec = GpuSpec {
    id: "a100",
    name: "A100 SXM4 80GB",
    bf16: TensorRates { peak: 312e12, mamf: 271.2e12 },
    fp8: None,
    hbm: Hbm { bandwidth: 2.039e12, bytes: 80e9 },
    attention: AttentionShares { flash1: Some(0.325), flash2: Some(0.6), flash3: None },
    sms: Some(108.0),
    default_intra: Some("nvlink3"),
    fit: Efficiencies { matmul: A100_EFFICIENCY, fp8: A100_EFFICIENCY, hbm: super::HBM_EFFICIENCY },
    nvlink_domain: 8,
    source: "NVIDIA A100 datasheet: BF16 312 TFLOPS dense (624 sparse), 80GB HBM2e at 2,039 GB/s; no FP8; MAMF bf16 271.2 TFLOPS; 108 SMs (NVIDIA A100 Tensor Core GPU Architecture whitepaper)",
    source_zh: "NVIDIA A100 数据手册：BF16 稠密 312 TFLOPS（稀疏 624），80GB HBM2e，2,039 GB/s；无 FP8；MAMF bf16 271.2 TFLOPS；108 个 SM（NVIDIA A100 Tensor Core GPU Architecture 白皮书）",
};

/// The H100 SXM5 80GB.
#[rustfmt::skip] // one line per group of figures
const H100: GpuSpec = GpuSpec {
    id: "h100",
    name: "H100 SXM5 80GB",
    bf16: TensorRates { peak: 989.4e12, mamf: 794.5e12 },
    fp8: Some(TensorRates { peak: 1978.9e12, mamf: 1402.6e12 }),
    hbm: Hbm { bandwidth: 3.35e12, bytes: 80e9 },
    attention: AttentionShares { flash1: Some(0.19), flash2: Some(0.35), flash3: Some(0.6) },
    sms: Some(132.0),
    default_intra: Some("nvlink4"),
    fit: Efficiencies { matmul: H100_EFFICIENCY, fp8: H100_FP8_EFFICIENCY, hbm: super::HBM_EFFICIENCY },
    nvlink_domain: 8,
    source: "NVIDIA H100 SXM datasheet: BF16 1,979 / FP8 3,958 TFLOPS with sparsity, half that dense; 80GB HBM3 at 3.35 TB/s; MAMF bf16 794.5, fp8 1,402.6 TFLOPS; 132 SMs (NVIDIA H100 Tensor Core GPU Architecture whitepaper, SXM5)",
    source_zh: "NVIDIA H100 SXM 数据手册：BF16 1,979 / FP8 3,958 TFLOPS 为稀疏值，稠密减半；80GB HBM3，3.35 TB/s；MAMF bf16 794.5、fp8 1,402.6 TFLOPS；132 个 SM（NVIDIA H100 Tensor Core GPU Architecture 白皮书，SXM5）",
};

/// The H200: an H100's GH100 die (tensor cores, SMs, NVLink, calibration) with more and faster
/// memory.
#[rustfmt::skip] // one line per group of figures
const H200: GpuSpec = GpuSpec {
    id: "h200",
    name: "H200 SXM 141GB",
    fp8: Some(TensorRates { peak: 1978.9e12, mamf: 1453.4e12 }),
    hbm: Hbm { bandwidth: 4.8e12, bytes: 141e9 },
    source: "NVIDIA H200 datasheet: same tensor cores as H100 (BF16 989 dense), 141GB HBM3e at 4.8 TB/s; MAMF bf16 as H100 ('H200 is the same'), fp8 1,453.4 TFLOPS; 132 SMs, the H100 SXM5's GH100 configuration",
    source_zh: "NVIDIA H200 数据手册：张量核心与 H100 相同（BF16 稠密 989），141GB HBM3e，4.8 TB/s；MAMF bf16 同 H100（'H200 is the same'），fp8 1,453.4 TFLOPS；132 个 SM，即 H100 SXM5 的 GH100 配置",
    ..H100
};

/// The B200 in an HGX B200 board.
#[rustfmt::skip] // one line per group of figures
const B200: GpuSpec = GpuSpec {
    id: "b200",
    name: "B200 SXM 180GB",
    bf16: TensorRates { peak: 2250e12, mamf: 1745e12 },
    fp8: Some(TensorRates { peak: 4500e12, mamf: 3432.5e12 }),
    hbm: Hbm { bandwidth: 8e12, bytes: 180e9 },
    attention: BLACKWELL_ATTENTION,
    sms: None,
    default_intra: Some("nvlink5"),
    fit: Efficiencies { fp8: B200_FP8_EFFICIENCY, ..UNCALIBRATED },
    nvlink_domain: 8,
    source: "NVIDIA HGX B200: BF16 2.25 / FP8 4.5 PFLOPS dense per GPU, 180GB HBM3e at 8 TB/s; MAMF bf16 1,745, fp8 3,432.5 TFLOPS",
    source_zh: "NVIDIA HGX B200：每 GPU 稠密 BF16 2.25 / FP8 4.5 PFLOPS，180GB HBM3e，8 TB/s；MAMF bf16 1,745、fp8 3,432.5 TFLOPS",
};

/// One Blackwell GPU of a GB200 superchip.
#[rustfmt::skip] // one line per group of figures
const GB200: GpuSpec = GpuSpec {
    id: "gb200",
    name: "GB200 (one Blackwell GPU) 186GB",
    bf16: TensorRates { peak: 2500e12, mamf: 1822e12 },
    fp8: Some(TensorRates { peak: 5000e12, mamf: 3615.6e12 }),
    hbm: Hbm { bandwidth: 8e12, bytes: 186e9 },
    fit: Efficiencies { fp8: GB200_FP8_EFFICIENCY, ..UNCALIBRATED },
    nvlink_domain: 72,
    source: "NVIDIA GB200 NVL72: BF16 2.5 / FP8 5 PFLOPS dense per GPU, 186GB HBM3e at 8 TB/s; MAMF bf16 1,822, fp8 3,615.6 TFLOPS",
    source_zh: "NVIDIA GB200 NVL72：每 GPU 稠密 BF16 2.5 / FP8 5 PFLOPS，186GB HBM3e，8 TB/s；MAMF bf16 1,822、fp8 3,615.6 TFLOPS",
    ..B200
};

/// AMD's MI300X: no fp8 MAMF is published, so its fp8 rate takes the bf16 share of peak.
#[rustfmt::skip] // one line per group of figures
const MI300X: GpuSpec = GpuSpec {
    id: "mi300x",
    name: "AMD Instinct MI300X 192GB",
    bf16: TensorRates { peak: 1307.4e12, mamf: 668.4e12 },
    fp8: Some(TensorRates { peak: 2614.9e12, mamf: 2614.9e12 * 668.4 / 1307.4 }),
    hbm: Hbm { bandwidth: 5.3e12, bytes: 192e9 },
    attention: NO_ATTENTION_SHARES,
    sms: None,
    default_intra: None,
    fit: UNCALIBRATED,
    nvlink_domain: 8,
    source: "AMD MI300X datasheet: BF16 1,307.4 / FP8 2,614.9 TFLOPS dense, 192GB HBM3 at 5.3 TB/s; MAMF bf16 668.4 TFLOPS (ROCm 6.3, TunableOp); no fp8 MAMF published, bf16's 51% of peak assumed",
    source_zh: "AMD MI300X 数据手册：稠密 BF16 1,307.4 / FP8 2,614.9 TFLOPS，192GB HBM3，5.3 TB/s；MAMF bf16 668.4 TFLOPS（ROCm 6.3，TunableOp）；未公布 fp8 MAMF，按 bf16 的 51% 峰值比例估计",
};

/// The bundled GPUs.
pub const GPUS: &[GpuSpec] = &[A100, H100, H200, B200, GB200, MI300X];

/// The preset called `id` (case-insensitive); the error lists them.
pub fn gpu(id: &str) -> Result<&'static GpuSpec, CalcError> {
    super::by_id(GPUS, id, |g| g.id).map_err(|(id, ids)| {
        CalcError::invalid(crate::bi!(
            "unknown GPU '{id}': use one of {ids}",
            "未知 GPU '{id}'：请用 {ids} 之一"
        ))
    })
}

impl GpuSpec {
    /// Tensor-core rates at `dtype`; fp8 on a GPU without fp8 tensor cores is an error.
    pub fn rates(&self, dtype: Dtype) -> Result<TensorRates, CalcError> {
        match dtype {
            Dtype::Bf16 | Dtype::Fp16 => Ok(self.bf16),
            Dtype::Fp8 => self.fp8.ok_or_else(|| {
                let name = self.name;
                CalcError::invalid(crate::bi!(
                    "the {name} has no fp8 tensor cores: use --dtype bf16, or an H100 or newer",
                    "{name} 没有 fp8 张量核：请用 --dtype bf16，或换 H100 及更新的 GPU"
                ))
            }),
        }
    }

    /// Dense peak at `dtype`.
    pub fn peak(&self, dtype: Dtype) -> Result<f64, CalcError> {
        self.rates(dtype).map(|r| r.peak)
    }

    /// The share of the bf16 peak that `kernel` reaches on this GPU, when one is published;
    /// Hopper kernels fall back to the `FlashAttention-2` figure.
    pub fn attention_share(&self, kernel: super::AttentionKernel) -> Option<f64> {
        let a = self.attention;
        match kernel {
            super::AttentionKernel::Flash1 => a.flash1,
            super::AttentionKernel::Flash => a.flash2,
            super::AttentionKernel::Flash3 => a.flash3.or(a.flash2),
            super::AttentionKernel::Unfused => None,
        }
    }

    /// The rate of the attention core: the kernel's share × the bf16 peak when published for
    /// this GPU, else `matmul` (the calibrated bf16 GEMM rate). Attention stays in bf16 under fp8
    /// training (Transformer Engine and torchao cast only the linear layers).
    pub fn attention_rate(&self, kernel: super::AttentionKernel, matmul: f64) -> f64 {
        self.attention_share(kernel)
            .map_or(matmul, |s| (s * self.bf16.peak).min(matmul))
    }

    /// The calibrated share of the achievable rate at `dtype`.
    pub fn efficiency(&self, dtype: Dtype) -> f64 {
        match dtype {
            Dtype::Fp8 => self.fit.fp8,
            Dtype::Bf16 | Dtype::Fp16 => self.fit.matmul,
        }
    }

    /// Achievable matmul rate at `dtype`.
    pub fn achievable(&self, dtype: Dtype) -> Result<f64, CalcError> {
        self.rates(dtype).map(|r| r.mamf)
    }
}
