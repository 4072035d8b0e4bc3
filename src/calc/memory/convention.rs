//! Which count of model-state bytes to follow: the `ZeRO` paper's or `DeepSpeed`'s estimators.
//!
//! `DeepSpeed`'s `estimate_zero2_model_states_mem_needs` (`runtime/zero/stage_1_and_2.py`) gives,
//! without offload, `4Ψ + 16Ψ/N` per GPU, and `estimate_zero3_model_states_mem_needs`
//! (`runtime/zero/stage3.py`) `18Ψ/N + 4 × largest layer`; the paper counts 2Ψ + 14Ψ/N and 16Ψ/N.
//! `DeepSpeed` has no estimator for plain DP or ZeRO-1, so those rows keep the paper's count.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::calc::CalcError;
use crate::calc::memory::Stage;

/// The accounting followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// Rajbhandari et al. 2020: 2Ψ + 2Ψ + KΨ, sharded per stage.
    #[default]
    Paper,
    /// `DeepSpeed`'s `estimate_zero2/3_model_states_mem_needs` without offload.
    Deepspeed,
}

impl Convention {
    /// `DeepSpeed`'s [weights, gradients, sharded states] for `stage`, or `None` where it has no
    /// estimator. `largest` is the largest layer's parameter count (ZeRO-3 gathers it in fp16
    /// with its gradient: 4 bytes per parameter).
    pub fn deepspeed_parts(stage: Stage, params: f64, ways: f64, largest: f64) -> Option<[f64; 3]> {
        match stage {
            Stage::Zero2 => Some([2.0 * params, 2.0 * params, 16.0 * params / ways]),
            Stage::Zero3 => Some([2.0 * largest, 2.0 * largest, 18.0 * params / ways]),
            Stage::Dp | Stage::Zero1 => None,
        }
    }

    /// The formula `DeepSpeed`'s estimator uses for `stage`.
    pub fn deepspeed_formula(stage: Stage) -> Option<&'static str> {
        Self::deepspeed_formula_text(stage).map(|(en, _)| en)
    }

    /// [`Convention::deepspeed_formula`] in English and Chinese.
    pub fn deepspeed_formula_text(stage: Stage) -> Option<(&'static str, &'static str)> {
        match stage {
            Stage::Zero2 => Some((
                "4Ψ + 16Ψ/N (DeepSpeed estimate_zero2_model_states_mem_needs)",
                "4Ψ + 16Ψ/N（DeepSpeed estimate_zero2_model_states_mem_needs）",
            )),
            Stage::Zero3 => Some((
                "18Ψ/N + 4 × largest layer (DeepSpeed estimate_zero3_model_states_mem_needs)",
                "18Ψ/N + 4 × 最大层（DeepSpeed estimate_zero3_model_states_mem_needs）",
            )),
            Stage::Dp | Stage::Zero1 => None,
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Convention::Paper => "paper",
            Convention::Deepspeed => "deepspeed",
        })
    }
}

impl FromStr for Convention {
    type Err = CalcError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "paper" | "zero" | "" => Ok(Convention::Paper),
            "deepspeed" | "ds" => Ok(Convention::Deepspeed),
            _ => Err(CalcError::invalid(crate::bi!(
                "unknown convention '{t}': use paper (the ZeRO paper's count, default) or deepspeed (DeepSpeed's estimate_zero2/3_model_states_mem_needs)",
                "未知口径 '{t}'：请用 paper（ZeRO 论文的算法，默认）或 deepspeed（DeepSpeed 的 estimate_zero2/3_model_states_mem_needs）",
                t = text.trim()
            ))),
        }
    }
}
