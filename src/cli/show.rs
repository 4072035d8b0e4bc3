//! `infraprep show`: one card, or one of its sections, readable in a terminal or as plain text.
//!
//! The output is written raw, not through the `SafeWriter`, so the sources' OSC 8 hyperlinks can
//! reach the terminal: every piece of card text is cleaned here first (`safe_out::clean`), and
//! the links are added after, around URLs `Hyperlinks::link` accepts.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use super::{CommandEnv, CommandResult, emit, unknown_card};
use crate::cli::ShowArgs;
use crate::cli::ansi::Style;
use crate::cli::hyperlink::Hyperlinks;
use crate::cli::markdown::{markdown_to_terminal, replace_citations};
use crate::cli::safe_out::clean;
use crate::content::{Card, Difficulty, Lang, Section};
use crate::text::messages as m;

pub fn run(
    args: &ShowArgs,
    ctx: &CommandEnv,
    links: Hyperlinks,
    out: &mut dyn Write,
) -> CommandResult {
    let card = ctx
        .deck
        .find(&args.card)
        .ok_or_else(|| unknown_card(&ctx.deck, &args.card, ctx.ui))?;
    let colour = ctx.style.color;
    let text = match args.section {
        Some(section) => clean(&section_text(card, ctx.lang, section, ctx.style), colour),
        None => format!(
            "{}\n{}",
            clean(&full_text(card, ctx.lang, ctx.style), colour),
            sources_text(card, ctx.lang, ctx.style, links)
        ),
    };
    emit(out, &text)?;
    Ok(ExitCode::SUCCESS)
}

/// The whole card: header and the four sections (the sources follow, from `sources_text`).
pub fn full_text(card: &Card, lang: Lang, style: Style) -> String {
    let mut text = header(card, lang, style);
    for section in Section::ALL {
        let heading = card.body.get(lang).heading(section);
        let heading = if heading.is_empty() {
            section.default_heading(lang)
        } else {
            heading
        };
        text.push('\n');
        text.push_str(&style.heading(heading));
        text.push('\n');
        text.push_str(&style.dim(&"─".repeat(unicode_width::UnicodeWidthStr::width(heading))));
        text.push('\n');
        text.push_str(&section_text(card, lang, section, style));
    }
    text
}

/// One section's text, with follow-ups listed as "question → id".
pub fn section_text(card: &Card, lang: Lang, section: Section, style: Style) -> String {
    let cite = |key: &str| card.citation_number(key);
    if section == Section::Followups {
        let follow_ups = &card.body.get(lang).follow_ups;
        return follow_ups
            .iter()
            .enumerate()
            .fold(String::new(), |mut text, (i, f)| {
                let question = replace_citations(&f.question, &cite);
                let target = style.link(&format!("→ {}", f.id));
                let _ = writeln!(text, "{}. {question}  {target}", i + 1);
                text
            });
    }
    markdown_to_terminal(card.body.get(lang).section(section), style, &cite)
}

fn header(card: &Card, lang: Lang, style: Style) -> String {
    let number = card.number.map(|n| format!("#{n} · ")).unwrap_or_default();
    let difficulty = match card.difficulty {
        Difficulty::Core => m::DIFFICULTY_CORE,
        Difficulty::Intermediate => m::DIFFICULTY_INTERMEDIATE,
        Difficulty::Advanced => m::DIFFICULTY_ADVANCED,
    };
    let meta = format!(
        "{number}{} · {} · {}",
        card.id,
        difficulty.get(lang),
        card.tags.join(", ")
    );
    format!("{}\n{}\n", style.dim(&meta), style.bold(card.title(lang)))
}

/// The sources the citations point to, each URL whole on its line (so a terminal can select it)
/// and, when `links` is on, an OSC 8 hyperlink. Card text in it is cleaned; the links are ours.
fn sources_text(card: &Card, lang: Lang, style: Style, links: Hyperlinks) -> String {
    let title = match lang {
        Lang::Zh => "来源",
        Lang::En => "Sources",
    };
    let reported = match lang {
        Lang::Zh => " (二手来源)",
        Lang::En => " (reported)",
    };
    let mut text = format!("{}\n", style.heading(title));
    for (i, source) in card.sources.iter().enumerate() {
        let place = source
            .url
            .as_deref()
            .or(source.document.as_deref())
            .unwrap_or("");
        let mark = if source.reported { reported } else { "" };
        let title = clean(&source.title, style.color);
        let shown = style.link(&clean(place, style.color));
        let _ = writeln!(
            text,
            "[{}] {title}{mark}  {}",
            i + 1,
            links.link(place, &shown)
        );
    }
    text
}
