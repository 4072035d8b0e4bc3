//! A result as people read it: a one-line summary, headline figures (spec and expected), the
//! numbered steps, charts for the TUI and tables for the command line.

use crate::calc::format;
use crate::text::Bi;

/// A computed result as a viewer shows it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Outcome {
    /// What was computed, in one line (`allreduce of 1 GiB on 16 ranks ...`); may be empty.
    pub summary: Bi,
    /// (what, spec figure, expected figure); expected may be empty.
    pub headline: Vec<Row>,
    pub steps: Vec<Bi>,
    pub charts: Vec<Chart>,
    /// Detail the command line prints in full (a size sweep, one row per stage); optional ones
    /// are added only when asked for.
    pub tables: Vec<Table>,
}

/// One headline row: (what, spec figure, expected figure).
pub type Row = (Bi, Bi, Bi);

/// A headline row with a spec and an expected figure.
pub fn pair(what: impl Into<Bi>, spec: impl Into<Bi>, expected: impl Into<Bi>) -> Row {
    (what.into(), spec.into(), expected.into())
}

/// A headline row with one figure.
pub fn one(what: impl Into<Bi>, value: impl Into<Bi>) -> Row {
    (what.into(), value.into(), Bi::default())
}

/// Spec and expected durations as a headline row, when both are known (a link was given).
pub fn times(what: impl Into<Bi>, spec: Option<f64>, expected: Option<f64>) -> Option<Row> {
    Some(pair(
        what,
        format::duration(spec?),
        format::duration(expected?),
    ))
}

impl Outcome {
    /// The usual outcome: headline rows, the engine's steps and charts, no summary or tables.
    pub fn new<S: Into<Bi> + Clone>(
        headline: Vec<Row>,
        steps: &[S],
        charts: Vec<Chart>,
    ) -> Outcome {
        Outcome {
            headline,
            steps: steps.iter().cloned().map(Into::into).collect(),
            charts,
            ..Outcome::default()
        }
    }

    /// A headline row with a spec and an expected figure.
    pub fn pair(&mut self, what: impl Into<Bi>, spec: impl Into<Bi>, expected: impl Into<Bi>) {
        self.headline.push(pair(what, spec, expected));
    }

    /// A headline row with one figure.
    pub fn row(&mut self, what: impl Into<Bi>, value: impl Into<Bi>) {
        self.headline.push(one(what, value));
    }
}

impl Chart {
    /// Parts of a whole under a title.
    pub fn parts<L: Into<Bi>>(
        title: impl Into<Bi>,
        unit: Unit,
        parts: impl IntoIterator<Item = (L, f64)>,
    ) -> Chart {
        Chart::Parts {
            title: title.into(),
            unit,
            parts: labelled(parts).collect(),
        }
    }

    /// Bars with no expected figure: each spec value is repeated, as [`Chart::Bars`] wants.
    pub fn spec_bars<L: Into<Bi>>(
        title: impl Into<Bi>,
        unit: Unit,
        bars: impl IntoIterator<Item = (L, f64)>,
    ) -> Chart {
        Chart::Bars {
            title: title.into(),
            unit,
            bars: labelled(bars).map(|(l, v)| (l, v, v)).collect(),
        }
    }
}

/// Rows under a header, printed as aligned columns.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    pub title: Bi,
    pub header: Vec<Bi>,
    pub rows: Vec<Vec<String>>,
}

/// A picture of a result.
#[derive(Debug, Clone, PartialEq)]
pub enum Chart {
    /// One bar per item, spec and expected (e.g. transfer time per link). Calculators without
    /// an expected figure (memory per stage, bubble per schedule) repeat the spec value.
    Bars {
        title: Bi,
        unit: Unit,
        bars: Vec<(Bi, f64, f64)>,
    },
    /// Series of (x, y) points on log-log axes (e.g. collective time against message size).
    Lines {
        title: Bi,
        series: Vec<(Bi, Vec<(f64, f64)>)>,
        marker: Option<f64>,
    },
    /// Parts of a whole (e.g. checkpoint size by what it holds).
    Parts {
        title: Bi,
        unit: Unit,
        parts: Vec<(Bi, f64)>,
    },
}

/// Values with their labels as owned strings.
fn labelled<L: Into<Bi>>(
    items: impl IntoIterator<Item = (L, f64)>,
) -> impl Iterator<Item = (Bi, f64)> {
    items.into_iter().map(|(l, v)| (l.into(), v))
}

/// How chart values are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Seconds,
    Bytes,
    /// A fraction, printed as a percentage (0.234 → 23.4%).
    Percent,
    /// A count of floating-point operations.
    Flops,
    /// A plain count (switches, nodes).
    Count,
    /// Bytes per second.
    Rate,
}

impl Unit {
    pub fn format(self, value: f64) -> String {
        match self {
            Unit::Seconds => format::duration(value),
            Unit::Bytes => format::bytes_short(value),
            Unit::Percent => format::percent(value),
            Unit::Flops => format::flops(value),
            Unit::Count => format::sig(value, 6),
            Unit::Rate => format::rate_short(value),
        }
    }
}
