//! Every calculator preset of every bundled card opens in the TUI form with a result, and the
//! same preset run through `infraprep calc` gives the same figures: the registry is the one
//! definition both front ends read.

use std::process::Command;

use infraprep::calc::HardwareTable;
use infraprep::calculators::preset::{Opened, open};
use infraprep::calculators::{Calculator, FieldKind, Form};
use infraprep::content::DeckSource;
use infraprep::content::deck::load;
use infraprep::tui::screens::calc::CalcScreen;

/// The argv after `infraprep` that runs `form` on the command line.
fn argv(calc: &Calculator, form: &Form) -> Vec<String> {
    let mut args = vec!["calc".to_owned(), calc.id.to_owned()];
    for field in calc.fields {
        let Some(value) = form.get(field.name) else {
            continue;
        };
        let flag = format!("--{}", field.flag_name());
        match field.kind {
            FieldKind::Flag if matches!(value, "yes" | "true" | "on") => args.push(flag),
            FieldKind::Flag => {}
            FieldKind::Links => {
                for id in value.split_whitespace() {
                    args.extend([flag.clone(), id.to_owned()]);
                }
            }
            _ if field.positional => args.push(value.to_owned()),
            _ => args.extend([flag, value.to_owned()]),
        }
    }
    args.push("--json".to_owned());
    args
}

/// Equal JSON, numbers within a few ulps (`serde_json`'s parser does not round-trip every `f64`).
fn same(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (
                x.as_f64().unwrap_or(f64::NAN),
                y.as_f64().unwrap_or(f64::NAN),
            );
            (x - y).abs() <= 1e-12 * x.abs().max(y.abs()).max(f64::MIN_POSITIVE)
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

#[test]
fn every_card_preset_computes_in_the_form_and_on_the_command_line_alike() {
    let table = HardwareTable::bundled();
    let deck = load(&[DeckSource::Bundled]).deck;
    let mut forms = 0;
    for card in deck.cards() {
        for (i, preset) in card.calc.iter().enumerate() {
            let opened = open(preset).unwrap_or_else(|e| panic!("{} preset {i}: {e}", card.id));
            let Opened::Form(calc, form) = opened else {
                continue;
            };
            forms += 1;
            // The TUI form, loaded as `c` loads it.
            let mut screen = CalcScreen::new(&table);
            let position = infraprep::calculators::CALCULATORS
                .iter()
                .position(|c| c.id == calc.id)
                .expect("registered");
            screen.load(position, form.clone(), &table);
            let shown = screen
                .outcome
                .clone()
                .unwrap_or_else(|e| panic!("{} preset {i} in the form: {}", card.id, e.message));
            assert!(!shown.headline.is_empty(), "{} preset {i}", card.id);
            // The command line, from the same form.
            let args = argv(calc, &form);
            let out = Command::new(env!("CARGO_BIN_EXE_infraprep"))
                .args(&args)
                .env("NO_COLOR", "1")
                .output()
                .expect("run infraprep");
            assert!(
                out.status.success(),
                "{} preset {i}: {args:?}: {}",
                card.id,
                String::from_utf8_lossy(&out.stderr)
            );
            let cli: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
            let direct = calc.evaluate(&form, &table).expect("computes");
            assert!(
                same(&cli, &direct.json),
                "{} preset {i}: {args:?}\n{cli}\n{}",
                card.id,
                direct.json
            );
            assert_eq!(
                shown.headline, direct.outcome.headline,
                "{} preset {i}",
                card.id
            );
        }
    }
    assert!(forms >= 40, "only {forms} calculator presets");
}
