//! Test helpers shared across the crate's modules.

use std::fmt::Debug;

/// `f` maps each case's input to the case's expected value; a failure names the input, so one
/// table stands for a list of near-identical asserts.
#[track_caller]
pub fn assert_maps<I: Copy + Debug, O: PartialEq<W> + Debug, W: Debug>(
    f: impl Fn(I) -> O,
    cases: &[(I, W)],
) {
    for (input, want) in cases {
        assert_eq!(f(*input), *want, "input {input:?}");
    }
}
