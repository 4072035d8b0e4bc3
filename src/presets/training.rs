//! Form bridges of the training calculators: a card preset as form text, and form text as
//! calculator input, read exactly as the command line reads its flags.

use crate::calc::{
    CalcError, FabricFields, FabricInput, HardwareTable, LayoutFields, LayoutInput, MemoryFields,
    MemoryInput, MfuFields, MfuInput, OverlapFields, OverlapInput, PipelineFields, PipelineInput,
    Stage, TpFields, TpInput,
};
use crate::content::card::{
    FabricPreset, LayoutPreset, MemoryPreset, MfuPreset, OverlapPreset, PipelinePreset, TpPreset,
};
use crate::presets::{FormValues, number, some};

fn text<T: ToString>(value: Option<&T>) -> String {
    value.map(ToString::to_string).unwrap_or_default()
}

/// The tp form for a preset.
pub fn tp_form(p: &TpPreset) -> FormValues {
    FormValues {
        values: vec![
            ("micro-batch", p.micro_batch.to_string()),
            ("seq", p.seq.to_string()),
            ("hidden", p.hidden.to_string()),
            ("tp", p.tp.to_string()),
            ("bytes", text(p.bytes.as_ref())),
            ("layers", number(p.layers)),
            ("micro-batches", number(p.micro_batches)),
            (
                "sequence-parallel",
                if p.sequence_parallel { "yes" } else { "no" }.to_owned(),
            ),
            ("link", some(p.link.as_ref())),
            ("bw", some(p.bw.as_ref())),
        ],
    }
}

/// The pipeline form for a preset.
pub fn pipeline_form(p: &PipelinePreset) -> FormValues {
    FormValues {
        values: vec![
            ("stages", p.stages.to_string()),
            ("micro-batches", p.micro_batches.to_string()),
            ("interleave", number(p.interleave)),
            ("t-fwd", some(p.t_fwd.as_ref())),
            ("t-bwd", some(p.t_bwd.as_ref())),
            ("micro-batch", number(p.micro_batch)),
            ("seq", number(p.seq)),
            ("hidden", number(p.hidden)),
            ("bytes", text(p.bytes.as_ref())),
            ("link", some(p.link.as_ref())),
            ("bw", some(p.bw.as_ref())),
        ],
    }
}

/// The memory form for a preset; the stage is written as the form's choice (`3` → `zero-3`).
pub fn memory_form(p: &MemoryPreset) -> FormValues {
    let stage = p.stage.as_ref().map_or_else(String::new, |s| {
        let raw = s.to_string();
        raw.parse::<Stage>().map_or(raw, |stage| stage.to_string())
    });
    FormValues {
        values: vec![
            ("params", p.params.clone()),
            ("gpus", p.gpus.to_string()),
            ("stage", stage),
            ("optimizer-bytes", number(p.optimizer_bytes)),
            ("shard-group", number(p.shard_group)),
        ],
    }
}

/// The mfu form for a preset.
pub fn mfu_form(p: &MfuPreset) -> FormValues {
    FormValues {
        values: vec![
            ("params", p.params.clone()),
            ("gpus", p.gpus.to_string()),
            ("peak", p.peak.to_string()),
            ("tokens-per-s", number(p.tokens_per_s)),
            ("step-time", some(p.step_time.as_ref())),
            ("tokens-per-step", number(p.tokens_per_step)),
            ("layers", number(p.layers)),
            ("heads", number(p.heads)),
            ("head-dim", number(p.head_dim)),
            ("seq", number(p.seq)),
            ("recompute", text(p.recompute.as_ref())),
        ],
    }
}

/// `yes`/`no` (also `true`/`false`, `on`/`off`); empty means no.
fn yes_no(form: &FormValues, name: &'static str) -> Result<bool, CalcError> {
    match form
        .get(name)
        .map(|v| v.trim().to_ascii_lowercase())
        .as_deref()
    {
        None | Some("no" | "false" | "off") => Ok(false),
        Some("yes" | "true" | "on") => Ok(true),
        Some(_) => Err(CalcError::invalid(format!(
            "{name} '{}' is not yes or no",
            form.get(name).unwrap_or_default().trim()
        ))),
    }
}

