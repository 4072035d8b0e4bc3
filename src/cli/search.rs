//! `infraprep search`: fuzzy search, ranked, as a table or JSON.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use serde::Serialize;

use super::{CommandEnv, CommandError, CommandResult, emit};
use crate::cli::SearchArgs;
use crate::cli::ansi::Style;
use crate::content::Bilingual;
use crate::search::{SearchIndex, match_indices};

/// The JSON shape of one result in `search --json`.
#[derive(Serialize)]
struct Result<'a> {
    id: &'a str,
    number: Option<u32>,
    score: i64,
    title: &'a Bilingual<String>,
}

pub fn run(args: &SearchArgs, ctx: &CommandEnv, out: &mut dyn Write) -> CommandResult {
    let query = args.query.join(" ");
    let index = SearchIndex::build(ctx.deck.cards());
    let hits = index.search(&query, args.limit as usize);
    let cards = ctx.deck.cards();
    if args.json {
        let results: Vec<Result> = hits
            .iter()
            .map(|hit| {
                let card = &cards[hit.card];
                Result {
                    id: &card.id,
                    number: card.number,
                    score: hit.score,
                    title: &card.title,
                }
            })
            .collect();
        let json = serde_json::to_string_pretty(&results).unwrap_or_else(|_| "[]".to_owned());
        emit(out, &format!("{json}\n"))?;
        return Ok(if hits.is_empty() {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        });
    }
    if hits.is_empty() {
        return Err(CommandError::User(format!("no card matches '{query}'")));
    }
    let mut text = String::new();
    for hit in hits {
        let card = &cards[hit.card];
        let number = card
            .number
            .map_or_else(|| "  -".to_owned(), |n| format!("{n:>3}"));
        let title = highlight(card.title(ctx.lang), &query, ctx.style);
        let _ = writeln!(
            text,
            "{} {}  {}  {}",
            ctx.style.accent(&number),
            ctx.style.bold(&card.id),
            title,
            ctx.style.dim(&format!("({})", hit.score))
        );
    }
    emit(out, &text)?;
    Ok(ExitCode::SUCCESS)
}

/// Marks the matched characters of `text` when colour is on.
fn highlight(text: &str, query: &str, style: Style) -> String {
    if !style.color {
        return text.to_owned();
    }
    let matched = match_indices(text, query);
    text.chars()
        .enumerate()
        .map(|(i, c)| {
            if matched.binary_search(&i).is_ok() {
                style.accent(&c.to_string())
            } else {
                c.to_string()
            }
        })
        .collect()
}
