//! The ZeRO stages and what each one shards.

use std::str::FromStr;

use crate::bi;
use crate::calc::CalcError;
use crate::calc::ids::enum_ids;
use crate::text::Bi;

enum_ids! {
    /// How much of the model state a data-parallel GPU keeps.
    pub enum Stage {
        /// Plain data parallelism (DDP): a full copy everywhere.
        Dp = "dp",
        /// Optimizer states sharded.
        Zero1 = "zero-1",
        /// Optimizer states and gradients sharded.
        Zero2 = "zero-2",
        /// Everything sharded (FSDP `FULL_SHARD`).
        Zero3 = "zero-3",
    }
}

impl Stage {
    /// Bytes per GPU of (bf16 weights, bf16 gradients, optimizer state) for `params` parameters,
    /// `k` optimizer bytes per parameter, sharded `ways` ways.
    pub fn parts(self, params: f64, k: f64, ways: f64) -> [f64; 3] {
        let (weights, grads, optimizer) = (2.0 * params, 2.0 * params, k * params);
        match self {
            Stage::Dp => [weights, grads, optimizer],
            Stage::Zero1 => [weights, grads, optimizer / ways],
            Stage::Zero2 => [weights, grads / ways, optimizer / ways],
            Stage::Zero3 => [weights / ways, grads / ways, optimizer / ways],
        }
    }

    /// The memory formula as the ZeRO paper writes it, and what the stage shards (with PyTorch
    /// FSDP's name where there is one) in English and in Chinese.
    fn facts(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Stage::Dp => (
                "(2 + 2 + K)Ψ",
                "DP (DDP, FSDP NO_SHARD): nothing sharded",
                "DP（DDP，FSDP NO_SHARD）：不分片",
            ),
            Stage::Zero1 => (
                "4Ψ + KΨ/N",
                "ZeRO-1: optimizer states sharded",
                "ZeRO-1：分片优化器状态",
            ),
            Stage::Zero2 => (
                "2Ψ + (2 + K)Ψ/N",
                "ZeRO-2 (≈ FSDP SHARD_GRAD_OP): + gradients",
                "ZeRO-2（≈ FSDP SHARD_GRAD_OP）：+ 梯度",
            ),
            Stage::Zero3 => (
                "(4 + K)Ψ/N",
                "ZeRO-3 (≈ FSDP FULL_SHARD): + parameters",
                "ZeRO-3（≈ FSDP FULL_SHARD）：+ 参数",
            ),
        }
    }

    /// The memory formula as the ZeRO paper writes it.
    pub fn formula(self) -> &'static str {
        self.facts().0
    }

    /// What the stage shards, with PyTorch FSDP's name where there is one.
    pub fn describe(self) -> Bi {
        let (_, en, zh) = self.facts();
        Bi::new(en, zh)
    }

    /// Elements each GPU moves per step, in units of Ψ: an all-reduce (2Ψ) for DP and stages 1
    /// and 2, plus a second parameter all-gather (3Ψ) for stage 3 (ZeRO, section 7).
    pub fn traffic_in_params(self) -> f64 {
        if self == Stage::Zero3 { 3.0 } else { 2.0 }
    }
}

impl FromStr for Stage {
    type Err = CalcError;

    /// Accepts `0`-`3`, `dp`, `zero-1`, `z2`, `zero_3`, `fsdp`, `full-shard`, `shard-grad-op`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let key = text.trim().to_ascii_lowercase().replace('_', "-");
        match key.as_str() {
            "0" | "dp" | "ddp" | "zero-0" | "no-shard" => Ok(Stage::Dp),
            "1" | "zero-1" | "zero1" | "z1" => Ok(Stage::Zero1),
            "2" | "zero-2" | "zero2" | "z2" | "shard-grad-op" => Ok(Stage::Zero2),
            "3" | "zero-3" | "zero3" | "z3" | "fsdp" | "full-shard" => Ok(Stage::Zero3),
            _ => Err(CalcError::invalid(bi!(
                "unknown stage '{t}': use dp (or 0), zero-1, zero-2 or zero-3 (or 1, 2, 3; fsdp means zero-3)",
                "未知阶段 '{t}'：请用 dp（或 0）、zero-1、zero-2 或 zero-3（或 1、2、3；fsdp 即 zero-3）",
                t = text.trim()
            ))),
        }
    }
}
