//! Whole-process startup, as a user sees it: the real binary started in a pseudo-terminal
//! (120x40) until its first frame is on the terminal, against a bare ratatui program (this
//! bench run as `bare`: init, one paragraph, restore), for the bundled deck and, given one, a
//! 10,000-card user deck.
//!
//! The app is started with `INFRAPREP_EXIT_AFTER_FIRST_FRAME=1` (`tui::terminal`): it leaves
//! TUI mode and exits as soon as its first frame is flushed, before it starts the deck's
//! background read, so the child's lifetime, CPU and peak memory are its first frame's (plus
//! the restore and exit, which the bare program pays too). Each child gets an empty `HOME`, so no user config
//! or deck is read. Memory is the child's peak resident size (`ru_maxrss` of the children of a
//! measuring process that starts only children of one kind); CPU is the child's user + system
//! time. Runs of the bare program and the app alternate in rounds, so load changes on a shared
//! machine hit both; the load average is printed with the figures.
//!
//! ```sh
//! cargo bench --bench startup                       # bundled deck, 8 rounds of 6 runs
//! cargo bench --bench startup -- --deck /tmp/deck10k --rounds 4
//! cargo bench --bench scale -- keep /tmp            # writes /tmp/deck10k, 10,000 cards
//! INFRAPREP_BENCH_BIN=path/to/infraprep cargo bench --bench startup   # another build
//! cargo build --release && cargo bench --bench startup -- order target/release/infraprep
//! ```
//!
//! `order` remakes `link/startup-order.txt`, the functions the first frame runs, which build.rs
//! asks the linker to place side by side (`support/link_order.rs`; needs valgrind).
//!
//! Targets (issue 16): bundled deck within 1.5x of the bare program's time and 2x its memory;
//! 10,000-card deck first frame under 300 ms and peak memory under 150 MiB. On a terminal,
//! crossterm reads the size from `/dev/tty` first, so the frame may be your terminal's size; the
//! bare program does the same.
//!
//! Where the bundled deck's first frame went (perf, December 2026, on a loaded 2-core machine):
//! checking the embedded deck's 1.7 MB as UTF-8 took about a fifth of the samples (now done only
//! when a card is read, after the first frame); relocating the 10 MB position-independent binary
//! (23,500 relocations) about a sixth; building and running clap's `Command` a seventh (it no
//! longer builds every subcommand up front in English); entering the terminal (with ratatui's
//! two 120x40 buffers) a tenth; drawing and writing the frame a sixth (now one write instead of
//! ten; the signal thread starts after the frame). Medians went from 13.1 ms (3.9x to 4.7x the
//! bare program, cpu 4.8x) to 8.2 ms (3.0x, cpu 3.3x, load average 1.8). Of the 10.7 MiB peak,
//! about 8 MiB are the binary's own pages as the kernel maps them (64 KiB around each page
//! touched: 3.7 MiB of code, 2.7 MiB of read-only data), against the bare program's 0.8 MB
//! binary. So the goals need a smaller binary (e.g. `lto = "fat"` and `codegen-units = 1`, not
//! tried yet: they rebuild every dependency) and fewer pages touched.
//!
//! Since then (December 2026): fat LTO with one codegen unit (8.5 MB binary) took a paired run
//! from cpu 3.6x to 2.6x and memory 4.0x to 3.5x; `infraprep` with no arguments no longer builds
//! clap's `Command` (a third of the user-space samples). perf stat on a loaded machine: 2.7-3.1
//! ms of task-clock and about 260 page faults, against 1.2-1.5 ms and 81 for the bare program;
//! ld.so's relocations are a third of the faults. Until then the exit came when the app first
//! asked for input, after the deck's background read had started: on an idle machine that
//! thread's work counted in the child's CPU and peak (up to 8 ms), on a loaded one it did not.
//!
//! Then (perf with `-e page-faults` and `/proc/PID/smaps` at the exit): listing the bundled deck
//! read each embedded file's name, and the names sit among the texts, so 22 faults mapped 1.4 MB
//! of card text; the names now come from build.rs. An unstripped build went from 8.5 to 7.2 MiB
//! peak and cpu 2.23x to 2.13x in the same run. What is left is mostly the kernel mapping the
//! binary's code (3 MB of 5.2 MB resident: about 45 of its 82 64-KiB windows are touched) and
//! ld.so writing 62 pages of `.data.rel.ro` (13,300 relative relocations, mostly `&str` tables:
//! pulldown-cmark's HTML entities, fend's units, the message catalogue, panic locations). A
//! non-PIE link (`-no-pie` for the binary alone, from build.rs) took cpu 2.00x to 1.83x and
//! memory 2.80x to 2.63x; not adopted, as it gives up address-space randomisation of the binary
//! for a gain that still misses both goals.
//!
//! Then the first frame's 200-odd functions were laid out side by side (`link/startup-order.txt`,
//! an LLD symbol order file that build.rs passes; `order` above remakes it): resident code went
//! from 3 MB to under 0.5 MB, peak memory from 7.2 to 4.3 MiB (2.83x to 1.67x the bare program)
//! and cpu from 2.19x to 1.9-2.0x. The CPU left over is the kernel's: exec and page faults (326
//! against the bare program's 191: 65 of them ld.so writing `.data.rel.ro`, 112 the two frame
//! buffers both programs fill) and ld.so's relocations.
//!
//! Then the relocations were packed (RELR, build.rs, where glibc is 2.36 or later): `.rela.dyn`
//! went from 325 KB to 8 KB, and `perf stat -r 40` in a 120x40 pty, three alternating rounds,
//! gave 2.19-2.94 ms task-clock against 3.12-3.31 ms before (the bare program 1.2-2.1 ms on the
//! same loaded machine); this bench's cpu ratio went from 1.64-1.68x to 1.44-1.59x in paired
//! runs, and 1.66-1.83x in three later runs at load average 1.0: the ratio swings with the bare
//! program's 1-2 ms more than with the app. Page faults stay at 335 against 192: the 66 pages of
//! `.data.rel.ro` are still written once each, and 17 of them are pulldown-cmark's HTML entity
//! table, 10 fend's units.
//!
//! Then the order file turned out stale: its names carry each crate's build hash, which changed
//! when crossterm became a direct dependency, so only 133 of its 310 names were left in the
//! release build and the app's own first-frame functions were scattered again (this bench's peak
//! memory ratio had crept to 2.09x). Remade from the release and bench builds, the release
//! build's faults went from 351-356 to 326-330 and this bench's memory ratio to 1.51x (cpu 1.79x
//! at load average 1.06). The bench now prints how many of the file's names the measured build
//! has, and says when the file is stale. Building the deck's outline no longer copies the
//! 864-byte cards three times (`Deck::from_cards` sorts in place).
//!
//! Then callgrind counted the first frame's user-space instructions: 7.5 million against the
//! bare program's 1.7. Writing the frame through crossterm's commands (`core::fmt` for every
//! cursor move, colour and symbol) took 2.2 million, and splitting the card list's text into
//! grapheme clusters 1.1. The frame is now written by `tui::terminal::FrameBackend` (the same
//! bytes, held to crossterm's by a property test) and the list, header and footer by
//! `PlainLines` (lone ASCII byte by byte, the same cells as `Paragraph`, also held by a property
//! test): 4.6 million. This bench went from cpu 1.77-1.81x to 1.58-1.63x and peak memory to
//! 1.50-1.65x, against a bare program that draws one word.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use nix::pty::{Winsize, openpty};
use nix::sys::resource::{UsageWho, getrusage};
use ratatui::widgets::Paragraph;

