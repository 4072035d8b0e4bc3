//! Peak FLOP/s per GPU: a small table of dense figures with their sources, or a typed number.
//!
//! Dense, never the 2:4-sparsity figure the spec sheets print first: using that halves MFU.

use serde::Serialize;

use crate::bi;
use crate::calc::{CalcError, units};
use crate::text::Bi;

/// Largest peak accepted per GPU: 1e18 FLOP/s, a thousand times today's GPUs.
const MAX_PEAK: f64 = 1e18;

/// Smallest peak accepted per GPU: 1 GFLOP/s. Anything below is a figure typed without its
/// exponent (`989` for 989 TFLOP/s), which would print an MFU of millions of percent.
const MIN_PEAK: f64 = 1e9;

/// One GPU's dense peak at one precision.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GpuPeak {
    pub id: &'static str,
    pub flops_per_s: f64,
    pub source: &'static str,
}

/// The bundled peaks.
pub const GPU_PEAKS: &[GpuPeak] = &[
    GpuPeak {
        id: "a100-bf16",
        flops_per_s: 312e12,
        source: "A100 BF16 dense, 312 TFLOP/s (624 with 2:4 sparsity), the figure nanoGPT's estimate_mfu() divides by",
    },
    GpuPeak {
        id: "h100-bf16",
        flops_per_s: 989e12,
        source: "H100 SXM BF16 dense, 989 TFLOP/s; NVIDIA's 1,979 assumes 2:4 sparsity (glennklockwood.com/garden/processors/h100)",
    },
    GpuPeak {
        id: "h100-fp8",
        flops_per_s: 1979e12,
        source: "H100 SXM FP8 dense, 1,979 TFLOP/s; the datasheet's 3,958 assumes 2:4 sparsity (NVIDIA H100 datasheet)",
    },
    GpuPeak {
        id: "h200-bf16",
        flops_per_s: 989e12,
        source: "H200 SXM BF16 dense, 989 TFLOP/s: the H100's compute with more memory; the datasheet's 1,979 assumes 2:4 sparsity (NVIDIA H200 datasheet)",
    },
    GpuPeak {
        id: "b200-bf16",
        flops_per_s: 2250e12,
        source: "B200 (HGX, 1000 W) BF16 dense, 2.25 PFLOP/s: HGX B200 lists 36 PFLOP/s for 8 GPUs with 2:4 sparsity = 4.5 per GPU, halved for dense (NVIDIA HGX B200 datasheet)",
    },
    GpuPeak {
        id: "b200-fp8",
        flops_per_s: 4500e12,
        source: "B200 (HGX, 1000 W) FP8 dense, 4.5 PFLOP/s: HGX B200 lists 72 PFLOP/s for 8 GPUs with 2:4 sparsity = 9 per GPU, halved for dense (NVIDIA HGX B200 datasheet)",
    },
    GpuPeak {
        id: "mi300x-bf16",
        flops_per_s: 1307.4e12,
        source: "MI300X BF16 dense, 1,307.4 TFLOP/s; 2,614.9 with structured sparsity (AMD Instinct MI300X datasheet)",
    },
];

/// The peak a calculation divides by; in a report's JSON, `peak`, `peak_flops_per_s` and
/// `peak_source` in that order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Peak {
    /// The preset id, or `given`.
    #[serde(rename = "peak")]
    pub label: String,
    #[serde(rename = "peak_flops_per_s")]
    pub flops_per_s: f64,
    /// A citation for a preset, a reminder for a typed figure.
    #[serde(rename = "peak_source")]
    pub source: Bi,
}

