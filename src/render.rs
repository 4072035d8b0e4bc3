//! Renders a card's markdown as terminal text for `infraprep show`: headings, lists, tables with
//! CJK-aware column widths, code blocks kept verbatim (diagrams keep their alignment), emphasis
//! and links, with `[^key]` citations shown as `[n]`.

use std::fmt::Write as _;

use pulldown_cmark::{Alignment, Event, HeadingLevel, Parser, Tag, TagEnd};
use unicode_width::UnicodeWidthStr;

use crate::content::body::markdown_options;
use crate::style::Style;

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
            let _ = write!(out, "[{n}]");
            rest = &after[close + 1..];
        } else {
            out.push_str("[^");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

struct Table {
    alignments: Vec<Alignment>,
    rows: Vec<Vec<String>>,
    cell: String,
}

struct Renderer<'a> {
    style: Style,
    cite: &'a dyn Fn(&str) -> Option<usize>,
    out: String,
    pending: String,
    lists: Vec<Option<u64>>,
    strong: usize,
    emphasis: usize,
    link: Option<String>,
    heading: bool,
    code_block: bool,
    table: Option<Table>,
}

/// Renders `markdown` as lines of terminal text.
pub fn markdown_to_terminal(
    markdown: &str,
    style: Style,
    cite: &dyn Fn(&str) -> Option<usize>,
) -> String {
    let mut renderer = Renderer {
        style,
        cite,
        out: String::new(),
        pending: String::new(),
        lists: Vec::new(),
        strong: 0,
        emphasis: 0,
        link: None,
        heading: false,
        code_block: false,
        table: None,
    };
    for event in Parser::new_ext(markdown, markdown_options()) {
        renderer.event(event);
    }
    renderer.flush();
    let text = renderer.out.trim_end().to_owned();
    text + "\n"
}

impl Renderer<'_> {
    fn indent(&self) -> String {
        "  ".repeat(self.lists.len())
    }

    /// Writes buffered text with the inline styles in force.
    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let text = replace_citations(&std::mem::take(&mut self.pending), self.cite);
        if let Some(table) = &mut self.table {
            table.cell.push_str(&text);
            return;
        }
        let styled = if self.heading || self.strong > 0 {
            self.style.bold(&text)
        } else if self.emphasis > 0 {
            self.style.italic(&text)
        } else {
            text
        };
        self.out.push_str(&styled);
    }

    fn push(&mut self, styled: &str) {
        self.flush();
        match &mut self.table {
            Some(table) => table.cell.push_str(styled),
            None => self.out.push_str(styled),
        }
    }

    fn blank_line(&mut self) {
        self.flush();
        if !self.out.is_empty() && !self.out.ends_with("\n\n") {
            if !self.out.ends_with('\n') {
                self.out.push('\n');
            }
            if self.lists.is_empty() {
                self.out.push('\n');
            }
        }
    }

    fn newline(&mut self) {
        self.flush();
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push('\n');
        }
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) if self.code_block => self.code_lines(&text),
            Event::Text(text) => self.pending.push_str(&text),
            Event::Code(code) => {
                let shown = if self.style.color {
                    code.to_string()
                } else {
                    format!("`{code}`")
                };
                let styled = self.style.code(&shown);
                self.push(&styled);
            }
            Event::SoftBreak => {
                let last_wide = self
                    .pending
                    .chars()
                    .last()
                    .or(self.out.chars().last())
                    .is_some_and(|c| !c.is_ascii());
                if !last_wide {
                    self.pending.push(' ');
                }
            }
            Event::HardBreak => {
                self.newline();
                let indent = self.indent();
                self.out.push_str(&indent);
            }
            Event::Rule => {
                self.blank_line();
                let rule = self.style.dim(&"─".repeat(40));
                self.out.push_str(&rule);
                self.blank_line();
            }
            Event::Html(html) | Event::InlineHtml(html) => self.pending.push_str(&html),
            _ => {}
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Heading { level, .. } => {
                self.blank_line();
                let marks = match level {
                    HeadingLevel::H1 | HeadingLevel::H2 | HeadingLevel::H3 => "",
                    _ => "· ",
                };
                self.out.push_str(marks);
                self.heading = true;
            }
            Tag::Paragraph if self.lists.is_empty() => self.blank_line(),
            Tag::List(start) => {
                if self.lists.is_empty() {
                    self.blank_line();
                } else {
                    self.newline();
                }
                self.lists.push(start);
            }
            Tag::Item => {
                self.newline();
                let depth = self.lists.len().saturating_sub(1);
                let marker = match self.lists.last_mut() {
                    Some(Some(n)) => {
                        *n += 1;
                        format!("{}.", *n - 1)
                    }
                    _ => "•".to_owned(),
                };
                let marker = self.style.accent(&marker);
                let _ = write!(self.out, "{}{marker} ", "  ".repeat(depth));
            }
            Tag::CodeBlock(_) => {
                self.blank_line();
                self.code_block = true;
            }
            Tag::Emphasis => {
                self.flush();
                self.emphasis += 1;
            }
            Tag::Strong => {
                self.flush();
                self.strong += 1;
            }
            Tag::Link { dest_url, .. } => {
                self.flush();
                self.link = Some(dest_url.to_string());
            }
            Tag::BlockQuote(_) => {
                self.blank_line();
                self.out.push_str("│ ");
            }
            Tag::Table(alignments) => {
                self.blank_line();
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

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Heading(_) => {
                self.flush();
                self.heading = false;
                self.out.push('\n');
            }
            TagEnd::Paragraph => self.flush(),
            TagEnd::List(_) => {
                self.lists.pop();
                if self.lists.is_empty() {
                    self.blank_line();
                }
            }
            TagEnd::CodeBlock => {
                self.code_block = false;
                self.blank_line();
            }
            TagEnd::Emphasis => {
                self.flush();
                self.emphasis = self.emphasis.saturating_sub(1);
            }
            TagEnd::Strong => {
                self.flush();
                self.strong = self.strong.saturating_sub(1);
            }
            TagEnd::Link => {
                self.flush();
                if let Some(dest) = self.link.take() {
                    let shown = match dest.strip_prefix("card:") {
                        Some(id) => format!(" → {id}"),
                        None if dest.is_empty() => String::new(),
                        None => format!(" ({dest})"),
                    };
                    let styled = self.style.link(&shown);
                    self.push(&styled);
                }
            }
            TagEnd::TableCell => {
                self.flush();
                if let Some(table) = &mut self.table {
                    let cell = std::mem::take(&mut table.cell);
                    if let Some(row) = table.rows.last_mut() {
                        row.push(cell.trim().to_owned());
                    }
                }
            }
            TagEnd::Table => {
                if let Some(table) = self.table.take() {
                    let drawn = draw_table(&table, self.style);
                    self.out.push_str(&drawn);
                    self.blank_line();
                }
            }
            _ => {}
        }
    }

    fn code_lines(&mut self, text: &str) {
        let indent = format!("{}    ", self.indent());
        for line in text.lines() {
            self.out.push_str(&indent);
            self.out.push_str(&self.style.code(line));
            self.out.push('\n');
        }
    }
}