#[path = "support/link_order.rs"]
mod link_order;

const BIN: &str = env!("CARGO_BIN_EXE_infraprep");

/// The bare ratatui program: what any ratatui app pays to show one frame.
fn bare() {
    let mut terminal = ratatui::try_init().expect("a terminal");
    terminal
        .draw(|frame| frame.render_widget(Paragraph::new("hello"), frame.area()))
        .expect("draws");
    ratatui::restore();
}

/// CPU time (user + system) of this process's waited-for children so far, and their largest
/// peak resident size in KiB.
fn children_usage() -> (Duration, i64) {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage");
    let micros = |t: nix::sys::time::TimeVal| {
        Duration::from_secs(t.tv_sec().unsigned_abs())
            + Duration::from_micros(t.tv_usec().unsigned_abs())
    };
    (
        micros(usage.user_time()) + micros(usage.system_time()),
        usage.max_rss(),
    )
}

/// The command for one child of `kind` (`bare`, or `app` with an optional deck directory).
fn command(kind: &str, deck: Option<&Path>, home: &Path) -> Command {
    let mut cmd = if kind == "bare" {
        let mut cmd = Command::new(std::env::current_exe().expect("own path"));
        cmd.arg("bare");
        cmd
    } else {
        // `INFRAPREP_BENCH_BIN` times another build of the app (say, one with other profile
        // settings) against the same bare program.
        let mut cmd = Command::new(std::env::var_os("INFRAPREP_BENCH_BIN").unwrap_or(BIN.into()));
        if let Some(deck) = deck {
            cmd.arg("--deck").arg(deck);
        }
        cmd.env("INFRAPREP_EXIT_AFTER_FIRST_FRAME", "1");
        cmd
    };
    cmd.env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env("TERM", "xterm-256color")
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("INFRAPREP_CONFIG")
        .env_remove("INFRAPREP_DATA_DIR")
        .env_remove("NO_COLOR");
    cmd
}