/// Parses a tp form the way the calculator will.
pub fn tp_input(form: &FormValues, table: &HardwareTable) -> Result<TpInput, CalcError> {
    let fields = TpFields {
        micro_batch: form.get("micro-batch").unwrap_or(""),
        seq: form.get("seq").unwrap_or(""),
        hidden: form.get("hidden").unwrap_or(""),
        tp: form.get("tp").unwrap_or(""),
        bytes: form.get("bytes"),
        layers: form.get("layers"),
        micro_batches: form.get("micro-batches"),
        sequence_parallel: yes_no(form, "sequence-parallel")?,
        link: form.get("link"),
        bw: form.get("bw"),
    };
    TpInput::from_fields(&fields, table)
}

/// Parses a pipeline form the way the calculator will.
pub fn pipeline_input(
    form: &FormValues,
    table: &HardwareTable,
) -> Result<PipelineInput, CalcError> {
    let fields = PipelineFields {
        stages: form.get("stages").unwrap_or(""),
        micro_batches: form.get("micro-batches").unwrap_or(""),
        interleave: form.get("interleave"),
        t_fwd: form.get("t-fwd"),
        t_bwd: form.get("t-bwd"),
        micro_batch: form.get("micro-batch"),
        seq: form.get("seq"),
        hidden: form.get("hidden"),
        bytes: form.get("bytes"),
        link: form.get("link"),
        bw: form.get("bw"),
    };
    PipelineInput::from_fields(&fields, table)
}

/// Parses a memory form the way the calculator will.
pub fn memory_input(form: &FormValues) -> Result<MemoryInput, CalcError> {
    let fields = MemoryFields {
        params: form.get("params").unwrap_or(""),
        gpus: form.get("gpus").unwrap_or(""),
        stage: form.get("stage"),
        optimizer_bytes: form.get("optimizer-bytes"),
        shard_group: form.get("shard-group"),
    };
    MemoryInput::from_fields(&fields)
}

/// Parses an mfu form the way the calculator will.
pub fn mfu_input(form: &FormValues) -> Result<MfuInput, CalcError> {
    let fields = MfuFields {
        params: form.get("params").unwrap_or(""),
        gpus: form.get("gpus").unwrap_or(""),
        peak: form.get("peak").unwrap_or(""),
        tokens_per_s: form.get("tokens-per-s"),
        step_time: form.get("step-time"),
        tokens_per_step: form.get("tokens-per-step"),
        layers: form.get("layers"),
        heads: form.get("heads"),
        head_dim: form.get("head-dim"),
        seq: form.get("seq"),
        recompute: form.get("recompute"),
    };
    MfuInput::from_fields(&fields)
}

/// The fabric form for a preset.
pub fn fabric_form(p: &FabricPreset) -> FormValues {
    FormValues {
        values: vec![
            ("nodes", p.nodes.to_string()),
            ("nics-per-node", p.nics_per_node.to_string()),
            ("speed", p.speed.clone()),
            ("radix", number(p.radix)),
            ("oversubscription", text(p.oversubscription.as_ref())),
            ("rail", if p.rail { "yes" } else { "no" }.to_owned()),
        ],
    }
}

/// Parses a fabric form the way the calculator will.
pub fn fabric_input(form: &FormValues, table: &HardwareTable) -> Result<FabricInput, CalcError> {
    let fields = FabricFields {
        nodes: form.get("nodes").unwrap_or(""),
        nics_per_node: form.get("nics-per-node").unwrap_or(""),
        speed: form.get("speed").unwrap_or(""),
        radix: form.get("radix"),
        oversubscription: form.get("oversubscription"),
        rail: yes_no(form, "rail")?,
    };
    FabricInput::from_fields(&fields, table)
}

