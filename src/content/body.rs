//! Splits a card's markdown body into its languages and sections.
//!
//! Languages and sections are found by the `{#id}` attribute on level-1 and level-2 headings, not
//! by heading text. Follow-ups are `card:ID` links; citations are `[^key]` markers in text.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use super::card::{FollowUp, LangBody};
use super::problem::LineIndex;
use super::{Lang, Section};

/// The markdown extensions every reader of card bodies enables, so they agree on structure.
pub fn markdown_options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_HEADING_ATTRIBUTES | Options::ENABLE_STRIKETHROUGH
}

/// What the body parser found, with problems as (line, message) relative to the whole file.
#[derive(Debug, Default)]
pub struct ParsedBody {
    pub zh: Option<LangBody>,
    pub en: Option<LangBody>,
    /// Every `card:ID` link anywhere in the body, with its line.
    pub card_links: Vec<(String, usize)>,
    /// Every `[^key]` citation, with its line.
    pub citations: Vec<(String, usize)>,
    pub problems: Vec<(usize, String)>,
}

/// An open section: where its content starts in the body.
struct Open {
    lang: Lang,
    section: Section,
    heading: String,
    content_start: usize,
}

struct Walker<'a> {
    body: &'a str,
    lines: LineIndex,
    first_line: usize,
    out: ParsedBody,
    lang: Option<(Lang, usize)>,
    open: Option<Open>,
    seen: Vec<(Lang, Section)>,
    stray_reported: bool,
}

/// Parses `body`, whose first line is line `first_line` of the file.
pub fn parse_body(body: &str, first_line: usize) -> ParsedBody {
    let mut walker = Walker {
        body,
        lines: LineIndex::new(body),
        first_line,
        out: ParsedBody::default(),
        lang: None,
        open: None,
        seen: Vec::new(),
        stray_reported: false,
    };
    walker.walk();
    walker.finish()
}