/// Starts `cmd` on a fresh pseudo-terminal of `rows` x `cols`, reads all it draws, and returns
/// its wall and CPU time.
fn run_in_pty(mut cmd: Command, (rows, cols): (u16, u16)) -> (Duration, Duration) {
    let size = Winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    let pty = openpty(&size, None).expect("a pseudo-terminal");
    let slave = File::from(pty.slave);
    let mut master = File::from(pty.master);
    let io = || Stdio::from(slave.try_clone().expect("pty fd"));
    cmd.stdin(io()).stdout(io()).stderr(io());
    let (cpu_before, _) = children_usage();
    let start = Instant::now();
    let mut child = cmd.spawn().expect("the child starts");
    // Our copies of the terminal's slave end must close, so reading ends when the child exits.
    drop(cmd);
    drop(slave);
    let reader = std::thread::spawn(move || {
        let mut buf = vec![0_u8; 1 << 16];
        let mut total = 0;
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 {
                break;
            }
            total += n;
        }
        total
    });
    let status = child.wait().expect("the child ends");
    let wall = start.elapsed();
    let (cpu_after, _) = children_usage();
    let drawn = reader.join().expect("reader");
    assert!(status.success(), "the child failed: {status}");
    assert!(drawn > 0, "the child drew nothing");
    (wall, cpu_after.saturating_sub(cpu_before))
}

/// `measure KIND RUNS [DECK]`: runs children of one kind and prints `wall_ns cpu_ns` per run,
/// then `rss KIB` (the largest child's peak).
fn measure(kind: &str, runs: usize, deck: Option<&Path>) {
    let home = tempfile::tempdir().expect("a temp home");
    for _ in 0..runs {
        let (wall, cpu) = run_in_pty(command(kind, deck, home.path()), (40, 120));
        println!("{} {}", wall.as_nanos(), cpu.as_nanos());
    }
    println!("rss {}", children_usage().1);
}

/// Figures of many runs of one kind.
#[derive(Default)]
struct Figures {
    wall: Vec<Duration>,
    cpu: Vec<Duration>,
    /// Peak resident size per round (the largest of its runs), MiB.
    rss: Vec<f64>,
}

impl Figures {
    /// One round of `runs` children of `kind`, in a measuring process of its own.
    fn round(&mut self, kind: &str, runs: usize, deck: Option<&Path>) {
        let exe = std::env::current_exe().expect("own path");
        let mut cmd = Command::new(exe);
        cmd.args(["measure", kind, &runs.to_string()]);
        if let Some(deck) = deck {
            cmd.arg(deck);
        }
        let out = cmd.output().expect("the measuring process runs");
        assert!(
            out.status.success(),
            "measuring {kind} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["rss", kib] => self
                    .rss
                    .push(kib.parse::<f64>().unwrap_or(f64::NAN) / 1024.0),
                [wall, cpu] => {
                    let nanos = |w: &str| Duration::from_nanos(w.parse().unwrap_or(0));
                    self.wall.push(nanos(wall));
                    self.cpu.push(nanos(cpu));
                }
                _ => {}
            }
        }
    }

    fn wall(&self) -> f64 {
        median_ms(&self.wall)
    }

    fn cpu(&self) -> f64 {
        median_ms(&self.cpu)
    }

    fn rss(&self) -> f64 {
        let mut rss = self.rss.clone();
        rss.sort_by(f64::total_cmp);
        rss.get(rss.len() / 2).copied().unwrap_or(f64::NAN)
    }

    fn line(&self, name: &str) -> String {
        format!(
            "{name:<22} wall {:>8.2} ms  cpu {:>8.2} ms  peak {:>6.1} MiB  ({} runs; wall p10-p90 {:.2}-{:.2} ms)",
            self.wall(),
            self.cpu(),
            self.rss(),
            self.wall.len(),
            percentile_ms(&self.wall, 10),
            percentile_ms(&self.wall, 90),
        )
    }
}

