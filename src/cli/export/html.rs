//! Card markdown as one line of simple HTML for an Anki field: paragraphs, lists, code, tables
//! and emphasis. Text is HTML-escaped and raw HTML in a card is shown as text, never passed
//! through, so a user deck cannot inject markup into a collection. Fields hold no tab or
//! newline: newlines inside code blocks become `<br>`, other newlines are only layout.

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd, html};

/// Escapes text for HTML, quotes included (a field that starts with `"` would be read as a
/// quoted CSV field by Anki's importer).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' => out.push_str("    "),
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// Renders `markdown` to HTML on one line.
pub fn markdown_to_html(markdown: &str) -> String {
    let mut in_code = false;
    let events = Parser::new_ext(
        markdown,
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
    )
    .map(|event| match event {
        Event::Start(Tag::CodeBlock(kind)) => {
            in_code = true;
            let lang = match kind {
                CodeBlockKind::Fenced(info) if !info.is_empty() => {
                    format!(" class=\"language-{}\"", escape(&info))
                }
                _ => String::new(),
            };
            Event::Html(CowStr::from(format!("<pre><code{lang}>")))
        }
        Event::End(TagEnd::CodeBlock) => {
            in_code = false;
            Event::Html(CowStr::from("</code></pre>"))
        }
        Event::Text(text) if in_code => {
            let lines: Vec<String> = text.split('\n').map(escape).collect();
            Event::Html(CowStr::from(lines.join("<br>")))
        }
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        other => other,
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    one_line(&out)
}

/// Joins rendered HTML into one line: layout newlines become nothing or a space; `<br>` marks
/// the line breaks that matter (in code blocks).
fn one_line(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    for (i, line) in html.split('\n').enumerate() {
        if i > 0 && !(out.ends_with('>') || line.starts_with('<') || line.is_empty()) {
            out.push(' ');
        }
        out.push_str(line);
    }
    out.replace(['\t', '\r'], " ")
        .replace("<br></code></pre>", "</code></pre>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_code_and_tables_render_on_one_line() {
        let md = "Intro *here*.\n\n- one\n- two\n\n```\na\tb\nc\n```\n\n| x | y |\n|---|---|\n| 1 | 2 |\n";
        let html = markdown_to_html(md);
        assert!(!html.contains('\n') && !html.contains('\t'), "{html}");
        assert!(html.contains("<ul><li>one</li><li>two</li></ul>"), "{html}");
        assert!(html.contains("<em>here</em>"), "{html}");
        assert!(
            html.contains("<table>") && html.contains("<td>1</td>"),
            "{html}"
        );
        assert!(
            html.contains("<pre><code>a    b<br>c</code></pre>"),
            "{html}"
        );
    }

    #[test]
    fn raw_html_is_shown_as_text() {
        let html = markdown_to_html("a <script>x</script> & \"q\"");
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains("&amp;"), "{html}");
    }
}
