use super::*;
use crate::calc::close;

#[test]
fn bundled_table_parses_and_has_the_required_ids() {
    let table = HardwareTable::from_toml(BUNDLED_TOML).expect("bundled table");
    for id in [
        "pcie3",
        "pcie4",
        "pcie5",
        "pcie6",
        "nvlink2",
        "nvlink3",
        "nvlink4",
        "nvlink5",
        "nvlink-h800",
        "nvlink-a800",
        "ib-edr",
        "ib-hdr",
        "ib-ndr",
        "ib-xdr",
        "eth-100g",
        "eth-200g",
        "eth-400g",
        "eth-800g",
        "efa-p4d",
        "efa-p5",
        "nvme-gen4",
        "pfs-llama3",
    ] {
        assert!(table.get(id).is_some(), "missing {id}");
    }
}

#[test]
fn every_bundled_preset_has_sources() {
    for link in HardwareTable::bundled().iter() {
        assert!(!link.bandwidth_source.is_empty(), "{}", link.id);
        assert!(!link.latency_source.is_empty(), "{}", link.id);
        assert!(!link.efficiency_source.is_empty(), "{}", link.id);
        assert!(!link.name.is_empty(), "{}", link.id);
    }
}

#[test]
fn bandwidths_are_per_direction() {
    let table = HardwareTable::bundled();
    let bw = |id: &str| table.get(id).expect(id).bandwidth;
    assert!(close(bw("nvlink3"), 300e9));
    assert!(close(bw("nvlink4"), 450e9));
    assert!(close(bw("nvlink5"), 900e9));
    assert!(close(bw("ib-hdr"), 25e9));
    assert!(close(bw("ib-ndr"), 50e9));
    assert!(close(bw("efa-p5"), 400e9));
    assert!((bw("pcie4") - 31.508e9).abs() < 1e6);
    for link in table.iter() {
        if let Some(bidir) = link.bidirectional {
            assert!((bidir / link.bandwidth - 2.0).abs() < 1e-3, "{}", link.id);
        }
    }
}

#[test]
fn overrides_add_and_replace_by_id() {
    let user: PresetFile = toml::from_str(
        r#"
        [[links]]
        id = "ib-ndr"
        bandwidth = "45 GB/s"
        [[links]]
        id = "my-link"
        name = "Lab fabric"
        bandwidth = "10 GB/s"
        latency = "3 us"
        efficiency = 0.5
        "#,
    )
    .expect("user presets");
    let table = HardwareTable::bundled()
        .with_overrides(user.links)
        .expect("valid");
    assert!(close(table.get("ib-ndr").expect("ndr").bandwidth, 45e9));
    let mine = table.get("MY-LINK").expect("case-insensitive");
    assert_eq!(mine.display_name(), "Lab fabric");
    assert!(close(mine.efficiency, 0.5));
    assert!((mine.latency - 3e-6).abs() < 1e-15);
}

#[test]
fn bad_presets_are_named() {
    let bad = toml::from_str::<PresetFile>("[[links]]\nid = \"x\"\nbandwidth = \"10 GBs\"\n");
    let err = bad.err().expect("unit error").to_string();
    assert!(err.contains("'10 GBs'"), "{err}");
    let unknown =
        toml::from_str::<PresetFile>("[[links]]\nid = \"x\"\nbandwidth = \"1 GB/s\"\nspeed = 3\n");
    assert!(unknown.is_err(), "unknown fields are rejected");
    let preset = |efficiency: f64| LinkPreset {
        efficiency,
        ..HardwareTable::bundled()
            .get("pcie4")
            .expect("pcie4")
            .clone()
    };
    let err = HardwareTable::bundled()
        .with_overrides(vec![preset(1.5)])
        .expect_err("eff")
        .to_string();
    assert!(err.contains("'pcie4'") && err.contains("'1.5'"), "{err}");
    let twice = HardwareTable::bundled().with_overrides(vec![preset(0.5), preset(0.6)]);
    assert!(twice.expect_err("dup").to_string().contains("twice"));
}

