//! Decks: the bundled one embedded in the binary, and user directories of card files.
//!
//! Loading never fails as a whole: a broken card is skipped with a warning that names its file
//! and line, so one bad file never hides the good cards. Checking (for `validate`) reports every
//! problem in every file instead.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use include_dir::{Dir, include_dir};

use super::file_guard;
use super::glossary::Glossary;
use super::parse::{Parsed, Storage, parse_card_stored};
use super::section_text::FileBody;
use super::{Card, Problem};

mod walk;

static BUNDLED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/content/cards");

include!(concat!(env!("OUT_DIR"), "/bundled_count.rs"));

/// The file in a deck directory whose term groups extend the bundled glossary.
pub const GLOSSARY_FILE: &str = "glossary.toml";

/// Where cards come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeckSource {
    Bundled,
    Dir(PathBuf),
}

/// One card file: where its text comes from. A file on disk is read by the worker that parses
/// it, and its text dropped once parsed, so a big deck's texts are never all in memory at once.
struct CardFile {
    path: String,
    text: Text,
}

enum Text {
    Embedded(Result<&'static str, String>),
    Disk(PathBuf),
}

/// One parsed file: the card, or its problems and (for a file whose front matter did not
/// parse) the id it seems to have.
type ParseResult = Result<Parsed, (Vec<Problem>, Option<String>)>;

/// A set of cards with unique ids, in curriculum order. Cloning shares the cards, so a
/// background search index can be built from them while the UI keeps using the deck.
#[derive(Debug, Clone, Default)]
pub struct Deck {
    cards: Arc<[Card]>,
    by_id: HashMap<String, usize>,
    /// The bundled glossary extended by the decks' `glossary.toml` files; `None` when no deck
    /// added one (then [`Deck::glossary`] is the bundled one, shared, not copied).
    glossary: Option<Arc<Glossary>>,
}

/// A loaded deck and the problems that made some cards be skipped.
#[derive(Debug)]
pub struct Loaded {
    pub deck: Deck,
    pub warnings: Vec<Problem>,
}

impl Deck {
    /// Builds a deck from cards, keeping the first card of each id. Returns the duplicates' problems.
    pub fn from_cards(cards: Vec<Card>) -> (Deck, Vec<Problem>) {
        let mut kept: Vec<Card> = Vec::with_capacity(cards.len());
        let mut problems = Vec::new();
        let mut first_of: HashMap<String, (String, usize)> = HashMap::new();
        for card in cards {
            if let Some((path, line)) = first_of.get(&card.id) {
                problems.push(Problem::new(
                    &card.origin.path,
                    card.origin.id_line,
                    format!("duplicate id '{}': {path}:{line} already uses it; ids are unique across decks", card.id),
                ));
                continue;
            }
            first_of.insert(
                card.id.clone(),
                (card.origin.path.clone(), card.origin.id_line),
            );
            kept.push(card);
        }
        kept.sort_by(|a, b| {
            (a.number.is_none(), a.number, &a.id).cmp(&(b.number.is_none(), b.number, &b.id))
        });
        let by_id = kept
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i))
            .collect();
        let deck = Deck {
            cards: kept.into(),
            by_id,
            glossary: None,
        };
        (deck, problems)
    }

    /// The glossary the grader and the search use: the bundled one plus every loaded deck's
    /// `glossary.toml`.
    pub fn glossary(&self) -> &Glossary {
        self.glossary
            .as_deref()
            .unwrap_or_else(|| Glossary::bundled())
    }

    /// [`Deck::glossary`], shared, for a drill session to keep.
    pub fn shared_glossary(&self) -> Arc<Glossary> {
        self.glossary
            .clone()
            .unwrap_or_else(|| Arc::new(Glossary::bundled().clone()))
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The cards, shared, for work on another thread (the search index).
    pub fn shared_cards(&self) -> Arc<[Card]> {
        Arc::clone(&self.cards)
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn get(&self, id: &str) -> Option<&Card> {
        self.by_id.get(id).map(|&i| &self.cards[i])
    }

    /// Finds a card by id or by its curriculum number (`12` or `#12`).
    pub fn find(&self, id_or_number: &str) -> Option<&Card> {
        let wanted = id_or_number.trim();
        self.get(wanted).or_else(|| {
            let number: u32 = wanted.trim_start_matches('#').parse().ok()?;
            self.cards.iter().find(|c| c.number == Some(number))
        })
    }

    /// The ids closest to `wanted`, best first, for "did you mean" hints.
    pub fn suggest(&self, wanted: &str) -> Vec<&str> {
        let ids = self.cards.iter().map(|c| c.id.as_str());
        crate::search::suggest::did_you_mean(wanted, ids, 3)
    }

    /// Every tag of the deck once, sorted.
    pub fn tags(&self) -> Vec<&str> {
        let mut tags: Vec<&str> = self
            .cards
            .iter()
            .flat_map(|c| c.tags.iter().map(String::as_str))
            .collect();
        tags.sort_unstable();
        tags.dedup();
        tags
    }

    /// The tags closest to `wanted`, best first.
    pub fn suggest_tag(&self, wanted: &str) -> Vec<&str> {
        crate::search::suggest::did_you_mean(wanted, self.tags(), 3)
    }

    /// The lowest and highest card numbers, if any card has one.
    pub fn number_range(&self) -> Option<(u32, u32)> {
        let numbers = self.cards.iter().filter_map(|c| c.number);
        Some((numbers.clone().min()?, numbers.max()?))
    }
}

/// Loads cards from `sources` in order; later sources cannot replace an id already loaded.
pub fn load(sources: &[DeckSource]) -> Loaded {
    let mut warnings = Vec::new();
    let mut cards = Vec::new();
    let files: Vec<CardFile> = sources
        .iter()
        .flat_map(|s| read_source(s, &mut warnings))
        .collect();
    for result in parse_files(&files) {
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
    let mut broken_ids = Vec::new();
    let files: Vec<CardFile> = sources
        .iter()
        .flat_map(|s| read_source(s, &mut problems))
        .collect();
    for result in parse_files(&files) {
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

/// The `id = "..."` of a card whose front matter did not parse, found line by line.
fn loose_id(text: &str) -> Option<String> {
    text.lines()
        .take_while(|l| !l.trim_start().starts_with("# "))
        .find_map(|line| {
            let value = line
                .trim()
                .strip_prefix("id")?
                .trim_start()
                .strip_prefix('=')?
                .trim();
            Some(value.trim_matches('"').to_owned())
        })
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

/// Reads and parses files on all cores (startup time is dominated by parsing), keeping their
/// order.
fn parse_files(files: &[CardFile]) -> Vec<ParseResult> {
    super::parallel::map(files, parse_file)
}

fn parse_file(file: &CardFile) -> ParseResult {
    let unreadable = |message: String| (vec![Problem::new(&file.path, 0, message)], None);
    let parse = |text: &str, storage: Storage| {
        parse_card_stored(text, &file.path, &storage).map_err(|found| (found, loose_id(text)))
    };
    match &file.text {
        Text::Embedded(Ok(text)) => parse(text, Storage::Embedded(text)),
        Text::Embedded(Err(message)) => Err(unreadable(message.clone())),
        Text::Disk(path) => {
            match file_guard::read_regular_string(path, file_guard::MAX_CARD_BYTES) {
                Ok(text) => {
                    let body = FileBody::new(path.clone(), &text);
                    parse(&text, Storage::File(Arc::new(body)))
                }
                Err(e) => Err(unreadable(format!("the card file {e}"))),
            }
        }
    }
}

fn read_source(source: &DeckSource, problems: &mut Vec<Problem>) -> Vec<CardFile> {
    match source {
        DeckSource::Bundled => bundled_files(),
        DeckSource::Dir(dir) => dir_files(dir, problems).unwrap_or_else(|message| {
            problems.push(Problem::new(&dir.display().to_string(), 0, message));
            Vec::new()
        }),
    }
}

fn bundled_files() -> Vec<CardFile> {
    let mut files: Vec<CardFile> = BUNDLED
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "md"))
        .map(|f| CardFile {
            path: format!("bundled:{}", f.path().display()),
            text: Text::Embedded(
                f.contents_utf8()
                    .ok_or_else(|| "not valid UTF-8".to_owned()),
            ),
        })
        .collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}

/// Every `*.md` file under `dir`, recursively, in path order. Problems with single entries
/// (unreadable, special files, symlink loops) are pushed to `problems` and the entry skipped; only
/// an unreadable `dir` itself is an error.
fn dir_files(dir: &Path, problems: &mut Vec<Problem>) -> Result<Vec<CardFile>, String> {
    if !dir.is_dir() {
        return Err(if dir.exists() {
            "is not a directory: --deck takes a directory of card files".to_owned()
        } else {
            "deck directory not found".to_owned()
        });
    }
    let mut paths = walk::card_paths(dir, problems)?;
    paths.sort();
    Ok(paths
        .into_iter()
        .map(|path| CardFile {
            path: path.display().to_string(),
            text: Text::Disk(path),
        })
        .collect())
}
