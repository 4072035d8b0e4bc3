//! Card presets meet the calculators: a card's `[[calc]]` preset becomes calculator input, and
//! its `[[figures]]` are recomputed, so content and engine never disagree.

mod training;

pub use training::{
    fabric_form, fabric_input, layout_form, layout_input, memory_form, memory_input, mfu_form,
    mfu_input, overlap_form, overlap_input, pipeline_form, pipeline_input, tp_form, tp_input,
};

use crate::calc::{
    self, CalcError, CheckpointFields, CheckpointInput, CollectiveFields, CollectiveInput,
    HardwareTable, TransferFields, TransferInput,
};
use crate::content::card::{CheckpointPreset, CollectivePreset, TransferPreset};
use crate::content::{CalcPreset, Card, Figure, Problem};

/// A preset's fields as the text a user would type in the calculator's form.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FormValues {
    pub values: Vec<(&'static str, String)>,
}

impl FormValues {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.trim().is_empty())
    }
}

pub(crate) fn some(value: Option<&String>) -> String {
    value.cloned().unwrap_or_default()
}

pub(crate) fn number<T: ToString>(value: Option<T>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// The transfer form for a preset.
pub fn transfer_form(p: &TransferPreset) -> FormValues {
    FormValues {
        values: vec![
            ("size", p.size.clone()),
            ("links", p.links.join(" ")),
            ("bandwidth", some(p.bandwidth.as_ref())),
            ("latency", some(p.latency.as_ref())),
            ("efficiency", number(p.efficiency)),
        ],
    }
}

/// The collective form for a preset.
pub fn collective_form(p: &CollectivePreset) -> FormValues {
    let op = serde_json::to_value(p.op)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    let algo = p
        .algo
        .and_then(|a| serde_json::to_value(a).ok())
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    FormValues {
        values: vec![
            ("op", op),
            ("size", p.size.clone()),
            ("ranks", p.ranks.to_string()),
            ("gpus-per-node", number(p.gpus_per_node)),
            ("nics-per-node", number(p.nics_per_node)),
            ("intra", some(p.intra.as_ref())),
            ("intra-bw", some(p.intra_bw.as_ref())),
            ("inter", some(p.inter.as_ref())),
            ("inter-bw", some(p.inter_bw.as_ref())),
            ("algo", algo),
            ("latency", some(p.latency.as_ref())),
        ],
    }
}

/// The checkpoint form for a preset.
pub fn checkpoint_form(p: &CheckpointPreset) -> FormValues {
    FormValues {
        values: vec![
            ("params", p.params.clone()),
            ("recipe", some(p.recipe.as_ref())),
            ("bytes-per-param", number(p.bytes_per_param)),
            ("storage-bw", some(p.storage_bw.as_ref())),
            ("nodes", number(p.nodes)),
            ("node-bw", some(p.node_bw.as_ref())),
            ("nvme-bw", some(p.nvme_bw.as_ref())),
            ("gpus", number(p.gpus)),
            ("pcie", some(p.pcie.as_ref())),
            ("checkpoint-time", some(p.checkpoint_time.as_ref())),
            ("mtbf", some(p.mtbf.as_ref())),
            ("gpu-mtbf", some(p.gpu_mtbf.as_ref())),
        ],
    }
}

/// Parses a transfer form the way the calculator will.
pub fn transfer_input(
    form: &FormValues,
    table: &HardwareTable,
) -> Result<TransferInput, CalcError> {
    let links: Vec<String> = form
        .get("links")
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let fields = TransferFields {
        size: form.get("size").unwrap_or(""),
        links: &links,
        bandwidth: form.get("bandwidth"),
        latency: form.get("latency"),
        efficiency: form.get("efficiency"),
    };
    TransferInput::from_fields(&fields, table)
}

/// Parses a collective form the way the calculator will.
pub fn collective_input(
    form: &FormValues,
    table: &HardwareTable,
) -> Result<CollectiveInput, CalcError> {
    let fields = CollectiveFields {
        op: form.get("op").unwrap_or(""),
        size: form.get("size").unwrap_or(""),
        ranks: form.get("ranks").unwrap_or(""),
        gpus_per_node: form.get("gpus-per-node"),
        nics_per_node: form.get("nics-per-node"),
        intra: form.get("intra"),
        intra_bw: form.get("intra-bw"),
        inter: form.get("inter"),
        inter_bw: form.get("inter-bw"),
        algorithm: form.get("algo"),
        latency: form.get("latency"),
    };
    CollectiveInput::from_fields(&fields, table)
}

/// Parses a checkpoint form the way the calculator will.
pub fn checkpoint_input(
    form: &FormValues,
    table: &HardwareTable,
) -> Result<CheckpointInput, CalcError> {
    let fields = CheckpointFields {
        params: form.get("params").unwrap_or(""),
        recipe: form.get("recipe"),
        bytes_per_param: form.get("bytes-per-param"),
        storage_bw: form.get("storage-bw"),
        nodes: form.get("nodes"),
        node_bw: form.get("node-bw"),
        nvme_bw: form.get("nvme-bw"),
        gpus: form.get("gpus"),
        pcie: form.get("pcie"),
        checkpoint_time: form.get("checkpoint-time"),
        mtbf: form.get("mtbf"),
        gpu_mtbf: form.get("gpu-mtbf"),
    };
    CheckpointInput::from_fields(&fields, table)
}

/// The calculator a preset opens (its `forms` id) and the preset's values as that form's text;
/// `None` for an expression, which the quick-arithmetic prompt answers instead.
pub fn preset_form(preset: &CalcPreset) -> Option<(&'static str, FormValues)> {
    Some(match preset {
        CalcPreset::Transfer(p) => ("transfer", transfer_form(p)),
        CalcPreset::Collective(p) => ("collective", collective_form(p)),
        CalcPreset::Checkpoint(p) => ("checkpoint", checkpoint_form(p)),
        CalcPreset::Tp(p) => ("tp", tp_form(p)),
        CalcPreset::Pipeline(p) => ("pipeline", pipeline_form(p)),
        CalcPreset::Memory(p) => ("memory", memory_form(p)),
        CalcPreset::Mfu(p) => ("mfu", mfu_form(p)),
        CalcPreset::Fabric(p) => ("fabric", fabric_form(p)),
        CalcPreset::Overlap(p) => ("overlap", overlap_form(p)),
        CalcPreset::Layout(p) => ("layout", layout_form(p)),
        CalcPreset::Expression(_) => return None,
    })
}

/// Checks that a preset is input the calculator accepts.
pub fn check_preset(preset: &CalcPreset, table: &HardwareTable) -> Result<(), CalcError> {
    match preset {
        CalcPreset::Transfer(p) => transfer_input(&transfer_form(p), table).map(|_| ()),
        CalcPreset::Collective(p) => collective_input(&collective_form(p), table).map(|_| ()),
        CalcPreset::Checkpoint(p) => checkpoint_input(&checkpoint_form(p), table).map(|_| ()),
        CalcPreset::Tp(p) => tp_input(&tp_form(p), table).map(|_| ()),
        CalcPreset::Pipeline(p) => pipeline_input(&pipeline_form(p), table).map(|_| ()),
        CalcPreset::Memory(p) => memory_input(&memory_form(p)).map(|_| ()),
        CalcPreset::Mfu(p) => mfu_input(&mfu_form(p)).map(|_| ()),
        CalcPreset::Fabric(p) => fabric_input(&fabric_form(p), table).map(|_| ()),
        CalcPreset::Overlap(p) => overlap_input(&overlap_form(p), table).map(|_| ()),
        CalcPreset::Layout(p) => layout_input(&layout_form(p), table).map(|_| ()),
        CalcPreset::Expression(p) => calc::eval_expression(&p.expr, table).map(|_| ()),
    }
}

/// Recomputes a figure; the error says what the engine got instead.
pub fn check_figure(figure: &Figure, table: &HardwareTable) -> Result<(), String> {
    let value = calc::eval_expression(&figure.expr, table)
        .map_err(|e| format!("cannot compute '{}': {e}", figure.expr))?;
    // Ratios are written like "12x" or "9×"; the engine sees a plain number.
    let expect = figure.expect.trim();
    let expect = expect
        .strip_suffix(['x', '×'])
        .filter(|n| n.ends_with(|c: char| c.is_ascii_digit()))
        .unwrap_or(expect);
    match calc::figure_matches(&value, expect) {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!(
            "figure '{}' computes to {}, but the card says '{}'",
            figure.expr, value.display, figure.expect
        )),
        Err(e) => Err(format!("figure '{}': {e}", figure.expect)),
    }
}

/// Every preset and figure problem in `card`, at the lines of its front matter.
pub fn check_card(card: &Card, table: &HardwareTable) -> Vec<Problem> {
    let at = |lines: &[usize], i: usize| lines.get(i).copied().unwrap_or(card.origin.id_line);
    let mut problems = Vec::new();
    for (i, preset) in card.calc.iter().enumerate() {
        if let Err(e) = check_preset(preset, table) {
            let line = at(&card.origin.calc_lines, i);
            problems.push(Problem::new(
                &card.origin.path,
                line,
                format!("'{}' calculator preset: {e}", preset.name()),
            ));
        }
    }
    for (i, figure) in card.figures.iter().enumerate() {
        if let Err(message) = check_figure(figure, table) {
            problems.push(Problem::new(
                &card.origin.path,
                at(&card.origin.figure_lines, i),
                message,
            ));
        }
    }
    problems
}
