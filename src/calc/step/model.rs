//! Transformer shapes: the preset models with their sources, and the parameter count of a shape.
//!
//! Shapes only; batch, parallelism and hardware belong to the step input. Megatron's GPT models
//! pad the GPT-2 vocabulary of 50,257 to 51,200 so that it splits evenly under tensor parallelism.

use crate::calc::CalcError;

/// A decoder-only transformer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// L: transformer layers.
    pub layers: usize,
    /// h: hidden size.
    pub hidden: usize,
    /// a: attention (query) heads.
    pub heads: usize,
    /// k: key/value heads (k = a without grouped-query attention).
    pub kv_heads: usize,
    /// F: MLP inner size.
    pub ffn: usize,
    /// `SwiGLU` MLP: three F x h matrices instead of two.
    pub swiglu: bool,
    /// V: vocabulary.
    pub vocab: usize,
}

/// A named shape with its usual sequence length and where the numbers come from.
#[derive(Debug, Clone, Copy)]
pub struct ModelPreset {
    pub id: &'static str,
    pub shape: Shape,
    /// The training context the model was built for (the default `--seq`).
    pub seq: usize,
    pub source: &'static str,
    /// [`ModelPreset::source`] in Chinese.
    pub source_zh: &'static str,
}

const fn gpt(layers: usize, hidden: usize, heads: usize) -> Shape {
    Shape {
        layers,
        hidden,
        heads,
        kv_heads: heads,
        ffn: 4 * hidden,
        swiglu: false,
        vocab: 51_200,
    }
}

const fn llama(layers: usize, hidden: usize, heads: usize, ffn: usize) -> Shape {
    Shape {
        layers,
        hidden,
        heads,
        kv_heads: 8,
        ffn,
        swiglu: true,
        vocab: 128_256,
    }
}

/// The bundled model shapes.
pub const MODELS: &[ModelPreset] = &[
    ModelPreset {
        id: "gpt3-175b",
        shape: gpt(96, 12_288, 96),
        seq: 2048,
        source: "GPT-3 175B: 96 layers, d_model 12,288, 96 heads, context 2,048 (Brown et al. 2020, Table 2.1); vocabulary padded to 51,200 as in Megatron-LM (Narayanan et al. 2021)",
        source_zh: "GPT-3 175B：96 层，d_model 12,288，96 个头，上下文 2,048（Brown et al. 2020，表 2.1）；词表按 Megatron-LM 填充到 51,200（Narayanan et al. 2021）",
    },
    ModelPreset {
        id: "megatron-22b",
        shape: gpt(48, 6144, 64),
        seq: 2048,
        source: "22B GPT of Korthikanti et al. 2022 (arXiv:2205.05198), Table 3: 48 layers, h 6,144, 64 heads",
        source_zh: "Korthikanti et al. 2022（arXiv:2205.05198）表 3 的 22B GPT：48 层，h 6,144，64 个头",
    },
    ModelPreset {
        id: "mt-nlg-530b",
        shape: gpt(105, 20_480, 128),
        seq: 2048,
        source: "MT-NLG 530B: 105 layers, h 20,480, 128 heads (Smith et al. 2022; Korthikanti et al. 2022, Table 3)",
        source_zh: "MT-NLG 530B：105 层，h 20,480，128 个头（Smith et al. 2022；Korthikanti et al. 2022，表 3）",
    },
    ModelPreset {
        id: "megatron-1t",
        shape: gpt(128, 25_600, 160),
        seq: 2048,
        source: "1T GPT of Narayanan et al. 2021 (Table 1) and Korthikanti et al. 2022 (Table 3): 128 layers, h 25,600, 160 heads",
        source_zh: "Narayanan et al. 2021（表 1）与 Korthikanti et al. 2022（表 3）的 1T GPT：128 层，h 25,600，160 个头",
    },
    ModelPreset {
        id: "llama3-8b",
        shape: llama(32, 4096, 32, 14_336),
        seq: 8192,
        source: "Llama 3 8B: 32 layers, model dim 4,096, FFN 14,336, 32 heads, 8 KV heads, vocab 128K (Dubey et al. 2024, Table 3; meta-llama config.json vocab_size 128,256)",
        source_zh: "Llama 3 8B：32 层，模型维度 4,096，FFN 14,336，32 个头，8 个 KV 头，词表 128K（Dubey et al. 2024，表 3；meta-llama config.json 的 vocab_size 为 128,256）",
    },
    ModelPreset {
        id: "llama3-70b",
        shape: llama(80, 8192, 64, 28_672),
        seq: 8192,
        source: "Llama 3 70B: 80 layers, model dim 8,192, FFN 28,672, 64 heads, 8 KV heads (Dubey et al. 2024, Table 3)",
        source_zh: "Llama 3 70B：80 层，模型维度 8,192，FFN 28,672，64 个头，8 个 KV 头（Dubey et al. 2024，表 3）",
    },
    ModelPreset {
        id: "llama3-405b",
        shape: llama(126, 16_384, 128, 53_248),
        seq: 8192,
        source: "Llama 3 405B: 126 layers, model dim 16,384, FFN 53,248, 128 heads, 8 KV heads (Dubey et al. 2024, Table 3)",
        source_zh: "Llama 3 405B：126 层，模型维度 16,384，FFN 53,248，128 个头，8 个 KV 头（Dubey et al. 2024，表 3）",
    },
];

/// The preset called `id` (case-insensitive); the error lists them.
pub fn preset(id: &str) -> Result<&'static ModelPreset, CalcError> {
    super::by_id(MODELS, id, |m| m.id).map_err(|(id, ids)| {
        CalcError::invalid(crate::bi!(
            "unknown model '{id}': use one of {ids} or give --layers, --hidden, --heads, --vocab and --seq",
            "未知模型 '{id}'：请用 {ids} 之一，或给出 --layers、--hidden、--heads、--vocab 和 --seq"
        ))
    })
}

/// The `SwiGLU` convention of `LLaMA`: 2/3 of 4h, rounded up to a multiple of 256.
pub const fn swiglu_ffn(hidden: usize) -> usize {
    (8 * hidden / 3).div_ceil(256) * 256
}

impl Shape {
    /// d = h / a: the size of one head.
    pub fn head_dim(&self) -> f64 {
        self.hidden as f64 / self.heads as f64
    }

    /// Width of Q, K and V together: h + 2 k d.
    pub fn qkv_width(&self) -> f64 {
        self.hidden as f64 + 2.0 * self.kv_heads as f64 * self.head_dim()
    }

    /// Matrices of the MLP: 3 with `SwiGLU`, else 2.
    pub fn mlp_matrices(&self) -> f64 {
        if self.swiglu { 3.0 } else { 2.0 }
    }

    /// Weights of one layer: QKV, output projection, MLP and two norms (biases left out).
    pub fn layer_params(&self) -> f64 {
        let h = self.hidden as f64;
        h * self.qkv_width() + h * h + self.mlp_matrices() * h * self.ffn as f64 + 2.0 * h
    }

    /// V x h: the input embedding, and again the output layer (counted untied).
    pub fn embedding_params(&self) -> f64 {
        self.vocab as f64 * self.hidden as f64
    }

    /// All weights: layers plus untied input and output embeddings.
    pub fn params(&self) -> f64 {
        self.layers as f64 * self.layer_params() + 2.0 * self.embedding_params()
    }
}
