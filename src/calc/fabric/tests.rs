use proptest::prelude::*;

use super::*;
use crate::calc::close;
use crate::calc::test_support::{assert_says, example};

fn run(f: &Form) -> Result<FabricReport, CalcError> {
    FabricInput::from_form(f, &HardwareTable::bundled()).map(|i| fabric(&i))
}

/// Card 10: DGX B200 `SuperPOD`, 4 SU = 128 nodes × 8 NDR NICs, rail-optimized, 64-port switches
/// at 1:1 (the registry's example), here with `nodes` nodes.
fn superpod(nodes: &str) -> Form {
    example("fabric").with("nodes", nodes)
}

#[test]
fn every_row_of_the_superpod_b200_table() {
    for (sus, nodes, leaves, spines, cores) in SUPERPOD_B200 {
        let n = nodes.to_string();
        let f = superpod(&n);
        let r = run(&f).expect("valid");
        assert_eq!(
            (r.switches.leaves, r.switches.spines, r.switches.cores),
            (leaves, spines, cores),
            "{sus} SU"
        );
        assert_eq!(r.switches.tiers, if cores == 0 { 2 } else { 3 }, "{sus} SU");
        assert_eq!(
            r.rail_groups,
            Some(sus),
            "{sus} SU: one group of 32 nodes per SU"
        );
    }
}

#[test]
fn four_scalable_units_in_full() {
    // 1024 NICs, 32 leaves of 32 down + 32 up, 1024 cables below and 1024 above the leaves.
    let r = run(&superpod("128")).expect("valid");
    assert_eq!(
        (r.endpoints, r.leaf_down_ports, r.leaf_up_ports),
        (1024, 32, 32)
    );
    let c = r.cables;
    assert_eq!((c.node_leaf_cables, c.leaf_spine_cables), (1024, 1024));
    assert_eq!(
        (c.total, c.transceivers, r.switches.total),
        (2048, 4096, 48)
    );
    // 8 × 50 GB/s = 400 GB/s per node; bisection 1024 × 50 GB/s / 2 = 25.6 TB/s.
    assert!(close(r.injection_bytes_per_s, 400e9));
    assert!(close(r.bisection_bytes_per_s, 25.6e12));
    assert!(close(r.above_leaf_per_nic_bytes_per_s, 50e9));
    assert_says(&r.steps, "SuperPOD");
}

#[test]
fn seven_to_one_leaves_a_seventh_per_nic() {
    // 56 down, 8 up: 400 Gb/s / 7 = 7.14 GB/s per NIC above the leaf (card 10).
    for ratio in ["7", "7:1", "1:7"] {
        let r = run(&superpod("128")
            .with("oversubscription", ratio)
            .with("speed", "400 Gb/s"))
        .expect(ratio);
        assert_eq!((r.leaf_down_ports, r.leaf_up_ports), (56, 8));
        assert!(close(r.above_leaf_per_nic_bytes_per_s, 50e9 / 7.0));
        // ⌈128 / 56⌉ = 3 groups × 8 rails = 24 leaves, 192 uplinks, 3 spines.
        assert_eq!((r.switches.leaves, r.switches.spines), (24, 3));
        assert!(close(r.bisection_bytes_per_s, 192.0 * 50e9 / 2.0));
    }
}

#[test]
fn top_of_rack_puts_a_nodes_nics_on_one_leaf() {
    // 40 nodes: rails give ⌈40/32⌉ × 8 = 16 leaves; top-of-rack 4 nodes per leaf, 10 leaves.
    let rail = run(&superpod("40")).expect("rail");
    assert_eq!(rail.switches.leaves, 16);
    let tor = run(&superpod("40").with("rail", "")).expect("tor");
    assert_eq!(
        (tor.nodes_per_leaf, tor.switches.leaves, tor.switches.spines),
        (Some(4), 10, 5)
    );
    // DeepSeek's plane: a two-tier tree of 64-port switches holds 64²/2 = 2048 endpoints.
    let plane = run(&superpod("2048").with("nics-per-node", "1")).expect("plane");
    let s = plane.switches;
    assert_eq!((s.tiers, s.leaves, s.spines), (2, 64, 32));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn ports_suffice_and_more_nodes_never_need_fewer_switches(
        nodes in 1usize..4000, k in 1usize..9, radix in 8usize..129, o in 1u32..8, rail: bool,
    ) {
        let (n, k, radix, o) = (nodes.to_string(), k.to_string(), radix.to_string(), o.to_string());
        let f = Form::of(&[("nodes", &n), ("nics-per-node", &k), ("speed", "400 Gb/s"), ("radix", &radix), ("oversubscription", &o), ("rail", if rail { "yes" } else { "no" })]);
        let Ok(r) = run(&f) else { return Ok(()); };
        prop_assert!(r.switches.leaves * r.leaf_down_ports >= r.endpoints);
        prop_assert!(r.leaf_down_ports + r.leaf_up_ports <= r.radix);
        prop_assert!(r.leaf_ratio <= r.oversubscription + 1e-9);
        let spine_ports = if r.switches.tiers == 2 { r.radix } else { r.radix / 2 };
        prop_assert!(r.switches.spines * spine_ports >= r.cables.leaf_spine_cables);
        prop_assert!(r.bisection_bytes_per_s <= r.endpoints as f64 * r.port_bytes_per_s / 2.0 + 1.0);
        let more = (nodes + 1).to_string();
        if let Ok(bigger) = run(&f.with("nodes", &more)) {
            prop_assert!(bigger.switches.total >= r.switches.total);
        }
    }
}
