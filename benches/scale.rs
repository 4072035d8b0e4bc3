//! The scale figures of issue 16, measured on the app's real paths: a 10,000-card user deck on
//! disk, a 10 MB card in the reader, and the bundled deck against a bare ratatui program.
//!
//! `cargo bench --bench scale` prints every figure (medians). Goals:
//! - 10,000-card deck: first frame under 300 ms and peak memory under 150 MiB; the search index
//!   built in the background (the UI drawing meanwhile) and a keystroke under 16 ms once built;
//!   `search` under 0.5 s and `validate` under 2 s as whole processes.
//! - A 10 MB card: every reader key (update and draw) under 50 ms.
//! - Bundled deck: first frame within 1.5x of a bare ratatui program's, memory within 2x.
//!
//! The startup figures here are in-process (outline, app, first draw into a test terminal);
//! what a user waits for, the whole process in a terminal, is `cargo bench --bench startup`.
//!
//! Memory is the peak resident size of a fresh child process (this bench run again with
//! `child KIND`) that does one startup and reports `VmHWM` from `/proc/self/status` (Linux).
//! `cargo bench --bench scale -- startup` prints only the startup figures (both decks' first
//! frame and peaks); `cargo bench --bench scale -- search DIR` times only the search engine on
//! the deck in `DIR`; `cargo bench --bench scale -- cli DIR` times only the binary's `search`
//! (cold and warm search cache) and `validate` on it; `cargo bench --bench scale -- keep DIR` writes the generated deck to
//! `DIR/deck10k` (for timing the binary from outside) and exits.

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::widgets::Paragraph;

#[path = "support/timing.rs"]
mod timing;
use timing::{median, ms};

#[path = "support/generate.rs"]
mod generate;

#[path = "support/startup.rs"]
mod startup;

#[path = "support/history.rs"]
mod history;

use infraprep::content::{DeckSource, Lang};
use infraprep::tui::action::Action;
use infraprep::tui::app::App;

const CARDS: usize = 10_000;
const BIN: &str = env!("CARGO_BIN_EXE_infraprep");

/// Writes the generated deck into `dir`, one file per card.
fn write_deck(dir: &Path) {
    let texts = generate::generated_texts(&generate::bundled_texts(), CARDS);
    std::fs::create_dir_all(dir).expect("deck dir");
    for (i, text) in texts.iter().enumerate() {
        std::fs::write(dir.join(format!("card-{i:05}.md")), text).expect("card written");
    }
}

/// Peak resident memory of a fresh child doing `kind`, in MiB.
fn child_peak(kind: &str, arg: &str) -> f64 {
    let exe = std::env::current_exe().expect("own path");
    let out = Command::new(exe)
        .args(["child", kind, arg])
        .output()
        .expect("child runs");
    let text = String::from_utf8_lossy(&out.stdout);
    text.trim().parse::<f64>().unwrap_or(f64::NAN)
}

/// Median wall time of `runs` runs of the binary with `args` (output discarded).
fn binary(runs: usize, args: &[&str]) -> Duration {
    median(runs, || {
        let status = Command::new(BIN)
            .args(args)
            .env("NO_COLOR", "1")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .expect("binary runs");
        black_box(status);
    })
}

