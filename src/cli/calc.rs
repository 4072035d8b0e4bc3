//! The clap side of the calculators: `infraprep calc …` and `infraprep links`.
//!
//! Every calculator subcommand is built from its registry entry (`calculators/`), so its flags,
//! the card preset keys and the TUI form can never disagree. Arguments stay strings here so the
//! engine's messages (which name the bad value and the fix) reach the user instead of clap's
//! generic ones.

mod print;

use std::io::Write;

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches, Subcommand};
use serde::Serialize;

use crate::calc::{self, CalcError, HardwareTable};
use crate::calculators::{CALCULATORS, Calculator, FieldKind, Form, calculator};
use crate::content::Lang;
use crate::text::messages as m;

const CALC_EXAMPLES: &str = "Examples:
  infraprep calc \"10 GiB / 25 GB/s\"
  infraprep calc \"10 GiB / nvlink3\"
  infraprep calc transfer 10GiB --link pcie4 --link nvlink3 --link ib-hdr
  infraprep calc collective allreduce 1GiB --ranks 8 --intra nvlink3
  infraprep calc collective allreduce 1GiB --ranks 128 --gpus-per-node 8 --intra nvlink4 --inter ib-ndr --sweep
  infraprep calc busbw allreduce --size 1GiB --time 8203.9us --ranks 8 --link nvlink3
  infraprep calc checkpoint --params 70B --storage-bw 100GB/s --mtbf 3h
  infraprep calc tp --micro-batch 1 --seq 4096 --hidden 8192 --tp 8 --link nvlink4
  infraprep calc pipeline --stages 16 --micro-batches 64 --interleave 4
  infraprep calc memory --params 70B --gpus 64 --stage zero-3
  infraprep calc mfu --params 70B --gpus 1024 --peak h100-bf16 --step-time 20s --tokens-per-step 16777216
  infraprep calc fabric --nodes 128 --nics-per-node 8 --speed ib-ndr --rail
  infraprep calc overlap --compute-total 120ms --windows 170 --bytes 50MB --bw 50GB/s
  infraprep calc layout --gpus 16384 --tp 8 --pp 16 --pod-size 3072 --params 405B --link eth-400g

Conventions: every bandwidth is per direction; GB = 1e9 B, GiB = 2^30 B, Gb = 1e9 bit.";