#[test]
fn ids_that_read_as_numbers_or_units_are_refused() {
    for id in ["10", "s", "min", "h", "1x"] {
        let preset = LinkPreset {
            id: id.to_owned(),
            ..HardwareTable::bundled()
                .get("pcie4")
                .expect("pcie4")
                .clone()
        };
        let err = HardwareTable::bundled()
            .with_overrides(vec![preset])
            .expect_err(id)
            .to_string();
        assert!(err.contains(&format!("'{id}'")), "{err}");
    }
}

#[test]
fn unknown_link_suggests_close_ids() {
    let err = HardwareTable::bundled()
        .require("hdr")
        .expect_err("unknown")
        .to_string();
    assert!(err.contains("'hdr'") && err.contains("'ib-hdr'"), "{err}");
}

#[test]
fn new_presets_have_their_figures_and_sources() {
    let table = HardwareTable::bundled();
    // (id, per-direction bandwidth, source must mention)
    let cases = [
        ("xgmi-mi300x", 448e9, "64 GB/s"),
        ("nvlink-c2c", 450e9, "900 GB/s"),
        ("efa-p5en", 400e9, "3200 Gbps"),
        ("efa-p6", 400e9, "3.2 Tbps"),
        ("tcpxo", 200e9, "1,600 Gbps"),
    ];
    for (id, bandwidth, needle) in cases {
        let p = table.get(id).expect(id);
        assert!(
            (p.bandwidth - bandwidth).abs() < 1.0,
            "{id}: {}",
            p.bandwidth
        );
        assert!(
            p.bandwidth_source.contains(needle),
            "{id}: {}",
            p.bandwidth_source
        );
        assert!(
            !p.efficiency_source.is_empty() && !p.latency_source.is_empty(),
            "{id}"
        );
    }
    let mesh = table.get("xgmi-mi300x").expect("mesh");
    assert_eq!(mesh.mesh_peers, Some(7));
    assert!((mesh.peer_bandwidth.expect("peer") - 64e9).abs() < 1.0);
    assert!(mesh.efficiency_source.contains("48 GB/s"));
    let c2c = table.get("nvlink-c2c").expect("c2c");
    assert!(c2c.efficiency_source.contains("346 GB/s"));
    for id in ["efa-p5en", "efa-p6", "tcpxo"] {
        assert_eq!(table.get(id).expect(id).scope, Scope::PerInstance, "{id}");
    }
}

#[test]
fn role_efficiencies_have_sources_and_fall_back() {
    let table = HardwareTable::bundled();
    let h100 = table.get("nvlink4").expect("nvlink4");
    assert!((h100.copy_efficiency.expect("copy") - 0.844).abs() < 1e-9);
    assert!(h100.copy_efficiency_source.contains("nccl#1264"));
    assert!((h100.p2p_efficiency.expect("p2p") - 0.40).abs() < 1e-9);
    assert!(h100.p2p_efficiency_source.contains("nccl-tests#268"));
    assert!(h100.nvls_efficiency_source.contains("482.26"));
    let b200 = table.get("nvlink5").expect("nvlink5");
    assert!(b200.nvls_efficiency_source.contains("0.74/0.85"));
    assert!(
        table
            .get("nvlink3")
            .expect("a100")
            .nvls_efficiency
            .is_none()
    );
    // No separate figure: the collective efficiency, saying so.
    let spec = crate::calc::LinkSpec::from_preset(table.get("ib-ndr").expect("ndr"))
        .for_role(crate::calc::link::Role::PointToPoint);
    assert!((spec.efficiency - 0.95).abs() < 1e-9);
    assert!(
        spec.efficiency_source
            .starts_with("no separate measurement")
    );
}

#[test]
fn a_mesh_needs_both_figures_and_role_efficiencies_are_fractions() {
    let base = "[[links]]\nid = \"my-mesh\"\nbandwidth = \"100 GB/s\"\n";
    for (extra, needle) in [
        ("peer-bandwidth = \"10 GB/s\"\n", "mesh-peers"),
        ("mesh-peers = 3\n", "peer-bandwidth"),
        ("copy-efficiency = 1.5\n", "copy-efficiency"),
        ("nvls-efficiency = 0\n", "nvls-efficiency"),
    ] {
        let err = HardwareTable::from_toml(&format!("{base}{extra}"))
            .expect_err(extra)
            .to_string();
        assert!(err.contains(needle), "{extra}: {err}");
    }
}
