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
    // A number an earlier deck's card already has (a user card numbered 12 beside bundled
    // card 12) is said, not silently left to decide which card `show 12` opens.
    warnings.extend(number_clashes(&cards));
    let (mut deck, duplicates) = Deck::from_cards(cards);
    warnings.extend(duplicates.into_iter().map(|p| Problem {
        message: format!("{} (card skipped)", p.message),
        ..p
    }));
    deck.glossary = read_glossaries(sources, &mut warnings);
    Loaded { deck, warnings }
}

/// The cards whose number a card before them (in load order: the bundled deck first, then
/// each deck as given) already has, each reported at its own `number` line. (A card with the
/// same id is skipped for that, and reported so, instead.)
fn number_clashes<'a>(cards: impl IntoIterator<Item = &'a Card>) -> Vec<Problem> {
    let mut first: HashMap<u32, &Card> = HashMap::new();
    let mut problems = Vec::new();
    for card in cards {
        let Some(number) = card.number else { continue };
        match first.get(&number) {
            Some(other) if other.id != card.id => problems.push(number_clash(card, other)),
            Some(_) => {}
            None => {
                first.insert(number, card);
            }
        }
    }
    problems
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
    let cards: Vec<Card> = parsed.into_iter().map(|p| p.card).collect();
    if let Some(context) = context {
        problems.extend(bundled_ids(context, &cards));
    }
    // Numbers as loading sees them: the context's cards first, then the checked ones in order.
    let context_cards = context.map(Deck::cards).unwrap_or_default();
    problems.extend(number_clashes(context_cards.iter().chain(&cards)));
    let (deck, duplicates) = Deck::from_cards(cards);
    problems.extend(duplicates);
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

/// The checked cards whose id a card of `context` (the bundled deck) already has: loaded
/// together, such a card would be skipped.
fn bundled_ids(context: &Deck, cards: &[Card]) -> Vec<Problem> {
    cards
        .iter()
        .filter_map(|card| {
            let other = context.get(&card.id)?;
            Some(Problem::new(
                &card.origin.path,
                card.origin.id_line,
                format!(
                    "duplicate id '{}': the bundled card at {} already uses it, so this card is skipped when loaded; choose another id",
                    card.id, other.origin.path
                ),
            ))
        })
        .collect()
}

/// `card`'s number is already `other`'s.
fn number_clash(card: &Card, other: &Card) -> Problem {
    let number = card.number.unwrap_or_default();
    Problem::new(
        &card.origin.path,
        card.origin.number_line,
        format!(
            "number {number} is already '{}''s ({}), so `show {number}` and `drill --card {number}` could mean either: choose another number, or leave it out",
            other.id, other.origin.path
        ),
    )
}
