//! Loading decks (a broken card is skipped with a warning) and checking them (`validate`: every
//! problem in every file, and links between cards).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::files::{CardFile, list, parse_all, parse_file, read_and_parse};
use super::{Deck, DeckSource, GLOSSARY_FILE, Loaded};
use crate::content::file_guard;
use crate::content::glossary::Glossary;
use crate::content::{Card, Problem};

/// Loads cards from `sources` in order; later sources cannot replace an id already loaded.
pub fn load(sources: &[DeckSource]) -> Loaded {
    let mut warnings = Vec::new();
    let files = list(sources, &mut warnings);
    finish(sources, &files, warnings, true)
}

/// [`load`] of `files`, the card files of `sources`, on all cores or on this thread;
/// `warnings` holds the problems met finding them.
pub(super) fn finish(
    sources: &[DeckSource],
    files: &[CardFile],
    mut warnings: Vec<Problem>,
    all_cores: bool,
) -> Loaded {
    let mut cards = Vec::new();
    let results = if all_cores {
        parse_all(files)
    } else {
        files.iter().map(parse_file).collect()
    };
    for result in results {
        match result {
            Ok(parsed) => cards.push(parsed.card),
            Err((problems, _)) => {
                let first = problems.into_iter().next();
                warnings.extend(first.map(|p| Problem {
                    message: format!("{} (card skipped)", p.message),
                    ..p
                }));
            }
        }
    }
    let (mut deck, duplicates) = Deck::from_cards(cards);
    warnings.extend(duplicates.into_iter().map(|p| Problem {
        message: format!("{} (card skipped)", p.message),
        ..p
    }));
    deck.glossary = read_glossaries(sources, &mut warnings);
    Loaded { deck, warnings }
}

/// The bundled glossary extended by each deck directory's `glossary.toml`, in source order;
/// `None` when no deck has one. A file that cannot be read or parsed is reported and skipped.
fn read_glossaries(sources: &[DeckSource], problems: &mut Vec<Problem>) -> Option<Arc<Glossary>> {
    let mut glossary: Option<Glossary> = None;
    for source in sources {
        let DeckSource::Dir(dir) = source else {
            continue;
        };
        let path = dir.join(GLOSSARY_FILE);
        if !path.exists() {
            continue;
        }
        let shown = path.display().to_string();
        let read = file_guard::read_regular_string(&path, file_guard::MAX_CARD_BYTES)
            .map_err(|e| Problem::new(&shown, 0, format!("the glossary {e}")))
            .and_then(|text| Glossary::parse(&text, &shown));
        match read {
            Ok(extra) => glossary
                .get_or_insert_with(|| Glossary::bundled().clone())
                .extend(extra),
            Err(problem) => problems.push(problem),
        }
    }
    glossary.map(Arc::new)
}

/// Checks every card file in `sources` and the links between them. `context` holds cards that
/// links may point to without being checked themselves (the bundled deck, for a user deck).
pub fn check(sources: &[DeckSource], context: Option<&Deck>) -> (Deck, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut parsed = Vec::new();
    // Ids of cards that failed to parse still count as link targets, so one broken card does
    // not also flag every link to it.
    let mut broken_ids = HashSet::new();
    for result in read_and_parse(sources, &mut problems) {
        match result {
            Ok(p) => parsed.push(p),
            Err((found, id)) => {
                problems.extend(found);
                broken_ids.extend(id);
            }
        }
    }
    let links: Vec<(String, Vec<(String, usize)>)> = parsed
        .iter()
        .map(|p| (p.card.origin.path.clone(), p.card_links.clone()))
        .collect();
    let (deck, duplicates) = Deck::from_cards(parsed.into_iter().map(|p| p.card).collect());
    problems.extend(duplicates);
    problems.extend(duplicate_numbers(&deck));
    for (path, card_links) in links {
        for (id, line) in card_links {
            let known = deck.get(&id).is_some()
                || broken_ids.contains(&id)
                || context.and_then(|c| c.get(&id)).is_some();
            if !known {
                let hint = match deck.suggest(&id).first() {
                    Some(near) => format!(" (did you mean '{near}'?)"),
                    None => String::new(),
                };
                problems.push(Problem::new(
                    &path,
                    line,
                    format!("link to unknown card '{id}'{hint}"),
                ));
            }
        }
    }
    let mut deck = deck;
    deck.glossary = read_glossaries(sources, &mut problems);
    problems.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
    (deck, problems)
}

fn duplicate_numbers(deck: &Deck) -> Vec<Problem> {
    let mut first: HashMap<u32, &Card> = HashMap::new();
    let mut problems = Vec::new();
    for card in deck.cards() {
        let Some(number) = card.number else { continue };
        if let Some(other) = first.get(&number) {
            problems.push(Problem::new(
                &card.origin.path,
                card.origin.number_line,
                format!(
                    "number {number} is also used by '{}' ({})",
                    other.id, other.origin.path
                ),
            ));
        } else {
            first.insert(number, card);
        }
    }
    problems
}
