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
