//! The stats screen's number section: accuracy per calculator and the slips made most often in
//! the last 7 days, in the language shown.

use ratatui::text::Line;

use super::drill::wrapped;
use super::numbers::tr;
use crate::content::Lang;
use crate::drill::numbers::tally::NumberStats;
use crate::text::wrap::Span as WrapSpan;
use crate::tui::theme::Theme;

/// The stats screen's number section: accuracy per calculator, then this week's slips, most
/// frequent first (`direction: 4 times this week`).
pub fn stats_lines(
    stats: &NumberStats,
    lang: Lang,
    theme: Theme,
    width: u16,
) -> Vec<Line<'static>> {
    let title = tr(
        lang,
        "数字题：各计算器答对（准确或接近）的比例",
        "number answers: right (exact or close) per calculator",
    );
    let mut lines = vec![Line::styled(title, theme.title())];
    if stats.per_calculator.is_empty() {
        let none = tr(
            lang,
            "还没有数字题的作答：在练习页把模式换成数字题试试",
            "no number answers yet: choose the numbers mode on the drill screen",
        );
        lines.extend(wrapped(
            &[WrapSpan::new(none.to_owned(), theme.dim())],
            width,
        ));
    }
    for (calculator, a) in &stats.per_calculator {
        let right = (a.exact + a.close) as f64 / a.asked.max(1) as f64 * 100.0;
        let (asked, exact, close, off) = (a.asked, a.exact, a.close, a.off);
        let line = match lang {
            Lang::Zh => {
                format!("{right:.0}%，共 {asked} 题（准确 {exact}，接近 {close}，偏差大 {off}）")
            }
            Lang::En => {
                format!("{right:>3.0}% of {asked} (exact {exact}, close {close}, off {off})")
            }
        };
        lines.extend(wrapped(
            &[
                WrapSpan::new(format!("{calculator:<12} "), theme.text()),
                WrapSpan::new(line, theme.dim()),
            ],
            width,
        ));
    }
    if !stats.mistakes.is_empty() {
        let title = tr(
            lang,
            "近 7 天最常见的失误",
            "slips you made most in the last 7 days",
        );
        lines.push(Line::styled(title, theme.title()));
        for (code, times) in &stats.mistakes {
            let text = match lang {
                Lang::Zh => format!("{}：本周 {times} 次", slip_name(code, lang)),
                Lang::En if *times == 1 => format!("{code}: once this week"),
                Lang::En => format!("{code}: {times} times this week"),
            };
            lines.extend(wrapped(&[WrapSpan::new(text, theme.text())], width));
        }
    }
    lines
}

/// A slip's name in the statistics: its code in English, a word in Chinese.
fn slip_name(code: &str, lang: Lang) -> &str {
    if lang == Lang::En {
        return code;
    }
    match code {
        "direction" => "单向/双向",
        "bits-bytes" => "比特/字节",
        "gib-gb" => "GiB/GB",
        "order-of-magnitude" => "数量级",
        "prefix" => "单位前缀",
        "wrong-kind" => "量纲不对",
        "missing-unit" => "没写单位",
        other => other,
    }
}
