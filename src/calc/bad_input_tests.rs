//! Every engine refuses bad input with an error that names the bad value or the flag that fixes
//! it: one table for all engines, each case named by its engine and the fields it sets.
//!
//! The engine runs as the registry runs it (`Calculator::compute`: `from_form`, then the
//! engine), without the registry's own field checks, so the message checked is the engine's.

use crate::calc::test_support::{Edits, edited, example};
use crate::calc::{Form, HardwareTable};
use crate::calculators::calculator;

/// The form each engine's cases edit: the registry's example (the card the engine is worked
/// against), with the fields the cases rely on being absent cleared.
fn base(engine: &str) -> Form {
    let cleared: Edits = match engine {
        // h = 8192, s = 4096, b = 1, t = 8: no layers, micro-batches or link.
        "tp" => &[
            ("bytes", ""),
            ("layers", ""),
            ("micro-batches", ""),
            ("link", ""),
        ],
        // p = 16, m = 64 and nothing else.
        "pipeline" => &[
            ("interleave", ""),
            ("t-fwd", ""),
            ("micro-batch", ""),
            ("seq", ""),
            ("hidden", ""),
            ("link", ""),
        ],
        // One node of 8 A100s.
        "collective" => &[
            ("ranks", "8"),
            ("gpus-per-node", ""),
            ("intra", "nvlink3"),
            ("inter", ""),
        ],
        "checkpoint" => return Form::of(&[("params", "7B")]),
        _ => &[],
    };
    edited(&example(engine), cleared)
}

/// One bad field: (engine, field, value set on its base form, what the error names).
#[rustfmt::skip]
const BAD_VALUES: &[(&str, &str, &str, &str)] = &[
    ("fabric", "nodes", "0", "nodes '0'"),
    ("fabric", "speed", "400 GB", "'400 GB'"),
    ("fabric", "speed", "ib-qdr", "'ib-qdr'"),
    ("fabric", "radix", "2", "switch radix '2'"),
    ("fabric", "oversubscription", "0.5", "'0.5'"),
    ("fabric", "oversubscription", "x:1", "'x:1'"),
    ("fabric", "nodes", "100000", "three-tier"),
    ("memory", "params", "70 GB", "'70 GB'"),
    ("memory", "params", "", "''"),
    ("memory", "gpus", "0", "GPUs '0'"),
    ("memory", "gpus", "-64", "'-64'"),
    ("memory", "stage", "4", "'4'"),
    ("memory", "optimizer-bytes", "0", "'0'"),
    ("memory", "optimizer-bytes", "NaN", "'NaN'"),
    ("memory", "shard-group", "12", "'12'"),
    ("memory", "shard-group", "128", "'128'"),
    ("mfu", "params", "70 GB", "'70 GB'"),
    ("mfu", "gpus", "0", "GPUs '0'"),
    ("mfu", "peak", "h100", "'h100'"),
    ("mfu", "peak", "-1", "'-1'"),
    ("mfu", "step-time", "20 GB", "'20 GB'"),
    ("mfu", "tokens-per-step", "NaN", "'NaN'"),
    ("mfu", "tokens-per-step", "", "--tokens-per-step"),
    ("mfu", "tokens-per-s", "1e6", "not both"),
    ("mfu", "heads", "", "--heads"),
    ("mfu", "seq", "0", "sequence length '0'"),
    ("mfu", "recompute", "2", "'2'"),
    ("overlap", "windows", "0", "windows '0'"),
    ("overlap", "compute", "1 ms", "not several"),
    ("overlap", "compute-total", "", "--compute"),
    ("overlap", "bw", "", "needs a link"),
    ("overlap", "bytes", "50 MB/s", "'50 MB/s'"),
    ("overlap", "comm", "1 ms", "not several"),
    ("overlap", "compute-total", "-5 ms", "'-5 ms'"),
    ("layout", "dp", "64", "must equal"),
    ("layout", "pod-size", "100", "pod size '100'"),
    ("layout", "oversubscription", "0", "'0'"),
    ("layout", "seq", "4096", "together"),
    ("layout", "params", "70 GB", "'70 GB'"),
    ("pipeline", "stages", "1", "at least 2 stages"),
    ("pipeline", "stages", "-4", "'-4'"),
    ("pipeline", "micro-batches", "0", "'0'"),
    ("pipeline", "micro-batches", "", "''"),
    ("pipeline", "interleave", "NaN", "'NaN'"),
    ("pipeline", "t-fwd", "-1 ms", "'-1 ms'"),
    ("pipeline", "t-fwd", "10 GB", "'10 GB'"),
    ("pipeline", "t-bwd", "20 ms", "--t-fwd"),
    ("pipeline", "seq", "4096", "--micro-batch, --hidden"),
    ("pipeline", "link", "ib-ndr", "--micro-batch"),
    ("tp", "tp", "1", "'1'"),
    ("tp", "tp", "0", "'0'"),
    ("tp", "tp", "", "''"),
    ("tp", "hidden", "-8", "'-8'"),
    ("tp", "bytes", "NaN", "'NaN'"),
    ("tp", "layers", "0", "layers '0'"),
    ("tp", "link", "nvlink9", "'nvlink9'"),
    ("tp", "bw", "10 GB", "'10 GB'"),
    ("collective", "ranks", "1", "at least 2 ranks"),
    ("collective", "ranks", "0", "'0'"),
    ("collective", "ranks", "1000000000", "limit is 10 million"),
    ("collective", "intra", "", "--intra"),
    ("collective", "intra-bw", "300 GB/s", "not both"),
    ("collective", "op", "allreduse", "'allreduse'"),
    ("collective", "size", "10 GB/s", "'10 GB/s'"),
    ("collective", "intra", "nvlink", "'nvlink2'"),
    ("checkpoint", "params", "70 GB", "'70 GB'"),
    ("checkpoint", "params", "0", "'0'"),
    ("checkpoint", "recipe", "adam", "'adam'"),
    ("checkpoint", "bytes-per-param", "0", "'0'"),
    ("checkpoint", "storage-bw", "10 GB", "'10 GB'"),
    ("checkpoint", "mtbf", "-3 h", "'-3 h'"),
    ("checkpoint", "gpu-mtbf", "5 y", "--gpus"),
    ("checkpoint", "nodes", "0", "'0'"),
];

