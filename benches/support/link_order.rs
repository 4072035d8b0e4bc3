//! `cargo bench --bench startup -- order [BIN...]`: remakes `link/startup-order.txt`, the
//! functions the app runs before its first frame, which build.rs hands to the linker so they sit
//! side by side in the binary (the kernel maps code 64 KiB around each page touched).
//!
//! Each binary (this bench's own build of the app, and any given, such as the release build's
//! `target/release/infraprep`) draws its first frame under valgrind's callgrind, at 120x40 and
//! 80x24, in English and Chinese; the functions of the binary itself that ran are kept, in the
//! order callgrind lists them, and the lists are joined without repeats. Symbol names carry each
//! crate's build hash, which differs between the release and bench profiles and between
//! toolchains, so the file holds the names of every build it was made from; a name a build does
//! not have is skipped by the linker. Needs valgrind and unstripped binaries (the release profile
//! keeps its symbols).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Terminal sizes and locales the first frame is profiled in.
const SIZES: [(u16, u16); 2] = [(40, 120), (24, 80)];
const LANGS: [&str; 2] = ["C.UTF-8", "zh_CN.UTF-8"];

/// Profiles each of `binaries` and writes the joined list to `out`.
pub fn write(binaries: &[PathBuf], out: &Path, run: impl Fn(Command, (u16, u16))) {
    let probe = Command::new("valgrind").arg("--version").output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("order: valgrind is needed to list the first frame's functions; install it");
        std::process::exit(1);
    }
    let work = tempfile::tempdir().expect("a temp dir");
    let mut names = Vec::new();
    let mut seen = HashSet::new();
    for binary in binaries {
        let binary = binary.canonicalize().unwrap_or_else(|e| {
            eprintln!("order: {}: {e}", binary.display());
            std::process::exit(1);
        });
        let before = names.len();
        for (n, (size, lang)) in SIZES
            .iter()
            .flat_map(|s| LANGS.iter().map(move |l| (*s, *l)))
            .enumerate()
        {
            let profile = work.path().join(format!("callgrind-{n}.out"));
            let mut cmd = Command::new("valgrind");
            cmd.arg("--tool=callgrind")
                .arg("--demangle=no")
                .arg(format!("--callgrind-out-file={}", profile.display()))
                .arg(&binary)
                .env("HOME", work.path())
                .env("LANG", lang)
                .env("TERM", "xterm-256color")
                .env("INFRAPREP_EXIT_AFTER_FIRST_FRAME", "1")
                .env_remove("LC_ALL")
                .env_remove("INFRAPREP_CONFIG")
                .env_remove("INFRAPREP_DATA_DIR");
            run(cmd, size);
            let text = std::fs::read_to_string(&profile).expect("callgrind wrote its profile");
            for name in functions_of(&text, &binary) {
                if seen.insert(name.clone()) {
                    names.push(name);
                }
            }
        }
        println!(
            "{}: {} functions, {} new",
            binary.display(),
            names.len(),
            names.len() - before
        );
    }
    let mut text = names.join("\n");
    text.push('\n');
    std::fs::write(out, text).expect("the order file is writable");
    println!("wrote {} ({} names)", out.display(), names.len());
}

/// The functions of object `binary` that a callgrind profile holds, in the profile's order.
/// Callgrind names each object and function once, `ob=(3) /path` or `fn=(7) name`, and refers
/// to them by number after that (`ob=(3)`); costs follow the `fn=` line of their function.
fn functions_of(profile: &str, binary: &Path) -> Vec<String> {
    let path = binary.to_string_lossy();
    let mut objects = std::collections::HashMap::new();
    let mut functions = std::collections::HashMap::new();
    let mut in_binary = false;
    let mut found = Vec::new();
    for line in profile.lines() {
        let Some((key, rest)) = line.split_once('=') else {
            continue;
        };
        let Some((id, name)) = rest
            .strip_prefix('(')
            .and_then(|r| r.split_once(')'))
            .map(|(id, name)| (id.to_owned(), name.trim()))
        else {
            continue;
        };
        match key {
            "ob" | "cob" => {
                if !name.is_empty() {
                    objects.insert(id.clone(), name.to_owned());
                }
                if key == "ob" {
                    in_binary = objects.get(&id).is_some_and(|o| *o == path);
                }
            }
            "fn" | "cfn" => {
                if !name.is_empty() {
                    functions.insert(id.clone(), name.to_owned());
                }
                if key == "fn"
                    && in_binary
                    && let Some(name) = functions.get(&id)
                {
                    found.push(name.clone());
                }
            }
            _ => {}
        }
    }
    found
}

/// How many of the order file's names `binary` has, and how many the file holds: `None` when
/// `nm` cannot list the binary's symbols. The names carry build hashes that change with the
/// dependencies and their features, so an order file made before such a change silently stops
/// placing the app's own functions.
pub fn coverage(binary: &Path, order: &Path) -> Option<(usize, usize)> {
    let listed = std::fs::read_to_string(order).ok()?;
    let out = Command::new("nm").arg(binary).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let symbols: HashSet<&str> = std::str::from_utf8(&out.stdout)
        .ok()?
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .collect();
    let names: Vec<&str> = listed.lines().filter(|l| !l.is_empty()).collect();
    let found = names.iter().filter(|n| symbols.contains(*n)).count();
    Some((found, names.len()))
}
