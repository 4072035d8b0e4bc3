//! A section laid out part by part, from the top and from the bottom, until the two meet.
//!
//! Line numbers from the top are only known for the parts laid out from the top, so a view
//! that jumped to the end is kept as a distance from the end ([`Scroll::End`]), and one that
//! moved to another language or width as a line of a part ([`Scroll::Part`]), until the parts
//! before it are laid out; then it becomes a line number again.

use std::ops::Range;
use std::time::{Duration, Instant};

use super::{LaidLine, LayoutKey, lay_out_part, section_parts};
use crate::content::Card;

/// Sections up to this long are laid out whole at once (a few milliseconds).
const EAGER_BYTES: usize = 32 << 10;

/// Where the reader's view of a section is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scroll {
    /// The first line shown, counted from the top of the section.
    Top(usize),
    /// Lines between the last line shown and the end of the section: where End goes before
    /// the section is laid out to its end.
    End(usize),
    /// The first line shown, as a line of one part (negative or past the part's end until
    /// [`SectionLayout::settle`]): where the view of another language or width lands before
    /// the parts above it are laid out.
    Part { part: usize, line: isize },
}

impl Scroll {
    /// Moved down by `lines` (up when negative), not past the top or the end.
    #[must_use]
    pub fn moved(self, lines: i32) -> Scroll {
        let step = lines.unsigned_abs() as usize;
        match self {
            Scroll::Top(first) if lines < 0 => Scroll::Top(first.saturating_sub(step)),
            Scroll::Top(first) => Scroll::Top(first.saturating_add(step)),
            Scroll::End(gap) if lines < 0 => Scroll::End(gap.saturating_add(step)),
            Scroll::End(gap) => Scroll::End(gap.saturating_sub(step)),
            Scroll::Part { part, line } => Scroll::Part {
                part,
                line: line.saturating_add(lines as isize),
            },
        }
    }
}

/// A line of the section, counted from its top or (0 for the last) from its end.
#[derive(Debug, Clone, Copy)]
enum Pos {
    Top(usize),
    End(usize),
}

/// The parts of one section laid out so far.
#[derive(Debug, Clone)]
pub struct SectionLayout {
    key: LayoutKey,
    /// The markdown parts; one more part after them lists the sources.
    parts: Vec<Range<usize>>,
    laid: Vec<Option<Vec<LaidLine>>>,
    /// `starts[i]`: the first line of part `i`, for the parts laid out from the top and one
    /// past them (so `starts.len() - 1` parts, `starts[last]` lines).
    starts: Vec<usize>,
    /// `ends[j]`: the lines in the last `j` parts, for the parts laid out from the bottom.
    ends: Vec<usize>,
}

impl SectionLayout {
    /// A layout with nothing laid out yet.
    pub fn new(key: LayoutKey, card: &Card) -> SectionLayout {
        let parts = section_parts(card, key);
        let count = parts.len() + 1;
        SectionLayout {
            key,
            parts,
            laid: vec![None; count],
            starts: vec![0],
            ends: vec![0],
        }
    }

    pub fn key(&self) -> LayoutKey {
        self.key
    }

    /// Parts laid out from the top.
    fn front(&self) -> usize {
        self.starts.len() - 1
    }

    /// The first part laid out from the bottom.
    fn back(&self) -> usize {
        self.laid.len() - (self.ends.len() - 1)
    }

