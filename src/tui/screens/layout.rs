//! A card section laid out for the reader: markdown parsed, fitted and wrapped to a width, with
//! abstract marks instead of colours, and the sources it cites listed after it.
//!
//! A 5 MB section took two seconds to lay out at once, so a section is laid out in parts
//! (`text::markdown::parts`), only as far as the view needs: from the top for the first screen
//! and scrolling down, from the bottom for End ([`SectionLayout`]). Update lays out what the
//! next frame shows and caches it, so drawing never lays anything out.

use std::ops::Range;

use crate::content::{Card, Lang, Section};
use crate::text::markdown::{DocLine, LineKind, Mark, parse_part, parts};
use crate::text::wrap::{Span as StyledRun, wrap_spans};

mod section;
pub use section::{Scroll, SectionLayout};

/// One laid-out line: runs of text with their marks.
pub type LaidLine = Vec<StyledRun<Mark>>;

/// Parts of a section are at least this long, so a part costs a few milliseconds at most and a
/// 5 MB section has about a thousand of them.
const PART_BYTES: usize = 4 << 10;

/// Layouts kept: both languages of two sections, so `L` and `L` again, or Tab and Shift-Tab,
/// find theirs.
const CACHED: usize = 4;

/// What a layout depends on; a different key means it must be laid out again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoutKey {
    pub card: usize,
    pub section: Section,
    pub lang: Lang,
    pub width: usize,
}

/// The last few sections laid out, most recent last.
#[derive(Debug, Clone, Default)]
pub struct LayoutCache {
    cached: Vec<SectionLayout>,
}

impl LayoutCache {
    /// The layout for `key`, started (nothing laid out yet) if the cache does not hold it.
    pub fn get(&mut self, key: LayoutKey, card: &Card) -> &mut SectionLayout {
        let index = if let Some(index) = self.cached.iter().position(|l| l.key() == key) {
            index
        } else {
            if self.cached.len() >= CACHED {
                self.cached.remove(0);
            }
            self.cached.push(SectionLayout::new(key, card));
            self.cached.len() - 1
        };
        let layout = self.cached.remove(index);
        self.cached.push(layout);
        let last = self.cached.len() - 1;
        &mut self.cached[last]
    }

    /// The layout for `key` and `scroll` on it: when the layout is new, `scroll` is carried
    /// over from the most recent layout of the same section (another language or width), so
    /// the view stays where it was without the parts above it being laid out.
    pub fn get_carried(
        &mut self,
        key: LayoutKey,
        card: &Card,
        scroll: Scroll,
        rows: usize,
    ) -> (&mut SectionLayout, Scroll) {
        let carried = match self.cached.last() {
            Some(previous)
                if self.peek(key).is_none()
                    && previous.key().card == key.card
                    && previous.key().section == key.section =>
            {
                let fresh = SectionLayout::new(key, card);
                let scroll = previous.carry(scroll, rows, &fresh);
                if self.cached.len() >= CACHED {
                    self.cached.remove(0);
                }
                self.cached.push(fresh);
                scroll
            }
            _ => scroll,
        };
        (self.get(key, card), carried)
    }

    /// The cached layout for `key`, if there is one.
    pub fn peek(&self, key: LayoutKey) -> Option<&SectionLayout> {
        self.cached.iter().find(|l| l.key() == key)
    }
}

/// One section of a card at `width` columns, then the sources it cites, laid out at once (for
/// views that show a section whole, such as the drill's reference answer).
pub fn section(card: &Card, lang: Lang, section: Section, width: usize) -> Vec<LaidLine> {
    let key = LayoutKey {
        card: 0,
        section,
        lang,
        width,
    };
    SectionLayout::new(key, card).into_lines(card)
}

/// The markdown parts of the section `key` names.
fn section_parts(card: &Card, key: LayoutKey) -> Vec<Range<usize>> {
    parts(card.body.get(key.lang).section(key.section), PART_BYTES)
}

/// Lays out part `index` of the section: a markdown part, or (after the last of them, at
/// `index == parts.len()`) the list of the sources the section cites.
fn lay_out_part(
    card: &Card,
    key: LayoutKey,
    parts: &[Range<usize>],
    index: usize,
) -> Vec<LaidLine> {
    let markdown = card.body.get(key.lang).section(key.section);
    let width = key.width;
    if let Some(range) = parts.get(index) {
        let cite = |k: &str| card.citation_number(k);
        let last = index + 1 == parts.len();
        return wrap_doc(
            &parse_part(&markdown[range.clone()], &cite, Some(width), last),
            width,
        );
    }
    let cited: Vec<_> = card
        .sources
        .iter()
        .enumerate()
        .filter(|(_, s)| markdown.contains(&format!("[^{}]", s.key)))
        .collect();
    let mut lines = Vec::new();
    if !cited.is_empty() {
        lines.push(Vec::new());
        for (i, source) in cited {
            let place = source
                .url
                .as_deref()
                .or(source.document.as_deref())
                .unwrap_or("");
            let reported = if source.reported {
                reported_label(key.lang)
            } else {
                ""
            };
            let text = format!("[{}] {}{reported} {place}", i + 1, source.title);
            lines.extend(wrap_spans(&[StyledRun::new(text, Mark::DIM)], width, 4));
        }
    }
    lines
}

const fn reported_label(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "（二手来源）",
        Lang::En => " (reported)",
    }
}

/// Wraps flowing lines to `width` and keeps preformatted ones whole (the view clips them).
pub fn wrap_doc(doc: &[DocLine], width: usize) -> Vec<LaidLine> {
    let mut out = Vec::with_capacity(doc.len());
    for line in doc {
        let runs: LaidLine = line
            .segs
            .iter()
            .map(|s| StyledRun::new(s.text.clone(), s.mark))
            .collect();
        match line.kind {
            LineKind::Pre => out.push(runs),
            LineKind::Flow => out.extend(wrap_spans(&runs, width, line.indent)),
        }
    }
    out
}

#[cfg(test)]
mod tests;