impl Walker<'_> {
    fn line(&self, offset: usize) -> usize {
        self.first_line + self.lines.line_of(offset) - 1
    }

    fn problem(&mut self, offset: usize, message: impl Into<String>) {
        let line = self.line(offset);
        self.out.problems.push((line, message.into()));
    }

    fn walk(&mut self) {
        let events: Vec<_> = Parser::new_ext(self.body, markdown_options())
            .into_offset_iter()
            .collect();
        let mut index = 0;
        let mut text_run = String::new();
        let mut text_start = 0;
        let mut in_code = false;
        while index < events.len() {
            let (event, range) = &events[index];
            if let Event::Text(text) = event {
                if !in_code {
                    if text_run.is_empty() {
                        text_start = range.start;
                    }
                    text_run.push_str(text);
                }
                index += 1;
                continue;
            }
            self.scan_citations(&text_run, text_start);
            text_run.clear();
            match event {
                Event::Start(Tag::Heading { level, id, .. })
                    if matches!(level, HeadingLevel::H1 | HeadingLevel::H2) =>
                {
                    let (text, next) = heading_text(&events, index + 1);
                    let id = id.as_deref().map(str::to_owned);
                    self.heading(
                        *level,
                        id.as_deref(),
                        text,
                        range.start,
                        events_end(&events, next),
                    );
                    index = next;
                    continue;
                }
                Event::Start(Tag::CodeBlock(
                    CodeBlockKind::Fenced(_) | CodeBlockKind::Indented,
                )) => {
                    in_code = true;
                }
                Event::End(TagEnd::CodeBlock) => in_code = false,
                Event::Start(Tag::Link { dest_url, .. }) => {
                    let (text, next) = link_text(&events, index + 1);
                    self.link(dest_url, text, range.start);
                    index = next;
                    continue;
                }
                _ => {}
            }
            if self.open.is_none() && is_block_start(event) {
                self.stray(range.start);
            }
            index += 1;
        }
        self.scan_citations(&text_run, text_start);
    }

    fn stray(&mut self, offset: usize) {
        if !self.stray_reported {
            self.stray_reported = true;
            self.problem(
                offset,
                "text outside a section: put it under a '## ... {#short}' (or detail, interview, \
                 followups) heading inside a '# ... {#zh}' or '# ... {#en}' language",
            );
        }
    }

    fn heading(
        &mut self,
        level: HeadingLevel,
        id: Option<&str>,
        text: String,
        start: usize,
        end: usize,
    ) {
        self.close(start);
        self.stray_reported = false;
        if level == HeadingLevel::H1 {
            match id.and_then(|id| id.parse::<Lang>().ok().filter(|l| l.code() == id)) {
                Some(lang) if self.lang_seen(lang) => {
                    self.problem(start, format!("language '{lang}' appears twice"));
                    self.lang = None;
                }
                Some(lang) => self.lang = Some((lang, self.line(start))),
                None => {
                    self.problem(
                        start,
                        format!(
                            "level-1 heading '{text}' must name a language: end it with {{#zh}} or {{#en}}"
                        ),
                    );
                    self.lang = None;
                }
            }
            return;
        }
        let Some((lang, _)) = self.lang else {
            self.problem(
                start,
                format!("section heading '{text}' is not inside a language heading"),
            );
            return;
        };
        match id.and_then(Section::from_marker) {
            Some(section) if self.seen.contains(&(lang, section)) => {
                self.problem(
                    start,
                    format!("section '{}' appears twice in '{lang}'", section.marker()),
                );
            }
            Some(section) => {
                self.seen.push((lang, section));
                self.open = Some(Open {
                    lang,
                    section,
                    heading: text,
                    content_start: end,
                });
            }
            None => self.problem(
                start,
                format!(
                    "level-2 heading '{text}' must name a section: end it with {{#short}}, \
                     {{#detail}}, {{#interview}} or {{#followups}} (use ### for other headings)"
                ),
            ),
        }
    }

    fn lang_seen(&self, lang: Lang) -> bool {
        match lang {
            Lang::Zh => self.out.zh.is_some(),
            Lang::En => self.out.en.is_some(),
        }
    }

    fn lang_body(&mut self, lang: Lang) -> &mut LangBody {
        let slot = match lang {
            Lang::Zh => &mut self.out.zh,
            Lang::En => &mut self.out.en,
        };
        slot.get_or_insert_with(LangBody::default)
    }

    /// Ends the open section at `end`, storing its markdown.
    fn close(&mut self, end: usize) {
        if let Some(open) = self.open.take() {
            let content = self.body[open.content_start..end].trim().to_owned();
            let body = self.lang_body(open.lang);
            body.sections[open.section as usize] = content;
            body.headings[open.section as usize] = open.heading;
        } else if let Some((lang, _)) = self.lang {
            // A language heading with no section yet still marks the language as present.
            self.lang_body(lang);
        }
    }

    fn link(&mut self, dest: &str, text: String, offset: usize) {
        let line = self.line(offset);
        let Some(id) = dest.strip_prefix("card:") else {
            if matches!(&self.open, Some(o) if o.section == Section::Followups) {
                self.problem(
                    offset,
                    format!("follow-up '{text}' must link to a card: use (card:ID)"),
                );
            }
            return;
        };
        let id = id.trim().to_owned();
        self.out.card_links.push((id.clone(), line));
        if let Some(open) = &self.open
            && open.section == Section::Followups
        {
            let lang = open.lang;
            let question = text.trim().to_owned();
            self.lang_body(lang)
                .follow_ups
                .push(FollowUp { question, id, line });
        }
    }

    fn scan_citations(&mut self, text: &str, start: usize) {
        let mut rest = text;
        while let Some(at) = rest.find("[^") {
            let after = &rest[at + 2..];
            let Some(close) = after.find(']') else { break };
            let key = after[..close].trim();
            if !key.is_empty() && !key.contains(char::is_whitespace) {
                let line = self.line(start);
                self.out.citations.push((key.to_owned(), line));
            }
            rest = &after[close + 1..];
        }
    }

    fn finish(mut self) -> ParsedBody {
        self.close(self.body.len());
        for lang in Lang::ALL {
            let present = match lang {
                Lang::Zh => self.out.zh.is_some(),
                Lang::En => self.out.en.is_some(),
            };
            if !present {
                let line = self.first_line;
                self.out.problems.push((
                    line,
                    format!("missing language '{lang}': add a '# ... {{#{lang}}}' heading with its four sections"),
                ));
                continue;
            }
            for section in Section::ALL {
                if !self.seen.contains(&(lang, section)) {
                    let line = self.first_line;
                    self.out.problems.push((
                        line,
                        format!(
                            "missing section '{}' in '{lang}': add a '## ... {{#{}}}' heading",
                            section.marker(),
                            section.marker()
                        ),
                    ));
                }
            }
        }
        self.out
    }
}

