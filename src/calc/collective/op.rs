//! Collective operations and algorithms, with the nccl-tests conventions attached to each op.

use std::str::FromStr;

use crate::calc::CalcError;
use crate::calc::ids::{Ids, enum_ids};

enum_ids! {
    /// A collective operation as nccl-tests names it.
    pub enum Op {
        AllReduce = "allreduce",
        AllGather = "allgather",
        ReduceScatter = "reducescatter",
        Broadcast = "broadcast",
        Reduce = "reduce",
        AllToAll = "alltoall",
        SendRecv = "sendrecv",
    }
}

impl Op {
    /// nccl-tests' busbw / algbw factor for `n` ranks (doc/PERFORMANCE.md).
    pub fn busbw_factor(self, n: usize) -> f64 {
        let n = n as f64;
        match self {
            Op::AllReduce => 2.0 * (n - 1.0) / n,
            Op::AllGather | Op::ReduceScatter | Op::AllToAll => (n - 1.0) / n,
            Op::Broadcast | Op::Reduce | Op::SendRecv => 1.0,
        }
    }

    /// The factor as a formula, for steps.
    pub fn busbw_factor_text(self) -> &'static str {
        match self {
            Op::AllReduce => "2(n-1)/n",
            Op::AllGather | Op::ReduceScatter | Op::AllToAll => "(n-1)/n",
            Op::Broadcast | Op::Reduce | Op::SendRecv => "1",
        }
    }

    /// [`Op::size_meaning`] in both interface languages.
    pub fn size_meaning_bi(self) -> crate::text::Bi {
        let zh = match self {
            Op::AllReduce | Op::Broadcast | Op::Reduce => "单个 rank 的缓冲区",
            Op::AllGather => "收集后的总输出（n × 每个 rank 的分块）",
            Op::ReduceScatter => "总输入（n × 每个 rank 的输出分块）",
            Op::AllToAll => "每个 rank 的整个发送缓冲区（n 个分块，含发给自己的）",
            Op::SendRecv => "每个 rank 发送的数据",
        };
        crate::text::Bi::new(self.size_meaning(), zh)
    }

    /// What the size means for this op, as nccl-tests' size column does.
    pub fn size_meaning(self) -> &'static str {
        match self {
            Op::AllReduce | Op::Broadcast | Op::Reduce => "one rank's buffer",
            Op::AllGather => "the total gathered output (n × each rank's chunk)",
            Op::ReduceScatter => "the total input (n × each rank's output chunk)",
            Op::AllToAll => "each rank's whole send buffer (n chunks, its own included)",
            Op::SendRecv => "what each rank sends",
        }
    }

    /// The algorithms NCCL offers for this op (without `auto`).
    pub fn algorithms(self) -> &'static [Algorithm] {
        match self {
            Op::AllReduce => &[
                Algorithm::Ring,
                Algorithm::Tree,
                Algorithm::Nvls,
                Algorithm::NvlsTree,
                Algorithm::Hierarchical,
            ],
            Op::AllGather | Op::ReduceScatter | Op::Broadcast | Op::Reduce => &[Algorithm::Ring],
            Op::AllToAll | Op::SendRecv => &[Algorithm::Pairwise],
        }
    }
}

impl FromStr for Op {
    type Err = CalcError;

    /// Accepts `allreduce`, `all-reduce`, `all_reduce`, `AllReduce`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let key: String = text
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        Op::from_id(&key).ok_or_else(|| {
            CalcError::invalid(crate::bi!(
                "unknown collective '{op}': use allreduce, allgather, reducescatter, broadcast, reduce, alltoall or sendrecv",
                "未知的集合通信 '{op}'：请用 allreduce、allgather、reducescatter、broadcast、reduce、alltoall 或 sendrecv",
                op = text.trim()
            ))
        })
    }
}

enum_ids! {
    /// How the collective is run.
    pub enum Algorithm {
        Ring = "ring",
        /// NCCL's double binary tree (a chain inside each node).
        Tree = "tree",
        /// NVLink SHARP: the NVSwitch reduces, each GPU sends and receives S (one node).
        Nvls = "nvls",
        /// NVLS inside each node, a tree between nodes.
        NvlsTree = "nvlstree",
        /// Intra-node reduce-scatter, inter-node allreduce on S/g, intra-node allgather. NCCL
        /// does not run it; `auto` never picks it.
        Hierarchical = "hierarchical",
        /// Point-to-point exchanges (alltoall, sendrecv).
        Pairwise = "pairwise",
        /// The cheapest of the algorithms available for the op.
        Auto = "auto",
    }
}

impl FromStr for Algorithm {
    type Err = CalcError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let key = match text.trim().to_ascii_lowercase().as_str() {
            "nvlink-sharp" => "nvls".to_owned(),
            "nvls-tree" | "nvls_tree" => "nvlstree".to_owned(),
            "2d" => "hierarchical".to_owned(),
            "p2p" => "pairwise".to_owned(),
            "" => "auto".to_owned(),
            key => key.to_owned(),
        };
        Algorithm::from_id(&key).ok_or_else(|| {
            CalcError::invalid(crate::bi!(
                "unknown algorithm '{algo}': use auto, ring, tree, nvls, nvlstree, hierarchical or pairwise",
                "未知算法 '{algo}'：请用 auto、ring、tree、nvls、nvlstree、hierarchical 或 pairwise",
                algo = text.trim()
            ))
        })
    }
}
