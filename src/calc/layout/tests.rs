use proptest::prelude::*;

use super::*;
use crate::calc::close;
use crate::calc::test_support::{assert_says, edited, example};

fn run(f: &Form) -> Result<LayoutReport, CalcError> {
    LayoutInput::from_form(f, &HardwareTable::bundled()).map(|i| layout(&i))
}

/// Card 20: Llama 3 405B on 16,384 H100s, TP 8, PP 16, DP 128, Meta's 3,072-GPU pods at 7:1.
fn llama3() -> Form {
    example("layout")
}

#[test]
fn the_cards_placement() {
    let r = run(&llama3()).expect("valid");
    assert_eq!((r.replica_gpus, r.replica_nodes, r.nodes), (128, 16, 2048));
    let pod = r.pod.expect("pods");
    crate::calc::group::assert_fields(&pod);
    assert!(close(pod.replicas_per_pod, 24.0));
    assert!((pod.pods - 5.33).abs() < 0.01);
    let tiers: Vec<&str> = r.placements.iter().map(|p| p.tier).collect();
    assert_eq!(tiers, ["nvlink", "one GPU", "pod", "cross-pod"]);
    let (pp, dp) = (&r.placements[2], &r.placements[3]);
    assert_eq!((pp.stride, pp.nodes_spanned, pp.same_rail), (8, 16, true));
    assert_eq!(
        (dp.stride, dp.nodes_spanned, dp.same_rail),
        (128, 128, true)
    );
    assert_eq!(dp.pods_spanned, Some(6));
    assert_says(&r.steps, "1 node(s) apart");
}

#[test]
fn the_cards_dp_traffic() {
    // 405e9 / 128 × 2 B = 6.33 GB; reduce-scatter 127/128 of it at 50 GB/s ≈ 0.13 s.
    let r = run(&llama3()).expect("valid");
    let grads = 405e9 / 128.0 * 2.0;
    assert!(close(r.gradient_bytes.expect("g"), grads));
    assert!(close(
        r.dp_bytes_per_step.expect("b"),
        grads * 127.0 / 128.0
    ));
    let t = r.dp_seconds.expect("t");
    assert!((t - 0.13).abs() < 0.005, "{t}");
    let worst = r.dp_oversubscribed_seconds.expect("7:1");
    assert!(close(worst, grads * 127.0 / 128.0 * 7.0 / 50e9));
    // Pod-ordered rings: 3072 / 24 = 128 edges × 50 GB/s = 6.4 TB/s < 3072 × 50 GB/s / 7.
    assert_eq!(r.dp_edges_leaving_pod, Some(128));
    assert!(close(r.pod_egress_bytes_per_s.expect("e"), 6.4e12));
    assert!(close(
        r.pod_uplink_bytes_per_s.expect("u"),
        3072.0 * 50e9 / 7.0
    ));
    assert!(
        r.steps
            .iter()
            .any(|s| s.contains("21.94 TB/s") && s.contains("it fits"))
    );
}

#[test]
fn long_context_and_activation_traffic() {
    // CP 16: DP drops to 8 and a replica is 2048 GPUs; CP crosses nodes.
    let long_context = edited(
        &llama3(),
        &[
            ("cp", "16"),
            ("dp", ""),
            ("micro-batch", "1"),
            ("seq", "131072"),
            ("hidden", "16384"),
            ("layers", "126"),
            ("micro-batches", "16"),
        ],
    );
    let r = run(&long_context).expect("valid");
    assert_eq!((r.grid.dp, r.replica_gpus), (8, 2048));
    assert_eq!(r.placements[1].tier, "pod");
    // PP message: 1 × 8192 × 16384 × 2 B = 256 MiB, 32 per step.
    assert!(close(
        r.pp_bytes_per_step.expect("pp"),
        32.0 * 268_435_456.0
    ));
    // TP: 4 × 2 × 7/8 × 256 MiB per layer, ⌈126/16⌉ = 8 layers, 16 micro-batches.
    assert!(close(
        r.tp_bytes_per_step.expect("tp"),
        4.0 * 1.75 * 268_435_456.0 * 8.0 * 16.0
    ));
}

#[test]
fn an_nvl72_domain_holds_tp_and_pp() {
    let base = llama3();
    // An NVL72 domain takes TP 18, and TP 18 × PP 4 = 72 keeps PP inside it too.
    let r = run(&base
        .with("gpus", "1152")
        .with("tp", "18")
        .with("pp", "4")
        .with("dp", "")
        .with("gpus-per-node", "72")
        .with("pod-size", ""))
    .expect("nvl72");
    assert_eq!(r.placements[0].tier, "nvlink");
    assert_eq!(r.placements[2].tier, "nvlink");
    assert_eq!(r.placements[3].tier, "network");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn groups_tile_the_job(tp_exp in 0u32..4, pp in 1usize..9, dp in 1usize..33, cp in 1usize..5) {
        let tp = 1usize << tp_exp;
        let gpus = tp * cp * pp * dp;
        let (g, t, c, p, d) = (gpus.to_string(), tp.to_string(), cp.to_string(), pp.to_string(), dp.to_string());
        let f = Form::of(&[("gpus", &g), ("tp", &t), ("cp", &c), ("pp", &p), ("dp", &d), ("gpus-per-node", &t)]);
        let r = run(&f).expect("valid");
        prop_assert_eq!(r.placements[0].tier == "nvlink" || tp == 1, true);
        let product: usize = r.placements.iter().map(|p| p.size).product();
        prop_assert_eq!(product, gpus);
        for pl in &r.placements {
            prop_assert!(pl.nodes_spanned >= 1 && pl.nodes_spanned <= pl.size.max(1));
        }
    }
}
