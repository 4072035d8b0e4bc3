//! Card markdown as lines of styled segments, shared by the command line and the TUI.
//!
//! Each line is either flowing text, which the viewer wraps to its width, or preformatted text
//! (code blocks, diagrams, tables), which must keep its alignment and is never re-wrapped. Styles
//! are abstract marks; `render` turns them into ANSI codes and the TUI into ratatui styles. This
//! module must not depend on either.

mod table;

use pulldown_cmark::{Alignment, Event, HeadingLevel, Parser, Tag, TagEnd};
use unicode_width::UnicodeWidthStr;

use crate::content::body::markdown_options;

/// How a segment of text is emphasised.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent text attributes, like a style"
)]
pub struct Mark {
    pub bold: bool,
    pub italic: bool,
    pub code: bool,
    pub link: bool,
    pub heading: bool,
    /// List bullets and numbers.
    pub marker: bool,
    /// Rules, table borders, link targets: secondary ink.
    pub dim: bool,
}

impl Mark {
    pub const PLAIN: Mark = Mark {
        bold: false,
        italic: false,
        code: false,
        link: false,
        heading: false,
        marker: false,
        dim: false,
    };
}

/// A run of text with one mark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seg {
    pub text: String,
    pub mark: Mark,
}

/// Whether a line may be re-wrapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    Flow,
    Pre,
}

/// One logical line of a rendered document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocLine {
    pub segs: Vec<Seg>,
    pub kind: LineKind,
    /// Columns that continuation lines are indented by when a flowing line wraps (list items).
    pub indent: usize,
}

impl DocLine {
    pub fn is_blank(&self) -> bool {
        self.segs.iter().all(|s| s.text.trim().is_empty())
    }

    pub fn plain(&self) -> String {
        self.segs.iter().map(|s| s.text.as_str()).collect()
    }
}

