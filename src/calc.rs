//! The calculator engine: units, link presets, transfer, collective, busbw, checkpoint,
//! the training calculators (tensor-parallel traffic, pipeline bubble, memory per GPU, MFU),
//! unit-aware expressions and figure checks.
//!
//! Pure maths over values passed in: no terminal, no clap, no file access beyond the embedded
//! preset table. Every result carries `steps`, the arithmetic a candidate should say out loud.

mod error;
mod fend_bridge;
mod guard;
mod lexer;

#[cfg(test)]
mod bad_input_tests;

pub mod activation;
pub mod busbw;
pub mod checkpoint;
pub mod collective;
pub mod expression;
pub mod fabric;
pub mod form;
pub mod format;
pub mod group;
pub mod hardware;
pub mod ids;
pub mod layout;
pub mod link;
pub mod memory;
pub mod mfu;
pub mod overlap;
pub mod pipeline;
pub mod step;
pub mod sweep;
#[cfg(test)]
pub(crate) mod test_support;
pub mod tp;
pub mod transfer;
pub mod units;

pub use busbw::{BusbwInput, BusbwReport, busbw};
pub use checkpoint::{CheckpointInput, CheckpointReport, Recipe, checkpoint};
pub use collective::{Algorithm, CollectiveInput, CollectiveReport, Op, collective};
pub use error::CalcError;
pub use expression::{ExprValue, eval_expression, figure_matches};
pub use fabric::{FabricInput, FabricReport, fabric};
pub use fend_bridge::Kind;
pub use form::Form;
pub use guard::{MAX_EXPRESSION_CHARS, MAX_NESTING};
pub use hardware::{HardwareTable, LinkKind, LinkPreset, Scope};
pub use layout::{LayoutInput, LayoutReport, layout};
pub use link::LinkSpec;
pub use memory::{MemoryInput, MemoryReport, Stage, memory};
pub use mfu::{MfuInput, MfuReport, mfu};
pub use overlap::{OverlapInput, OverlapReport, overlap};
pub use pipeline::{PipelineInput, PipelineReport, pipeline};
pub use step::{StepInput, StepReport, step};
pub use sweep::{SweepSeries, collective_sweep, default_sweep_sizes};
pub use tp::{TpInput, TpReport, tp};
pub use transfer::{TransferInput, TransferReport, TransferRow, transfer};

/// True when `a` is within a relative `1e-9` of `b` (or both are zero): for tests on floats.
#[cfg(test)]
pub(crate) fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= b.abs().max(a.abs()) * 1e-9
}
