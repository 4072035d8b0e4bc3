//! `infraprep list`: the cards in curriculum order, as a table or JSON.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use serde::Serialize;
use unicode_width::UnicodeWidthStr;

use super::{CommandEnv, CommandResult, emit};
use crate::cli::ListArgs;
use crate::content::{Bilingual, Card, Difficulty};
use crate::text::messages as m;

/// The JSON shape of one card in `list --json` (stable: scripts rely on it).
#[derive(Serialize)]
pub struct CardSummary<'a> {
    pub id: &'a str,
    pub number: Option<u32>,
    pub title: &'a Bilingual<String>,
    pub tags: &'a [String],
    pub difficulty: Difficulty,
    pub follow_ups: Vec<&'a str>,
}

impl<'a> CardSummary<'a> {
    pub fn of(card: &'a Card) -> Self {
        CardSummary {
            id: &card.id,
            number: card.number,
            title: &card.title,
            tags: &card.tags,
            difficulty: card.difficulty,
            follow_ups: card.follow_up_ids(),
        }
    }
}

pub fn run(args: &ListArgs, ctx: &CommandEnv, out: &mut dyn Write) -> CommandResult {
    let tag = args.tag.as_deref().map(str::to_lowercase);
    let cards: Vec<&Card> = ctx
        .deck
        .cards()
        .iter()
        .filter(|c| tag.as_ref().is_none_or(|t| c.tags.contains(t)))
        .collect();
    if args.json {
        let summaries: Vec<CardSummary> = cards.iter().map(|c| CardSummary::of(c)).collect();
        let json = serde_json::to_string_pretty(&summaries).unwrap_or_else(|_| "[]".to_owned());
        emit(out, &format!("{json}\n"))?;
        return Ok(ExitCode::SUCCESS);
    }
    if cards.is_empty() {
        let what = tag.map_or_else(
            || m::NO_CARDS_LOADED.get(ctx.ui).to_owned(),
            |t| match ctx.deck.suggest_tag(&t).as_slice() {
                [] => m::NO_TAG.fill(ctx.ui, &[("tag", &t)]),
                near => m::NO_TAG_DID_YOU_MEAN.fill(
                    ctx.ui,
                    &[
                        ("tag", &t),
                        (
                            "near",
                            &near
                                .iter()
                                .map(|n| format!("'{n}'"))
                                .collect::<Vec<_>>()
                                .join(", "),
                        ),
                    ],
                ),
            },
        );
        return Err(super::CommandError::User(what));
    }
    let id_width = cards.iter().map(|c| c.id.width()).max().unwrap_or(0);
    let mut text = String::new();
    for card in cards {
        let number = card
            .number
            .map_or_else(|| "  -".to_owned(), |n| format!("{n:>3}"));
        let id = format!("{:<id_width$}", card.id);
        let tags = ctx.style.dim(&card.tags.join(", "));
        let _ = writeln!(
            text,
            "{} {} {}  {}",
            ctx.style.accent(&number),
            ctx.style.bold(&id),
            card.title(ctx.lang),
            tags
        );
    }
    emit(out, &text)?;
    Ok(ExitCode::SUCCESS)
}