fn median_ms(times: &[Duration]) -> f64 {
    percentile_ms(times, 50)
}

fn percentile_ms(times: &[Duration], p: usize) -> f64 {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted
        .get((sorted.len().saturating_sub(1)) * p / 100)
        .map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "?".to_owned(),
        |s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["bare", ..] => return bare(),
        ["order", others @ ..] => {
            let mut binaries = vec![PathBuf::from(BIN)];
            // cargo adds `--bench` to what it passes on.
            binaries.extend(
                others
                    .iter()
                    .filter(|a| !a.starts_with("--"))
                    .map(PathBuf::from),
            );
            let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("link/startup-order.txt");
            return link_order::write(&binaries, &out, |cmd, size| {
                run_in_pty(cmd, size);
            });
        }
        ["measure", kind, runs, rest @ ..] => {
            let runs = runs.parse().expect("a number of runs");
            return measure(kind, runs, rest.first().map(Path::new));
        }
        _ => {}
    }
    let flag = |name: &str| {
        words
            .iter()
            .position(|w| *w == name)
            .and_then(|i| words.get(i + 1))
    };
    let deck = flag("--deck").map(PathBuf::from);
    let rounds: usize = flag("--rounds").and_then(|r| r.parse().ok()).unwrap_or(8);
    let cpus = std::thread::available_parallelism().map_or(0, usize::from);
    println!(
        "whole-process startup to the first frame, 120x40 pty; {cpus} CPUs, load average {} at the start",
        load_average()
    );
    let order = Path::new(env!("CARGO_MANIFEST_DIR")).join("link/startup-order.txt");
    match link_order::coverage(Path::new(BIN), &order) {
        // Each build matches the names of its own profile (about two thirds of a file made
        // from the release and bench builds); far fewer means the file is stale.
        Some((found, total)) if found * 2 < total => println!(
            "  link/startup-order.txt is stale: {found} of its {total} names are in this build; \
             remake it (`order` in this file's doc) for figures users would see"
        ),
        Some((found, total)) => println!("  startup order: {found} of {total} names in this build"),
        None => println!("  startup order: not checked (`nm` did not list {BIN})"),
    }
    let (mut bare, mut app) = (Figures::default(), Figures::default());
    for _ in 0..rounds {
        bare.round("bare", 6, None);
        app.round("app", 6, None);
    }
    println!("  {}", bare.line("bare ratatui program"));
    println!("  {}", app.line("infraprep, bundled"));
    println!(
        "  bundled / bare: wall {:.2}x, cpu {:.2}x (goal 1.5x), peak memory {:.2}x (goal 2x)",
        app.wall() / bare.wall(),
        app.cpu() / bare.cpu(),
        app.rss() / bare.rss()
    );
    if let Some(deck) = &deck {
        let mut big = Figures::default();
        for _ in 0..rounds {
            big.round("app", 3, Some(deck));
        }
        println!("  {}", big.line("infraprep, --deck DIR"));
        println!(
            "  --deck {}: first frame {:.1} ms (goal 300 ms), peak {:.1} MiB (goal 150 MiB)",
            deck.display(),
            big.wall(),
            big.rss()
        );
    } else {
        println!(
            "  (a 10,000-card deck: `cargo bench --bench scale -- keep /tmp`, then \
             `cargo bench --bench startup -- --deck /tmp/deck10k`)"
        );
    }
    println!("  load average {} at the end", load_average());
}