/// Replaces `[^key]` citations with `[n]`, using `number` to look keys up; unknown keys stay.
pub fn replace_citations(text: &str, number: &dyn Fn(&str) -> Option<usize>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("[^") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let found = after
            .find(']')
            .and_then(|close| number(after[..close].trim()).map(|n| (close, n)));
        if let Some((close, n)) = found {
            out.push('[');
            out.push_str(&n.to_string());
            out.push(']');
            rest = &after[close + 1..];
        } else {
            out.push_str("[^");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Parses `markdown` into lines. `cite` numbers citation keys.
pub fn parse(markdown: &str, cite: &dyn Fn(&str) -> Option<usize>) -> Vec<DocLine> {
    parse_fitted(markdown, cite, None)
}

/// Parses `markdown` into lines, fitting tables into `width` columns when given: columns
/// shrink and cells wrap, so a table never runs off a narrow screen.
pub fn parse_fitted(
    markdown: &str,
    cite: &dyn Fn(&str) -> Option<usize>,
    width: Option<usize>,
) -> Vec<DocLine> {
    let mut builder = Builder {
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
    };
    for event in Parser::new_ext(markdown, markdown_options()) {
        builder.event(event);
    }
    builder.end_line();
    while builder.lines.last().is_some_and(DocLine::is_blank) {
        builder.lines.pop();
    }
    builder.lines
}

struct Table {
    alignments: Vec<Alignment>,
    rows: Vec<Vec<String>>,
    cell: String,
}

struct Builder<'a> {
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

impl Builder<'_> {
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
                mark: Mark {
                    dim: true,
                    ..Mark::PLAIN
                },
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

    fn list_indent(&self) -> usize {
        self.lists
            .iter()
            .map(|l| if l.is_some() { 3 } else { 2 })
            .sum()
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) if self.code_block => self.code_lines(&text),
            Event::Text(text) | Event::Html(text) | Event::InlineHtml(text) => {
                self.pending.push_str(&text);
            }
            Event::Code(code) => {
                self.flush();
                self.push_seg(
                    code.to_string(),
                    Mark {
                        code: true,
                        ..self.mark()
                    },
                );
            }
            Event::SoftBreak => {
                let previous = self.pending.chars().last().or_else(|| {
                    let line = self.current.as_ref()?;
                    line.segs.last()?.text.chars().last()
                });
                if previous.is_some_and(|c| c.is_ascii()) {
                    self.pending.push(' ');
                }
            }
            Event::HardBreak => {
                let indent = self.list_indent();
                self.start_line(
                    vec![Seg {
                        text: " ".repeat(indent),
                        mark: Mark::PLAIN,
                    }],
                    indent,
                );
            }
            Event::Rule => {
                self.blank();
                let rule = Seg {
                    text: "─".repeat(40),
                    mark: Mark {
                        dim: true,
                        ..Mark::PLAIN
                    },
                };
                self.lines.push(DocLine {
                    segs: vec![rule],
                    kind: LineKind::Pre,
                    indent: 0,
                });
                self.blank();
            }
            _ => {}
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        self.flush();
        match tag {
            Tag::Heading { level, .. } => {
                self.blank();
                let prefix = match level {
                    HeadingLevel::H1 | HeadingLevel::H2 | HeadingLevel::H3 => Vec::new(),
                    _ => vec![Seg {
                        text: "· ".to_owned(),
                        mark: Mark {
                            marker: true,
                            ..Mark::PLAIN
                        },
                    }],
                };
                self.start_line(prefix, 0);
                self.heading = true;
            }
            Tag::Paragraph => {
                if self.lists.is_empty() {
                    self.blank();
                } else if self
                    .current
                    .as_ref()
                    .is_some_and(|l| !l.plain().trim().is_empty())
                {
                    let indent = self.list_indent();
                    self.start_line(
                        vec![Seg {
                            text: " ".repeat(indent),
                            mark: Mark::PLAIN,
                        }],
                        indent,
                    );
                }
            }
            Tag::List(start) => {
                if self.lists.is_empty() {
                    self.blank();
                } else {
                    self.end_line();
                }
                self.lists.push(start);
            }
            Tag::Item => self.start_item(),
            Tag::CodeBlock(_) => {
                self.blank();
                self.code_block = true;
            }
            Tag::Emphasis => self.emphasis += 1,
            Tag::Strong => self.strong += 1,
            Tag::Link { dest_url, .. } => self.link = Some(dest_url.to_string()),
            Tag::BlockQuote(_) => {
                self.blank();
                self.quote += 1;
            }
            Tag::Table(alignments) => {
                self.blank();
                self.table = Some(Table {
                    alignments,
                    rows: Vec::new(),
                    cell: String::new(),
                });
            }
            Tag::TableHead | Tag::TableRow => {
                if let Some(table) = &mut self.table {
                    table.rows.push(Vec::new());
                }
            }
            _ => {}
        }
    }

    fn start_item(&mut self) {
        let depth = self.lists.len().saturating_sub(1);
        let outer: usize = self.lists[..depth]
            .iter()
            .map(|l| if l.is_some() { 3 } else { 2 })
            .sum();
        let marker = match self.lists.last_mut() {
            Some(Some(n)) => {
                *n += 1;
                format!("{}.", *n - 1)
            }
            _ => "•".to_owned(),
        };
        let marker = format!("{marker} ");
        let indent = outer + marker.width();
        let prefix = vec![
            Seg {
                text: " ".repeat(outer),
                mark: Mark::PLAIN,
            },
            Seg {
                text: marker,
                mark: Mark {
                    marker: true,
                    ..Mark::PLAIN
                },
            },
        ];
        self.start_line(prefix, indent);
    }

    fn end(&mut self, tag: TagEnd) {
        self.flush();
        match tag {
            TagEnd::Heading(_) => {
                self.end_line();
                self.heading = false;
            }
            TagEnd::Paragraph | TagEnd::Item => self.end_line(),
            TagEnd::List(_) => {
                self.end_line();
                self.lists.pop();
                if self.lists.is_empty() {
                    self.blank();
                }
            }
            TagEnd::CodeBlock => {
                self.code_block = false;
                self.blank();
            }
            TagEnd::Emphasis => self.emphasis = self.emphasis.saturating_sub(1),
            TagEnd::Strong => self.strong = self.strong.saturating_sub(1),
            TagEnd::Link => self.end_link(),
            TagEnd::BlockQuote(_) => {
                self.end_line();
                self.quote = self.quote.saturating_sub(1);
                self.blank();
            }
            TagEnd::TableCell => {
                if let Some(table) = &mut self.table {
                    let cell = std::mem::take(&mut table.cell);
                    if let Some(row) = table.rows.last_mut() {
                        row.push(cell.trim().to_owned());
                    }
                }
            }
            TagEnd::Table => {
                if let Some(table) = self.table.take() {
                    self.lines
                        .extend(table::draw(&table.rows, &table.alignments, self.width));
                    self.blank();
                }
            }
            _ => {}
        }
    }

    fn end_link(&mut self) {
        let Some(dest) = self.link.take() else { return };
        let shown = match dest.strip_prefix("card:") {
            Some(id) => format!(" → {}", id.trim()),
            None if dest.is_empty() => return,
            None => format!(" ({dest})"),
        };
        self.push_seg(
            shown,
            Mark {
                link: true,
                dim: true,
                ..Mark::PLAIN
            },
        );
    }

    fn code_lines(&mut self, text: &str) {
        self.end_line();
        let indent = " ".repeat(self.list_indent() + 4);
        for line in text.lines() {
            let segs = vec![
                Seg {
                    text: format!("{}{indent}", self.quote_prefix()),
                    mark: Mark::PLAIN,
                },
                Seg {
                    text: line.replace('\t', "    "),
                    mark: Mark {
                        code: true,
                        ..Mark::PLAIN
                    },
                },
            ];
            self.lines.push(DocLine {
                segs,
                kind: LineKind::Pre,
                indent: 0,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(markdown: &str) -> Vec<String> {
        parse(markdown, &|key| (key == "a").then_some(1))
            .iter()
            .map(DocLine::plain)
            .collect()
    }

    #[test]
    fn citations_split_across_events_become_numbers() {
        assert_eq!(lines("NVLink 3: 300 GB/s[^a]."), ["NVLink 3: 300 GB/s[1]."]);
        assert_eq!(replace_citations("x[^zz] y", &|_| None), "x[^zz] y");
    }

    #[test]
    fn tables_align_cjk_columns_as_preformatted_lines() {
        let doc = parse(
            "| 互联 | 带宽 |\n|---|--:|\n| NVLink | 300 GB/s |\n",
            &|_| None,
        );
        let text: Vec<String> = doc.iter().map(DocLine::plain).collect();
        assert_eq!(text[1], "│ 互联   │     带宽 │");
        assert_eq!(text[3], "│ NVLink │ 300 GB/s │");
        assert!(doc.iter().all(|l| l.kind == LineKind::Pre));
        assert!(text.iter().all(|l| l.width() == text[0].width()));
    }

    #[test]
    fn list_items_carry_their_continuation_indent() {
        let doc = parse("- one\n- two\n  1. nested\n", &|_| None);
        let text: Vec<String> = doc.iter().map(DocLine::plain).collect();
        assert_eq!(text, ["• one", "• two", "  1. nested"]);
        assert_eq!(doc[0].indent, 2);
        assert_eq!(doc[2].indent, 5);
    }

    #[test]
    fn code_blocks_keep_alignment() {
        let doc = parse("Before.\n\n```\nGPU0 ── GPU1\n  │\n```\n", &|_| None);
        let text: Vec<String> = doc.iter().map(DocLine::plain).collect();
        assert_eq!(text, ["Before.", "", "    GPU0 ── GPU1", "      │"]);
        assert_eq!(doc[2].kind, LineKind::Pre);
    }

    #[test]
    fn soft_breaks_join_chinese_without_spaces() {
        assert_eq!(lines("张量\n并行 and\nmore"), ["张量并行 and more"]);
    }

    #[test]
    fn links_show_their_target_and_marks_are_kept() {
        let doc = parse("[Q](card:nvswitch-topology) **bold** `c`", &|_| None);
        assert_eq!(doc[0].plain(), "Q → nvswitch-topology bold c");
        assert!(doc[0].segs.iter().any(|s| s.text == "bold" && s.mark.bold));
        assert!(doc[0].segs.iter().any(|s| s.text == "c" && s.mark.code));
    }
}
