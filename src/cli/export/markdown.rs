//! The markdown export: one document for printing or reading elsewhere. Cards come in
//! curriculum order after a contents list; each card's follow-ups link to their card inside the
//! document (an explicit anchor per card and language, so links work in any renderer that keeps
//! HTML anchors, and pandoc), and each card ends with its numbered sources.

use std::fmt::Write as _;

use super::{ExportCard, cite, key_points_heading, sources_heading};
use crate::content::{Card, Lang, Section};

/// The anchor of `card` in `lang`: the id for the first language, `id-zh`/`id-en` otherwise.
fn anchor(id: &str, lang: Lang, langs: &[Lang]) -> String {
    if langs.first() == Some(&lang) {
        id.to_owned()
    } else {
        format!("{id}-{}", lang.code())
    }
}

fn heading(card: &Card, lang: Lang) -> String {
    card.number.map_or_else(
        || card.title(lang).to_owned(),
        |n| format!("{n}. {}", card.title(lang)),
    )
}

/// The whole document.
pub fn document(cards: &[ExportCard], langs: &[Lang], tag: Option<&str>) -> String {
    let mut out = String::new();
    let title = tag.map_or_else(
        || "infraprep deck".to_owned(),
        |t| format!("infraprep deck: {t}"),
    );
    let _ = writeln!(out, "# {title}\n");
    for &lang in langs {
        let contents = if lang == Lang::Zh {
            "目录"
        } else {
            "Contents"
        };
        let _ = writeln!(out, "## {contents} ({})\n", lang.code());
        for export in cards {
            let card = export.card;
            let _ = writeln!(
                out,
                "- [{}](#{})",
                heading(card, lang),
                anchor(&card.id, lang, langs)
            );
        }
        out.push('\n');
    }
    for &lang in langs {
        for export in cards {
            card_text(&mut out, export.card, lang, langs, cards);
        }
    }
    out
}

fn card_text(out: &mut String, card: &Card, lang: Lang, langs: &[Lang], deck: &[ExportCard]) {
    let body = card.body.get(lang);
    let _ = writeln!(
        out,
        "---\n\n<a id=\"{}\"></a>\n\n## {}\n\n`{}` · {}\n",
        anchor(&card.id, lang, langs),
        heading(card, lang),
        card.id,
        card.tags.join(", ")
    );
    for section in [Section::Short, Section::Detail, Section::Interview] {
        let _ = writeln!(
            out,
            "### {}\n\n{}\n",
            body.heading(section),
            demote(&cite(card, body.section(section))).trim()
        );
    }
    let _ = writeln!(out, "### {}\n", key_points_heading(lang));
    for point in card.key_points.get(lang) {
        let _ = writeln!(out, "- {}", point.point);
    }
    out.push('\n');
    if !body.follow_ups.is_empty() {
        let _ = writeln!(out, "### {}\n", body.heading(Section::Followups));
        for follow in &body.follow_ups {
            if deck.iter().any(|c| c.card.id == follow.id) {
                let _ = writeln!(
                    out,
                    "- [{}](#{})",
                    follow.question,
                    anchor(&follow.id, lang, langs)
                );
            } else {
                // Not in this export (another tag): name the card so it can be looked up.
                let _ = writeln!(
                    out,
                    "- {} (`infraprep show {}`)",
                    follow.question, follow.id
                );
            }
        }
        out.push('\n');
    }
    if !card.sources.is_empty() {
        let _ = writeln!(out, "### {}\n", sources_heading(lang));
        for (i, source) in card.sources.iter().enumerate() {
            let place = match (&source.url, &source.document) {
                (Some(url), _) => format!(" <{url}>"),
                (None, Some(document)) => format!(" ({document})"),
                (None, None) => String::new(),
            };
            let _ = writeln!(out, "{}. {}{place}", i + 1, source.title);
        }
        out.push('\n');
    }
}

/// `markdown` with its headings one level deeper, so a card's own `###` headings sit under the
/// section headings of the document; fenced code is left alone.
fn demote(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len() + 16);
    let mut fenced = false;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
        }
        if !fenced && line.starts_with('#') {
            out.push('#');
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::demote;

    #[test]
    fn headings_go_one_level_down_outside_code() {
        assert_eq!(
            demote("### A\ntext\n```\n# comment\n```\n## B"),
            "#### A\ntext\n```\n# comment\n```\n### B\n"
        );
    }
}