    fn front_lines(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    fn back_lines(&self) -> usize {
        self.ends.last().copied().unwrap_or(0)
    }

    /// The number of lines, once every part is laid out.
    pub fn total(&self) -> Option<usize> {
        (self.front() >= self.back()).then(|| self.front_lines() + self.back_lines())
    }

    /// Lays out part `index` unless it is already; returns its line count.
    fn part(&mut self, card: &Card, index: usize) -> usize {
        if self.laid[index].is_none() {
            self.laid[index] = Some(lay_out_part(card, self.key, &self.parts, index));
        }
        self.laid[index].as_ref().map_or(0, Vec::len)
    }

    /// Lays out parts from the top until `lines` lines are known from there (or all are).
    fn grow_front(&mut self, card: &Card, lines: usize) {
        while self.front_lines() < lines && self.front() < self.back() {
            let len = self.part(card, self.front());
            self.starts.push(self.front_lines() + len);
        }
    }

    /// Lays out parts from the bottom until `lines` lines are known from there (or all are).
    fn grow_back(&mut self, card: &Card, lines: usize) {
        while self.back_lines() < lines && self.front() < self.back() {
            let len = self.part(card, self.back() - 1);
            self.ends.push(self.back_lines() + len);
        }
    }

    /// Where `scroll` (a view of `rows` lines) is in this layout, on a later layout of the
    /// same section: the same line of the same part at another width (scaled by the old width
    /// over the new), or the part at the same share of the text in the other language (whose
    /// parts are others).
    pub fn carry(&self, scroll: Scroll, rows: usize, to: &SectionLayout) -> Scroll {
        let Some((part, line)) = self.anchor(scroll, rows) else {
            return scroll;
        };
        if to.key.lang == self.key.lang {
            let line = line * self.key.width / to.key.width.max(1);
            return Scroll::Part {
                part,
                line: isize::try_from(line).unwrap_or(isize::MAX),
            };
        }
        let len = self.parts.last().map_or(0, |p| p.end).max(1);
        let start = self.parts.get(part).map_or(len, |p| p.start);
        let to_len = to.parts.last().map_or(0, |p| p.end);
        let byte = start * to_len / len;
        let part = to
            .parts
            .partition_point(|p| p.end <= byte)
            .min(to.parts.len().saturating_sub(1));
        Scroll::Part { part, line: 0 }
    }

    /// The part and line of the first line a view of `rows` lines at `scroll` shows, when
    /// that part is laid out.
    fn anchor(&self, scroll: Scroll, rows: usize) -> Option<(usize, usize)> {
        let from_top = |n: usize| {
            let part = self.starts.partition_point(|s| *s <= n).checked_sub(1)?;
            Some((part, n - self.starts[part]))
        };
        let from_end = |n: usize| {
            let j = self.ends.partition_point(|e| *e <= n).checked_sub(1)?;
            let part = self.laid.len().checked_sub(j + 1)?;
            let lines = self.laid.get(part)?.as_ref()?.len();
            Some((part, lines.checked_sub(n - self.ends[j] + 1)?))
        };
        match scroll {
            Scroll::Top(first) if first < self.front_lines() => from_top(first),
            Scroll::Top(first) => from_end(self.total()?.checked_sub(first + 1)?),
            Scroll::End(gap) => {
                let first = (gap + rows.max(1) - 1).min(self.back_lines().checked_sub(1)?);
                from_end(first)
            }
            Scroll::Part { part, line } => Some((part, line.unsigned_abs())),
        }
    }

    /// Lays out more parts from the top for about `budget`, so the line count becomes known
    /// over a few keys without any one key waiting for all of it.
    /// A section of at most [`EAGER_BYTES`] is laid out whole whatever the budget, so a
    /// card of ordinary length always shows its line count.
    pub fn advance(&mut self, card: &Card, budget: Duration) {
        let start = Instant::now();
        let small = self.parts.last().is_none_or(|p| p.end <= EAGER_BYTES);
        while self.total().is_none() && (small || start.elapsed() < budget) {
            let more = self.front_lines() + 1;
            self.grow_front(card, more);
        }
    }

    /// Lays out what a view of `rows` lines at `scroll` shows, and returns `scroll` kept within
    /// the section (and as a line number once the line count is known).
    pub fn settle(&mut self, card: &Card, scroll: Scroll, rows: usize) -> Scroll {
        match scroll {
            Scroll::Top(first) => {
                self.grow_front(card, first.saturating_add(rows));
                match self.total() {
                    Some(total) => Scroll::Top(first.min(total.saturating_sub(rows))),
                    None => scroll,
                }
            }
            Scroll::End(gap) => {
                self.grow_back(card, gap.saturating_add(rows));
                match self.total() {
                    Some(total) => Scroll::Top(total.saturating_sub(rows).saturating_sub(gap)),
                    None => scroll,
                }
            }
            Scroll::Part { part, line } => self.settle_part(card, part, line, rows),
        }
    }

    /// [`SectionLayout::settle`] for a line of a part: walked to the part that holds it, then
    /// a line number from the top or the end where those are known.
    fn settle_part(&mut self, card: &Card, part: usize, line: isize, rows: usize) -> Scroll {
        let last = self.laid.len() - 1;
        let (mut part, mut line) = (part.min(last), line);
        while line < 0 {
            if part == 0 {
                line = 0;
                break;
            }
            part -= 1;
            line = line.saturating_add_unsigned(self.part(card, part));
        }
        let mut line = line.unsigned_abs();
        while part < last && line >= self.part(card, part) {
            line -= self.part(card, part);
            part += 1;
        }
        if part <= self.front() {
            while self.front() <= part && self.front() < self.back() {
                let more = self.front_lines() + 1;
                self.grow_front(card, more);
            }
            if part < self.front() {
                return self.settle(card, Scroll::Top(self.starts[part] + line), rows);
            }
        }
        // The rows from there, laid out; past the end, the view ends at the end.
        let mut shown = self.part(card, part).saturating_sub(line);
        let mut next = part + 1;
        while shown < rows && next <= last {
            shown += self.part(card, next);
            next += 1;
        }
        if shown < rows {
            return self.settle(card, Scroll::End(0), rows);
        }
        if part >= self.back() {
            let from_end = self.ends[self.laid.len() - part] - line;
            return self.settle(card, Scroll::End(from_end - rows), rows);
        }
        Scroll::Part {
            part,
            line: isize::try_from(line).unwrap_or(isize::MAX),
        }
    }

    /// The line at `pos`, if it is laid out.
    fn line(&self, pos: Pos) -> Option<&LaidLine> {
        let total = self.total();
        let pos = match (pos, total) {
            (Pos::Top(n), Some(total)) if n >= self.front_lines() => {
                Pos::End(total.checked_sub(n + 1)?)
            }
            (Pos::End(n), Some(total)) if n >= self.back_lines() => {
                Pos::Top(total.checked_sub(n + 1)?)
            }
            (pos, _) => pos,
        };
        match pos {
            Pos::Top(n) => {
                let part = self.starts.partition_point(|s| *s <= n).checked_sub(1)?;
                self.laid.get(part)?.as_ref()?.get(n - self.starts[part])
            }
            Pos::End(n) => {
                let from_end = self.ends.partition_point(|e| *e <= n).checked_sub(1)?;
                let lines = self.laid.get(self.laid.len().checked_sub(from_end + 1)?)?;
                let lines = lines.as_ref()?;
                lines.get(lines.len().checked_sub(n - self.ends[from_end] + 1)?)
            }
        }
    }

    /// The lines a view of `rows` lines at `scroll` shows, as far as they are laid out (all
    /// of them after [`SectionLayout::settle`]).
    pub fn visible(&self, scroll: Scroll, rows: usize) -> Vec<&LaidLine> {
        match scroll {
            Scroll::Top(first) => (first..first.saturating_add(rows))
                .map_while(|n| self.line(Pos::Top(n)))
                .collect(),
            Scroll::End(gap) => {
                let mut lines: Vec<&LaidLine> = (gap..gap.saturating_add(rows))
                    .map_while(|n| self.line(Pos::End(n)))
                    .collect();
                lines.reverse();
                lines
            }
            Scroll::Part { part, line } => self.laid[part.min(self.laid.len() - 1)..]
                .iter()
                .map_while(Option::as_ref)
                .flatten()
                .skip(line.unsigned_abs())
                .take(rows)
                .collect(),
        }
    }

    /// Every line, laying out what is not yet.
    pub fn into_lines(mut self, card: &Card) -> Vec<LaidLine> {
        self.grow_front(card, usize::MAX);
        self.laid.into_iter().flatten().flatten().collect()
    }
}

#[cfg(test)]
impl SectionLayout {
    /// The first line of `part`, laying out the parts before it.
    pub fn part_start(&mut self, card: &Card, part: usize) -> usize {
        (0..part).map(|p| self.part(card, p)).sum()
    }

    pub fn part_count(&self) -> usize {
        self.laid.len()
    }
}
