//! Each calculator's example outcome (the card it was built for): the headline figures and the
//! charts drawn from it, and the field an edit of the example is refused on.

use super::{bars_of, evaluate_edited, example_outcome, parts_of};
use crate::calc::test_support::Edits;
use crate::calculators::{Chart, Unit};

#[test]
fn checkpoint_parts_add_up_to_the_size() {
    let outcome = example_outcome("checkpoint");
    let (_, parts) = parts_of(&outcome, 0);
    let total: f64 = parts.iter().map(|(_, b)| b).sum();
    assert!((total - 980e9).abs() < 1.0, "{total}");
    assert!(
        outcome
            .charts
            .iter()
            .any(|c| matches!(c, Chart::Bars { bars, .. } if bars.len() == 2))
    );
}

#[test]
fn collective_chart_has_a_series_per_algorithm() {
    let outcome = example_outcome("collective");
    let Chart::Lines { series, marker, .. } = &outcome.charts[0] else {
        panic!("lines")
    };
    assert!(series.len() >= 2, "{series:?}");
    assert_eq!(*marker, Some(1024f64.powi(3)));
    for (_, points) in series {
        assert!(
            points.windows(2).all(|w| w[1].1 >= w[0].1),
            "time grows with size"
        );
    }
}

#[test]
fn the_example_is_four_superpod_units() {
    let outcome = example_outcome("fabric");
    assert!(outcome.headline[0].1.starts_with("48 (32 leaf + 16 spine"));
    let (_, parts) = parts_of(&outcome, 0);
    assert_eq!(parts.len(), 2, "no core tier at 4 SU");
    assert!(evaluate_edited("fabric", &[("oversubscription", "7:1")]).is_ok());
}

#[test]
fn tp_beyond_the_node_is_an_explained_error() {
    assert_eq!(example_outcome("layout").charts.len(), 2);
    let error = evaluate_edited("layout", &[("tp", "16"), ("dp", "64")]).unwrap_err();
    assert!(error.message.contains("NVLink domain"), "{}", error.message);
}

#[test]
fn memory_per_stage_as_bars_in_bytes() {
    let outcome = example_outcome("memory");
    let (unit, bars) = bars_of(&outcome, 0);
    assert_eq!(*unit, Unit::Bytes);
    assert_eq!(bars.len(), 4);
    assert!((bars[3].1 - 17.5e9).abs() < 1.0);
    assert!(outcome.headline[3].0.contains("chosen"));
    let (_, parts) = parts_of(&outcome, 1);
    let total: f64 = parts.iter().map(|p| p.1).sum();
    assert!((total - 17.5e9).abs() < 1.0);
}

#[test]
fn mfu_bars_and_flops_parts() {
    let outcome = example_outcome("mfu");
    assert_eq!(outcome.headline[0].1, "40.1%");
    let (unit, parts) = parts_of(&outcome, 1);
    assert_eq!(*unit, Unit::Flops);
    assert_eq!(parts.len(), 2, "no recompute part");
    let outcome = evaluate_edited("mfu", &[("recompute", "full")]).expect("full");
    assert_eq!(outcome.headline[1].1, "53.5%");
    let (_, parts) = parts_of(&outcome, 1);
    assert_eq!(parts.len(), 3);
    assert_eq!(Unit::Flops.format(parts[0].1), "420 GFLOP");
}

#[test]
fn the_example_is_the_cards_short_backward() {
    let outcome = example_outcome("overlap");
    assert_eq!(outcome.headline[0].1, "50.71 ms");
    let (_, parts) = parts_of(&outcome, 1);
    let total: f64 = parts.iter().map(|p| p.1).sum();
    assert!((total - 0.170).abs() < 1e-9, "{total}");
}

#[test]
fn bubble_bars_by_schedule_and_step_parts() {
    let outcome = example_outcome("pipeline");
    let (unit, bars) = bars_of(&outcome, 0);
    assert_eq!(*unit, Unit::Percent);
    let labels: Vec<&str> = bars.iter().map(|b| &*b.0).collect();
    assert_eq!(labels, ["1F1B", "v = 2", "v = 4"]);
    assert!((bars[0].1 - 15.0 / 64.0).abs() < 1e-12);
    let (unit, parts) = parts_of(&outcome, 1);
    assert_eq!(*unit, Unit::Seconds, "stage times given");
    assert!((parts[0].1 - 1.92).abs() < 1e-9 && (parts[1].1 - 0.1125).abs() < 1e-9);
    assert_eq!(Unit::Percent.format(bars[0].1), "23.4%");
}

#[test]
fn transfer_bars_follow_the_engine() {
    let outcome = example_outcome("transfer");
    let (_, bars) = bars_of(&outcome, 0);
    let hdr = bars.iter().find(|(l, _, _)| l == "ib-hdr").unwrap();
    assert!(
        (hdr.1 - 10.0 * 1024f64.powi(3) / 25e9 - 0.6e-6).abs() < 1e-9,
        "{hdr:?}"
    );
}

#[test]
fn bytes_level_off_with_tp_size_and_time_needs_a_link() {
    let outcome = example_outcome("tp");
    let (unit, bars) = bars_of(&outcome, 0);
    assert_eq!(*unit, Unit::Bytes);
    assert!(bars.windows(2).all(|w| w[1].1 > w[0].1), "{bars:?}");
    // 8bsh at most: 8 × 64 MiB.
    assert!(bars.iter().all(|b| b.1 < 8.0 * 67_108_864.0));
    assert_eq!(outcome.charts.len(), 2, "time chart with a link");
    let outcome = evaluate_edited("tp", &[("link", "")]).expect("no link");
    assert_eq!(outcome.charts.len(), 1);
    assert!(outcome.headline.iter().all(|h| !h.0.starts_with("time")));
}

/// Edits of an example that are refused, and the field each is refused on: (calculator, fields
/// set on its example form, the field at fault).
const REFUSED_ON: &[(&str, Edits, &str)] = &[
    ("fabric", &[("oversubscription", "1:0")], "oversubscription"),
    ("memory", &[("stage", "zero-4")], "stage"),
    ("mfu", &[("peak", "h100")], "peak"),
    (
        "mfu",
        &[("peak", "989e12"), ("recompute", "most")],
        "recompute",
    ),
];

#[test]
fn a_refused_edit_marks_the_field_at_fault() {
    for (id, edits, field) in REFUSED_ON {
        let error = evaluate_edited(id, edits).expect_err(&format!("{id} {edits:?} is refused"));
        assert_eq!(error.field, Some(*field), "{id} {edits:?}");
    }
}

/// The step's MFU and HFU are two figures of one kind: one row that names both, not a spec
/// and an expected column (which read "52% spec, 53% expected").
#[test]
fn the_step_headline_names_mfu_and_hfu() {
    let outcome = example_outcome("step");
    let row = outcome
        .headline
        .iter()
        .find(|h| h.0.en().contains("MFU"))
        .expect("an MFU row");
    assert!(row.2.is_empty(), "{row:?}");
    let figures = row.1.en();
    assert_eq!(figures.matches('%').count(), 2, "{figures}");
}
