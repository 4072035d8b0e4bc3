//! Rebuilds the binary when the bundled deck or hardware table changes: they are embedded at
//! compile time, and cargo does not watch files that `include_dir!` reads.
//!
//! It also lists the bundled card files, so `--version` can say how many cards it carries
//! without parsing the deck (`content::deck::BUNDLED_CARD_FILES`; a test checks that every one
//! of them loads), and the app can list the bundled deck without touching the embedded texts
//! (`content::deck::files`).
//!
//! And it turns the message catalogue's data files (`src/text/messages/*.toml`) into typed
//! constants, one `pub const NAME: Msg` per entry, which each part of `text::messages` includes:
//! translators edit data, the code still names every message by a checked constant. A malformed
//! file stops the build with the file, the line and the entry named.
use std::fmt::Write as _;
use std::path::Path;

#[path = "src/content/deck/outline/plain_head.rs"]
mod plain_head;

/// Where the catalogue's data files are, from the crate root.
const CATALOGUE_DIR: &str = "src/text/messages";

fn main() {
    link_args();
    println!("cargo:rerun-if-changed=content");
    println!("cargo:rerun-if-changed=src/content/deck/outline/plain_head.rs");
    let mut names: Vec<String> = std::fs::read_dir("content/cards")
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let code = format!(
        "/// How many card files the bundled deck has (counted at build time).\n\
         pub const BUNDLED_CARD_FILES: usize = {};\n\
         /// The bundled card files' names, sorted (listed at build time).\n\
         pub(crate) const BUNDLED_CARD_NAMES: [&str; BUNDLED_CARD_FILES] = {names:?};\n",
        names.len()
    );
    std::fs::write(Path::new(&out).join("bundled_count.rs"), code).expect("OUT_DIR is writable");
    bundled_outline(Path::new(&out));
    if let Err(problem) = write_message_catalogue(&Path::new(&out).join("messages")) {
        eprintln!("error: {problem}");
        std::process::exit(1);
    }
}

/// The functions the app runs before its first frame, one symbol a line, in `link/`.
const STARTUP_ORDER: &str = "link/startup-order.txt";

/// Asks the linker for a binary that starts with less work, where the linker is the
/// toolchain's own LLD (Rust 1.90 and later on x86-64 Linux); elsewhere nothing is asked.
fn link_args() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if target != "x86_64-unknown-linux-gnu" || !rust_lld_is_the_linker(&target) {
        return;
    }
    let mut args = startup_order();
    args.extend(packed_relocations());
    for arg in args {
        // -Xlinker passes each argument whole: a path may hold commas.
        println!("cargo:rustc-link-arg-bins=-Xlinker");
        println!("cargo:rustc-link-arg-bins={arg}");
    }
}

/// Lays out the functions that run before the first frame side by side.
///
/// The kernel maps a program's code 64 KiB around each page it touches, and the first frame's
/// 200-odd functions were spread over 45 of the binary's 82 such windows: 3 MB of code resident
/// for a frame, most of the app's start-up memory (`cargo bench --bench startup`: peak 7.2 MiB,
/// 2.8x the bare ratatui program; 4.3 MiB, 1.7x, with the order). Only LLD reads a symbol order
/// file. `INFRAPREP_LINK_ORDER=0` turns it off. Names the binary no longer has are skipped, so a
/// stale list costs memory, never a build; `cargo bench --bench startup -- order` remakes it.
fn startup_order() -> Vec<String> {
    println!("cargo:rerun-if-changed={STARTUP_ORDER}");
    println!("cargo:rerun-if-env-changed=INFRAPREP_LINK_ORDER");
    let wanted = std::env::var("INFRAPREP_LINK_ORDER").map_or(true, |v| v != "0");
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let file = Path::new(&dir).join(STARTUP_ORDER);
    if !wanted || !file.is_file() {
        return Vec::new();
    }
    vec![
        format!("--symbol-ordering-file={}", file.display()),
        "--no-warn-symbol-ordering".to_owned(),
    ]
}

