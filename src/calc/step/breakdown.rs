//! Where the seconds of one step go: the JSON `breakdown`, whose parts add up to `step_seconds`.

use serde::Serialize;

use crate::text::Bi;

/// Seconds per step by where they go (JSON `breakdown`); they add up to `step_seconds`.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Breakdown {
    /// Weight matmuls of forward and backward, logits included.
    pub compute: f64,
    /// The attention core (scores and scores × V) forward and backward, at the attention
    /// kernel's own rate (`FlashAttention` reaches less of the peak than a large GEMM).
    pub attention: f64,
    /// Matmuls, memory-bound kernels and TP collectives run again by recomputation.
    pub recompute: f64,
    /// Norms, activations, residuals, dropout, softmax, the loss and FSDP's gradient cast (and
    /// FSDP1's pre-divide) at HBM bandwidth.
    pub memory_bound: f64,
    pub tp_comm: f64,
    /// CP ring traffic not hidden behind the attention it overlaps.
    pub cp_comm: f64,
    pub pp_bubble: f64,
    pub pp_p2p: f64,
    pub dp_comm_exposed: f64,
    pub optimizer: f64,
}

impl Breakdown {
    pub fn total(&self) -> f64 {
        self.compute
            + self.attention
            + self.recompute
            + self.memory_bound
            + self.tp_comm
            + self.cp_comm
            + self.pp_bubble
            + self.pp_p2p
            + self.dp_comm_exposed
            + self.optimizer
    }

    /// (JSON name, seconds), in the order of the fields.
    pub fn parts(&self) -> [(&'static str, f64); 10] {
        [
            ("compute", self.compute),
            ("attention", self.attention),
            ("recompute", self.recompute),
            ("memory_bound", self.memory_bound),
            ("tp_comm", self.tp_comm),
            ("cp_comm", self.cp_comm),
            ("pp_bubble", self.pp_bubble),
            ("pp_p2p", self.pp_p2p),
            ("dp_comm_exposed", self.dp_comm_exposed),
            ("optimizer", self.optimizer),
        ]
    }

    /// The chart label of a part named as in [`Breakdown::parts`]: the JSON name in English, a
    /// short Chinese gloss with it in Chinese.
    pub fn label(name: &str) -> Bi {
        let zh = match name {
            "compute" => "矩阵乘计算",
            "attention" => "注意力",
            "recompute" => "重计算",
            "memory_bound" => "访存受限算子",
            "tp_comm" => "TP 通信",
            "cp_comm" => "CP 通信",
            "pp_bubble" => "流水线 bubble",
            "pp_p2p" => "流水线级间发送",
            "dp_comm_exposed" => "DP 通信（未被掩盖）",
            "optimizer" => "优化器",
            _ => return Bi::same(name),
        };
        Bi::new(name, zh)
    }
}
