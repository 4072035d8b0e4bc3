//! Line-level markdown scanning: fences, ATX headings with `{#id}` attributes, citations and
//! `card:` links.
//!
//! Loading the deck only needs a card's structure, so it scans lines instead of running a full
//! markdown parse over every card at startup; the full parse happens when a card is shown.

use std::borrow::Cow;

/// An ATX heading (`## Text {#id}`): its level, text and `#id` attribute.
#[derive(Debug, PartialEq, Eq)]
pub struct Heading<'a> {
    pub level: usize,
    pub text: &'a str,
    pub id: Option<&'a str>,
}

/// Reads `line` as an ATX heading, as `CommonMark` does (up to three spaces of indent).
pub fn atx_heading(line: &str) -> Option<Heading<'_>> {
    let trimmed = line.trim_end_matches(['\r', '\n']);
    let indent = trimmed.len() - trimmed.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &trimmed[indent..];
    let level = rest.len() - rest.trim_start_matches('#').len();
    if !(1..=6).contains(&level) {
        return None;
    }
    let rest = &rest[level..];
    if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return None;
    }
    let mut content = rest.trim();
    let mut id = None;
    if content.ends_with('}')
        && let Some(open) = content.rfind('{')
    {
        id = content[open + 1..content.len() - 1]
            .split_whitespace()
            .find_map(|attr| attr.strip_prefix('#'));
        content = content[..open].trim_end();
    }
    let without_closing = content.trim_end_matches('#');
    if without_closing.len() != content.len()
        && (without_closing.is_empty() || without_closing.ends_with([' ', '\t']))
    {
        content = without_closing.trim_end();
    }
    Some(Heading {
        level,
        text: content,
        id,
    })
}

/// Tracks fenced code blocks line by line.
#[derive(Debug, Default)]
pub struct Fences {
    open: Option<(char, usize)>,
}

impl Fences {
    /// Feeds one line; returns true when the line is part of a fenced block (fences included).
    pub fn in_code(&mut self, line: &str) -> bool {
        if self.open.is_none() && !line.trim_start_matches(' ').starts_with(['`', '~']) {
            return false;
        }
        let trimmed = line.trim_start_matches(' ');
        let indent = line.len() - trimmed.len();
        let fence = (indent <= 3)
            .then(|| ['`', '~'].into_iter().find(|&c| trimmed.starts_with(c)))
            .flatten()
            .map(|c| (c, trimmed.len() - trimmed.trim_start_matches(c).len()))
            .filter(|&(_, n)| n >= 3);
        match (self.open, fence) {
            (None, Some(fence)) => {
                self.open = Some(fence);
                true
            }
            (Some((c, n)), Some((c2, n2)))
                if c == c2 && n2 >= n && trimmed.trim_start_matches(c).trim().is_empty() =>
            {
                self.open = None;
                true
            }
            (open, _) => open.is_some(),
        }
    }
}

/// The text of `line` outside inline code spans, so `[^x]` inside backticks is not a citation.
fn outside_code_spans(line: &str) -> Cow<'_, str> {
    if !line.contains('`') {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let after = &rest[start + ticks..];
        let closing = "`".repeat(ticks);
        if let Some(end) = after.find(&closing) {
            rest = &after[end + ticks..];
        } else {
            out.push_str(&rest[start..start + ticks]);
            rest = after;
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// The `[^key]` citations in one line of text outside code.
pub fn citations(line: &str) -> Vec<String> {
    let text = outside_code_spans(line);
    let mut keys = Vec::new();
    let mut rest: &str = &text;
    while let Some(at) = rest.find("[^") {
        let after = &rest[at + 2..];
        let Some(close) = after.find(']') else { break };
        let key = after[..close].trim();
        if !key.is_empty() && !key.contains(char::is_whitespace) && !key.contains('[') {
            keys.push(key.to_owned());
        }
        rest = &after[close + 1..];
    }
    keys
}

/// The card ids of `](card:ID)` links in one line of text outside code.
pub fn card_links(line: &str) -> Vec<String> {
    let text = outside_code_spans(line);
    text.match_indices("](card:")
        .filter_map(|(at, marker)| {
            let after = &text[at + marker.len()..];
            after.find(')').map(|end| after[..end].trim().to_owned())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_with_attributes() {
        assert_eq!(
            atx_heading("# 中文 {#zh}"),
            Some(Heading {
                level: 1,
                text: "中文",
                id: Some("zh")
            })
        );
        assert_eq!(
            atx_heading("## Short answer {#short .x}\n"),
            Some(Heading {
                level: 2,
                text: "Short answer",
                id: Some("short")
            })
        );
        assert_eq!(
            atx_heading("### Plain ###"),
            Some(Heading {
                level: 3,
                text: "Plain",
                id: None
            })
        );
        assert_eq!(
            atx_heading("   ## C# ##"),
            Some(Heading {
                level: 2,
                text: "C#",
                id: None
            })
        );
        assert_eq!(atx_heading("#hashtag"), None);
        assert_eq!(atx_heading("    # indented code"), None);
        assert_eq!(atx_heading("####### seven"), None);
        assert_eq!(
            atx_heading("#"),
            Some(Heading {
                level: 1,
                text: "",
                id: None
            })
        );
    }

    #[test]
    fn fences_open_and_close_with_the_same_marker() {
        let mut fences = Fences::default();
        let flags: Vec<bool> = [
            "a",
            "```text",
            "# not a heading",
            "~~~",
            "```",
            "b",
            "~~~~",
            "```",
            "~~~~~",
        ]
        .iter()
        .map(|l| fences.in_code(l))
        .collect();
        assert_eq!(
            flags,
            [false, true, true, true, true, false, true, true, true]
        );
    }

    #[test]
    fn citations_skip_code_spans() {
        assert_eq!(
            citations("300 GB/s[^nv] and `[^code]` and [^b]."),
            ["nv", "b"]
        );
        assert_eq!(citations("[^ spaced key]"), Vec::<String>::new());
    }

    #[test]
    fn card_links_are_found() {
        assert_eq!(
            card_links("- [Q?](card:nvswitch-topology) see [x](card: b )"),
            ["nvswitch-topology", "b"]
        );
        assert!(card_links("`[x](card:y)`").is_empty());
    }
}
