//! The log-log line chart of collective time against message size: one line per algorithm,
//! told apart by colour (or, without colour, by marker), a legend that keeps clear of the
//! lines, and binary sizes on the axis.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart as LineChart, Dataset, GraphType, Paragraph};

use crate::calc::format;
use crate::content::Lang;
use crate::text::Bi;
use crate::text::messages as m;
use crate::tui::theme::Theme;

/// Series colours, in order.
const SERIES_COLORS: [Color; 4] = [Color::Cyan, Color::Magenta, Color::Green, Color::Yellow];
/// Without colour, series are told apart by their marker.
const SERIES_MARKERS: [Marker; 4] = [Marker::Braille, Marker::Dot, Marker::Block, Marker::Bar];

/// Time against message size on log-log axes, one line per algorithm, with the form's size
/// marked. The slope change shows where latency gives way to bandwidth.
pub(super) fn render_lines(
    title: &str,
    series: &[(Bi, Vec<(f64, f64)>)],
    marker: Option<f64>,
    ui: Lang,
    theme: Theme,
    area: Rect,
    frame: &mut Frame<'_>,
) {
    let logged: Vec<(String, Vec<(f64, f64)>)> = series
        .iter()
        .map(|(name, points)| {
            let points = points
                .iter()
                .filter(|(x, y)| *x > 0.0 && *y > 0.0)
                .map(|(x, y)| (x.log10(), y.log10()));
            (name.get(ui).to_owned(), points.collect())
        })
        .collect();
    let all = logged.iter().flat_map(|(_, p)| p.iter());
    let (x_min, x_max, y_min, y_max) = all.fold(
        (f64::MAX, f64::MIN, f64::MAX, f64::MIN),
        |(a, b, c, d), (x, y)| (a.min(*x), b.max(*x), c.min(*y), d.max(*y)),
    );
    if x_min > x_max || y_min > y_max {
        return;
    }
    let marker_line: Vec<(f64, f64)> = marker.filter(|m| *m > 0.0).map_or_else(Vec::new, |m| {
        let x = m.log10();
        (0..=20)
            .map(|i| (x, y_min + (y_max - y_min) * f64::from(i) / 20.0))
            .collect()
    });
    let [legend_area, chart_area] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
    ]));
    let x_labels =
        [x_min, f64::midpoint(x_min, x_max), x_max].map(|x| Span::raw(binary_size(10f64.powf(x))));
    let y_labels = [y_min, f64::midpoint(y_min, y_max), y_max]
        .map(|y| Span::raw(format::duration(10f64.powf(y))));
    let axes = Axes {
        x: [x_min, x_max],
        y: [y_min, y_max],
        x_labels: x_labels.to_vec(),
        y_labels: y_labels.to_vec(),
    };
    let order = visible_order(&logged, chart_area, &axes);
    let mut datasets: Vec<Dataset> = order
        .iter()
        .map(|&i| (i, &logged[i]))
        .map(|(i, (name, points))| {
            let style = if theme.color {
                Style::new().fg(SERIES_COLORS[i % 4])
            } else {
                Style::new()
            };
            let symbol = if theme.color {
                Marker::Braille
            } else {
                SERIES_MARKERS[i % 4]
            };
            Dataset::default()
                .name(name.clone())
                .marker(symbol)
                .graph_type(GraphType::Line)
                .style(style)
                .data(points)
        })
        .collect();
    if !marker_line.is_empty() {
        datasets.push(
            Dataset::default()
                .marker(Marker::Dot)
                .style(theme.dim())
                .data(&marker_line),
        );
    }
    let legend = legend_line(title, &logged, ui, theme, legend_area.width);
    let chart = LineChart::new(datasets)
        .legend_position(None)
        .x_axis(
            Axis::default()
                .bounds([x_min, x_max])
                .labels(x_labels)
                .style(theme.dim()),
        )
        .y_axis(
            Axis::default()
                .bounds([y_min, y_max])
                .labels(y_labels)
                .style(theme.dim()),
        );
    frame.render_widget(Paragraph::new(legend), legend_area);
    frame.render_widget(chart, chart_area);
}

/// The line chart's bounds and labels, shared by the real chart and the scratch ones.
struct Axes {
    x: [f64; 2],
    y: [f64; 2],
    x_labels: Vec<Span<'static>>,
    y_labels: Vec<Span<'static>>,
}

