//! The stats screen's number section: accuracy per calculator and the slips made most often in
//! the last 7 days, in the language shown.

use ratatui::text::Line;

use super::drill::wrapped;
use crate::content::Lang;
use crate::drill::numbers::tally::NumberStats;
use crate::text::messages::{self as m, Msg};
use crate::text::wrap::Span as WrapSpan;
use crate::tui::theme::Theme;

/// The stats screen's number section: accuracy per calculator, then this week's slips, most
/// frequent first (`direction: 4 times this week`).
pub fn stats_lines(stats: &NumberStats, ui: Lang, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled(m::NUM_STATS_TITLE.get(ui), theme.title())];
    if stats.per_calculator.is_empty() {
        lines.extend(wrapped(
            &[WrapSpan::new(
                m::NUM_STATS_NONE.get(ui).to_owned(),
                theme.dim(),
            )],
            width,
        ));
    }
    for (calculator, a) in &stats.per_calculator {
        let line = a.line(ui);
        lines.extend(wrapped(
            &[
                WrapSpan::new(format!("{calculator:<12} "), theme.text()),
                WrapSpan::new(line, theme.dim()),
            ],
            width,
        ));
    }
    if !stats.mistakes.is_empty() {
        lines.push(Line::styled(m::NUM_STATS_SLIPS.get(ui), theme.title()));
        for (code, times) in &stats.mistakes {
            let slip = slip_name(code, ui);
            let text = if *times == 1 {
                m::NUM_SLIP_WEEK_ONE.fill(ui, &[("slip", &slip)])
            } else {
                m::NUM_SLIP_WEEK_MANY.fill(ui, &[("slip", &slip), ("n", times)])
            };
            lines.extend(wrapped(&[WrapSpan::new(text, theme.text())], width));
        }
    }
    lines
}

/// A slip's name in the statistics: its code in English, a word in Chinese; an unknown code
/// (from a newer version's history) as it is.
fn slip_name(code: &str, ui: Lang) -> &str {
    slip_msg(code).map_or(code, |msg| msg.get(ui))
}

/// The catalogue entry naming the slip with this code.
fn slip_msg(code: &str) -> Option<Msg> {
    Some(match code {
        "direction" => m::SLIP_DIRECTION,
        "bits-bytes" => m::SLIP_BITS_BYTES,
        "gib-gb" => m::SLIP_GIB_GB,
        "order-of-magnitude" => m::SLIP_ORDER_OF_MAGNITUDE,
        "prefix" => m::SLIP_PREFIX,
        "wrong-kind" => m::SLIP_WRONG_KIND,
        "missing-unit" => m::SLIP_MISSING_UNIT,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drill::numbers::Diagnosis;

    #[test]
    fn every_slip_code_has_a_chinese_name_and_reads_as_its_code_in_english() {
        let all = [
            Diagnosis::Direction,
            Diagnosis::BitsBytes,
            Diagnosis::GibGb,
            Diagnosis::OrderOfMagnitude,
            Diagnosis::Prefix,
            Diagnosis::WrongKind,
            Diagnosis::MissingUnit,
        ];
        for diagnosis in all {
            let code = diagnosis.code();
            assert_eq!(slip_name(code, Lang::En), code);
            assert_ne!(
                slip_name(code, Lang::Zh),
                code,
                "{code} has no Chinese name"
            );
        }
        assert_eq!(
            slip_name("from-a-newer-version", Lang::Zh),
            "from-a-newer-version"
        );
    }
}