/// `infraprep calc`: a unit-aware expression, or one of the calculators.
#[derive(Debug, Clone, Args)]
#[command(args_conflicts_with_subcommands = true, after_help = CALC_EXAMPLES)]
pub struct CalcArgs {
    #[command(subcommand)]
    pub command: Option<CalcRun>,
    /// A unit-aware expression; link ids stand for their per-direction bandwidth
    #[arg(value_name = "EXPRESSION", allow_hyphen_values = true)]
    pub expression: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

/// One calculator run: which calculator, its form as typed, and the output format.
#[derive(Debug, Clone)]
pub struct CalcRun {
    pub calculator: &'static str,
    pub form: Form,
    pub json: bool,
}

/// The subcommand of one calculator, with a flag (or a positional) per field.
fn command(calc: &Calculator) -> Command {
    let fields = calc.fields.iter().map(|field| {
        let arg = Arg::new(field.name).help(field.help);
        if field.kind == FieldKind::Flag {
            return arg.long(field.flag_name()).action(ArgAction::SetTrue);
        }
        // Values stay text for the engine, negative numbers included, so its message names them.
        let arg = arg
            .required(field.required)
            .allow_hyphen_values(true)
            .value_name(field.value_name);
        match (field.positional, field.kind) {
            (true, _) => arg,
            (false, FieldKind::Links) => arg.long(field.flag_name()).action(ArgAction::Append),
            (false, _) => arg.long(field.flag_name()),
        }
    });
    Command::new(calc.id)
        .about(calc.about)
        .after_help(calc.after_help)
        .args(fields)
        .arg(
            Arg::new("json")
                .long("json")
                .action(ArgAction::SetTrue)
                .help("Print JSON instead of text"),
        )
}

impl FromArgMatches for CalcRun {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = matches.subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        let Some(calc) = calculator(name) else {
            return Err(clap::Error::new(clap::error::ErrorKind::InvalidSubcommand));
        };
        let mut form = calc.empty_form();
        for field in calc.fields {
            let value = if field.kind == FieldKind::Flag {
                if sub.get_flag(field.name) { "yes" } else { "" }.to_owned()
            } else {
                sub.get_many::<String>(field.name)
                    .map(|values| values.cloned().collect::<Vec<_>>().join(" "))
                    .unwrap_or_default()
            };
            form.set(field.name, &value);
        }
        Ok(CalcRun {
            calculator: calc.id,
            form,
            json: sub.get_flag("json"),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for CalcRun {
    fn augment_subcommands(cmd: Command) -> Command {
        CALCULATORS
            .iter()
            .fold(cmd, |cmd, calc| cmd.subcommand(command(calc)))
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        calculator(name).is_some()
    }
}

/// `infraprep links`: the link presets with their sources.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  infraprep links
  infraprep links ib-ndr
  infraprep links --json")]
pub struct LinksArgs {
    /// Show only this preset
    pub id: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub(crate) fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<(), CalcError> {
    serde_json::to_writer_pretty(&mut *out, value).map_err(|e| {
        if e.io_error_kind() == Some(std::io::ErrorKind::BrokenPipe) {
            CalcError::ClosedPipe
        } else {
            CalcError::Output(e.to_string())
        }
    })?;
    writeln!(out).map_err(|e| CalcError::output(&e))
}

/// Runs `infraprep calc …`, writing text or JSON to `out`.
pub fn run_calc(
    args: &CalcArgs,
    table: &HardwareTable,
    lang: Lang,
    out: &mut dyn Write,
) -> Result<(), CalcError> {
    if let Some(run) = &args.command {
        let calc = calculator(run.calculator)
            .ok_or_else(|| CalcError::invalid(format!("no calculator '{}'", run.calculator)))?;
        // The engine's own message names the value the way the flags do, so it wins when a
        // field check and the engine both refuse the input.
        let computed = calc.evaluate(&run.form, table).map_err(|e| {
            match (
                (calc.compute)(&run.form, table),
                e.field.and_then(|f| calc.field(f)),
            ) {
                (Err(engine), _) => engine,
                (Ok(_), Some(field)) => {
                    CalcError::invalid(e.message.map(|m| format!("--{}: {m}", field.flag_name())))
                }
                (Ok(_), None) => CalcError::invalid(e.message),
            }
        })?;
        return if run.json {
            write_json(out, &computed.json)
        } else {
            print::outcome(out, &computed.outcome, lang)
        };
    }
    let names: Vec<&str> = CALCULATORS.iter().map(|c| c.id).collect();
    let expr = args.expression.as_deref().ok_or_else(|| {
        CalcError::invalid(
            m::CALC_GIVE_EXPRESSION.fill(lang, &[("all", &super::command::list(&names, lang))]),
        )
    })?;
    let value = calc::eval_expression(expr, table)?;
    if args.json {
        write_json(out, &value)
    } else {
        print::expression(out, &value, lang)
    }
}

/// Runs `infraprep links`.
pub fn run_links(
    args: &LinksArgs,
    table: &HardwareTable,
    lang: Lang,
    out: &mut dyn Write,
) -> Result<(), CalcError> {
    let links: Vec<&calc::LinkPreset> = match &args.id {
        Some(id) => vec![table.require(id)?],
        None => table.iter().collect(),
    };
    if args.json {
        let rows: Vec<print::LinkJson<'_>> = links.into_iter().map(print::LinkJson::from).collect();
        write_json(out, &rows)
    } else {
        print::links(out, &links, lang)
    }
}