/// The order to draw the series in. Where curves run close, a cell shows only the last series
/// drawn into it, so a fixed order can bury one curve under the others. Every order of the (at
/// most a handful of) series is tried on a scratch canvas the size of the chart, and the one that
/// leaves the most hidden curve the most cells wins; ties keep the outcome's order.
fn visible_order(series: &[(String, Vec<(f64, f64)>)], area: Rect, axes: &Axes) -> Vec<usize> {
    let natural: Vec<usize> = (0..series.len()).collect();
    if series.len() < 2 || series.len() > 5 || area.is_empty() {
        return natural;
    }
    let mut best = (visible_cells(series, &natural, area, axes), natural.clone());
    for order in permutations(&natural) {
        let seen = visible_cells(series, &order, area, axes);
        if seen > best.0 {
            best = (seen, order);
        }
    }
    best.1
}

/// The fewest cells any series keeps when drawn in `order`.
fn visible_cells(
    series: &[(String, Vec<(f64, f64)>)],
    order: &[usize],
    area: Rect,
    axes: &Axes,
) -> usize {
    // Each series is told apart on the scratch canvas by a colour of its own index.
    let tag = |i: usize| Color::Indexed(u8::try_from(i).unwrap_or(u8::MAX));
    let datasets: Vec<Dataset> = order
        .iter()
        .map(|&i| {
            Dataset::default()
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(Style::new().fg(tag(i)))
                .data(&series[i].1)
        })
        .collect();
    let chart = LineChart::new(datasets)
        .legend_position(None)
        .x_axis(Axis::default().bounds(axes.x).labels(axes.x_labels.clone()))
        .y_axis(Axis::default().bounds(axes.y).labels(axes.y_labels.clone()));
    let scratch = Rect::new(0, 0, area.width, area.height);
    let mut buffer = ratatui::buffer::Buffer::empty(scratch);
    ratatui::widgets::Widget::render(chart, scratch, &mut buffer);
    (0..series.len())
        .map(|i| buffer.content.iter().filter(|c| c.fg == tag(i)).count())
        .min()
        .unwrap_or(0)
}

/// Every order of `items` (Heap's algorithm); callers keep the list short.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    fn heap(k: usize, items: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if k <= 1 {
            out.push(items.clone());
            return;
        }
        heap(k - 1, items, out);
        for i in 0..k - 1 {
            if k.is_multiple_of(2) {
                items.swap(i, k - 1);
            } else {
                items.swap(0, k - 1);
            }
            heap(k - 1, items, out);
        }
    }
    let mut out = Vec::new();
    heap(items.len(), &mut items.to_vec(), &mut out);
    out
}

/// The chart's title and a key to its series, drawn above it (ratatui's own legend hides
/// itself in small areas).
/// Where the row is too narrow for all of it, the title goes first: the key is what the reader
/// needs to tell the curves apart.
fn legend_line(
    title: &str,
    series: &[(String, Vec<(f64, f64)>)],
    ui: Lang,
    theme: Theme,
    width: u16,
) -> Line<'static> {
    let mut spans = vec![Span::styled(format!("{title}: "), theme.dim())];
    for (i, (name, _)) in series.iter().enumerate() {
        let (symbol, style) = if theme.color {
            ("━", Style::new().fg(SERIES_COLORS[i % 4]))
        } else {
            (SERIES_SYMBOLS[i % 4], Style::new())
        };
        spans.push(Span::styled(format!("{symbol} {name}  "), style));
    }
    spans.push(Span::styled(m::CHART_YOUR_SIZE.get(ui), theme.dim()));
    let line = Line::from(spans);
    if line.width() > usize::from(width) {
        Line::from(line.spans[1..].to_vec())
    } else {
        line
    }
}

/// What each series' marker looks like, for the legend when there is no colour.
const SERIES_SYMBOLS: [&str; 4] = ["⣿", "•", "█", "▄"];

/// A size on a power-of-two axis, in binary units: `1 KiB`, `4 MiB`, `16 GiB`.
fn binary_size(bytes: f64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    format!("{} {}", format::sig(value, 3), UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_sizes_are_binary() {
        assert_eq!(binary_size(1024.0), "1 KiB");
        assert_eq!(binary_size(16.0 * 1024f64.powi(3)), "16 GiB");
        assert_eq!(binary_size(4.0 * 1024f64.powi(2)), "4 MiB");
    }
}
