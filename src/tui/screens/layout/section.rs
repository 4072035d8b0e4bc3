//! A section laid out part by part, from the top and from the bottom, until the two meet.
//!
//! Line numbers from the top are only known for the parts laid out from the top, so a view
//! that jumped to the end is kept as a distance from the end ([`Scroll::End`]) until the whole
//! section is laid out; then it becomes a line number again.

use std::ops::Range;
use std::time::{Duration, Instant};

use super::{LaidLine, LayoutKey, lay_out_part, section_parts};
use crate::content::Card;

/// Where the reader's view of a section is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scroll {
    /// The first line shown, counted from the top of the section.
    Top(usize),
    /// Lines between the last line shown and the end of the section: where End goes before
    /// the section is laid out to its end.
    End(usize),
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
    laid: Vec<Vec<LaidLine>>,
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
            laid: vec![Vec::new(); count],
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

    /// Lays out parts from the top until `lines` lines are known from there (or all are).
    fn grow_front(&mut self, card: &Card, lines: usize) {
        while self.front_lines() < lines && self.front() < self.back() {
            let index = self.front();
            self.laid[index] = lay_out_part(card, self.key, &self.parts, index);
            self.starts
                .push(self.front_lines() + self.laid[index].len());
        }
    }

    /// Lays out parts from the bottom until `lines` lines are known from there (or all are).
    fn grow_back(&mut self, card: &Card, lines: usize) {
        while self.back_lines() < lines && self.front() < self.back() {
            let index = self.back() - 1;
            self.laid[index] = lay_out_part(card, self.key, &self.parts, index);
            self.ends.push(self.back_lines() + self.laid[index].len());
        }
    }

    /// Lays out more parts from the top for about `budget`, so the line count becomes known
    /// over a few keys without any one key waiting for all of it.
    pub fn advance(&mut self, card: &Card, budget: Duration) {
        let start = Instant::now();
        while self.total().is_none() && start.elapsed() < budget {
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
                self.laid.get(part)?.get(n - self.starts[part])
            }
            Pos::End(n) => {
                let from_end = self.ends.partition_point(|e| *e <= n).checked_sub(1)?;
                let lines = self.laid.get(self.laid.len().checked_sub(from_end + 1)?)?;
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
        }
    }

    /// Every line, laying out what is not yet.
    pub fn into_lines(mut self, card: &Card) -> Vec<LaidLine> {
        self.grow_front(card, usize::MAX);
        self.laid.into_iter().flatten().collect()
    }
}