/// Draws a table with box-drawing borders; widths count CJK characters as two columns.
fn draw_table(table: &Table, style: Style) -> String {
    let columns = table.rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            table
                .rows
                .iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.width())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let border = |left: &str, mid: &str, right: &str| {
        let parts: Vec<String> = widths.iter().map(|w| "─".repeat(w + 2)).collect();
        format!("{left}{}{right}\n", parts.join(mid))
    };
    let mut out = border("┌", "┬", "┐");
    for (index, row) in table.rows.iter().enumerate() {
        out.push('│');
        for (column, width) in widths.iter().enumerate() {
            let cell = row.get(column).map_or("", String::as_str);
            let align = table
                .alignments
                .get(column)
                .copied()
                .unwrap_or(Alignment::None);
            let padded = pad(cell, *width, align);
            let shown = if index == 0 {
                style.bold(&padded)
            } else {
                padded
            };
            let _ = write!(out, " {shown} │");
        }
        out.push('\n');
        if index == 0 {
            out.push_str(&border("├", "┼", "┤"));
        }
    }
    out.push_str(&border("└", "┴", "┘"));
    out
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

    fn render(markdown: &str) -> String {
        markdown_to_terminal(markdown, Style::PLAIN, &|key| (key == "a").then_some(1))
    }

    #[test]
    fn citations_become_numbers() {
        assert_eq!(
            render("NVLink 3: 300 GB/s[^a]."),
            "NVLink 3: 300 GB/s[1].\n"
        );
        assert_eq!(replace_citations("x[^zz] y", &|_| None), "x[^zz] y");
    }

    #[test]
    fn tables_align_cjk_columns() {
        let out = render("| 互联 | 带宽 |\n|---|--:|\n| NVLink | 300 GB/s |\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[1], "│ 互联   │     带宽 │");
        assert_eq!(lines[3], "│ NVLink │ 300 GB/s │");
        let widths: Vec<usize> = lines.iter().map(|l| l.width()).collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{out}");
    }

    #[test]
    fn code_blocks_keep_alignment_and_lists_get_markers() {
        let out = render("- one\n- two\n\n```\nGPU0 ── GPU1\n  │\n```\n");
        assert!(out.contains("• one\n• two"), "{out}");
        assert!(out.contains("    GPU0 ── GPU1\n      │"), "{out}");
    }

    #[test]
    fn links_show_their_target_and_plain_output_has_no_escapes() {
        let out =
            render("[NVSwitch?](card:nvswitch-topology) and [docs](https://x.y) **bold** `c`");
        assert!(out.contains("NVSwitch? → nvswitch-topology"), "{out}");
        assert!(out.contains("docs (https://x.y)"), "{out}");
        assert!(out.contains("bold `c`"), "{out}");
        assert!(!out.contains('\x1b'));
    }
}
