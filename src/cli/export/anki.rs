//! The Anki export: one tab-separated text file with Anki's file headers, imported in one step
//! (File > Import). Chosen over `.apkg` because it needs no new dependency and Anki documents
//! every header: `#guid column` makes a re-import update the notes it made before instead of
//! adding copies, and `#notetype column` lets Basic notes (the cards) and Cloze notes (the number
//! variants) share one file, since both note types have two fields.
//!
//! GUIDs are readable and derived only from identity, never content: `infraprep:<card>:<lang>`
//! for a card and `infraprep:<card>:<template>#<variant>:<lang>` for a number variant.

use std::fmt::Write as _;

use super::html::{escape, markdown_to_html};
use super::{ExportCard, cite, key_points_heading};
use crate::calc::HardwareTable;
use crate::content::{Card, Lang, Section};
use crate::drill::numbers::instantiate;

/// The headers, in the order Anki reads them. Columns: guid, note type, front/text,
/// back/extra, tags.
pub const HEADER: &str = "#separator:tab\n#html:true\n#notetype column:2\n#deck:infraprep\n\
#guid column:1\n#tags column:5\n";

/// The number of columns on every note line.
pub const COLUMNS: usize = 5;

/// At most this many concrete variants per number template: enough to vary the inputs without
/// flooding a review queue.
pub const VARIANTS_PER_TEMPLATE: usize = 3;

/// The whole file for `cards` in `langs`.
pub fn file(cards: &[ExportCard], langs: &[Lang], table: &HardwareTable) -> String {
    let mut out = String::from(HEADER);
    for lang in langs {
        for export in cards {
            let card = export.card;
            let tags = tags(card, *lang);
            row(
                &mut out,
                &format!("infraprep:{}:{}", card.id, lang.code()),
                "Basic",
                &escape(card.title(*lang)),
                &back(card, *lang, cards),
                &tags,
            );
            for template in &card.numbers {
                for variant in variants(template.variant_count()) {
                    let Ok(question) = instantiate(card, template, variant, table) else {
                        continue;
                    };
                    let text = format!(
                        "{}<br><br>{{{{c1::{}}}}}",
                        escape(question.prompt(*lang)),
                        escape(&question.answer.text).replace("}}", "} }")
                    );
                    let extra = format!(
                        "<code>infraprep {}</code><br>{}",
                        escape(&crate::drill::numbers::shell_words(
                            &question.working.command
                        )),
                        question
                            .working
                            .steps
                            .iter()
                            .map(|s| escape(s.get(*lang)))
                            .collect::<Vec<_>>()
                            .join("<br>")
                    );
                    row(
                        &mut out,
                        &format!(
                            "infraprep:{}:{}#{variant}:{}",
                            card.id,
                            template.id,
                            lang.code()
                        ),
                        "Cloze",
                        &text,
                        &extra,
                        &format!("{tags} infraprep::numbers"),
                    );
                }
            }
        }
    }
    out
}

/// Spread-out variant indices: the first, the middle and the last, without repeats.
fn variants(count: usize) -> Vec<usize> {
    let mut picked: Vec<usize> = [0, count / 2, count.saturating_sub(1)]
        .into_iter()
        .filter(|v| *v < count)
        .collect();
    picked.dedup();
    picked.truncate(VARIANTS_PER_TEMPLATE);
    picked
}

fn row(out: &mut String, guid: &str, notetype: &str, front: &str, back: &str, tags: &str) {
    let fields = [guid, notetype, front, back, tags].map(|f| f.replace(['\t', '\n', '\r'], " "));
    out.push_str(&fields.join("\t"));
    out.push('\n');
}

/// Anki tags are space-separated: spaces inside a tag become `_`.
fn tags(card: &Card, lang: Lang) -> String {
    let mut tags: Vec<String> = card.tags.iter().map(|t| t.replace(' ', "_")).collect();
    tags.push("infraprep".to_owned());
    tags.push(format!("infraprep::{}", lang.code()));
    tags.join(" ")
}

/// The back: short answer, interview answer, key points, follow-ups and sources.
fn back(card: &Card, lang: Lang, deck: &[ExportCard]) -> String {
    let body = card.body.get(lang);
    let mut out = String::new();
    for section in [Section::Short, Section::Interview] {
        let _ = write!(
            out,
            "<h3>{}</h3>{}",
            escape(body.heading(section)),
            markdown_to_html(&cite(card, body.section(section)))
        );
    }
    let _ = write!(out, "<h3>{}</h3><ul>", key_points_heading(lang));
    for point in card.key_points.get(lang) {
        let _ = write!(out, "<li>{}</li>", escape(&point.point));
    }
    out.push_str("</ul>");
    if !body.follow_ups.is_empty() {
        let _ = write!(
            out,
            "<h3>{}</h3><ul>",
            escape(body.heading(Section::Followups))
        );
        for follow in &body.follow_ups {
            // Anki has no links between notes: the follow-up names its card by number and
            // id, which find it in the browser (tag search) and in `infraprep show`.
            let number = deck
                .iter()
                .find(|c| c.card.id == follow.id)
                .and_then(|c| c.card.number)
                .map_or_else(String::new, |n| format!("#{n} "));
            let _ = write!(
                out,
                "<li>{} <small>({number}<code>{}</code>)</small></li>",
                escape(&follow.question),
                escape(&follow.id)
            );
        }
        out.push_str("</ul>");
    }
    out.push_str(&super::sources_html(card, lang));
    out
}