/// The overlap form for a preset.
pub fn overlap_form(p: &OverlapPreset) -> FormValues {
    FormValues {
        values: vec![
            ("compute", some(p.compute.as_ref())),
            ("compute-total", some(p.compute_total.as_ref())),
            ("comm", some(p.comm.as_ref())),
            ("comm-total", some(p.comm_total.as_ref())),
            ("bytes", some(p.bytes.as_ref())),
            ("windows", number(p.windows)),
            ("tail", some(p.tail.as_ref())),
            ("tail-bytes", some(p.tail_bytes.as_ref())),
            ("link", some(p.link.as_ref())),
            ("bw", some(p.bw.as_ref())),
        ],
    }
}

/// Parses an overlap form the way the calculator will.
pub fn overlap_input(form: &FormValues, table: &HardwareTable) -> Result<OverlapInput, CalcError> {
    let fields = OverlapFields {
        compute: form.get("compute"),
        compute_total: form.get("compute-total"),
        comm: form.get("comm"),
        comm_total: form.get("comm-total"),
        bytes: form.get("bytes"),
        windows: form.get("windows"),
        tail: form.get("tail"),
        tail_bytes: form.get("tail-bytes"),
        link: form.get("link"),
        bw: form.get("bw"),
    };
    OverlapInput::from_fields(&fields, table)
}

/// The layout form for a preset.
pub fn layout_form(p: &LayoutPreset) -> FormValues {
    FormValues {
        values: vec![
            ("gpus", p.gpus.to_string()),
            ("tp", p.tp.to_string()),
            ("cp", number(p.cp)),
            ("pp", number(p.pp)),
            ("dp", number(p.dp)),
            ("gpus-per-node", number(p.gpus_per_node)),
            ("pod-size", number(p.pod_size)),
            ("oversubscription", text(p.oversubscription.as_ref())),
            ("params", some(p.params.as_ref())),
            ("micro-batch", number(p.micro_batch)),
            ("seq", number(p.seq)),
            ("hidden", number(p.hidden)),
            ("bytes", text(p.bytes.as_ref())),
            ("layers", number(p.layers)),
            ("micro-batches", number(p.micro_batches)),
            ("link", some(p.link.as_ref())),
            ("bw", some(p.bw.as_ref())),
        ],
    }
}

