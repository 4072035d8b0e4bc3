//! The state of one parse: the lines so far, the open line, and the open blocks and spans.
//! Events are handled in `builder/events.rs`.

use pulldown_cmark::Alignment;

use super::{DocLine, LineKind, Mark, Seg, replace_citations};

struct Table {
    alignments: Vec<Alignment>,
    rows: Vec<Vec<String>>,
    cell: String,
}

pub(super) struct Builder<'a> {
    cite: &'a dyn Fn(&str) -> Option<usize>,
    /// Columns tables must fit in, if any.
    width: Option<usize>,
    lines: Vec<DocLine>,
    current: Option<DocLine>,
    /// Text not yet written, so that `[^key]` split across events is still one citation.
    pending: String,
    lists: Vec<Option<u64>>,
    strong: usize,
    emphasis: usize,
    heading: bool,
    link: Option<String>,
    code_block: bool,
    quote: usize,
    table: Option<Table>,
}

impl<'a> Builder<'a> {
    pub(super) fn new(cite: &'a dyn Fn(&str) -> Option<usize>, width: Option<usize>) -> Self {
        Builder {
            cite,
            width,
            lines: Vec::new(),
            current: None,
            pending: String::new(),
            lists: Vec::new(),
            strong: 0,
            emphasis: 0,
            heading: false,
            link: None,
            code_block: false,
            quote: 0,
            table: None,
        }
    }

    /// The lines, once every event is in.
    pub(super) fn finish(mut self) -> Vec<DocLine> {
        self.end_line();
        self.lines
    }

    fn mark(&self) -> Mark {
        Mark {
            bold: self.strong > 0,
            italic: self.emphasis > 0,
            heading: self.heading,
            ..Mark::PLAIN
        }
    }

    /// The prefix every new line gets inside block quotes.
    fn quote_prefix(&self) -> String {
        "│ ".repeat(self.quote)
    }

    fn start_line(&mut self, prefix: Vec<Seg>, indent: usize) {
        self.end_line();
        let mut segs = Vec::new();
        if self.quote > 0 {
            segs.push(Seg {
                text: self.quote_prefix(),
                mark: Mark::DIM,
            });
        }
        segs.extend(prefix);
        let indent = indent + 2 * self.quote;
        self.current = Some(DocLine {
            segs,
            kind: LineKind::Flow,
            indent,
        });
    }

    fn end_line(&mut self) {
        self.flush();
        if let Some(line) = self.current.take() {
            self.lines.push(line);
        }
    }

    fn blank(&mut self) {
        self.end_line();
        if self.lines.last().is_some_and(|l| !l.is_blank()) {
            self.lines.push(DocLine {
                segs: Vec::new(),
                kind: LineKind::Flow,
                indent: 0,
            });
        }
    }

    fn push_seg(&mut self, text: String, mark: Mark) {
        if text.is_empty() {
            return;
        }
        if let Some(table) = &mut self.table {
            table.cell.push_str(&text);
            return;
        }
        if self.current.is_none() {
            let indent = self.list_indent();
            self.start_line(Vec::new(), indent);
        }
        if let Some(line) = &mut self.current {
            match line.segs.last_mut() {
                Some(last) if last.mark == mark => last.text.push_str(&text),
                _ => line.segs.push(Seg { text, mark }),
            }
        }
    }

    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let text = replace_citations(&std::mem::take(&mut self.pending), self.cite);
        let mark = self.mark();
        self.push_seg(text, mark);
    }

    /// Starts a line inside a list item, indented to the item's text (a hard break, or a
    /// second paragraph of the item).
    fn start_indented_line(&mut self) {
        let indent = self.list_indent();
        self.start_line(
            vec![Seg {
                text: " ".repeat(indent),
                mark: Mark::PLAIN,
            }],
            indent,
        );
    }

    fn list_indent(&self) -> usize {
        self.lists
            .iter()
            .map(|l| if l.is_some() { 3 } else { 2 })
            .sum()
    }
}

mod events;
