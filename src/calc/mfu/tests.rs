use proptest::prelude::*;

use super::*;
use crate::calc::close;

fn run(f: MfuFields<'_>) -> Result<MfuReport, CalcError> {
    MfuInput::from_fields(&f).map(|i| mfu(&i))
}

/// The card's example: 70B, L = 80, H = 64, Q = 128, T = 8192, 1,024 H100, 2,048 × 8,192
/// tokens every 20 s.
fn card() -> MfuFields<'static> {
    MfuFields {
        params: "70B",
        gpus: "1024",
        peak: "h100-bf16",
        step_time: Some("20 s"),
        tokens_per_step: Some("16777216"),
        layers: Some("80"),
        heads: Some("64"),
        head_dim: Some("128"),
        seq: Some("8192"),
        ..MfuFields::default()
    }
}

#[test]
fn the_cards_70b_run() {
    let r = run(card()).expect("valid");
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
    assert!(
        r.steps.iter().any(|s| s.contains("40.1%")),
        "{:#?}",
        r.steps
    );
}

#[test]
fn hfu_with_full_recompute_and_the_sparse_peak_trap() {
    // 8N + 16·L·H·Q·T: 53.5%; 6N only: 35%; dividing by the sparse 1,979: 20%.
    let full = run(MfuFields {
        recompute: Some("full"),
        ..card()
    })
    .expect("full");
    assert!((full.hfu - 0.535).abs() < 0.0005, "{}", full.hfu);
    assert!(close(full.mfu, run(card()).expect("card").mfu));
    let dense_only = run(MfuFields {
        layers: None,
        heads: None,
        head_dim: None,
        seq: None,
        ..card()
    })
    .expect("6N");
    assert!(
        (dense_only.mfu - 0.348).abs() < 0.0005,
        "{}",
        dense_only.mfu
    );
    let sparse = run(MfuFields {
        peak: "1979e12",
        ..card()
    })
    .expect("sparse");
    assert!((sparse.mfu - 0.2005).abs() < 0.0005, "{}", sparse.mfu);
    assert_eq!(sparse.peak, "given");
}

#[test]
fn tokens_per_second_directly() {
    // Llama 3 405B: 430 TFLOP/s per GPU of 989 is 43%; work back to tokens/s for 6N only.
    let per_gpu = 430e12 / (6.0 * 405e9);
    let rate = format!("{}", per_gpu * 8192.0);
    let r = run(MfuFields {
        params: "405B",
        gpus: "8192",
        tokens_per_s: Some(&rate),
        peak: "h100-bf16",
        ..MfuFields::default()
    })
    .expect("llama");
    assert!((r.mfu - 0.4348).abs() < 0.0005, "{}", r.mfu);
    assert!(close(r.model_flops_per_s_per_gpu, 430e12));
    assert!(r.step_seconds.is_none());
}

#[test]
fn bad_input_names_the_value() {
    let base = card();
    let cases = [
        (
            MfuFields {
                params: "70 GB",
                ..base
            },
            "'70 GB'",
        ),
        (MfuFields { gpus: "0", ..base }, "GPUs '0'"),
        (
            MfuFields {
                peak: "h100",
                ..base
            },
            "'h100'",
        ),
        (MfuFields { peak: "-1", ..base }, "'-1'"),
        (
            MfuFields {
                step_time: Some("20 GB"),
                ..base
            },
            "'20 GB'",
        ),
        (
            MfuFields {
                tokens_per_step: Some("NaN"),
                ..base
            },
            "'NaN'",
        ),
        (
            MfuFields {
                tokens_per_step: None,
                ..base
            },
            "--tokens-per-step",
        ),
        (
            MfuFields {
                tokens_per_s: Some("1e6"),
                ..base
            },
            "not both",
        ),
        (
            MfuFields {
                step_time: None,
                tokens_per_step: None,
                ..base
            },
            "no throughput",
        ),
        (
            MfuFields {
                heads: None,
                ..base
            },
            "--heads",
        ),
        (
            MfuFields {
                seq: Some("0"),
                ..base
            },
            "sequence length '0'",
        ),
        (
            MfuFields {
                recompute: Some("2"),
                ..base
            },
            "'2'",
        ),
    ];
    for (fields, needle) in cases {
        let err = run(fields).expect_err(needle).to_string();
        assert!(err.contains(needle), "{needle}: {err}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn mfu_grows_with_throughput_shrinks_with_gpus_and_hfu_is_at_least_mfu(
        rate in 1.0f64..1e9, gpus in 1usize..100_000, share in 0.0f64..=1.0,
    ) {
        let report = |rate: f64, gpus: usize| {
            let (rate, gpus, share) = (format!("{rate}"), gpus.to_string(), format!("{share}"));
            let f = MfuFields {
                tokens_per_s: Some(&rate), gpus: &gpus, recompute: Some(&share),
                step_time: None, tokens_per_step: None, ..card()
            };
            run(f)
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
    let err = run(MfuFields {
        step_time: Some("20 ms"),
        ..card()
    })
    .expect_err("impossible")
    .to_string();
    assert!(err.contains("above 100%"), "{err}");
    // A peak typed without its exponent is refused before any MFU is printed.
    let err = run(MfuFields {
        peak: "989",
        ..card()
    })
    .expect_err("989")
    .to_string();
    assert!(err.contains("989e12"), "{err}");
}
