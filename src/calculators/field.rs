//! One field of a calculator: how it is named on the command line and in cards, how the form
//! labels it, and how its text is checked on its own so the form can mark exactly that field.

use crate::calc::{self, HardwareTable};
use crate::content::Lang;
use crate::text::Bi;

/// How a field is read, which decides how it is checked and what the form offers for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    Size,
    Rate,
    Duration,
    Count,
    Params,
    Fraction,
    /// A link preset id.
    Link,
    /// A link preset id or a rate.
    LinkOrRate,
    /// Several link preset ids separated by spaces (a repeated flag on the command line).
    Links,
    /// One of a fixed set of words.
    Choice(&'static [&'static str]),
    /// On or off: a bare flag on the command line, `true`/`false` in a card, yes/no in the form.
    Flag,
    /// A positive plain number, optionally with K, M, G/B, T or P (`16M`, `8.4e5`).
    Number,
    /// Bytes per tensor element, or a type (`2`, `bf16`, `fp32`).
    ElementBytes,
    /// A GPU peak preset (`h100-bf16`) or FLOP/s per GPU (`989e12`).
    Peak,
    /// `none`, `selective`, `full` or a fraction of the forward pass.
    Recompute,
    /// An oversubscription ratio: `1`, `7`, `7:1` or `1:7`.
    Ratio,
}

/// One field of a calculator.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// The flag, card key and form key, e.g. `gpus-per-node`.
    pub name: &'static str,
    /// The form's label, e.g. `GPUs per node`.
    pub label: &'static str,
    /// Help under the form and in `--help`.
    pub help: &'static str,
    /// The label in Chinese, for the form when the interface is in Chinese; set with
    /// [`Field::zh`] beside the English so each field stays one definition. Empty until set,
    /// which the registry's test rejects. `--help` and the docs stay English.
    pub label_zh: &'static str,
    /// The help in Chinese, as [`Field::label_zh`].
    pub help_zh: &'static str,
    pub kind: FieldKind,
    pub required: bool,
    /// Given without a flag on the command line (`calc transfer 10GiB`).
    pub positional: bool,
    /// The command-line flag when it differs from `name` (`--link` for `links`, `--algo`).
    pub flag: Option<&'static str>,
    /// The placeholder in `--help`, e.g. `RATE`.
    pub value_name: &'static str,
}

impl Field {
    /// An optional field.
    pub const fn new(
        name: &'static str,
        label: &'static str,
        kind: FieldKind,
        help: &'static str,
    ) -> Field {
        Field {
            name,
            label,
            help,
            label_zh: "",
            help_zh: "",
            kind,
            required: false,
            positional: false,
            flag: None,
            value_name: value_name(kind),
        }
    }

    /// The same field with its Chinese label and help.
    #[must_use]
    pub const fn zh(mut self, label: &'static str, help: &'static str) -> Field {
        self.label_zh = label;
        self.help_zh = help;
        self
    }

    /// The same field with its help in both languages: for the shared fields below, which each
    /// form explains in its own words.
    #[must_use]
    pub const fn explained(mut self, help: &'static str, help_zh: &'static str) -> Field {
        self.help = help;
        self.help_zh = help_zh;
        self
    }

    /// The label in `lang` (English where the Chinese is missing).
    pub fn label_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh if !self.label_zh.is_empty() => self.label_zh,
            _ => self.label,
        }
    }

    /// The help in `lang` (English where the Chinese is missing).
    pub fn help_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh if !self.help_zh.is_empty() => self.help_zh,
            _ => self.help,
        }
    }

    /// The same field, required.
    #[must_use]
    pub const fn required(mut self) -> Field {
        self.required = true;
        self
    }

    /// The same field, given without a flag on the command line.
    #[must_use]
    pub const fn positional(mut self) -> Field {
        self.positional = true;
        self
    }

    /// The same field under another command-line flag.
    #[must_use]
    pub const fn flag(mut self, flag: &'static str) -> Field {
        self.flag = Some(flag);
        self
    }

    /// The same field with another `--help` placeholder.
    #[must_use]
    pub const fn value(mut self, value_name: &'static str) -> Field {
        self.value_name = value_name;
        self
    }

    /// The command-line flag, without dashes.
    pub fn flag_name(&self) -> &'static str {
        self.flag.unwrap_or(self.name)
    }
}

/// The `--help` placeholder for a kind of field.
const fn value_name(kind: FieldKind) -> &'static str {
    match kind {
        FieldKind::Size => "SIZE",
        FieldKind::Rate => "RATE",
        FieldKind::Duration => "TIME",
        FieldKind::Count => "N",
        FieldKind::Params => "PARAMS",
        FieldKind::Fraction => "F",
        FieldKind::Link | FieldKind::Links => "ID",
        FieldKind::LinkOrRate => "LINK|RATE",
        FieldKind::Choice(_) => "WORD",
        FieldKind::Flag => "",
        FieldKind::Number | FieldKind::ElementBytes => "X",
        FieldKind::Peak => "PEAK",
        FieldKind::Recompute => "HOW",
        FieldKind::Ratio => "RATIO",
    }
}

