//! Checkpoint interval formulas and job MTBF at scale.
//!
//! Young (1974): tau = sqrt(2 C M). Daly (2006): tau = sqrt(2 C M) times
//! [1 + (1/3) sqrt(C / 2M) + (1/9) (C / 2M)], minus C, for C < 2M, else M; checked against the
//! paper's figure captions (M = 24 h, C = 5 min gives 116.69 min).

/// Young's first-order optimum, seconds.
pub fn young_interval(checkpoint_s: f64, mtbf_s: f64) -> f64 {
    (2.0 * checkpoint_s * mtbf_s).sqrt()
}

/// Daly's higher-order optimum, seconds.
pub fn daly_interval(checkpoint_s: f64, mtbf_s: f64) -> f64 {
    if checkpoint_s >= 2.0 * mtbf_s {
        return mtbf_s;
    }
    let ratio = checkpoint_s / (2.0 * mtbf_s);
    young_interval(checkpoint_s, mtbf_s) * (1.0 + ratio.sqrt() / 3.0 + ratio / 9.0) - checkpoint_s
}

/// First-order share of time lost at interval `tau`: writing checkpoints (C / tau) plus the
/// work redone after a failure (tau / 2M on average). Capped at 1.
pub fn overhead_fraction(checkpoint_s: f64, mtbf_s: f64, tau_s: f64) -> f64 {
    (checkpoint_s / tau_s + tau_s / (2.0 * mtbf_s)).min(1.0)
}

/// Job MTBF when each of `gpus` fails independently with mean time `gpu_mtbf_s`.
pub fn job_mtbf(gpu_mtbf_s: f64, gpus: usize) -> f64 {
    gpu_mtbf_s / gpus as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: f64 = 60.0;
    const HOUR: f64 = 3600.0;

    #[test]
    fn daly_paper_captions() {
        // Daly 2006 figures: R = 10 min, delta = 5 min; M = 24 h, 6 h, 15 min -> 117, 57, 9.1 min.
        for (mtbf, want) in [
            (24.0 * HOUR, 116.69),
            (6.0 * HOUR, 56.71),
            (15.0 * MIN, 9.14),
        ] {
            let got = daly_interval(5.0 * MIN, mtbf) / MIN;
            assert!((got - want).abs() < 0.01, "{got} vs {want}");
        }
        assert!((young_interval(5.0 * MIN, 24.0 * HOUR) / MIN - 120.0).abs() < 1e-9);
    }

    #[test]
    fn daly_caps_at_mtbf_and_overhead_matches_sqrt_2c_over_m() {
        assert!((daly_interval(3.0 * HOUR, HOUR) - HOUR).abs() < 1e-9);
        let (c, m) = (5.0 * MIN, 24.0 * HOUR);
        let at_young = overhead_fraction(c, m, young_interval(c, m));
        assert!((at_young - (2.0 * c / m).sqrt()).abs() < 1e-12);
        assert!(overhead_fraction(HOUR, HOUR, 1.0) <= 1.0);
    }

    #[test]
    fn llama3_job_mtbf() {
        // 419 unexpected interruptions in 54 days on 16,384 GPUs: job MTBF 3.09 h.
        let job = 54.0 * 24.0 * HOUR / 419.0;
        let per_gpu = job * 16_384.0;
        assert!((per_gpu / HOUR - 50_677.0).abs() < 1.0);
        assert!((job_mtbf(per_gpu, 16_384) / HOUR - 3.093).abs() < 0.001);
    }
}
