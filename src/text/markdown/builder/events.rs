//! Turning pulldown-cmark events into lines: blocks open and close lines and blank lines,
//! inline events add styled text to the open line.

use pulldown_cmark::{Event, HeadingLevel, Tag, TagEnd};
use unicode_width::UnicodeWidthStr;

use super::super::{DocLine, LineKind, Mark, Seg, table};
use super::{Builder, Table};

impl Builder<'_> {
    pub(in crate::text::markdown) fn event(&mut self, event: Event<'_>) {
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
            Event::HardBreak => self.start_indented_line(),
            Event::Rule => {
                self.blank();
                let rule = Seg {
                    text: "─".repeat(40),
                    mark: Mark::DIM,
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
                    self.start_indented_line();
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
