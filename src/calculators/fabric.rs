//! The fat-tree fabric form.

use super::field::OVERSUBSCRIPTION;
use super::{Calculator, Chart, Computed, Field, FieldKind, Form, Outcome, Unit, entry, one};
use crate::bi;
use crate::calc::fabric::{Cables, Switches};
use crate::calc::{self, CalcError, FabricInput, HardwareTable, format};

pub(super) const FABRIC: Calculator = Calculator {
    id: "fabric",
    title: "Fat-tree fabric",
    about: "Fat-tree sizing: leaf, spine and core switches, cables, injection and bisection bandwidth",
    title_zh: "胖树网络",
    about_zh: "胖树规模：leaf、spine、core 交换机数，线缆数，注入带宽与对分带宽",
    after_help: "Examples:
  infraprep calc fabric --nodes 128 --nics-per-node 8 --speed ib-ndr --rail
  infraprep calc fabric --nodes 384 --nics-per-node 8 --speed 400Gb/s --oversubscription 7:1

Leaves give d = floor(R·o/(o+1)) ports to nodes and u = ceil(d/o) to spines; two tiers up to R leaves.",
    fields: FIELDS,
    compute: compute_fabric,
    choices: super::fixed_choices,
    example: &[
        ("nodes", "128"),
        ("nics-per-node", "8"),
        ("speed", "ib-ndr"),
        ("radix", "64"),
        ("oversubscription", "1"),
        ("rail", "yes"),
    ],
};

fn compute_fabric(form: &Form, table: &HardwareTable) -> Result<Computed, CalcError> {
    let report = calc::fabric(&FabricInput::from_form(form, table)?);
    let r = &report;
    let Switches {
        tiers,
        leaves,
        spines,
        cores,
        total,
    } = r.switches;
    let Cables {
        total: cables,
        transceivers,
        ..
    } = r.cables;
    #[rustfmt::skip]
    let headline = vec![
        one(
            bi!("switches", "交换机"),
            bi!(
                "{total} ({leaves} leaf + {spines} spine + {cores} core, {tiers} tiers)",
                "{total}（{leaves} leaf + {spines} spine + {cores} core，{tiers} 层）"
            ),
        ),
        one(
            bi!("cables", "线缆"),
            bi!("{cables} ({transceivers} transceivers)", "{cables}（{transceivers} 个光模块）"),
        ),
        one(bi!("injection per node", "每节点注入"), format::rate(r.injection_bytes_per_s)),
        one(bi!("bisection", "对分带宽"), format::rate_short(r.bisection_bytes_per_s)),
        one(bi!("per NIC above the leaf", "leaf 之上每网卡"), format::rate_short(r.above_leaf_per_nic_bytes_per_s)),
    ];
    let charts = vec![
        Chart::parts(
            bi!("switches by tier", "各层交换机"),
            Unit::Count,
            [("leaf", leaves), ("spine", spines), ("core", cores)]
                .into_iter()
                .filter(|(tier, n)| *n > 0 || *tier != "core")
                .map(|(tier, n)| (tier, n as f64)),
        ),
        Chart::spec_bars(
            bi!(
                "bandwidth per NIC: to the leaf, and above it when all NICs send at once",
                "每网卡带宽：到 leaf，以及所有网卡同时发送时 leaf 之上"
            ),
            Unit::Rate,
            [
                (bi!("to the leaf", "到 leaf"), r.port_bytes_per_s),
                (
                    bi!("above the leaf", "leaf 之上"),
                    r.above_leaf_per_nic_bytes_per_s,
                ),
            ],
        ),
    ];
    Ok(Computed::new(
        Outcome::new(headline, &report.steps, charts),
        &report,
    ))
}

#[rustfmt::skip]
const FIELDS: &[Field] = &[
    entry("nodes", "nodes N", FieldKind::Count, true, "servers, e.g. 128", "节点数 N", "服务器数，如 128"),
    entry("nics-per-node", "NICs per node K", FieldKind::Count, true, "rails, e.g. 8", "每节点网卡 K", "rail 数，如 8"),
    entry("speed", "port speed", FieldKind::LinkOrRate, true, "e.g. ib-ndr, or 400 Gb/s", "端口速率", "如 ib-ndr，或 400 Gb/s"),
    entry("radix", "switch radix R", FieldKind::Count, false, "ports per switch, default 64", "交换机端口 R", "每台交换机端口数，默认 64"),
    OVERSUBSCRIPTION.explained("down:up at the leaf: 1 (default), 3, 7:1", "leaf 的下行:上行：1（默认）、3、7:1"),
    entry("rail", "rail-optimized", FieldKind::Flag, false, "yes: NIC k of each node to leaf k of its group", "rail 优化", "是：每节点第 k 张网卡接本组第 k 台 leaf"),
];
