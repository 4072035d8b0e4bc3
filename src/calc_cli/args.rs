//! Arguments of the calculator subcommands, kept as text for the engine to read.

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct TransferArgs {
    /// Size to move, e.g. 10GiB, 1.5TB, 800Gb
    #[arg(allow_hyphen_values = true)]
    pub size: String,
    /// Link preset id (repeatable; see `infraprep links`)
    #[arg(long = "link", value_name = "ID")]
    pub links: Vec<String>,
    /// A per-direction rate, e.g. 25GB/s or 200Gbps
    #[arg(long, value_name = "RATE")]
    pub bandwidth: Option<String>,
    /// Per-message latency for every row, e.g. 2us
    #[arg(long, value_name = "TIME")]
    pub latency: Option<String>,
    /// Achievable share of the bandwidth for every row, e.g. 0.8 or 80%
    #[arg(long, value_name = "F")]
    pub efficiency: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct CollectiveArgs {
    /// allreduce, allgather, reducescatter, broadcast, reduce, alltoall or sendrecv
    pub op: String,
    /// nccl-tests size, e.g. 1GiB
    #[arg(allow_hyphen_values = true)]
    pub size: String,
    /// Number of ranks (GPUs), at least 2
    #[arg(long, value_name = "N")]
    pub ranks: String,
    /// GPUs per node (default: all ranks on one node)
    #[arg(long, value_name = "G")]
    pub gpus_per_node: Option<String>,
    /// NICs per node (default: one per GPU)
    #[arg(long, value_name = "K")]
    pub nics_per_node: Option<String>,
    /// Intra-node link preset, e.g. nvlink4
    #[arg(long, value_name = "LINK")]
    pub intra: Option<String>,
    /// Intra-node per-GPU per-direction rate
    #[arg(long, value_name = "RATE")]
    pub intra_bw: Option<String>,
    /// Inter-node link preset, e.g. ib-ndr
    #[arg(long, value_name = "LINK")]
    pub inter: Option<String>,
    /// Inter-node rate per NIC
    #[arg(long, value_name = "RATE")]
    pub inter_bw: Option<String>,
    /// ring, tree, hierarchical or auto (default: auto)
    #[arg(long = "algo", value_name = "ALGO")]
    pub algorithm: Option<String>,
    /// Per-step latency for every step, e.g. 5us
    #[arg(long, value_name = "TIME")]
    pub latency: Option<String>,
    /// Also cost every size from 1 KiB to 16 GiB
    #[arg(long)]
    pub sweep: bool,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct BusbwArgs {
    /// The collective, as for `calc collective`
    pub op: String,
    /// nccl-tests size column (bytes or with units)
    #[arg(long, value_name = "SIZE")]
    pub size: String,
    /// nccl-tests time column, e.g. 8203.9us
    #[arg(long, value_name = "TIME")]
    pub time: String,
    #[arg(long, value_name = "N")]
    pub ranks: String,
    /// Link preset id or rate to compare busbw against
    #[arg(long, value_name = "ID")]
    pub link: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct CheckpointArgs {
    /// Parameter count, e.g. 70B, 175e9, 7.5M
    #[arg(long, value_name = "N")]
    pub params: String,
    /// bf16-weights (2 B/param), fp32-weights (4), fp32-adam (12), bf16-adam (14, default), bf16-adam-grads (16)
    #[arg(long)]
    pub recipe: Option<String>,
    #[arg(long, value_name = "B")]
    pub bytes_per_param: Option<String>,
    /// Aggregate storage bandwidth: a rate or a preset id (e.g. pfs-llama3)
    #[arg(long, value_name = "RATE")]
    pub storage_bw: Option<String>,
    /// Nodes writing in parallel
    #[arg(long, value_name = "N")]
    pub nodes: Option<String>,
    /// Per-node network bandwidth to storage: a rate or a preset id
    #[arg(long, value_name = "RATE")]
    pub node_bw: Option<String>,
    /// Per-node local NVMe bandwidth: a rate or a preset id (e.g. nvme-gen4)
    #[arg(long, value_name = "RATE")]
    pub nvme_bw: Option<String>,
    /// GPUs holding the state (async copy, job MTBF)
    #[arg(long, value_name = "N")]
    pub gpus: Option<String>,
    /// Device-to-host link for the async copy (default pcie5)
    #[arg(long, value_name = "LINK")]
    pub pcie: Option<String>,
    /// Checkpoint cost C, instead of the computed write time
    #[arg(long, value_name = "TIME")]
    pub checkpoint_time: Option<String>,
    /// Job MTBF M, e.g. 3h
    #[arg(long, value_name = "TIME")]
    pub mtbf: Option<String>,
    /// Per-GPU MTBF; the job MTBF is this / --gpus
    #[arg(long, value_name = "TIME")]
    pub gpu_mtbf: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}
