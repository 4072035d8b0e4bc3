//! The tensor-parallel fields as a struct, for the one caller not yet reading a [`Form`] (the
//! step model's cross-check against this calculator). New code passes a form to
//! [`TpInput::from_form`]; this goes when that caller does.

use super::TpInput;
use crate::calc::{CalcError, Form, HardwareTable};

/// The text of a tensor-parallel calculation, field by field.
#[derive(Debug, Clone, Copy, Default)]
pub struct TpFields<'a> {
    pub micro_batch: &'a str,
    pub seq: &'a str,
    pub hidden: &'a str,
    pub tp: &'a str,
    pub bytes: Option<&'a str>,
    pub layers: Option<&'a str>,
    pub micro_batches: Option<&'a str>,
    pub sequence_parallel: bool,
    pub link: Option<&'a str>,
    pub bw: Option<&'a str>,
}

impl TpInput {
    /// The same as [`TpInput::from_form`] on a form holding these fields.
    pub fn from_fields(f: &TpFields<'_>, table: &HardwareTable) -> Result<Self, CalcError> {
        let form = Form::of(&[
            ("micro-batch", f.micro_batch),
            ("seq", f.seq),
            ("hidden", f.hidden),
            ("tp", f.tp),
            ("bytes", f.bytes.unwrap_or_default()),
            ("layers", f.layers.unwrap_or_default()),
            ("micro-batches", f.micro_batches.unwrap_or_default()),
            (
                "sequence-parallel",
                if f.sequence_parallel { "yes" } else { "" },
            ),
            ("link", f.link.unwrap_or_default()),
            ("bw", f.bw.unwrap_or_default()),
        ]);
        Self::from_form(&form, table)
    }
}
