//! The fat-tree fabric form.

use crate::calc::{self, CalcError, HardwareTable, format};
use crate::forms::{CalculatorSpec, Chart, FieldKind, Outcome, Unit, field};
use crate::presets::{self, FormValues};

pub(super) const FABRIC: CalculatorSpec = CalculatorSpec {
    id: "fabric",
    title: "Fat-tree fabric",
    fields: &[
        field(
            "nodes",
            "nodes N",
            FieldKind::Count,
            true,
            "servers, e.g. 128",
        ),
        field(
            "nics-per-node",
            "NICs per node K",
            FieldKind::Count,
            true,
            "rails, e.g. 8",
        ),
        field(
            "speed",
            "port speed",
            FieldKind::LinkOrRate,
            true,
            "e.g. ib-ndr, or 400 Gb/s",
        ),
        field(
            "radix",
            "switch radix R",
            FieldKind::Count,
            false,
            "ports per switch, default 64",
        ),
        field(
            "oversubscription",
            "oversubscription",
            FieldKind::Ratio,
            false,
            "down:up at the leaf: 1 (default), 3, 7:1",
        ),
        field(
            "rail",
            "rail-optimized",
            FieldKind::Choice(&["no", "yes"]),
            false,
            "yes: NIC k of each node to leaf k of its group",
        ),
    ],
    compute: compute_fabric,
    example: &[
        ("nodes", "128"),
        ("nics-per-node", "8"),
        ("speed", "ib-ndr"),
        ("radix", "64"),
        ("oversubscription", "1"),
        ("rail", "yes"),
    ],
};

fn compute_fabric(form: &FormValues, table: &HardwareTable) -> Result<Outcome, CalcError> {
    let report = calc::fabric(&presets::fabric_input(form, table)?);
    let one = |label: &str, value: String| (label.to_owned(), value, String::new());
    let headline = vec![
        one(
            "switches",
            format!(
                "{} ({} leaf + {} spine + {} core, {} tiers)",
                report.switches, report.leaves, report.spines, report.cores, report.tiers
            ),
        ),
        one(
            "cables",
            format!("{} ({} transceivers)", report.cables, report.transceivers),
        ),
        one(
            "injection per node",
            format::rate(report.injection_bytes_per_s),
        ),
        one(
            "bisection",
            format::rate_short(report.bisection_bytes_per_s),
        ),
        one(
            "per NIC above the leaf",
            format::rate_short(report.above_leaf_per_nic_bytes_per_s),
        ),
    ];
    let mut parts = vec![
        ("leaf".to_owned(), report.leaves as f64),
        ("spine".to_owned(), report.spines as f64),
    ];
    if report.cores > 0 {
        parts.push(("core".to_owned(), report.cores as f64));
    }
    let charts = vec![
        Chart::Parts {
            title: "switches by tier".to_owned(),
            unit: Unit::Count,
            parts,
        },
        Chart::Bars {
            title: "bandwidth per NIC: to the leaf, and above it when all NICs send at once"
                .to_owned(),
            unit: Unit::Rate,
            bars: vec![
                (
                    "to the leaf".to_owned(),
                    report.port_bytes_per_s,
                    report.port_bytes_per_s,
                ),
                (
                    "above the leaf".to_owned(),
                    report.above_leaf_per_nic_bytes_per_s,
                    report.above_leaf_per_nic_bytes_per_s,
                ),
            ],
        },
    ];
    Ok(Outcome {
        headline,
        steps: report.steps,
        charts,
    })
}

#[cfg(test)]
mod tests {
    use crate::calc::HardwareTable;
    use crate::forms::{Chart, calculator};

    #[test]
    fn the_example_is_four_superpod_units() {
        let spec = calculator("fabric").expect("fabric");
        let outcome = spec
            .evaluate(&spec.example_form(), &HardwareTable::bundled())
            .expect("example");
        assert!(outcome.headline[0].1.starts_with("48 (32 leaf + 16 spine"));
        let Chart::Parts { parts, .. } = &outcome.charts[0] else {
            panic!("parts")
        };
        assert_eq!(parts.len(), 2, "no core tier at 4 SU");
        let mut form = spec.example_form();
        form.values[4].1 = "7:1".to_owned();
        assert!(spec.evaluate(&form, &HardwareTable::bundled()).is_ok());
        form.values[4].1 = "1:0".to_owned();
        let error = spec.evaluate(&form, &HardwareTable::bundled()).unwrap_err();
        assert_eq!(error.field, Some("oversubscription"));
    }
}
