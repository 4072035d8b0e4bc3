//! A number in a calculator's `--json` report, by dotted path (`results.0.seconds`): how number
//! questions find their answer and how a card's `[[figures]]` entry reads a preset's result, so
//! both name a figure the way a script reading `--json` would.

use crate::content::Lang;
use crate::text::messages as m;

/// The number at a dotted path (`results.0.seconds`); the error names the missing step and
/// what is there instead.
pub fn lookup(json: &serde_json::Value, path: &str) -> Result<f64, String> {
    let mut at = json;
    for step in path.split('.') {
        let next = match at {
            serde_json::Value::Object(map) => map.get(step),
            serde_json::Value::Array(items) => {
                step.parse::<usize>().ok().and_then(|i| items.get(i))
            }
            _ => None,
        };
        at = next.ok_or_else(|| {
            let there = match at {
                serde_json::Value::Object(map) => {
                    let keys: Vec<&str> = map.keys().map(String::as_str).collect();
                    format!("keys there: {}", keys.join(", "))
                }
                serde_json::Value::Array(items) => format!("a list of {}", items.len()),
                other => format!("the value {other}"),
            };
            m::PROBLEM_REPORT_NO_STEP.fill(
                Lang::En,
                &[("path", &path), ("step", &step), ("there", &there)],
            )
        })?;
    }
    at.as_f64().ok_or_else(|| {
        m::PROBLEM_REPORT_NOT_NUMBER.fill(Lang::En, &[("path", &path), ("value", at)])
    })
}
