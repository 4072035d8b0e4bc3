//! Rebuilds the binary when the bundled deck or hardware table changes: they are embedded at
//! compile time, and cargo does not watch files that `include_dir!` reads.
//!
//! It also counts the bundled card files, so `--version` can say how many cards it carries
//! without parsing the deck (`content::deck::BUNDLED_CARD_FILES`; a test checks that every one
//! of them loads).
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=content");
    let cards = std::fs::read_dir("content/cards").map_or(0, |entries| {
        entries
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
            .count()
    });
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let code = format!(
        "/// How many card files the bundled deck has (counted at build time).\n\
         pub const BUNDLED_CARD_FILES: usize = {cards};\n"
    );
    std::fs::write(Path::new(&out).join("bundled_count.rs"), code).expect("OUT_DIR is writable");
    bundled_outline(Path::new(&out));
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

/// The outline fields of a card's front matter as Rust literals, if it is in the plain layout.
fn outline_row(text: &str) -> Option<String> {
    let mut lines = text.lines().skip_while(|l| l.trim().is_empty());
    if lines.next()?.trim_end() != "+++" {
        return None;
    }
    let (mut id, mut number, mut difficulty, mut tags) = (None, None, None, Vec::new());
    let (mut zh, mut en, mut table) = (None, None, String::new());
    for line in lines {
        let line = line.trim();
        if line == "+++" || line.starts_with("[[") {
            break;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[') {
            name.strip_suffix(']')?.trim().clone_into(&mut table);
            continue;
        }
        let (key, value) = line.split_once('=')?;
        match (table.as_str(), key.trim()) {
            ("", "id") => id = Some(toml_string(value)?),
            ("", "number") => number = Some(value.trim().parse::<u32>().ok()?),
            ("", "difficulty") => difficulty = Some(toml_string(value)?),
            ("", "tags") => {
                let inner = value.trim().strip_prefix('[')?.strip_suffix(']')?;
                tags = inner
                    .split(',')
                    .filter(|t| !t.trim().is_empty())
                    .map(toml_string)
                    .collect::<Option<_>>()?;
            }
            ("title", "zh") => zh = Some(toml_string(value)?),
            ("title", "en") => en = Some(toml_string(value)?),
            ("" | "title", _) => return None,
            _ => {}
        }
    }
    Some(format!(
        "{:?}, {number:?}, {:?}, &{tags:?}, {:?}, {:?}",
        id?,
        difficulty.unwrap_or_else(|| "core".to_owned()),
        zh?,
        en?
    ))
}

/// A one-line TOML string (basic with the common escapes, or literal), else `None`.
fn toml_string(value: &str) -> Option<String> {
    let value = value.trim();
    if let Some(inner) = value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) {
        return (!inner.contains('\'')).then(|| inner.to_owned());
    }
    let inner = value.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return None,
            '\\' => out.push(match chars.next()? {
                'n' => '\n',
                't' => '\t',
                '"' => '"',
                '\\' => '\\',
                _ => return None,
            }),
            c => out.push(c),
        }
    }
    Some(out)
}
