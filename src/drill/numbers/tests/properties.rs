//! Property tests of the grader: any unit that means the same value is exact, and the classic
//! slips are off and named, whatever the value.

use proptest::prelude::*;

use super::super::{Diagnosis, Expected, Verdict, grade};
use crate::calc::Kind;

/// (unit, its size in SI base units) for each kind.
const TIMES: &[(&str, f64)] = &[
    ("ns", 1e-9),
    ("us", 1e-6),
    ("µs", 1e-6),
    ("ms", 1e-3),
    ("s", 1.0),
    ("min", 60.0),
    ("h", 3600.0),
    ("毫秒", 1e-3),
    ("秒", 1.0),
];
const SIZES: &[(&str, f64)] = &[
    ("B", 1.0),
    ("KB", 1e3),
    ("MB", 1e6),
    ("GB", 1e9),
    ("TB", 1e12),
    ("KiB", 1024.0),
    ("MiB", 1_048_576.0),
    ("GiB", 1_073_741_824.0),
    ("Gb", 1.25e8),
    ("字节", 1.0),
];
const RATES: &[(&str, f64)] = &[
    ("B/s", 1.0),
    ("MB/s", 1e6),
    ("GB/s", 1e9),
    ("TB/s", 1e12),
    ("Gb/s", 1.25e8),
    ("Gbps", 1.25e8),
    ("Tb/s", 1.25e11),
    ("GB每秒", 1e9),
];

fn kind_and_units() -> impl Strategy<Value = (Kind, &'static [(&'static str, f64)])> {
    prop_oneof![
        Just((Kind::Duration, TIMES)),
        Just((Kind::Size, SIZES)),
        Just((Kind::Rate, RATES)),
    ]
}

/// A value, its kind, and a unit to write it in.
fn case() -> impl Strategy<Value = (f64, Kind, &'static str, f64)> {
    (kind_and_units(), 0usize..10, -3.0f64..6.0, 1.0f64..10.0).prop_map(
        |((kind, units), i, exponent, mantissa)| {
            let (unit, scale) = units[i % units.len()];
            (mantissa * 10f64.powf(exponent.floor()), kind, unit, scale)
        },
    )
}

/// `value` in `unit`, written with a space or not, with six significant digits.
fn written(value: f64, unit: &str, scale: f64, spaced: bool) -> String {
    let number = format!("{:.5e}", value / scale);
    if spaced {
        format!("{number} {unit}")
    } else {
        format!("{number}{unit}")
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_same_value_in_any_unit_is_exact((value, kind, unit, scale) in case(), spaced: bool) {
        let typed = written(value, unit, scale, spaced);
        let graded = grade(Expected { value, kind }, &typed, 0.15).expect("reads");
        prop_assert_eq!(graded.verdict, Verdict::Exact, "{}", typed);
        prop_assert_eq!(graded.diagnosis, None);
    }

    #[test]
    fn classic_slips_are_off_and_named(
        (value, kind, unit, scale) in case(),
        slip in prop_oneof![
            Just((2.0, Diagnosis::Direction)),
            Just((8.0, Diagnosis::BitsBytes)),
            Just((1000.0, Diagnosis::Prefix)),
        ],
        up: bool,
        tolerance in 0.05f64..0.25,
    ) {
        let (factor, diagnosis) = slip;
        let wrong = if up { value * factor } else { value / factor };
        let typed = written(wrong, unit, scale, true);
        let graded = grade(Expected { value, kind }, &typed, tolerance).expect("reads");
        prop_assert_eq!(graded.verdict, Verdict::Off, "{}", typed);
        prop_assert_eq!(graded.diagnosis, Some(diagnosis), "{}", typed);
    }
}

proptest! {
    /// A plain number (a share, a count of GPUs) has no direction, bits or GiB to mix up: off by
    /// two or eight it is simply off, while a slipped prefix is still named.
    #[test]
    fn plain_numbers_get_no_byte_slips(
        mantissa in 1.0f64..10.0,
        exponent in -2i32..6,
        factor in prop_oneof![Just(2.0), Just(8.0)],
        up: bool,
    ) {
        let value = mantissa * 10f64.powi(exponent);
        let expected = Expected { value, kind: Kind::Count };
        let wrong = if up { value * factor } else { value / factor };
        let graded = grade(expected, &format!("{wrong:e}"), 0.15).expect("reads");
        prop_assert_eq!(graded.verdict, Verdict::Off);
        prop_assert_eq!(graded.diagnosis, None);
        let prefixed = if up { value * 1000.0 } else { value / 1000.0 };
        let graded = grade(expected, &format!("{prefixed:e}"), 0.15).expect("reads");
        prop_assert_eq!(graded.diagnosis, Some(Diagnosis::Prefix));
    }
}
