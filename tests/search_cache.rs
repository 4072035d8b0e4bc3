//! The search cache (`search::cache`): a big user deck's index kept in the data dir gives the
//! same hits as reading the deck whole, and a missing, stale or damaged cache file is rebuilt
//! without a word.

use std::path::{Path, PathBuf};

use infraprep::content::DeckSource;
use infraprep::content::deck::Listing;
use infraprep::content::glossary::Glossary;
use infraprep::search::Query;
use infraprep::search::cache::{self, FoundBy, MIN_CACHED_FILES};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/good-deck");

/// A deck of `MIN_CACHED_FILES` cards made from the good fixture's two cards, each with its own
/// id and a word of its own in the title.
fn big_deck(dir: &Path) -> PathBuf {
    let deck = dir.join("deck");
    std::fs::create_dir_all(&deck).expect("deck dir");
    let texts: Vec<String> = ["alpha.md", "beta.md"]
        .iter()
        .map(|n| std::fs::read_to_string(Path::new(FIXTURE).join(n)).expect("fixture"))
        .collect();
    for i in 0..MIN_CACHED_FILES {
        let text = &texts[i % 2];
        let id_line = text.lines().find(|l| l.starts_with("id = ")).expect("id");
        let text = text
            .replacen(id_line, &format!("id = \"made-{i}\""), 1)
            .replacen("\nen = \"", &format!("\nen = \"word{i} "), 1);
        std::fs::write(deck.join(format!("card-{i:04}.md")), text).expect("card");
    }
    deck
}

fn sources(deck: &Path) -> Vec<DeckSource> {
    vec![DeckSource::Bundled, DeckSource::Dir(deck.to_path_buf())]
}

/// A search as `infraprep search` runs it: through the cache when it is up to date; else the
/// cache is built (what the background `build-search-cache` does) and then read.
fn search(deck: &Path, data: &Path, text: &str) -> (Vec<(String, i64)>, FoundBy) {
    let sources = sources(deck);
    let query = Query::parse(text, Glossary::bundled());
    let path = cache::cache_path(data, &sources);
    if let Some(found) = cache::lookup(&Listing::of(&sources), &path, &query, 50) {
        return (found.hits, FoundBy::Cache);
    }
    let built = cache::build(Listing::of(&sources), &path).expect("the cache is written");
    assert!(matches!(built, cache::Built::Wrote(_)), "{built:?}");
    let found = cache::lookup(&Listing::of(&sources), &path, &query, 50).expect("a fresh cache");
    (found.hits, FoundBy::Rebuilt)
}

#[test]
fn a_second_search_reads_the_cache_and_finds_the_same() {
    let dir = tempfile::tempdir().expect("tmp");
    let deck = big_deck(dir.path());
    let data = dir.path().join("data");
    let (first, how) = search(&deck, &data, "tensor parallel");
    assert_eq!(how, FoundBy::Rebuilt);
    assert!(!first.is_empty());
    let (second, how) = search(&deck, &data, "tensor parallel");
    assert_eq!(how, FoundBy::Cache);
    assert_eq!(second, first);
}

/// The hits of reading the deck whole and ranking with the whole index (no cache involved).
fn whole(deck: &Path, text: &str) -> Vec<(String, i64)> {
    let loaded = infraprep::content::deck::load(&sources(deck));
    let cards = loaded.deck.cards();
    ranked(&infraprep::search::SearchIndex::build(cards), cards, text)
}

/// Queries of each kind the ranking expands: words, glossary terms, prefixes, a typo, lone
/// characters, a question, a word only the made cards hold.
const QUERIES: &[&str] = &[
    "tensor parallel",
    "张量并行",
    "nvlnk",
    "nv",
    "块",
    "checkpiont",
    "how much bandwidth does nvlink give",
    "word17",
    "a100 ib",
];

#[test]
fn hits_through_the_cache_are_the_whole_index_hits() {
    let dir = tempfile::tempdir().expect("tmp");
    let deck = big_deck(dir.path());
    let data = dir.path().join("data");
    search(&deck, &data, "warm up");
    for text in QUERIES {
        let (cached, how) = search(&deck, &data, text);
        assert_eq!(how, FoundBy::Cache, "{text}");
        assert_eq!(cached, whole(&deck, text), "{text}");
    }
}