/// Median time to the first frame over `runs` startups. Each startup's background read (and
/// index build) is waited for outside the timing, so that runs do not overlap.
fn first_frame_time(runs: usize, dir: Option<&Path>) -> Duration {
    let mut times: Vec<Duration> = (0..=runs)
        .map(|_| {
            let start = Instant::now();
            let (mut app, t) = startup::first_frame(dir);
            let took = start.elapsed();
            // The background read and the index build it starts must not run into the next run:
            // opening the search does not wait for the index, and a 10,000-card build left
            // running shared the two cores with the next run's timing (it read 442 ms).
            app.wait_deck();
            while !app.search_ready() {
                std::thread::sleep(Duration::from_millis(5));
            }
            black_box((app, t));
            took
        })
        .skip(1)
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn key(app: &mut App, t: &mut Terminal<TestBackend>, action: Action) -> Duration {
    let start = Instant::now();
    app.update(action);
    startup::draw(t, app);
    start.elapsed()
}

/// The big deck's first frame and peak memory (at the first frame, once read, once indexed).
fn big_deck_startup(dir: &Path) {
    let deck_arg = dir.to_str().expect("utf-8 temp path");
    let first = first_frame_time(5, Some(dir));
    let peak = child_peak("first-frame", deck_arg);
    println!(
        "{CARDS}-card deck: first frame {} (goal 300 ms), peak {peak:.1} MiB (goal 150 MiB)",
        ms(first)
    );
    println!(
        "  peak once the whole deck is read: {:.1} MiB; once the search index is built: {:.1} MiB",
        child_peak("loaded", deck_arg),
        child_peak("indexed", deck_arg)
    );
}

fn big_deck(dir: &Path) {
    let deck_arg = dir.to_str().expect("utf-8 temp path");
    big_deck_startup(dir);
    let (mut app, mut t) = startup::first_frame(Some(dir));
    let start = Instant::now();
    let mut redraws = Duration::ZERO;
    let mut frames = 0_u32;
    let mut loaded = None;
    while !app.search_ready() {
        if loaded.is_none() && app.deck_loaded() {
            loaded = Some(start.elapsed());
        }
        // The UI stays usable while the index builds: a key and a redraw, timed.
        redraws = redraws.max(key(&mut app, &mut t, Action::Move(1)));
        frames += 1;
        std::thread::sleep(Duration::from_millis(10));
    }
    println!(
        "  whole deck in {} and search index ready {} after the first frame; meanwhile \
         {frames} list keys, worst {}",
        loaded.map_or_else(|| "?".to_owned(), ms),
        ms(start.elapsed()),
        ms(redraws)
    );
    let start = Instant::now();
    app.update(Action::OpenSearch);
    println!("  opening the search once ready: {}", ms(start.elapsed()));
    let mut times: Vec<Duration> = "nvlink 带宽"
        .chars()
        .map(|c| {
            key(
                &mut app,
                &mut t,
                Action::TextKey(KeyEvent::from(KeyCode::Char(c))),
            )
        })
        .collect();
    times.sort();
    println!(
        "  search keystroke (update + draw): median {}, worst {} (goal 16 ms)",
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1])
    );
    cli_figures(dir);
    println!(
        "  binary `list`: {}",
        ms(binary(3, &["--deck", deck_arg, "list"]))
    );
}

/// CPU time (user + system) of the children waited for so far, from `/proc/self/stat` (Linux;
/// zero elsewhere).
fn children_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name (which may hold spaces) end with ')'.
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after the name.
    let ticks: u64 = [13, 14]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

