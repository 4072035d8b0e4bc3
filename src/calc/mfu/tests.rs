use proptest::prelude::*;

use super::*;
use crate::calc::close;
use crate::calc::test_support::{assert_says, example};

fn run(f: &Form) -> Result<MfuReport, CalcError> {
    MfuInput::from_form(f).map(|i| mfu(&i))
}

/// The card's example: 70B, L = 80, H = 64, Q = 128, T = 8192, 1,024 H100, 2,048 × 8,192
/// tokens every 20 s.
fn card() -> Form {
    example("mfu")
}

#[test]
fn the_cards_70b_run() {
    let r = run(&card()).expect("valid");
    let attention = 12.0 * 80.0 * 64.0 * 128.0 * 8192.0;
    assert!(close(r.attention_flops_per_token, attention));
    assert!(close(r.model_flops_per_token, 420e9 + attention));
    assert!(close(r.tokens_per_s, 16_777_216.0 / 20.0));
    assert!((r.tokens_per_s_per_gpu - 819.2).abs() < 1e-9);
    // 838,861 × 484.4 GFLOP / (1,024 × 989 TFLOP/s) = 40.1%.
    let want = 16_777_216.0 / 20.0 * (420e9 + attention) / (1024.0 * 989e12);
    assert!(close(r.mfu, want));
    assert!((r.mfu - 0.401).abs() < 0.0005, "{}", r.mfu);
    assert!(close(r.hfu, r.mfu), "no recompute: HFU = MFU");
    assert_says(&r.steps, "40.1%");
}

#[test]
fn hfu_with_full_recompute_and_the_sparse_peak_trap() {
    // 8N + 16·L·H·Q·T: 53.5%; 6N only: 35%; dividing by the sparse 1,979: 20%.
    let full = run(&card().with("recompute", "full")).expect("full");
    assert!((full.hfu - 0.535).abs() < 0.0005, "{}", full.hfu);
    assert!(close(full.mfu, run(&card()).expect("card").mfu));
    let dense_only = run(&card()
        .with("layers", "")
        .with("heads", "")
        .with("head-dim", "")
        .with("seq", ""))
    .expect("6N");
    assert!(
        (dense_only.mfu - 0.348).abs() < 0.0005,
        "{}",
        dense_only.mfu
    );
    let sparse = run(&card().with("peak", "1979e12")).expect("sparse");
    assert!((sparse.mfu - 0.2005).abs() < 0.0005, "{}", sparse.mfu);
    assert_eq!(sparse.peak.label, "given");
}

#[test]
fn tokens_per_second_directly() {
    // Llama 3 405B: 430 TFLOP/s per GPU of 989 is 43%; work back to tokens/s for 6N only.
    let per_gpu = 430e12 / (6.0 * 405e9);
    let rate = format!("{}", per_gpu * 8192.0);
    let r = run(&Form::of(&[
        ("params", "405B"),
        ("gpus", "8192"),
        ("tokens-per-s", &rate),
        ("peak", "h100-bf16"),
    ]))
    .expect("llama");
    assert!((r.mfu - 0.4348).abs() < 0.0005, "{}", r.mfu);
    assert!(close(r.model_flops_per_s_per_gpu, 430e12));
    assert!(r.step_seconds.is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn mfu_grows_with_throughput_shrinks_with_gpus_and_hfu_is_at_least_mfu(
        rate in 1.0f64..1e9, gpus in 1usize..100_000, share in 0.0f64..=1.0,
    ) {
        let report = |rate: f64, gpus: usize| {
            let (rate, gpus, share) = (format!("{rate}"), gpus.to_string(), format!("{share}"));
            let f = card().with("tokens-per-s", &rate).with("gpus", &gpus).with("recompute", &share).with("step-time", "").with("tokens-per-step", "");
            run(&f)
        };
        match report(rate, gpus) {
            // Too many tokens for the GPUs: refused, never printed as over 100%.
            Err(e) => prop_assert!(e.to_string().contains("above 100%"), "{e}"),
            Ok(r) => {
                prop_assert!(r.mfu > 0.0 && r.mfu <= 1.0 && r.hfu >= r.mfu && r.hfu <= 1.0);
                if let Ok(double) = report(rate * 2.0, gpus) {
                    prop_assert!(double.mfu > r.mfu);
                }
                prop_assert!(report(rate, gpus + 1).expect("fewer tokens per GPU").mfu < r.mfu);
            }
        }
    }
}

#[test]
fn mfu_over_100_percent_is_refused() {
    // The card's run with a 1,000 times too fast step: MFU would be 40,000%.
    let err = run(&card().with("step-time", "20 ms"))
        .expect_err("impossible")
        .to_string();
    assert!(err.contains("above 100%"), "{err}");
    // A peak typed without its exponent is refused before any MFU is printed.
    let err = run(&card().with("peak", "989"))
        .expect_err("989")
        .to_string();
    assert!(err.contains("989e12"), "{err}");
}