/// Checks one field's text on its own, so the form can mark exactly that field.
pub fn check_field(spec: &Field, value: Option<&str>, table: &HardwareTable) -> Result<(), Bi> {
    let Some(value) = value else {
        return if spec.required {
            Err(Bi::new(
                format!("{} is required", spec.label),
                format!("请填写{}", spec.label_in(Lang::Zh)),
            ))
        } else {
            Ok(())
        };
    };
    let result = match spec.kind {
        FieldKind::Size => calc::units::parse_size(value).map(drop),
        FieldKind::Rate => calc::units::parse_rate(value).map(drop),
        FieldKind::Duration => calc::units::parse_duration(value).map(drop),
        FieldKind::Count => calc::units::parse_count(spec.label, value, 1).map(drop),
        FieldKind::Params => calc::units::parse_params(value).map(drop),
        FieldKind::Fraction => calc::units::parse_efficiency(value).map(drop),
        FieldKind::Link => table.require(value).map(drop),
        FieldKind::LinkOrRate => calc::link::link_or_rate(value, table).map(drop),
        FieldKind::Links => value
            .split_whitespace()
            .try_for_each(|id| table.require(id).map(drop)),
        FieldKind::Number => calc::units::parse_number(spec.label, value, 1e18).map(drop),
        FieldKind::ElementBytes => calc::units::parse_element_bytes(value).map(drop),
        FieldKind::Peak => calc::mfu::parse_peak(value).map(drop),
        FieldKind::Recompute => value.parse::<calc::mfu::Recompute>().map(drop),
        FieldKind::Ratio => calc::fabric::parse_oversubscription(value).map(drop),
        FieldKind::Flag => return check_words(value, &["no", "yes", "false", "true", "off", "on"]),
        FieldKind::Choice(choices) => return check_words(value, choices),
    };
    result.map_err(|e| e.text())
}

fn check_words(value: &str, choices: &[&str]) -> Result<(), Bi> {
    if choices.contains(&value.trim()) {
        Ok(())
    } else {
        let choices = choices.join(", ");
        Err(crate::bi!(
            "'{value}' is not one of: {choices}",
            "'{value}' 不是可选值之一：{choices}"
        ))
    }
}

/// A field in one call: `required` picks [`Field::required`].
pub(super) const fn field(
    name: &'static str,
    label: &'static str,
    kind: FieldKind,
    required: bool,
    help: &'static str,
) -> Field {
    let field = Field::new(name, label, kind, help);
    if required { field.required() } else { field }
}

/// One row of a calculator's field table: [`field`] with the Chinese label and help beside the
/// English, so each field reads on one line, as the key table does.
#[allow(clippy::too_many_arguments)]
pub(super) const fn entry(
    name: &'static str,
    label: &'static str,
    kind: FieldKind,
    required: bool,
    help: &'static str,
    label_zh: &'static str,
    help_zh: &'static str,
) -> Field {
    field(name, label, kind, required, help).zh(label_zh, help_zh)
}

/// Bytes per element of an activation, as the tp, layout and pipeline forms ask it.
#[rustfmt::skip]
pub(super) const ELEMENT_BYTES: Field = entry("bytes", "bytes/element", FieldKind::ElementBytes, false, "2 or bf16 (default), fp32, fp8", "每元素字节", "2 或 bf16（默认）、fp32、fp8");

/// Transformer layers for per-step totals (tp, layout).
#[rustfmt::skip]
pub(super) const LAYERS: Field = entry("layers", "layers L", FieldKind::Count, false, "default 1", "层数 L", "默认 1");

/// Micro-batches per step for per-step totals (tp, layout).
#[rustfmt::skip]
pub(super) const MICRO_BATCHES: Field = entry("micro-batches", "micro-batches m", FieldKind::Count, false, "per step, default 1", "微批数 m", "每步，默认 1");

/// A quantity several calculators ask for, named and labelled once in both languages; each form
/// gives its own help with [`Field::explained`] (an empty help fails the registry's test).
const fn shared(
    name: &'static str,
    label: &'static str,
    kind: FieldKind,
    zh: &'static str,
) -> Field {
    Field::new(name, label, kind, "").zh(zh, "")
}

/// b of the activation b·s·h (tp, layout, pipeline, step).
pub(super) const MICRO_BATCH: Field =
    shared("micro-batch", "micro-batch b", FieldKind::Count, "微批 b");

/// s of the activation b·s·h.
pub(super) const SEQ: Field = shared("seq", "sequence s", FieldKind::Count, "序列长度 s");

/// h of the activation b·s·h.
pub(super) const HIDDEN: Field = shared("hidden", "hidden h", FieldKind::Count, "隐藏维 h");

/// A link preset timing the traffic (tp, pipeline, overlap).
pub(super) const LINK: Field = shared("link", "link", FieldKind::Link, "链路");

/// A rate instead of the link preset.
pub(super) const BW: Field = shared("bw", "bandwidth", FieldKind::Rate, "带宽");

/// The GPUs of one node, the NVLink domain (collective, layout, step).
pub(super) const GPUS_PER_NODE: Field = shared(
    "gpus-per-node",
    "GPUs per node",
    FieldKind::Count,
    "每节点 GPU 数",
);

/// NICs of one node (collective, step).
pub(super) const NICS_PER_NODE: Field = shared(
    "nics-per-node",
    "NICs per node",
    FieldKind::Count,
    "每节点网卡数",
);

/// The link between GPUs of a node (collective, step).
pub(super) const INTRA: Field = shared(
    "intra",
    "intra-node link",
    FieldKind::LinkOrRate,
    "节点内链路",
);

/// The link between nodes, per NIC (collective, step).
pub(super) const INTER: Field = shared(
    "inter",
    "inter-node link",
    FieldKind::LinkOrRate,
    "节点间链路",
);

/// v: model chunks per GPU of an interleaved pipeline (pipeline, step).
pub(super) const INTERLEAVE: Field =
    shared("interleave", "interleave v", FieldKind::Count, "交错 v");

/// Down:up ratio of a network layer (fabric, layout).
pub(super) const OVERSUBSCRIPTION: Field = shared(
    "oversubscription",
    "oversubscription",
    FieldKind::Ratio,
    "收敛比",
);
