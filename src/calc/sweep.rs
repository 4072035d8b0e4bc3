//! Collective time over a range of sizes, one series per algorithm, for the latency-bound vs
//! bandwidth-bound chart.

use serde::Serialize;

use crate::calc::collective::{self, Algorithm, CollectiveInput};

/// One algorithm's curve: (size in bytes, expected seconds) points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepSeries {
    pub algorithm: Algorithm,
    /// (bytes, expected seconds), in the order of the sizes given.
    pub points: Vec<(f64, f64)>,
}

/// Powers of two from 1 KiB to 16 GiB (25 sizes), as an nccl-tests `-b 1K -e 16G -f 2` run.
pub fn default_sweep_sizes() -> Vec<f64> {
    (10..=34).map(|p| f64::from(2u32).powi(p)).collect()
}

/// Expected time of `input` at each size, for each algorithm `auto` weighs (those NCCL runs
/// here), or the one asked for.
pub fn collective_sweep(input: &CollectiveInput, sizes: &[f64]) -> Vec<SweepSeries> {
    let algorithms: Vec<Algorithm> = if input.algorithm == Algorithm::Auto {
        input.candidates()
    } else {
        vec![input.algorithm]
    };
    let mut at_size = input.clone();
    algorithms
        .into_iter()
        .map(|algorithm| SweepSeries {
            algorithm,
            points: sizes
                .iter()
                .map(|&size| {
                    at_size.size_bytes = size;
                    (size, collective::times(&at_size, algorithm).1)
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calc::{Form, HardwareTable};

    fn input(algorithm: &'static str) -> CollectiveInput {
        let f = Form::of(&[
            ("op", "allreduce"),
            ("size", "1 MiB"),
            ("ranks", "16"),
            ("gpus-per-node", "8"),
            ("intra", "nvlink4"),
            ("inter", "ib-ndr"),
            ("algo", algorithm),
        ]);
        CollectiveInput::from_form(&f, &HardwareTable::bundled()).expect("valid")
    }

    #[test]
    fn one_series_per_algorithm_growing_with_size() {
        let sizes = default_sweep_sizes();
        assert_eq!(sizes.len(), 25);
        assert!(
            (sizes[0] - 1024.0).abs() < f64::EPSILON && (sizes[24] - 17_179_869_184.0).abs() < 1.0
        );
        let series = collective_sweep(&input("auto"), &sizes);
        assert_eq!(series.len(), 3);
        for s in &series {
            assert!(
                s.points.windows(2).all(|w| w[1].1 > w[0].1),
                "{:?}",
                s.algorithm
            );
        }
        assert_eq!(collective_sweep(&input("ring"), &sizes).len(), 1);
    }

    #[test]
    fn small_sizes_are_latency_bound() {
        // At 1 KiB the ring's 30 latency steps dominate: doubling the size barely changes the time.
        let series = collective_sweep(&input("ring"), &[1024.0, 2048.0]);
        let [(_, t1), (_, t2)] = series[0].points[..] else {
            panic!("two points")
        };
        assert!(t2 / t1 < 1.01);
    }
}
