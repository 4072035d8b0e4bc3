//! `infraprep search`: ranked search in both languages, as a list with snippets or as JSON.

use std::fmt::Write as _;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use super::{CommandEnv, CommandError, CommandResult, emit};
use crate::cli::SearchArgs;
use crate::cli::ansi::Style;
use crate::content::deck::{Listing, Loaded};
use crate::content::glossary::Glossary;
use crate::content::{Bilingual, DeckSource, Lang};
use crate::search::{self, Hit, Query, cache};
use crate::text::messages as m;
use crate::text::sanitize::preview;

/// Snippet width in terminal columns (the list indents it by six).
const SNIPPET_COLUMNS: usize = 72;

/// The JSON shape of one result in `search --json`.
#[derive(Serialize)]
struct Result<'a> {
    id: &'a str,
    number: Option<u32>,
    score: i64,
    title: &'a Bilingual<String>,
    /// A passage in the output language showing why the card matched.
    snippet: String,
    /// Char ranges `[start, end)` of `snippet` that the query matched.
    matches: Vec<[usize; 2]>,
}

/// What the search cache gave a search.
pub enum Cached {
    /// The hits, found through an up-to-date cache: card ids (of cards in the deck given with
    /// them) and scores, best first.
    Hits(Vec<(String, i64)>),
    /// The deck wants a cache and has none up to date: this search reads each card once, and
    /// the cache is built in the background once it has answered.
    Stale,
    /// No cache for this deck (the bundled deck, a small one, no data dir).
    Unused,
}

/// The decks to search and, for a big user deck with a data dir, the hits already found through
/// the search cache (`search::cache`); otherwise the decks read whole, as for other commands.
///
/// With no up-to-date cache (the first search, or the deck changed), this search reads each
/// card once for its own terms, as without a cache, and [`run`] then starts the cache's build
/// for the next one: building the whole index first made the first search of a 10,000-card
/// deck take 8-14 s, and building it beside this search would halve this search's CPU.
pub fn load(
    args: &SearchArgs,
    sources: &[DeckSource],
    data_dir: Option<&Path>,
) -> (Loaded, Cached) {
    let listing = Listing::of(sources);
    let Some(dir) = data_dir.filter(|_| cache::worth_caching(&listing)) else {
        return (listing.load(), Cached::Unused);
    };
    let query = Query::parse(&args.query.join(" "), Glossary::bundled());
    let path = cache::cache_path(dir, sources);
    let Some(found) = cache::lookup(&listing, &path, &query, args.limit as usize) else {
        return (listing.load(), Cached::Stale);
    };
    let loaded = Loaded {
        deck: found.deck,
        warnings: found.warnings,
    };
    (loaded, Cached::Hits(found.hits))
}

/// `infraprep build-search-cache`: writes the search cache of the decks in use in `data_dir`,
/// and says where (or why not: decks too small to need one, or the write failed). Run in the
/// background by `search`, where nobody reads what it says.
pub fn build_cache(
    sources: &[DeckSource],
    data_dir: &Path,
    ui: Lang,
    out: &mut dyn Write,
) -> CommandResult {
    let listing = Listing::of(sources);
    if !cache::worth_caching(&listing) {
        let min = cache::MIN_CACHED_FILES;
        return Err(CommandError::User(
            m::SEARCH_CACHE_NOT_NEEDED.fill(ui, &[("min", &min)]),
        ));
    }
    let path = cache::cache_path(data_dir, sources);
    let shown = path.display();
    let line = match cache::build(listing, &path) {
        Ok(cache::Built::Wrote(cards)) => {
            m::SEARCH_CACHE_WRITTEN.fill(ui, &[("path", &shown), ("cards", &cards)])
        }
        Ok(cache::Built::Busy) => m::SEARCH_CACHE_BUSY.fill(ui, &[("path", &shown)]),
        Err(error) => {
            return Err(CommandError::User(
                m::SEARCH_CACHE_FAILED.fill(ui, &[("path", &shown), ("error", &error)]),
            ));
        }
    };
    emit(out, &format!("{line}\n"))?;
    Ok(ExitCode::SUCCESS)
}

