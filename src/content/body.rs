//! Splits a card's markdown body into its languages and sections.
//!
//! Languages and sections are found by the `{#id}` attribute on level-1 and level-2 headings, not
//! by heading text. Follow-ups are `card:ID` links; citations are `[^key]` markers in text.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use super::card::{FollowUp, LangBody};
use super::problem::LineIndex;
use super::scan::{Fences, atx_heading, card_links, citations};
use super::section_text::SectionText;
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

/// Makes a section's stored text from its byte range in the body.
pub type Store<'s> = &'s dyn Fn(std::ops::Range<usize>) -> SectionText;

struct Walker<'a> {
    body: &'a str,
    store: Store<'a>,
    lines: LineIndex,
    first_line: usize,
    out: ParsedBody,
    lang: Option<(Lang, usize)>,
    open: Option<Open>,
    seen: Vec<(Lang, Section)>,
    /// The line of each language's heading, so missing sections are reported there.
    lang_lines: Vec<(Lang, usize)>,
    stray_reported: bool,
}

/// Parses `body`, whose first line is line `first_line` of the file, copying each section.
pub fn parse_body(body: &str, first_line: usize) -> ParsedBody {
    parse_body_with(body, first_line, &|range| {
        SectionText::owned(body[range].to_owned())
    })
}

/// [`parse_body`], with `store` making each section's text from its range in `body` (so the
/// loader can point into embedded text or a file instead of copying).
pub fn parse_body_with(body: &str, first_line: usize, store: Store<'_>) -> ParsedBody {
    let mut walker = Walker {
        body,
        store,
        lines: LineIndex::new(body),
        first_line,
        out: ParsedBody::default(),
        lang: None,
        open: None,
        seen: Vec::new(),
        lang_lines: Vec::new(),
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

    /// Scans the body line by line for headings, stray text, citations and card links.
    fn walk(&mut self) {
        let mut fences = Fences::default();
        let mut offset = 0;
        for line in crate::text::lines::inclusive(self.body) {
            let start = offset;
            offset += line.len();
            if fences.in_code(line) {
                if self.open.is_none() {
                    self.stray(start);
                }
                continue;
            }
            let looks_like_heading = line.trim_start_matches(' ').starts_with('#');
            if let Some(heading) = atx_heading(line).filter(|h| looks_like_heading && h.level <= 2)
            {
                let (text, id) = (heading.text.to_owned(), heading.id.map(str::to_owned));
                self.heading(heading.level, id.as_deref(), text, start, offset);
                continue;
            }
            if self.open.is_none() && !line.trim().is_empty() {
                self.stray(start);
            }
            // Most lines hold neither; the substring checks keep the scan cheap.
            if line.contains("[^") {
                let line_no = self.line(start);
                self.out
                    .citations
                    .extend(citations(line).into_iter().map(|key| (key, line_no)));
            }
            if line.contains("](card:") {
                let line_no = self.line(start);
                self.out
                    .card_links
                    .extend(card_links(line).into_iter().map(|id| (id, line_no)));
            }
        }
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

    fn heading(&mut self, level: usize, id: Option<&str>, text: String, start: usize, end: usize) {
        self.close(start);
        self.stray_reported = false;
        if level == 1 {
            match id.and_then(|id| id.parse::<Lang>().ok().filter(|l| l.code() == id)) {
                Some(lang) if self.lang_seen(lang) => {
                    self.problem(start, format!("language '{lang}' appears twice"));
                    self.lang = None;
                }
                Some(lang) => {
                    let line = self.line(start);
                    self.lang = Some((lang, line));
                    self.lang_lines.push((lang, line));
                }
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
            let raw = &self.body[open.content_start..end];
            if open.section == Section::Followups {
                self.read_follow_ups(open.lang, raw, open.content_start);
            }
            let start = open.content_start + (raw.len() - raw.trim_start().len());
            let content = (self.store)(start..start + raw.trim().len());
            let body = self.lang_body(open.lang);
            body.sections[open.section as usize] = content;
            body.headings[open.section as usize] = open.heading;
        } else if let Some((lang, _)) = self.lang {
            // A language heading with no section yet still marks the language as present.
            self.lang_body(lang);
        }
    }

    /// Reads the follow-up list: each item is a link to the card that answers it.
    fn read_follow_ups(&mut self, lang: Lang, raw: &str, raw_start: usize) {
        let events: Vec<_> = Parser::new_ext(raw, markdown_options())
            .into_offset_iter()
            .collect();
        let mut index = 0;
        let mut item: Option<(usize, bool)> = None;
        while let Some((event, range)) = events.get(index) {
            index += 1;
            match event {
                Event::Start(Tag::Item) => item = Some((range.start, false)),
                Event::End(TagEnd::Item) => {
                    if let Some((start, false)) = item.take() {
                        self.problem(
                            raw_start + start,
                            "follow-up item without a link: write it as '- [question](card:ID)'",
                        );
                    }
                }
                Event::Start(Tag::Link { dest_url, .. }) => {
                    let mut question = String::new();
                    while let Some((event, _)) = events.get(index) {
                        index += 1;
                        match event {
                            Event::End(TagEnd::Link) => break,
                            Event::Text(t) | Event::Code(t) => question.push_str(t),
                            _ => {}
                        }
                    }
                    let line = self.line(raw_start + range.start);
                    if let Some((_, linked)) = &mut item {
                        *linked = true;
                    }
                    match dest_url.strip_prefix("card:") {
                        Some(id) => {
                            let (id, question) = (id.trim().to_owned(), question.trim().to_owned());
                            self.lang_body(lang).follow_ups.push(FollowUp {
                                question,
                                id,
                                line,
                                probes: Vec::new(),
                            });
                        }
                        None => self.problem(
                            raw_start + range.start,
                            format!(
                                "follow-up '{}' must link to a card: use (card:ID)",
                                question.trim()
                            ),
                        ),
                    }
                }
                _ => {}
            }
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
            let heading_line = self
                .lang_lines
                .iter()
                .find(|(l, _)| *l == lang)
                .map_or(self.first_line, |(_, line)| *line);
            for section in Section::ALL {
                if !self.seen.contains(&(lang, section)) {
                    let line = heading_line;
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
