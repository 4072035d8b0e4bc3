//! A deck's outline: what the card list shows (id, number, title, tags, difficulty), read from
//! the head of each card file, so the app draws its first frame before the whole deck is read.
//!
//! A 10,000-card deck has about 83 MB of front matter; parsing all of it took 1.2-1.5 s before
//! the first frame. The outline reads each file's first 4 KiB and parses only what comes before
//! the first `[[...]]` array of tables (the root keys and `[title]`). The whole deck is read
//! meanwhile on other threads ([`Loading`]) and replaces the outline when done.
//!
//! A head that does not read this way (the title after the key points, a multi-line value cut,
//! a bad id) is parsed whole, as the full read parses it, so a card the full read rejects for
//! those reasons is left out of the outline too. A card rejected only for what comes later in
//! its file (a missing section, an uncited source) shows in the outline until the full read
//! replaces it, and is then reported as it always was.

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::thread::JoinHandle;

use serde::Deserialize;

use super::files::{self, CardFile, Text};
use super::{Deck, DeckSource, Loaded};
use crate::content::card::{Difficulty, Origin};
use crate::content::file_guard::{self, MAX_CARD_BYTES};
use crate::content::front_matter::is_slug;
use crate::content::{Bilingual, Card, Lang};
use plain_head::{PlainHead, plain_head};

mod plain_head;
#[cfg(test)]
mod plain_tests;

/// Bytes of a card file read for its outline: the bundled cards' root keys and titles take
/// under 1 KiB.
const HEAD_BYTES: u64 = 4096;

/// A deck being read: its outline now, the whole deck when [`Loading::wait`] returns.
///
/// The whole read starts on another thread when [`Loading::start`] is called (the app calls it
/// once its first frame is drawn, so the read competes neither for the CPU nor for memory with
/// that frame), or runs on the caller's thread when the deck is waited for before that.
#[derive(Debug)]
pub struct Loading {
    /// The cards as the list shows them, in the deck's order; their key points, sources,
    /// presets and sections are empty.
    pub outline: Deck,
    job: Job,
}

/// A stand-in for the moment a pending read is moved out of its place (no allocation).
fn nothing() -> Loaded {
    Loaded {
        deck: Deck::default(),
        warnings: Vec::new(),
    }
}

/// The whole read: not started yet, or running on its thread.
enum Job {
    Pending(Box<dyn FnOnce() -> Loaded + Send>),
    Running(JoinHandle<Loaded>),
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Job::Pending(_) => "Job::Pending",
            Job::Running(_) => "Job::Running",
        })
    }
}

impl Loading {
    /// Runs `first` on the read's thread just before the read (or now, with the read, if it
    /// has already started: then `first` runs before nothing). For work that must see the
    /// files as they were before they were read (fingerprinting them for a cache), off the
    /// caller's thread.
    pub fn before_read(&mut self, first: impl FnOnce() + Send + 'static) {
        let job = std::mem::replace(&mut self.job, Job::Pending(Box::new(nothing)));
        self.job = match job {
            Job::Pending(read) => Job::Pending(Box::new(move || {
                first();
                read()
            })),
            running @ Job::Running(_) => {
                first();
                running
            }
        };
    }

    /// Starts the whole read on another thread, if it has not started.
    pub fn start(&mut self) {
        let job = std::mem::replace(&mut self.job, Job::Pending(Box::new(nothing)));
        self.job = match job {
            Job::Pending(read) => Job::Running(std::thread::spawn(read)),
            running @ Job::Running(_) => running,
        };
    }

    /// Whether the whole deck is read, so [`Loading::wait`] returns at once (never before
    /// [`Loading::start`]).
    pub fn is_finished(&self) -> bool {
        matches!(&self.job, Job::Running(job) if job.is_finished())
    }

    /// The whole deck, as [`super::load`] gives it, read here if the read has not started. A
    /// panic while reading is passed on.
    pub fn wait(self) -> Loaded {
        match self.job {
            Job::Pending(read) => read(),
            Job::Running(job) => job
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        }
    }
}

/// Reads the outline of `sources` and prepares the whole read, which [`Loading::start`] starts
/// on another thread.
pub fn load_in_background(sources: &[DeckSource]) -> Loading {
    let mut warnings = Vec::new();
    let files = files::list(sources, &mut warnings);
    // Files on disk are read on all cores; embedded ones take microseconds each, less than
    // starting a thread (whose memory would count against a small deck's startup).
    let on_disk = files.iter().any(|f| matches!(f.text, Text::Disk(_)));
    let cards: Vec<Card> = if on_disk {
        crate::content::parallel::map(&files, outline_of)
            .into_iter()
            .flatten()
            .collect()
    } else {
        // Sized once: grown from empty, the 864-byte cards were copied at each doubling.
        let mut cards = Vec::with_capacity(files.len());
        cards.extend(files.iter().filter_map(outline_of));
        cards
    };
    let (outline, _) = Deck::from_cards(cards);
    let sources = sources.to_vec();
    let read = move || super::load::finish(&sources, &files, warnings, on_disk);
    Loading {
        outline,
        job: Job::Pending(Box::new(read)),
    }
}