/// Each way a cache file goes bad: the search reads the deck whole, finds what it would without
/// a cache, says nothing, and writes a good file again.
#[test]
fn a_damaged_cache_is_rebuilt_silently() {
    let dir = tempfile::tempdir().expect("tmp");
    let deck = big_deck(dir.path());
    let data = dir.path().join("data");
    let text = "tensor parallel";
    let want = whole(&deck, text);
    search(&deck, &data, text);
    let path = cache::cache_path(&data, &sources(&deck));
    let good = std::fs::read(&path).expect("cache written");
    let mut flipped = good.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x5a;
    let mut bad_count = good.clone();
    // The first count after the header (card heads), made huge; the checksum now fails too.
    // Magic, format, the version string with its length, fingerprint, payload length.
    let header = 8 + 4 + 8 + env!("CARGO_PKG_VERSION").len() + 8 + 8;
    bad_count[header..header + 8].copy_from_slice(&u64::MAX.to_le_bytes());
    let damages: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("truncated", good[..good.len() / 3].to_vec()),
        ("one byte short", good[..good.len() - 1].to_vec()),
        ("a byte flipped", flipped),
        ("a huge count", bad_count),
        ("foreign", b"not a cache file at all\n".repeat(1000)),
        ("longer", [good.clone(), b"tail".to_vec()].concat()),
    ];
    for (damage, bytes) in damages {
        std::fs::write(&path, &bytes).expect("damage");
        let (hits, how) = search(&deck, &data, text);
        assert_eq!(how, FoundBy::Rebuilt, "{damage}");
        assert_eq!(hits, want, "{damage}");
        assert_eq!(std::fs::read(&path).expect("rewritten"), good, "{damage}");
        assert_eq!(search(&deck, &data, text).1, FoundBy::Cache, "{damage}");
    }
    // Larger than any sane cache: refused unread (the file is sparse, so this is cheap).
    let file = std::fs::File::create(&path).expect("create");
    file.set_len(cache::MAX_CACHE_BYTES + 1).expect("sparse");
    drop(file);
    assert_eq!(search(&deck, &data, text), (want, FoundBy::Rebuilt));
    // A directory where the file should be: nothing is read from it (the search answers from
    // the deck), and the build says why it cannot write.
    std::fs::remove_file(&path).expect("remove");
    std::fs::create_dir(&path).expect("dir in the way");
    let query = Query::parse(text, Glossary::bundled());
    let listing = || Listing::of(&sources(&deck));
    assert!(cache::lookup(&listing(), &path, &query, 50).is_none());
    let error = cache::build(listing(), &path).expect_err("a directory in the way");
    assert_eq!(error.kind(), std::io::ErrorKind::IsADirectory);
}

#[test]
fn a_changed_deck_makes_the_cache_stale() {
    let dir = tempfile::tempdir().expect("tmp");
    let deck = big_deck(dir.path());
    let data = dir.path().join("data");
    assert_eq!(search(&deck, &data, "word7").1, FoundBy::Rebuilt);
    // A card's title changes: its file's size and time change, so the cache is not used.
    let card = deck.join("card-0007.md");
    let text = std::fs::read_to_string(&card).expect("card");
    std::fs::write(&card, text.replacen("word7 ", "zebrafish ", 1)).expect("edit");
    let (hits, how) = search(&deck, &data, "zebrafish");
    assert_eq!(how, FoundBy::Rebuilt);
    assert_eq!(hits, whole(&deck, "zebrafish"));
    assert_eq!(hits.first().map(|h| h.0.as_str()), Some("made-7"));
    // A card added, then one removed.
    std::fs::write(deck.join("new.md"), text.replacen("made-7", "made-new", 1)).expect("add");
    assert_eq!(search(&deck, &data, "word7").1, FoundBy::Rebuilt);
    std::fs::remove_file(deck.join("new.md")).expect("remove");
    let (hits, how) = search(&deck, &data, "word7");
    assert_eq!(how, FoundBy::Rebuilt);
    assert_eq!(hits, whole(&deck, "word7"));
}