/// Fields that clash or need each other: (engine, fields set on its base form, what the error
/// names).
#[rustfmt::skip]
const CLASHES: &[(&str, Edits, &str)] = &[
    ("fabric", &[("nics-per-node", "40"), ("rail", "")], "--rail"),
    ("mfu", &[("step-time", ""), ("tokens-per-step", "")], "no throughput"),
    ("overlap", &[("tail", "1 ms"), ("tail-bytes", "1 MB")], "not both"),
    ("layout", &[("tp", "16"), ("dp", "64")], "NVLink domain"),
    ("layout", &[("tp", "3"), ("dp", ""), ("gpus", "48")], "straddle"),
    ("layout", &[("dp", ""), ("pp", "3")], "not a multiple"),
    ("pipeline", &[("micro-batch", "1"), ("seq", "4096"), ("hidden", "8192"), ("link", "ib-xyz")], "'ib-xyz'"),
    ("tp", &[("link", "nvlink4"), ("bw", "450 GB/s")], "not both"),
    ("collective", &[("ranks", "12"), ("gpus-per-node", "8")], "'12'"),
    ("collective", &[("ranks", "16"), ("gpus-per-node", "8")], "--inter"),
    ("collective", &[("op", "allgather"), ("algo", "tree")], "'tree'"),
    ("checkpoint", &[("recipe", "bf16-adam"), ("bytes-per-param", "2")], "not both"),
];

/// The engine's error for `edits` on its base form.
fn refusal(engine: &str, edits: Edits) -> String {
    let spec = calculator(engine).unwrap_or_else(|| panic!("no calculator {engine}"));
    (spec.compute)(&edited(&base(engine), edits), &HardwareTable::bundled())
        .err()
        .unwrap_or_else(|| panic!("{engine} {edits:?} is accepted"))
        .to_string()
}

#[test]
fn every_engine_names_the_bad_value() {
    for &(engine, field, value, needle) in BAD_VALUES {
        let error = refusal(engine, &[(field, value)]);
        assert!(
            error.contains(needle),
            "{engine} {field} {value:?} names {needle:?}: {error}"
        );
    }
}

#[test]
fn every_engine_names_clashing_fields() {
    for (engine, edits, needle) in CLASHES {
        let error = refusal(engine, edits);
        assert!(
            error.contains(needle),
            "{engine} {edits:?} names {needle:?}: {error}"
        );
    }
}