/// What the outline needs of a card's front matter; other keys are the full read's to check.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Head {
    id: String,
    number: Option<u32>,
    #[serde(default)]
    difficulty: Difficulty,
    #[serde(default)]
    tags: Vec<String>,
    title: Bilingual<String>,
}

/// The outline card of `file`: from its head, else from parsing it whole; `None` when the file
/// is not a card (the full read reports why).
fn outline_of(file: &CardFile) -> Option<Card> {
    let outline = match &file.text {
        Text::Embedded(_) | Text::Bundled(_) => bundled_head(&file.path)
            .and_then(|head| card_of(head, &file.path))
            .or_else(|| {
                let text = files::embedded_text(file.text.embedded_bytes()?).ok()?;
                from_head(text, &file.path)
            }),
        Text::Disk(path) => read_head(path).and_then(|head| from_head(&head, &file.path)),
    };
    outline.or_else(|| files::parse_file(file).ok().map(|parsed| parsed.card))
}

/// The first [`HEAD_BYTES`] of a regular file, cut to whole characters.
fn read_head(path: &Path) -> Option<String> {
    // Checked before opening: opening a FIFO blocks.
    file_guard::check_regular(path, MAX_CARD_BYTES).ok()?;
    let file = File::open(path).ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    // Sized for the head, so it is read with one call and no reallocation.
    let mut bytes = Vec::with_capacity(HEAD_BYTES as usize);
    file.take(HEAD_BYTES).read_to_end(&mut bytes).ok()?;
    match std::str::from_utf8(&bytes) {
        Ok(_) => {}
        // A character cut at the end of the head; anything else is the full read's to report.
        Err(e) if e.error_len().is_none() => bytes.truncate(e.valid_up_to()),
        Err(_) => return None,
    }
    String::from_utf8(bytes).ok()
}

/// The front matter before its first array of tables (or all of it), if `text` holds it whole.
fn head_front(text: &str) -> Option<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut offset = 0;
    let mut start = None;
    for line in text.split_inclusive('\n') {
        // A line cut by the end of the head may be the start of a longer one.
        if !line.ends_with('\n') {
            return None;
        }
        let content = line.trim_end();
        match start {
            None if content.is_empty() => {}
            None if content == "+++" => start = Some(offset + line.len()),
            None => return None,
            Some(from) if content == "+++" || content.trim_start().starts_with("[[") => {
                return Some(&text[from..offset]);
            }
            Some(_) => {}
        }
        offset += line.len();
    }
    None
}

/// The outline card from a file's head, when the head holds what the outline needs and it
/// passes the checks the full read makes of it.
fn from_head(text: &str, path: &str) -> Option<Card> {
    let front = head_front(text)?;
    let head = match plain_head(front) {
        Some(plain) => head_of(plain)?,
        None => toml::from_str(front).ok()?,
    };
    card_of(head, path)
}

/// The outline's fields of a head read in the plain layout; `None` for a difficulty TOML would
/// not read either.
fn head_of(plain: PlainHead) -> Option<Head> {
    let difficulty = match plain.difficulty.as_deref() {
        None | Some("core") => Difficulty::Core,
        Some("intermediate") => Difficulty::Intermediate,
        Some("advanced") => Difficulty::Advanced,
        Some(_) => return None,
    };
    Some(Head {
        id: plain.id,
        number: plain.number,
        difficulty,
        tags: plain.tags,
        title: Bilingual {
            zh: plain.zh,
            en: plain.en,
        },
    })
}

/// A row of the bundled deck's outline read at build time: file name, id, number, difficulty,
/// tags, title in zh and en.
type OutlineRow = (
    &'static str,
    &'static str,
    Option<u32>,
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static str,
);

include!(concat!(env!("OUT_DIR"), "/bundled_outline.rs"));

/// The head of bundled card `path` as build.rs read it, if it did.
fn bundled_head(path: &str) -> Option<Head> {
    let name = path.strip_prefix("bundled:")?;
    let &(_, id, number, difficulty, tags, zh, en) =
        BUNDLED_OUTLINE.iter().find(|row| row.0 == name)?;
    let difficulty = match difficulty {
        "core" => Difficulty::Core,
        "intermediate" => Difficulty::Intermediate,
        "advanced" => Difficulty::Advanced,
        _ => return None,
    };
    Some(Head {
        id: id.to_owned(),
        number,
        difficulty,
        tags: tags.iter().map(|&t| t.to_owned()).collect(),
        title: Bilingual {
            zh: zh.to_owned(),
            en: en.to_owned(),
        },
    })
}

