//! Checks the engine's test modules share: bad input is refused with an error that names the
//! value or the fix, and the steps say what a candidate should say out loud.

use std::fmt::Debug;

use crate::calc::{CalcError, Form};

/// Every form fails, and its error contains the case's needle (the bad value or the flag to fix).
pub fn each_fails_naming<T: Debug>(
    run: impl Fn(&Form) -> Result<T, CalcError>,
    cases: &[(Form, &str)],
) {
    for (form, needle) in cases {
        let err = run(form).expect_err(needle).to_string();
        assert!(err.contains(needle), "{needle}: {err}");
    }
}

/// Some step contains `needle`.
pub fn assert_says<S: std::ops::Deref<Target = str> + Debug>(steps: &[S], needle: &str) {
    assert!(
        steps.iter().any(|s| s.contains(needle)),
        "no step says {needle:?}: {steps:#?}"
    );
}
