//! Tables drawn with box-drawing borders, column widths counting CJK characters as two columns.
//! Given a width, columns shrink (widest first) and cells wrap onto several lines, so a table
//! fits a narrow screen instead of being cut off.

use pulldown_cmark::Alignment;
use unicode_width::UnicodeWidthStr;

use super::{DocLine, LineKind, Mark, Seg};
use crate::text::wrap::wrap_str;

/// Narrowest a column shrinks to, so a cell still shows a few characters per line.
const MIN_COLUMN: usize = 6;

/// The table's lines; `max_width` is the space it must fit in, if any.
pub fn draw(
    rows: &[Vec<String>],
    alignments: &[Alignment],
    max_width: Option<usize>,
) -> Vec<DocLine> {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let natural: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.width())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let widths = match max_width {
        Some(width) => fit(&natural, width.saturating_sub(3 * columns + 1)),
        None => natural,
    };
    let mut lines = vec![border(&widths, "┌", "┬", "┐")];
    for (index, row) in rows.iter().enumerate() {
        lines.extend(row_lines(row, &widths, alignments, index == 0));
        if index == 0 {
            lines.push(border(&widths, "├", "┼", "┤"));
        }
    }
    lines.push(border(&widths, "└", "┴", "┘"));
    lines
}

/// Column widths that add up to at most `room`, taking from the widest column first.
fn fit(natural: &[usize], room: usize) -> Vec<usize> {
    let mut widths = natural.to_vec();
    while widths.iter().sum::<usize>() > room {
        let Some((widest, &width)) = widths.iter().enumerate().max_by_key(|(_, w)| **w) else {
            break;
        };
        if width <= MIN_COLUMN {
            break;
        }
        widths[widest] = width - 1;
    }
    widths
}

const BORDER: Mark = Mark {
    dim: true,
    ..Mark::PLAIN
};

fn border(widths: &[usize], left: &str, mid: &str, right: &str) -> DocLine {
    let parts: Vec<String> = widths.iter().map(|w| "─".repeat(w + 2)).collect();
    let text = format!("{left}{}{right}", parts.join(mid));
    DocLine {
        segs: vec![Seg { text, mark: BORDER }],
        kind: LineKind::Pre,
        indent: 0,
    }
}

/// One table row, as many lines as its tallest wrapped cell.
fn row_lines(
    row: &[String],
    widths: &[usize],
    alignments: &[Alignment],
    header: bool,
) -> Vec<DocLine> {
    let cells: Vec<Vec<String>> = widths
        .iter()
        .enumerate()
        .map(|(c, &w)| {
            let text = row.get(c).map_or("", String::as_str);
            if text.width() <= w {
                vec![text.to_owned()]
            } else {
                wrap_str(text, w.max(1))
            }
        })
        .collect();
    let height = cells.iter().map(Vec::len).max().unwrap_or(1);
    let mark = Mark {
        bold: header,
        ..Mark::PLAIN
    };
    (0..height)
        .map(|line| {
            let mut segs = vec![Seg {
                text: "│".to_owned(),
                mark: BORDER,
            }];
            for (c, width) in widths.iter().enumerate() {
                let text = cells[c].get(line).map_or("", String::as_str);
                let align = alignments.get(c).copied().unwrap_or(Alignment::None);
                segs.push(Seg {
                    text: format!(" {} ", pad(text, *width, align)),
                    mark,
                });
                segs.push(Seg {
                    text: "│".to_owned(),
                    mark: BORDER,
                });
            }
            DocLine {
                segs,
                kind: LineKind::Pre,
                indent: 0,
            }
        })
        .collect()
}

fn pad(text: &str, width: usize, align: Alignment) -> String {
    let gap = width.saturating_sub(text.width());
    match align {
        Alignment::Right => format!("{}{text}", " ".repeat(gap)),
        Alignment::Center => format!("{}{text}{}", " ".repeat(gap / 2), " ".repeat(gap - gap / 2)),
        Alignment::Left | Alignment::None => format!("{text}{}", " ".repeat(gap)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> Vec<Vec<String>> {
        vec![
            vec!["平台".to_owned(), "每块 GPU 的 NVLink（单向）".to_owned()],
            vec![
                "HGX/DGX A100".to_owned(),
                "12 条 NVLink 3，300 GB/s（双向 600）".to_owned(),
            ],
        ]
    }

    #[test]
    fn a_table_too_wide_is_fitted_by_wrapping_cells() {
        let lines = draw(&rows(), &[], Some(40));
        let text: Vec<String> = lines.iter().map(DocLine::plain).collect();
        assert!(text.iter().all(|l| l.width() <= 40), "{text:#?}");
        assert!(
            text.iter().all(|l| l.width() == text[0].width()),
            "borders line up: {text:#?}"
        );
        let joined: String = text.concat();
        for word in ["300", "GB/s", "双向", "HGX/DGX"] {
            assert!(joined.contains(word), "{word} lost: {text:#?}");
        }
    }

    #[test]
    fn without_a_width_the_table_keeps_its_natural_size() {
        let lines = draw(&rows(), &[], None);
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[1].plain().width(), lines[0].plain().width());
    }
}