/// The outline card of `head`, if it passes the checks the full read makes of these fields.
fn card_of(head: Head, path: &str) -> Option<Card> {
    let good_tag = |t: &String| !t.trim().is_empty() && !t.chars().any(char::is_whitespace);
    let good = is_slug(&head.id)
        && head.number != Some(0)
        && Lang::ALL
            .iter()
            .all(|&l| !head.title.get(l).trim().is_empty())
        && head.tags.iter().all(good_tag);
    good.then(|| Card {
        id: head.id,
        number: head.number,
        difficulty: head.difficulty,
        // Tags are compared in lower case; most are written so, and keep their allocation.
        tags: head
            .tags
            .into_iter()
            .map(|t| {
                if t.chars()
                    .any(|c| !c.is_lowercase() && c.to_lowercase().ne([c]))
                {
                    t.to_lowercase()
                } else {
                    t
                }
            })
            .collect(),
        title: head.title,
        key_points: Bilingual::default(),
        calc: Vec::new(),
        figures: Vec::new(),
        numbers: Vec::new(),
        sources: Vec::new(),
        body: Bilingual::default(),
        origin: Origin {
            path: path.to_owned(),
            id_line: 0,
            number_line: 0,
            calc_lines: Vec::new(),
            figure_lines: Vec::new(),
            number_lines: Vec::new(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) const CARD: &str = "\u{feff}\n+++\nid = \"a-b\"\nnumber = 3\ntags = [\"NCCL\"]\n\n[title]\nzh = \"中\"\nen = \"En\"\n\n[[key-points.zh]]\npoint = \"p\"\n+++\nbody\n";

    #[test]
    fn before_read_runs_once_on_the_reads_thread_before_it() {
        use std::sync::{Arc, Mutex};
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut loading = load_in_background(&[DeckSource::Bundled]);
        let seen = Arc::clone(&order);
        loading.before_read(move || {
            let thread = std::thread::current().id();
            seen.lock().expect("lock").push(thread);
        });
        let caller = std::thread::current().id();
        loading.start();
        let loaded = loading.wait();
        let order = order.lock().expect("lock");
        assert_eq!(order.len(), 1, "ran once");
        assert_ne!(order[0], caller, "off the caller's thread");
        assert!(!loaded.deck.is_empty());
    }

    #[test]
    fn the_head_ends_at_the_first_array_of_tables() {
        let front = head_front(CARD).expect("whole head");
        assert!(front.starts_with("id = "), "{front}");
        assert!(front.ends_with("en = \"En\"\n\n"), "{front}");
        let card = from_head(CARD, "x.md").expect("outline");
        assert_eq!((card.id.as_str(), card.number), ("a-b", Some(3)));
        assert_eq!(card.tags, ["nccl"]);
        assert_eq!(card.title.zh, "中");
    }

    #[test]
    fn a_head_cut_short_is_not_read() {
        // Cut mid-line, or before the end of the root keys: no outline from the head.
        for cut in [20, CARD.find("[title]").expect("title")] {
            assert_eq!(head_front(&CARD[..cut]), None, "cut at {cut}");
        }
        assert_eq!(head_front("# no front matter\n"), None);
    }

    #[test]
    fn the_build_time_outline_of_every_bundled_card_is_the_full_reads() {
        let full = super::super::load(&[DeckSource::Bundled]).deck;
        assert_eq!(
            BUNDLED_OUTLINE.len(),
            full.len(),
            "build.rs read every card"
        );
        for card in full.cards() {
            let head = bundled_head(&card.origin.path).expect("read at build time");
            let outline = card_of(head, &card.origin.path).expect("passes the checks");
            let fields = |c: &Card| (c.id.clone(), c.number, c.difficulty, c.tags.clone());
            assert_eq!(fields(&outline), fields(card));
            assert_eq!(outline.title, card.title);
        }
    }

    #[test]
    fn heads_the_full_read_rejects_give_no_outline() {
        for bad in [
            CARD.replace("a-b", "A B"),
            CARD.replace("number = 3", "number = 0"),
            CARD.replace("\"NCCL\"", "\"two words\""),
            CARD.replace("zh = \"中\"", "zh = \" \""),
            CARD.replace("[title]", "[titel]"),
        ] {
            assert!(from_head(&bad, "x.md").is_none(), "{bad}");
        }
    }
}
