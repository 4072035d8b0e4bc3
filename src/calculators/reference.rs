//! The calculator reference as markdown, written from the registry so the documentation of
//! every flag, card key and JSON field is the code's own (`docs/calculators.md`, kept in step
//! by a test).

use std::fmt::Write;

use super::{CALCULATORS, Calculator, FieldKind};
use crate::calc::HardwareTable;

/// The whole reference: one section per calculator.
pub fn markdown(table: &HardwareTable) -> String {
    let mut out = String::from(
        "# Calculator reference\n\n\
         Written from the calculator registry (`src/calculators/`); a test keeps this file in \
         step with it. Each calculator is one `infraprep calc <name>` subcommand, one card \
         preset (`[[calc]] calculator = \"<name>\"` with the same keys as the flags) and one \
         form in the app. Sizes, rates and durations take units (`10 GiB`, `200 Gb/s`, `2 us`); \
         every bandwidth is per direction. `--json` prints the engine's report.\n",
    );
    for calc in CALCULATORS {
        section(&mut out, calc, table);
    }
    out
}

fn section(out: &mut String, calc: &Calculator, table: &HardwareTable) {
    let _ = write!(
        out,
        "\n## `{}`: {}\n\n{}.\n\n",
        calc.id, calc.title, calc.about
    );
    out.push_str("| flag / card key | value | required | meaning |\n|---|---|---|---|\n");
    for field in calc.fields {
        let flag = if field.positional {
            format!("`{}` (positional)", field.value_name)
        } else if field.flag_name() == field.name {
            format!("`--{}`", field.name)
        } else {
            format!("`--{}` / `{}`", field.flag_name(), field.name)
        };
        let value = match field.kind {
            FieldKind::Choice(words) => words.join(", "),
            FieldKind::Flag => "flag (`true` in a card)".to_owned(),
            FieldKind::Links => "link ids (repeat the flag; a list in a card)".to_owned(),
            _ => field.value_name.replace('|', "\\|"),
        };
        let required = if field.required { "yes" } else { "" };
        let _ = writeln!(
            out,
            "| {flag} | {value} | {required} | {} |",
            field.help.replace('|', "\\|")
        );
    }
    let _ = write!(out, "\n```text\n{}\n```\n", calc.after_help);
    if let Ok(computed) = calc.evaluate(&calc.example_form(), table)
        && let Some(object) = computed.json.as_object()
    {
        let keys: Vec<String> = object.keys().map(|k| format!("`{k}`")).collect();
        let _ = writeln!(out, "\nJSON fields: {}.", keys.join(", "));
    }
}