/// Packs the binary's 13,000-odd relative relocations (pointers in `&str` tables: the message
/// catalogue, fend's units, pulldown-cmark's HTML entities) as RELR bitmaps instead of 24-byte
/// RELA entries: 325 KB of `.rela.dyn` become 8 KB that the loader reads and applies before
/// `main`, and the first frame costs about 13% less CPU (`perf stat`, 40 runs: 3.01 to 2.62 ms
/// task-clock; the bare ratatui program 1.81 ms). The loader must know RELR: glibc 2.36 or
/// later, so it is asked only where the build machine's glibc is that new (the binary is built
/// where it runs, `cargo run --release`). `INFRAPREP_RELR=0` turns it off.
fn packed_relocations() -> Option<String> {
    println!("cargo:rerun-if-env-changed=INFRAPREP_RELR");
    if std::env::var("INFRAPREP_RELR").is_ok_and(|v| v == "0") {
        return None;
    }
    let out = std::process::Command::new("getconf")
        .arg("GNU_LIBC_VERSION")
        .output()
        .ok()?;
    // "glibc 2.36"
    let text = String::from_utf8_lossy(&out.stdout);
    let mut version = text.split_whitespace().nth(1)?.split('.');
    let major: u32 = version.next()?.parse().ok()?;
    let minor: u32 = version.next()?.parse().ok()?;
    ((major, minor) >= (2, 36)).then(|| "-zpack-relative-relocs".to_owned())
}

/// Whether this build links with the toolchain's own LLD: rustc 1.90 or later (its default on
/// x86-64 Linux), the LLD it ships present, and no flag that picks another linker.
fn rust_lld_is_the_linker(target: &str) -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let run = |args: &[&str]| {
        std::process::Command::new(&rustc)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    let minor = run(&["--version"]).and_then(|v| {
        let version = v.split_whitespace().nth(1)?.to_owned();
        let mut parts = version.split('.');
        (parts.next()? == "1").then_some(())?;
        parts.next()?.parse::<u32>().ok()
    });
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let other_linker = ["linker", "link-self-contained", "fuse-ld"]
        .iter()
        .any(|f| flags.contains(f));
    let lld = run(&["--print", "sysroot"]).is_some_and(|root| {
        Path::new(&root)
            .join("lib/rustlib")
            .join(target)
            .join("bin/gcc-ld/ld.lld")
            .exists()
    });
    minor.is_some_and(|m| m >= 90) && !other_linker && lld
}

/// Writes `<out>/<part>.rs` for every `<part>.toml` of the catalogue.
fn write_message_catalogue(out: &Path) -> Result<(), String> {
    // The folder too, so that a new data file is noticed.
    println!("cargo:rerun-if-changed={CATALOGUE_DIR}");
    let entries = std::fs::read_dir(CATALOGUE_DIR)
        .map_err(|e| format!("cannot read {CATALOGUE_DIR}: {e}"))?;
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    for file in files {
        println!("cargo:rerun-if-changed={}", file.display());
        let name = file.display().to_string();
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("cannot read {name}: {e}"))?;
        let code = message_constants(&name, &text)?;
        let part = file.with_extension("rs");
        let target = out.join(part.file_name().unwrap_or_default());
        std::fs::write(&target, code)
            .map_err(|e| format!("cannot write {}: {e}", target.display()))?;
    }
    Ok(())
}

