//! The activation tensor a transformer layer hands on: b x s x h elements.
//!
//! Tensor parallelism all-reduces it and pipeline parallelism sends it to the next stage, so both
//! calculators read it the same way and print the same first step.

use crate::calc::{CalcError, format, units};

/// Shape and element size of one micro-batch's activations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Activation {
    /// b: sequences per micro-batch.
    pub micro_batch: usize,
    /// s: tokens per sequence.
    pub seq: usize,
    /// h: hidden size.
    pub hidden: usize,
    /// Bytes per element (2 for bf16).
    pub element_bytes: f64,
}

impl Activation {
    /// Reads the four fields; the element size defaults to 2 bytes (bf16).
    pub fn parse(
        micro_batch: &str,
        seq: &str,
        hidden: &str,
        element_bytes: Option<&str>,
    ) -> Result<Activation, CalcError> {
        Ok(Activation {
            micro_batch: units::parse_count("micro-batch size", micro_batch, 1)?,
            seq: units::parse_count("sequence length", seq, 1)?,
            hidden: units::parse_count("hidden size", hidden, 1)?,
            element_bytes: element_bytes.map_or(Ok(2.0), units::parse_element_bytes)?,
        })
    }

    /// b x s x h x bytes.
    pub fn bytes(&self) -> f64 {
        self.micro_batch as f64 * self.seq as f64 * self.hidden as f64 * self.element_bytes
    }

    /// The size with its arithmetic, for steps.
    pub fn describe(&self) -> String {
        format!(
            "b·s·h·bytes = {} × {} × {} × {} B = {}",
            self.micro_batch,
            self.seq,
            self.hidden,
            format::sig(self.element_bytes, 3),
            format::bytes(self.bytes())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calc::close;

    #[test]
    fn megatron_example_is_64_mib() {
        // h = 8192, s = 4096, b = 1, bf16: 2^13 × 2^12 × 2 = 2^26 B.
        let a = Activation::parse("1", "4096", "8192", Some("bf16")).expect("valid");
        assert!(close(a.bytes(), 64.0 * 1_048_576.0));
        assert!(
            a.describe().ends_with("67.11 MB (64 MiB)"),
            "{}",
            a.describe()
        );
    }

    #[test]
    fn bad_fields_are_named() {
        for (b, s, h, bytes, needle) in [
            ("0", "4096", "8192", None, "micro-batch size '0'"),
            ("1", "-4", "8192", None, "sequence length '-4'"),
            ("1", "4096", "", None, "hidden size ''"),
            ("1", "4096", "8192", Some("NaN"), "'NaN'"),
        ] {
            let err = Activation::parse(b, s, h, bytes)
                .expect_err(needle)
                .to_string();
            assert!(err.contains(needle), "{needle}: {err}");
        }
    }
}
