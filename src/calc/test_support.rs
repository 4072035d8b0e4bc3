//! Helpers the engine's test modules share: the registry's example forms, forms edited by field
//! name, and a check that the steps say what a candidate should say out loud.

use std::fmt::Debug;

use crate::calc::Form;

/// Fields set on a base form for one case (an empty value clears a field).
pub type Edits<'a> = &'a [(&'static str, &'a str)];

/// The registry's example form of calculator `id`: the card each engine is worked against, so
/// its figures are written down once.
pub fn example(id: &str) -> Form {
    crate::calculators::calculator(id)
        .unwrap_or_else(|| panic!("no calculator {id}"))
        .example_form()
}

/// `base` with each of `edits` set.
pub fn edited(base: &Form, edits: Edits) -> Form {
    edits
        .iter()
        .fold(base.clone(), |form, (name, text)| form.with(name, text))
}

/// Some step contains `needle`.
pub fn assert_says<S: std::ops::Deref<Target = str> + Debug>(steps: &[S], needle: &str) {
    assert!(
        steps.iter().any(|s| s.contains(needle)),
        "no step says {needle:?}: {steps:#?}"
    );
}