/// Starts `infraprep build-search-cache` in the background: its own process group (a Ctrl-C
/// to this search does not stop it), no terminal, not waited for. It gets this run's `--deck`,
/// `--config` and `--data-dir` flags, so that with the environment (inherited) it resolves the
/// same decks and data dir. A build that cannot start only costs speed.
pub fn spawn_cache_build(decks: &[PathBuf], config: Option<&Path>, data_dir: Option<&Path>) {
    use std::os::unix::process::CommandExt as _;
    use std::process::{Command, Stdio};
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let mut command = Command::new(exe);
    for deck in decks {
        command.arg("--deck").arg(deck);
    }
    if let Some(config) = config {
        command.arg("--config").arg(config);
    }
    if let Some(dir) = data_dir {
        command.arg("--data-dir").arg(dir);
    }
    let _ = command
        .arg("build-search-cache")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn();
}

/// Answers the search; after that, with a stale cache, `rebuild` starts its build.
pub fn run(
    args: &SearchArgs,
    ctx: &CommandEnv,
    cached: Cached,
    rebuild: impl FnOnce(),
    out: &mut dyn Write,
) -> CommandResult {
    let stale = matches!(cached, Cached::Stale);
    let answered = answer(args, ctx, cached, out);
    if stale {
        rebuild();
    }
    answered
}

fn answer(
    args: &SearchArgs,
    ctx: &CommandEnv,
    cached: Cached,
    out: &mut dyn Write,
) -> CommandResult {
    let text = args.query.join(" ");
    let glossary = Glossary::bundled();
    let query = Query::parse(&text, glossary);
    if query.is_empty() {
        return Err(CommandError::Usage(empty_query_message(&text, ctx.ui)));
    }
    let cards = ctx.deck.cards();
    let hits: Vec<Hit> = match cached {
        Cached::Hits(found) => found
            .into_iter()
            .filter_map(|(id, score)| {
                let card = ctx.deck.cards().iter().position(|c| c.id == id)?;
                Some(Hit { card, score })
            })
            .collect(),
        // One question: read each card once for the query's terms instead of indexing the deck.
        Cached::Stale | Cached::Unused => {
            search::search_once(cards, glossary, &query, args.limit as usize)
        }
    };
    if args.json {
        let results: Vec<Result> = hits
            .iter()
            .map(|hit| {
                let card = &cards[hit.card];
                let snippet = query.snippet(card, ctx.lang, SNIPPET_COLUMNS);
                Result {
                    id: &card.id,
                    number: card.number,
                    score: hit.score,
                    title: &card.title,
                    matches: snippet.matches.iter().map(|r| [r.start, r.end]).collect(),
                    snippet: snippet.text,
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
        return Err(CommandError::User(
            m::SEARCH_NO_MATCH.fill(ctx.ui, &[("text", &preview(&text))]),
        ));
    }
    let mut listing = String::new();
    for hit in hits {
        let card = &cards[hit.card];
        let number = card
            .number
            .map_or_else(|| "  -".to_owned(), |n| format!("{n:>3}"));
        let title = card.title(ctx.lang);
        let title = highlight(title, &query.matches(title), ctx.style);
        let snippet = query.snippet(card, ctx.lang, SNIPPET_COLUMNS);
        let _ = writeln!(
            listing,
            "{} {}  {}  {}\n      {}",
            ctx.style.accent(&number),
            ctx.style.bold(&card.id),
            title,
            ctx.style.dim(&format!("({})", hit.score)),
            highlight(&snippet.text, &snippet.matches, ctx.style),
        );
    }
    emit(out, &listing)?;
    Ok(ExitCode::SUCCESS)
}

/// Why a query holds nothing to search for, and what to do.
fn empty_query_message(text: &str, ui: Lang) -> String {
    if text.trim().is_empty() {
        m::SEARCH_EMPTY.get(ui).to_owned()
    } else {
        m::SEARCH_ONLY_COMMON.fill(ui, &[("text", &preview(text.trim()))])
    }
}

/// Marks the matched char ranges of `text` when colour is on.
fn highlight(text: &str, matches: &[Range<usize>], style: Style) -> String {
    if !style.color || matches.is_empty() {
        return text.to_owned();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut at = 0;
    for range in matches {
        let (start, end) = (range.start.min(chars.len()), range.end.min(chars.len()));
        if start < at {
            continue;
        }
        out.extend(&chars[at..start]);
        out.push_str(&style.accent(&chars[start..end].iter().collect::<String>()));
        at = end;
    }
    out.extend(&chars[at..]);
    out
}