/// The binary: the same output and warnings from a cold and a warm cache. The cold search
/// answers from one read of the deck and leaves the cache to a background
/// `build-search-cache`, whose file then appears in the data dir and serves the next search.
#[test]
fn the_command_prints_the_same_with_a_cold_and_a_warm_cache() {
    let dir = tempfile::tempdir().expect("tmp");
    let deck = big_deck(dir.path());
    // A broken card, so that the warnings come from the cache too.
    std::fs::write(deck.join("broken.md"), "+++\nid = \"Bad Id\"\n+++\n").expect("broken");
    let data = dir.path().join("data");
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_infraprep"))
            .args([
                "--deck",
                deck.to_str().expect("utf-8"),
                "search",
                "tensor",
                "parallel",
            ])
            .env("INFRAPREP_DATA_DIR", &data)
            .env("NO_COLOR", "1")
            .env_remove("INFRAPREP_CONFIG")
            .env("XDG_CONFIG_HOME", "/nonexistent-infraprep-test-config")
            .output()
            .expect("runs");
        (
            out.status.code(),
            out.stdout,
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let cold = run();
    let cache = cache::cache_path(&data, &sources(&deck));
    let waited = std::time::Instant::now();
    while !cache.is_file() {
        assert!(
            waited.elapsed() < std::time::Duration::from_secs(120),
            "no cache at {} from the background build",
            cache.display()
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let build_took = waited.elapsed();
    let written = std::fs::metadata(&cache)
        .expect("cache")
        .modified()
        .expect("mtime");
    let warm = run();
    // The warm search read the cache: it started no second build, which would have rewritten
    // the file in about the time the first took.
    std::thread::sleep(2 * build_took + std::time::Duration::from_millis(300));
    let after = std::fs::metadata(&cache)
        .expect("cache")
        .modified()
        .expect("mtime");
    assert_eq!(after, written, "the warm search rebuilt the cache");
    assert_eq!(cold.0, Some(0));
    assert!(cold.2.contains("broken.md"), "{}", cold.2);
    assert_eq!(warm, cold);
}

/// The ids and scores of `index`'s hits for `text` over `cards`.
fn ranked(
    index: &infraprep::search::SearchIndex,
    cards: &[infraprep::content::Card],
    text: &str,
) -> Vec<(String, i64)> {
    let query = Query::parse(text, Glossary::bundled());
    index
        .run(&query, 50)
        .iter()
        .map(|h| (cards[h.card].id.clone(), h.score))
        .collect()
}

/// The TUI's whole-deck index (`IndexCache`): built and written the first time, read the next,
/// ranking as the whole index does; a cache whose cards are not the deck's is not used; a small
/// deck gets no cache.
#[test]
fn the_app_index_is_read_from_the_cache_when_its_cards_are_the_decks() {
    use infraprep::search::cache::IndexCache;
    let dir = tempfile::tempdir().expect("tmp");
    let deck = big_deck(dir.path());
    let data = dir.path().join("data");
    let sources = sources(&deck);
    let loaded = infraprep::content::deck::load(&sources);
    let cards = loaded.deck.cards();

    let cache = IndexCache::of(&data, &sources).expect("a big deck is cached");
    let (built, how) = cache.index(cards, &loaded.warnings);
    assert_eq!(how, FoundBy::Rebuilt);
    let path = cache::cache_path(&data, &sources);
    let written = std::fs::read(&path).expect("the cache file is written");

    let (read, how) = IndexCache::of(&data, &sources)
        .expect("cached")
        .index(cards, &loaded.warnings);
    assert_eq!(how, FoundBy::Cache);
    for text in QUERIES {
        assert_eq!(ranked(&read, cards, text), whole(&deck, text), "{text}");
        assert_eq!(ranked(&built, cards, text), whole(&deck, text), "{text}");
    }
    // The CLI reads the file the app wrote.
    assert_eq!(search(&deck, &data, "tensor parallel").1, FoundBy::Cache);

    // Cards in another order, or one with another title, do not match the file's positions.
    let mut reordered = cards.to_vec();
    reordered.swap(0, cards.len() - 1);
    let (_, how) = cache.index(&reordered, &loaded.warnings);
    assert_eq!(how, FoundBy::Rebuilt, "reordered");
    std::fs::write(&path, &written).expect("restored");
    let mut renamed = cards.to_vec();
    renamed[3].title.en.push_str(" (edited)");
    assert_eq!(cache.index(&renamed, &loaded.warnings).1, FoundBy::Rebuilt);

    assert_eq!(IndexCache::of(&data, &[DeckSource::Bundled]), None);
}

/// End to end in the app: the first run writes the cache from its background build, the second
/// searches from it (the file is not written again) and finds the same cards.
#[test]
fn the_app_writes_the_cache_and_a_second_run_searches_from_it() {
    use infraprep::content::Lang;
    use infraprep::content::deck::load_in_background;
    use infraprep::tui::app::App;
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

    let dir = tempfile::tempdir().expect("tmp");
    let deck = big_deck(dir.path());
    let data = dir.path().join("data");
    let path = cache::cache_path(&data, &sources(&deck));
    let run = || -> Vec<String> {
        let app = App::loading(load_in_background(&sources(&deck)), Lang::En);
        let mut app = app.with_search_cache(data.clone(), sources(&deck));
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).expect("term");
        let theme = infraprep::tui::theme::Theme { color: false };
        let keys: Vec<Event> = "/word17"
            .chars()
            .map(|c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)))
            .collect();
        infraprep::tui::drive(&mut terminal, &mut app, theme, keys, &mut |_, _| {})
            .expect("drives");
        let start = std::time::Instant::now();
        while !app.search_ready() {
            assert!(start.elapsed().as_secs() < 60, "the index is built");
            app.poll_deck();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        app.tick(app.now);
        let search = app.search().expect("the search box is open");
        assert!(!search.pending, "the query ran");
        search
            .hits
            .iter()
            .map(|h| app.deck.cards()[h.card].id.clone())
            .collect()
    };
    let first = run();
    assert!(first.contains(&"made-17".to_owned()), "{first:?}");
    let written = std::fs::metadata(&path)
        .expect("written")
        .modified()
        .expect("mtime");
    std::thread::sleep(std::time::Duration::from_millis(20));
    let second = run();
    assert_eq!(second, first);
    let after = std::fs::metadata(&path)
        .expect("still there")
        .modified()
        .expect("mtime");
    assert_eq!(
        after, written,
        "the second run read the file, not rebuilt it"
    );
}

/// `infraprep build-search-cache` run by hand: writes the file `search` then reads, and says
/// where; for decks too small to need one it says so and exits 1.
#[test]
fn build_search_cache_writes_the_file_and_says_where() {
    let dir = tempfile::tempdir().expect("tmp");
    let deck = big_deck(dir.path());
    let data = dir.path().join("data");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_infraprep"))
            .args(args)
            .env("INFRAPREP_DATA_DIR", &data)
            .env_remove("INFRAPREP_CONFIG")
            .env("XDG_CONFIG_HOME", "/nonexistent-infraprep-test-config")
            .output()
            .expect("runs")
    };
    let deck_arg = deck.to_str().expect("utf-8");
    let built = run(&["--deck", deck_arg, "build-search-cache"]);
    let cache = cache::cache_path(&data, &sources(&deck));
    assert_eq!(built.status.code(), Some(0));
    let said = String::from_utf8_lossy(&built.stdout);
    assert!(said.contains(&cache.display().to_string()), "{said}");
    let cards = Listing::of(&sources(&deck)).load().deck.len();
    assert!(said.contains(&format!("({cards} cards)")), "{said}");
    let (hits, how) = search(&deck, &data, "tensor parallel");
    assert_eq!(how, FoundBy::Cache);
    assert_eq!(hits, whole(&deck, "tensor parallel"));

    let small = run(&["build-search-cache"]);
    assert_eq!(small.status.code(), Some(1));
    let said = String::from_utf8_lossy(&small.stderr);
    assert!(said.contains("no search cache needed"), "{said}");
}

/// While one build holds the cache's lock, another (a second search started one too) reads
/// nothing and writes nothing; once the lock is free, a build writes the file.
#[test]
fn a_second_build_waits_for_none_and_does_nothing() {
    let dir = tempfile::tempdir().expect("tmp");
    let deck = big_deck(dir.path());
    let data = dir.path().join("data");
    let path = cache::cache_path(&data, &sources(&deck));
    std::fs::create_dir_all(&data).expect("data dir");
    let held = std::fs::File::create(path.with_extension("lock")).expect("lock file");
    held.lock().expect("the lock");
    let busy = cache::build(Listing::of(&sources(&deck)), &path).expect("no error");
    assert_eq!(busy, cache::Built::Busy);
    assert!(!path.exists(), "a busy build wrote the cache");
    drop(held);
    let built = cache::build(Listing::of(&sources(&deck)), &path).expect("written");
    assert!(
        matches!(built, cache::Built::Wrote(n) if n > MIN_CACHED_FILES),
        "{built:?}"
    );
    assert!(path.is_file());
}
