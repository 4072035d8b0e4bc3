//! What a checkpoint stores per parameter.

use std::str::FromStr;

use crate::calc::CalcError;
use crate::calc::ids::{Ids, enum_ids};

enum_ids! {
    /// A checkpoint recipe: which tensors are saved, hence bytes per parameter.
    pub enum Recipe {
        Bf16Weights = "bf16-weights",
        Fp32Weights = "fp32-weights",
        Fp32Adam = "fp32-adam",
        Bf16Adam = "bf16-adam",
        Bf16AdamGrads = "bf16-adam-grads",
    }
}

impl Recipe {
    /// Bytes per parameter, and the breakdown a candidate should be able to recite in English
    /// and in Chinese.
    fn facts(self) -> (f64, &'static str, &'static str) {
        match self {
            Recipe::Bf16Weights => (
                2.0,
                "bf16 weights only: 2 B/param",
                "仅 bf16 权重：2 B/param",
            ),
            Recipe::Fp32Weights => (
                4.0,
                "fp32 weights only: 4 B/param",
                "仅 fp32 权重：4 B/param",
            ),
            Recipe::Fp32Adam => (
                12.0,
                "fp32 weights + Adam m + v: 4 + 4 + 4 = 12 B/param",
                "fp32 权重 + Adam m + v：4 + 4 + 4 = 12 B/param",
            ),
            Recipe::Bf16Adam => (
                14.0,
                "bf16 weights + fp32 master + Adam m + v: 2 + 4 + 4 + 4 = 14 B/param",
                "bf16 权重 + fp32 主权重 + Adam m + v：2 + 4 + 4 + 4 = 14 B/param",
            ),
            Recipe::Bf16AdamGrads => (
                16.0,
                "bf16 weights + bf16 grads + fp32 master + Adam m + v: 2 + 2 + 12 = 16 B/param (ZeRO's count)",
                "bf16 权重 + bf16 梯度 + fp32 主权重 + Adam m + v：2 + 2 + 12 = 16 B/param（ZeRO 的算法）",
            ),
        }
    }

    pub fn bytes_per_param(self) -> f64 {
        self.facts().0
    }

    /// The breakdown a candidate should be able to recite, in both interface languages.
    pub fn breakdown_bi(self) -> crate::text::Bi {
        let (_, en, zh) = self.facts();
        crate::text::Bi::new(en, zh)
    }
}

impl FromStr for Recipe {
    type Err = CalcError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let key = text.trim().to_ascii_lowercase();
        Recipe::from_id(&key).ok_or_else(|| {
            CalcError::invalid(crate::bi!(
                "unknown recipe '{r}': use bf16-weights (2 B/param), fp32-weights (4), fp32-adam (12), bf16-adam (14) or bf16-adam-grads (16), or give --bytes-per-param",
                "未知配方 '{r}'：请用 bf16-weights（2 B/param）、fp32-weights（4）、fp32-adam（12）、bf16-adam（14）或 bf16-adam-grads（16），或给出 --bytes-per-param",
                r = text.trim()
            ))
        })
    }
}
