//! The core never depends on a front end: no module of the content, calculators, engine,
//! drill, search, text or settings layers may name ratatui, crossterm or clap in code, so a
//! second front end can reuse them and the TUI stays a thin layer.

use std::path::{Path, PathBuf};

/// The core modules, as files and folders under `src/`.
const CORE: &[&str] = &[
    "calc",
    "calculators",
    "content",
    "drill",
    "search",
    "settings",
    "text",
];
const FRONT_END_CRATES: &[&str] = &["ratatui", "crossterm", "clap"];

fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).expect("read src").flatten() {
            rust_files(&entry.path(), out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_owned());
    }
}

/// The code of a line: without `//` comments and string literals, which may name the crates.
fn code(line: &str) -> String {
    let line = line.split("//").next().unwrap_or("");
    let mut out = String::new();
    let mut in_string = false;
    for c in line.chars() {
        if c == '"' {
            in_string = !in_string;
        } else if !in_string {
            out.push(c);
        }
    }
    out
}

#[test]
fn core_modules_never_import_front_end_crates() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for module in CORE {
        rust_files(&src.join(module), &mut files);
        let file = src.join(format!("{module}.rs"));
        if file.exists() {
            files.push(file);
        }
    }
    assert!(files.len() > 40, "found the core files: {}", files.len());
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read");
        for (n, line) in text.lines().enumerate() {
            let code = code(line);
            for name in FRONT_END_CRATES {
                let uses = code.split(|c: char| !(c.is_alphanumeric() || c == '_'));
                if uses.into_iter().any(|word| word == *name) {
                    offences.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "core code names a front end:\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_check_finds_an_import() {
    assert!(code("use ratatui::text::Line; // ok").contains("ratatui"));
    assert!(!code("// ratatui issue #1199").contains("ratatui"));
    assert!(!code(r#"let s = "clap";"#).contains("clap"));
}