/// Parses a layout form the way the calculator will.
pub fn layout_input(form: &FormValues, table: &HardwareTable) -> Result<LayoutInput, CalcError> {
    let fields = LayoutFields {
        gpus: form.get("gpus").unwrap_or(""),
        tp: form.get("tp").unwrap_or(""),
        cp: form.get("cp"),
        pp: form.get("pp"),
        dp: form.get("dp"),
        gpus_per_node: form.get("gpus-per-node"),
        pod_size: form.get("pod-size"),
        oversubscription: form.get("oversubscription"),
        params: form.get("params"),
        micro_batch: form.get("micro-batch"),
        seq: form.get("seq"),
        hidden: form.get("hidden"),
        bytes: form.get("bytes"),
        layers: form.get("layers"),
        micro_batches: form.get("micro-batches"),
        link: form.get("link"),
        bw: form.get("bw"),
    };
    LayoutInput::from_fields(&fields, table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calc::{memory, mfu, pipeline, tp};
    use crate::content::card::NumberOrText;

    fn table() -> HardwareTable {
        HardwareTable::bundled()
    }

    #[test]
    fn a_tp_preset_reaches_the_engine() {
        let preset = TpPreset {
            micro_batch: 1,
            seq: 4096,
            hidden: 8192,
            tp: 8,
            bytes: Some(NumberOrText::Text("bf16".to_owned())),
            layers: None,
            micro_batches: None,
            sequence_parallel: true,
            link: Some("nvlink4".to_owned()),
            bw: None,
        };
        let form = tp_form(&preset);
        assert_eq!(form.get("sequence-parallel"), Some("yes"));
        let report = tp(&tp_input(&form, &table()).expect("valid"));
        assert!((report.message_bytes - 67_108_864.0).abs() < 1.0);
        assert!(report.sequence_parallel && report.link.as_deref() == Some("nvlink4"));
    }

    #[test]
    fn memory_stage_numbers_become_choices() {
        let preset = MemoryPreset {
            params: "70B".to_owned(),
            gpus: 64,
            stage: Some(NumberOrText::Number(3.0)),
            optimizer_bytes: None,
            shard_group: Some(8),
        };
        let form = memory_form(&preset);
        assert_eq!(form.get("stage"), Some("zero-3"));
        let report = memory(&memory_input(&form).expect("valid"));
        assert!((report.bytes_per_gpu - 140e9).abs() < 1.0);
    }

    #[test]
    fn pipeline_and_mfu_presets_round_trip() {
        let preset = PipelinePreset {
            stages: 16,
            micro_batches: 64,
            interleave: Some(4),
            t_fwd: None,
            t_bwd: None,
            micro_batch: None,
            seq: None,
            hidden: None,
            bytes: None,
            link: None,
            bw: None,
        };
        let report = pipeline(&pipeline_input(&pipeline_form(&preset), &table()).expect("p"));
        assert!((report.bubble_fraction - 15.0 / 256.0).abs() < 1e-12);
        let preset = MfuPreset {
            params: "70B".to_owned(),
            gpus: 1024,
            peak: NumberOrText::Number(989e12),
            tokens_per_s: None,
            step_time: Some("20 s".to_owned()),
            tokens_per_step: Some(16_777_216.0),
            layers: None,
            heads: None,
            head_dim: None,
            seq: None,
            recompute: Some(NumberOrText::Text("full".to_owned())),
        };
        let report = mfu(&mfu_input(&mfu_form(&preset)).expect("mfu"));
        assert!((report.mfu - 0.348).abs() < 0.0005, "{}", report.mfu);
    }

    #[test]
    fn cluster_presets_reach_the_engine() {
        let preset = FabricPreset {
            nodes: 128,
            nics_per_node: 8,
            speed: "ib-ndr".to_owned(),
            radix: Some(64),
            oversubscription: Some(NumberOrText::Number(1.0)),
            rail: true,
        };
        let form = fabric_form(&preset);
        assert_eq!(form.get("rail"), Some("yes"));
        let report = crate::calc::fabric(&fabric_input(&form, &table()).expect("fabric"));
        assert_eq!((report.leaves, report.spines), (32, 16));
        let preset = OverlapPreset {
            compute: None,
            compute_total: Some("250 ms".to_owned()),
            comm: None,
            comm_total: None,
            bytes: Some("50 MB".to_owned()),
            windows: Some(170),
            tail: None,
            tail_bytes: None,
            link: None,
            bw: Some("50 GB/s".to_owned()),
        };
        let report =
            crate::calc::overlap(&overlap_input(&overlap_form(&preset), &table()).expect("o"));
        assert!((report.exposed_seconds - 1e-3).abs() < 1e-12);
        let preset = LayoutPreset {
            gpus: 16384,
            tp: 8,
            cp: None,
            pp: Some(16),
            dp: Some(128),
            gpus_per_node: None,
            pod_size: Some(3072),
            oversubscription: Some(NumberOrText::Text("7:1".to_owned())),
            params: Some("405B".to_owned()),
            micro_batch: None,
            seq: None,
            hidden: None,
            bytes: None,
            layers: None,
            micro_batches: None,
            link: Some("eth-400g".to_owned()),
            bw: None,
        };
        let report =
            crate::calc::layout(&layout_input(&layout_form(&preset), &table()).expect("l"));
        assert_eq!(report.dp_edges_leaving_pod, Some(128));
    }

    #[test]
    fn a_bad_yes_no_is_named() {
        let mut form = tp_form(&TpPreset {
            micro_batch: 1,
            seq: 1,
            hidden: 1,
            tp: 2,
            bytes: None,
            layers: None,
            micro_batches: None,
            sequence_parallel: false,
            link: None,
            bw: None,
        });
        form.values[7].1 = "maybe".to_owned();
        let err = tp_input(&form, &table()).expect_err("maybe").to_string();
        assert!(err.contains("'maybe'"), "{err}");
    }
}