/// A preset id (`h100-bf16`) or a figure (`989e12`, `989T`, `989 TFLOP/s`).
pub fn parse_peak(text: &str) -> Result<Peak, CalcError> {
    let input = text.trim();
    let key = input.to_ascii_lowercase();
    if let Some(p) = GPU_PEAKS.iter().find(|p| p.id == key) {
        return Ok(Peak {
            flops_per_s: p.flops_per_s,
            label: p.id.to_owned(),
            source: Bi::same(p.source),
        });
    }
    let number = ["flop/s", "flops"]
        .iter()
        .find_map(|unit| key.strip_suffix(unit).map(|rest| &input[..rest.len()]))
        .unwrap_or(input);
    let figure = units::parse_number("peak FLOP/s", number, MAX_PEAK).map_err(|e| {
        if input.starts_with(|c: char| c.is_ascii_alphabetic()) {
            unknown(input)
        } else {
            e
        }
    })?;
    if figure < MIN_PEAK {
        return Err(CalcError::range(
            "peak FLOP/s",
            input,
            bi!(
                "is {figure} FLOP/s per GPU, far below any GPU: it is surely missing its exponent; write {figure}e12 or {figure}T for {figure} TFLOP/s, or a preset such as h100-bf16",
                "为每 GPU {figure} FLOP/s，远低于任何 GPU：多半漏了指数；{figure} TFLOP/s 请写 {figure}e12 或 {figure}T，或用 h100-bf16 这类预设"
            ),
        ));
    }
    Ok(figure).map(|flops_per_s| Peak {
        flops_per_s,
        label: "given".to_owned(),
        source: bi!(
            "typed: make sure it is the dense peak at the precision you train in",
            "手动输入：请确认是训练所用精度下的稠密峰值"
        ),
    })
}

fn unknown(input: &str) -> CalcError {
    let ids: Vec<String> = GPU_PEAKS
        .iter()
        .map(|p| format!("{} ({:e})", p.id, p.flops_per_s))
        .collect();
    CalcError::invalid(bi!(
        "peak '{input}' is neither a GPU preset nor a FLOP/s figure: use {ids} or a number such as 989e12",
        "峰值 '{input}' 既不是 GPU 预设也不是 FLOP/s 数值：请用 {ids} 或 989e12 这样的数",
        ids = ids.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_figures() {
        assert!((parse_peak("H100-BF16").expect("h100").flops_per_s - 989e12).abs() < 1.0);
        assert!((parse_peak("a100-bf16").expect("a100").flops_per_s - 312e12).abs() < 1.0);
        for text in [
            "989e12",
            "989T",
            "989 TFLOP/s",
            "989 TFLOPS",
            "989e12 flop/s",
        ] {
            let peak = parse_peak(text).expect(text);
            assert!((peak.flops_per_s - 989e12).abs() < 1.0, "{text}");
            assert_eq!(peak.label, "given");
        }
    }

    #[test]
    fn new_presets_are_dense_figures_with_sources() {
        for (id, flops, needle) in [
            ("h100-fp8", 1979e12, "3,958"),
            ("h200-bf16", 989e12, "H200"),
            ("b200-bf16", 2250e12, "36 PFLOP/s"),
            ("b200-fp8", 4500e12, "72 PFLOP/s"),
            ("mi300x-bf16", 1307.4e12, "2,614.9"),
        ] {
            let p = parse_peak(id).expect(id);
            assert!((p.flops_per_s - flops).abs() < 1.0, "{id}");
            assert!(
                p.source.contains(needle) && p.source.contains("dense"),
                "{id}"
            );
        }
    }

    #[test]
    fn a_peak_without_its_exponent_is_refused() {
        for bad in ["989", "312", "1e6 FLOP/s"] {
            let err = parse_peak(bad).expect_err(bad).to_string();
            assert!(
                err.contains("missing its exponent") && err.contains("e12"),
                "{bad}: {err}"
            );
        }
        assert!(parse_peak("1e9").is_ok(), "1 GFLOP/s is the floor");
    }

    #[test]
    fn bad_peaks_are_named() {
        for bad in ["h100", "0", "-989e12", "NaN", "1e30", ""] {
            let err = parse_peak(bad).expect_err(bad).to_string();
            assert!(err.contains(&format!("'{bad}'")), "{bad}: {err}");
        }
        assert!(
            parse_peak("h100")
                .expect_err("id")
                .to_string()
                .contains("h100-bf16")
        );
    }
}