/// Median wall and CPU time of `runs` runs of the binary with `args`, `before` run (untimed)
/// ahead of each.
fn binary_cpu(runs: usize, args: &[&str], data: &Path, before: impl Fn()) -> (Duration, Duration) {
    let mut times: Vec<(Duration, Duration)> = (0..runs)
        .map(|_| {
            before();
            let cpu = children_cpu();
            let start = Instant::now();
            let status = Command::new(BIN)
                .args(args)
                .env("NO_COLOR", "1")
                .env("INFRAPREP_DATA_DIR", data)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status()
                .expect("binary runs");
            black_box(status);
            (start.elapsed(), children_cpu().saturating_sub(cpu))
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

/// Whole-process `search` (cold and warm search cache) and `validate` on the deck in `dir`.
fn cli_figures(dir: &Path) {
    let deck_arg = dir.to_str().expect("utf-8 temp path");
    let data = tempfile::tempdir().expect("a data dir");
    let search = ["--deck", deck_arg, "search", "nvlink", "bandwidth"];
    let clear = || {
        for entry in std::fs::read_dir(data.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            let _ = std::fs::remove_file(entry.path());
        }
    };
    // A cold search leaves the cache to a background `build-search-cache`: wait for its file
    // before the next run (clearing earlier would let it land during that run), and before the
    // warm runs, which need it.
    let written = || {
        let start = Instant::now();
        while std::fs::read_dir(data.path())
            .into_iter()
            .flatten()
            .flatten()
            .all(|e| !e.file_name().to_string_lossy().starts_with("search-index-"))
            && start.elapsed() < Duration::from_secs(600)
        {
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let pending = std::cell::Cell::new(false);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("  load average at the start: {}", load.trim());
    let (wall, cpu) = binary_cpu(3, &search, data.path(), || {
        if pending.replace(true) {
            written();
        }
        clear();
    });
    println!(
        "  binary `search nvlink bandwidth`, cold cache (one read of the deck; the cache is \
         built in the background): {} wall, {} CPU",
        ms(wall),
        ms(cpu)
    );
    written();
    let (wall, cpu) = binary_cpu(5, &search, data.path(), || {});
    println!(
        "  binary `search nvlink bandwidth`, warm cache: {} wall, {} CPU (goal 500 ms)",
        ms(wall),
        ms(cpu)
    );
    let (wall, cpu) = binary_cpu(3, &["validate", deck_arg], data.path(), || {});
    println!(
        "  binary `validate`: {} wall, {} CPU (goal 2 s)",
        ms(wall),
        ms(cpu)
    );
}

/// The search engine alone on a deck: the whole index (build time, posting bytes, the memory
/// it adds, each keystroke of a query typed in both languages) against one-off searches that
/// read each card once for the query's terms (what `infraprep search` runs).
fn search_engine(dir: &Path) {
    use infraprep::content::glossary::Glossary;
    use infraprep::search::{Query, SearchIndex, search_once};
    let deck = infraprep::content::deck::load(&[DeckSource::Dir(dir.to_path_buf())]).deck;
    let cards = deck.cards();
    let before = startup::current_mib();
    let start = Instant::now();
    let index = SearchIndex::build(cards);
    let built = start.elapsed();
    println!(
        "search index of {} cards: built in {}, {} terms, postings {:.1} MiB, resident +{:.1} MiB",
        cards.len(),
        ms(built),
        index.vocabulary_len(),
        index.postings_bytes() as f64 / f64::from(1 << 20),
        startup::current_mib() - before
    );
    for typed in ["nvlink 带宽", "checkpiont interval", "张量并行每层通信多少"] {
        let mut times: Vec<Duration> = typed
            .char_indices()
            .map(|(at, c)| {
                let prefix = &typed[..at + c.len_utf8()];
                let start = Instant::now();
                black_box(index.search(prefix, 200));
                start.elapsed()
            })
            .collect();
        times.sort();
        println!(
            "  typing {typed:?}: search per keystroke median {}, worst {} (goal 16 ms)",
            ms(times[times.len() / 2]),
            ms(times[times.len() - 1])
        );
    }
    let glossary = Glossary::bundled();
    for text in ["nvlink bandwidth", "检查点 写入时间", "n"] {
        let query = Query::parse(text, glossary);
        let once = median(3, || {
            black_box(search_once(cards, glossary, &query, 20));
        });
        println!(
            "  one-off search {text:?} (each card read once): {}",
            ms(once)
        );
    }
}

fn huge_card_keys() {
    let deck = generate::huge_card();
    let mut t = startup::terminal();
    let mut app = App::new(deck, Lang::En);
    app.resize(120, 40);
    startup::draw(&mut t, &app);
    let steps = [
        ("Enter", Action::Open),
        ("Tab", Action::NextSection),
        ("j", Action::Move(1)),
        ("PgDn", Action::MovePage(1)),
        ("End", Action::Bottom),
        ("PgUp", Action::MovePage(-1)),
        ("Home", Action::Top),
        ("Tab", Action::NextSection),
        ("Shift-Tab", Action::PreviousSection),
        ("L (language)", Action::ToggleLanguage),
        ("End", Action::Bottom),
    ];
    let mut worst = Duration::ZERO;
    let mut line = String::new();
    for (name, action) in steps {
        let took = key(&mut app, &mut t, action);
        worst = worst.max(took);
        let _ = write!(line, " {name} {};", ms(took));
    }
    println!("10 MB card, reader keys (update + draw):{line}");
    println!("  worst key {} (goal 50 ms)", ms(worst));
}

fn bundled() {
    let bare = median(31, || {
        black_box(startup::bare_frame());
    });
    let first = first_frame_time(31, None);
    println!(
        "bundled deck first frame: {} vs bare ratatui {}: {:.2}x (goal 1.5x)",
        ms(first),
        ms(bare),
        first.as_secs_f64() / bare.as_secs_f64()
    );
    // Whole processes: start, set up, one frame, exit.
    let exe = std::env::current_exe().expect("own path");
    let process = |kind: &str| {
        median(11, || {
            let out = Command::new(&exe).args(["child", kind, "-"]).output();
            black_box(out.expect("child runs"));
        })
    };
    let (bare_process, process_first) = (process("bare"), process("first-frame"));
    println!(
        "  as whole processes: {} vs bare {}: {:.2}x",
        ms(process_first),
        ms(bare_process),
        process_first.as_secs_f64() / bare_process.as_secs_f64()
    );
    // Commands that need no deck (`--version`) or only the bundled one (`list`), as whole
    // processes against the bare program.
    for args in [&["--version"][..], &["list"][..]] {
        let took = binary(11, args);
        println!(
            "  binary `{}`: {} ({:.2}x the bare process)",
            args.join(" "),
            ms(took),
            took.as_secs_f64() / bare_process.as_secs_f64()
        );
    }
    let bare_peak = child_peak("bare", "-");
    let peak = child_peak("first-frame", "-");
    let loaded = child_peak("loaded", "-");
    println!(
        "  peak memory {peak:.1} MiB vs bare {bare_peak:.1} MiB: {:.2}x (goal 2x); \
         once the whole deck is read {loaded:.1} MiB ({:.2}x)",
        peak / bare_peak,
        loaded / bare_peak
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["child", kind, arg, ..] => {
            let dir = (*arg != "-").then(|| Path::new(*arg));
            if *kind == "bare" {
                black_box(startup::bare_frame());
            } else if *kind == "loaded" {
                let (mut app, t) = startup::first_frame(dir);
                app.wait_deck();
                black_box((app, t));
            } else if *kind == "indexed" {
                let (mut app, t) = startup::first_frame(dir);
                app.wait_deck();
                while !app.search_ready() {
                    std::thread::sleep(Duration::from_millis(10));
                }
                app.update(Action::OpenSearch);
                black_box((app, t));
            } else {
                black_box(startup::first_frame(dir));
            }
            println!("{}", startup::peak_mib());
            return;
        }
        ["cli", dir, ..] => {
            // Only the whole-process `search` and `validate` figures on the deck in `dir`.
            cli_figures(Path::new(dir));
            return;
        }
        ["search", dir, ..] => {
            search_engine(Path::new(dir));
            return;
        }
        ["startup", ..] => {
            // Only the startup figures: `cargo bench --bench scale -- startup`.
            bundled();
            let dir = tempfile::tempdir().expect("a temp dir");
            write_deck(dir.path());
            big_deck_startup(dir.path());
            return;
        }
        ["keep", dir, ..] => {
            write_deck(&Path::new(dir).join("deck10k"));
            let data = Path::new(dir).join("data100k");
            std::fs::create_dir_all(&data).expect("data dir");
            history::write_history(&data, 100_000);
            println!("wrote {dir}/deck10k and {dir}/data100k");
            return;
        }
        _ => {}
    }
    bundled();
    huge_card_keys();
    let dir = tempfile::tempdir().expect("a temp dir");
    write_deck(dir.path());
    big_deck(dir.path());
    search_engine(dir.path());
    let _ = Paragraph::new("");
}