/// Block-level starts that count as content when no section is open.
fn is_block_start(event: &Event<'_>) -> bool {
    matches!(
        event,
        Event::Start(
            Tag::Paragraph
                | Tag::List(_)
                | Tag::CodeBlock(_)
                | Tag::Table(_)
                | Tag::BlockQuote(_)
                | Tag::Heading { .. }
                | Tag::HtmlBlock
        ) | Event::Rule
    )
}

type Spanned<'a> = (Event<'a>, std::ops::Range<usize>);

/// Collects the plain text of a heading starting at `index`; returns it and the index after its end.
fn heading_text(events: &[Spanned<'_>], index: usize) -> (String, usize) {
    collect_text(events, index, |e| {
        matches!(e, Event::End(TagEnd::Heading(_)))
    })
}

fn link_text(events: &[Spanned<'_>], index: usize) -> (String, usize) {
    collect_text(events, index, |e| matches!(e, Event::End(TagEnd::Link)))
}

fn collect_text(
    events: &[Spanned<'_>],
    mut index: usize,
    is_end: impl Fn(&Event<'_>) -> bool,
) -> (String, usize) {
    let mut text = String::new();
    while let Some((event, _)) = events.get(index) {
        index += 1;
        match event {
            e if is_end(e) => break,
            Event::Text(t) | Event::Code(t) => text.push_str(t),
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            _ => {}
        }
    }
    (text.trim().to_owned(), index)
}

/// Byte offset just past the event before `next` (the end of a heading line).
fn events_end(events: &[Spanned<'_>], next: usize) -> usize {
    next.checked_sub(1)
        .and_then(|i| events.get(i))
        .map_or(0, |(_, range)| range.end)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = "# 中文 {#zh}\n\n## 简答 {#short}\n\n短[^a]。\n\n## 详解 {#detail}\n\n细。\n\n## 面试 {#interview}\n\n说。\n\n## 追问 {#followups}\n\n- [问一](card:one)\n- [问二](card:two)\n\n# English {#en}\n\n## Short {#short}\n\nShort [^a] and [^b].\n\n## Detail {#detail}\n\n```\n[^notacitation]\n```\n\n## Interview {#interview}\n\nSay.\n\n## Follow-ups {#followups}\n\n- [Q one](card:one)\n- [Q two](card:two)\n";

    #[test]
    fn finds_both_languages_and_all_sections() {
        let parsed = parse_body(BODY, 10);
        assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
        let zh = parsed.zh.expect("zh");
        assert_eq!(zh.section(Section::Short), "短[^a]。");
        assert_eq!(zh.heading(Section::Interview), "面试");
        let en = parsed.en.expect("en");
        assert_eq!(en.section(Section::Interview), "Say.");
        let ids: Vec<_> = en.follow_ups.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(ids, ["one", "two"]);
        assert_eq!(en.follow_ups[0].question, "Q one");
    }

    #[test]
    fn citations_outside_code_are_found_with_lines() {
        let parsed = parse_body(BODY, 10);
        let keys: Vec<_> = parsed.citations.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["a", "a", "b"]);
        // `短[^a]。` is on body line 5, which is file line 14.
        assert_eq!(parsed.citations[0].1, 14);
    }

    #[test]
    fn missing_section_and_language_are_reported() {
        let parsed = parse_body("# English {#en}\n\n## Short {#short}\n\nx\n", 1);
        let messages: Vec<_> = parsed.problems.iter().map(|(_, m)| m.as_str()).collect();
        assert!(
            messages
                .iter()
                .any(|m| m.starts_with("missing language 'zh'"))
        );
        assert!(
            messages
                .iter()
                .any(|m| m.starts_with("missing section 'detail' in 'en'"))
        );
    }

    #[test]
    fn unmarked_headings_and_stray_text_are_reported_at_their_lines() {
        let parsed = parse_body("intro\n\n# English {#en}\n\n## Summary\n", 5);
        assert!(
            parsed
                .problems
                .iter()
                .any(|(l, m)| *l == 5 && m.starts_with("text outside"))
        );
        assert!(
            parsed
                .problems
                .iter()
                .any(|(l, m)| *l == 9 && m.contains("'Summary'"))
        );
    }
}