/// The Rust code for one catalogue file: a `pub const` per entry, in file order, and `ENTRIES`,
/// all of them. The file is TOML with one table per message:
///
/// ```toml
/// [NAME]
/// doc = "optional: becomes the constant's doc comment"
/// zh = "中文，{n}"
/// en = "English, {n}"
/// ```
///
/// `file` names the file in errors, which also give the line and the entry.
pub fn message_constants(file: &str, text: &str) -> Result<String, String> {
    let document = toml::de::DeTable::parse(text)
        .map_err(|e| format!("{file} is not valid TOML: {e}"))?
        .into_inner();
    let line = |offset: usize| text[..offset].matches('\n').count() + 1;
    let mut entries: Vec<_> = document.iter().collect();
    // In file order: parts are searched in order, so the first template that matches wins.
    entries.sort_by_key(|(key, _)| key.span().start);
    let mut code = format!("// Made by build.rs from {file}: edit that file, not this one.\n\n");
    let mut names = Vec::new();
    for (key, value) in entries {
        let name = key.get_ref().as_ref();
        let at = format!("{file}:{}: [{name}]", line(key.span().start));
        if !is_constant_name(name) {
            return Err(format!(
                "{at}: a message's name is a Rust constant's: capital letters, digits and _, \
                 starting with a letter (e.g. [SEARCH_TITLE])"
            ));
        }
        let toml::de::DeValue::Table(fields) = value.get_ref() else {
            return Err(format!(
                "{at}: write the message as a table, with zh = \"…\" and en = \"…\" \
                 on the lines below [{name}]"
            ));
        };
        let mut texts = [None, None, None];
        for (field, value) in fields {
            let field = field.get_ref().as_ref();
            let slot = ["zh", "en", "doc"]
                .iter()
                .position(|known| *known == field)
                .ok_or_else(|| {
                    format!("{at}: unknown field '{field}': a message has zh, en and doc only")
                })?;
            let toml::de::DeValue::String(value) = value.get_ref() else {
                return Err(format!("{at}: {field} must be a string in quotes"));
            };
            texts[slot] = Some(value.as_ref());
        }
        let [Some(zh), Some(en), doc] = texts else {
            return Err(format!(
                "{at}: a message needs both zh and en (the Chinese and the English text)"
            ));
        };
        for line in doc.iter().flat_map(|doc| doc.lines()) {
            writeln!(code, "#[doc = {:?}]", format!(" {line}")).map_err(|e| e.to_string())?;
        }
        writeln!(
            code,
            "pub const {name}: super::Msg = super::Msg {{ id: {name:?}, zh: {zh:?}, en: {en:?} }};"
        )
        .map_err(|e| e.to_string())?;
        names.push(name);
    }
    writeln!(
        code,
        "\n/// Every message of {file}, in file order.\nconst ENTRIES: &[super::Msg] = &[{}];",
        names.join(", ")
    )
    .map_err(|e| e.to_string())?;
    Ok(code)
}

/// `SCREAMING_SNAKE_CASE`, so that it is a constant's name and clippy-clean.
fn is_constant_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// Writes `bundled_outline.rs`: each bundled card's id, number, difficulty, tags and titles,
/// read here so the app's first frame parses nothing (`content::deck::outline`). Only the plain
/// layout the bundled cards use is read; a card written otherwise is left out, and the app reads
/// its outline at startup instead. A test checks that both readings agree.
fn bundled_outline(out: &Path) {
    let mut paths: Vec<_> = std::fs::read_dir("content/cards")
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|x| x == "md"));
    paths.sort();
    let mut code = String::from(
        "/// (file, id, number, difficulty, tags, title zh, title en) of the bundled cards, read by \
         build.rs.\n#[rustfmt::skip]\npub(super) const BUNDLED_OUTLINE: &[OutlineRow] = &[\n",
    );
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        if let (Some(name), Some(row)) = (name, outline_row(&text)) {
            let _ = writeln!(code, "    ({name:?}, {row}),");
        }
    }
    code.push_str("];\n");
    std::fs::write(out.join("bundled_outline.rs"), code).expect("OUT_DIR is writable");
}

/// The outline fields of a card's front matter as Rust literals, if it is in the plain layout
/// (`content::deck::outline`'s own reading, shared with this script).
fn outline_row(text: &str) -> Option<String> {
    let mut lines = text
        .split_inclusive('\n')
        .skip_while(|l| l.trim().is_empty());
    if lines.next()?.trim_end() != "+++" {
        return None;
    }
    let head = plain_head::plain_head(&lines.collect::<String>())?;
    Some(format!(
        "{:?}, {:?}, {:?}, &{:?}, {:?}, {:?}",
        head.id,
        head.number,
        head.difficulty.unwrap_or_else(|| "core".to_owned()),
        head.tags,
        head.zh,
        head.en
    ))
}
