//! The outline fields of a card's front matter read without a TOML parser, for the plain layout
//! every bundled and most written cards use: `id`, `number`, `difficulty` and `tags` as root
//! keys, then a `[title]` table with `zh` and `en`, one-line values, no inline comments.
//!
//! A 10,000-card deck's outline parsed 10,000 heads with `toml` before the first frame; this
//! reads them several times faster. Anything else (another key or table, an escape other than
//! `\n \t \" \\`, a duplicate, a number TOML would read differently) gives `None`, and the
//! caller parses the head with `toml` as before, so the result never differs from the TOML
//! reading. build.rs includes this file too (`#[path]`), to write the bundled deck's outline
//! at build time; so it uses nothing from the crate.

/// The outline fields of a plain front matter; `difficulty` as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlainHead {
    pub id: String,
    pub number: Option<u32>,
    pub difficulty: Option<String>,
    pub tags: Vec<String>,
    pub zh: String,
    pub en: String,
}

/// Reads `front`, the front matter after its opening `+++` line, up to its closing `+++` or its
/// first array of tables (`[[...]]`), if it is in the plain layout; else `None`.
pub fn plain_head(front: &str) -> Option<PlainHead> {
    let (mut id, mut number, mut difficulty, mut tags) = (None, None, None, None);
    let (mut zh, mut en, mut in_title) = (None, None, false);
    for line in front.lines() {
        let line = line.trim_matches([' ', '\t']);
        if line == "+++" || line.starts_with("[[") {
            break;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') {
            // Only one table, `[title]`, once, after the root keys.
            if in_title || line.strip_prefix('[')?.strip_suffix(']')?.trim() != "title" {
                return None;
            }
            in_title = true;
            continue;
        }
        let (key, value) = line.split_once('=')?;
        let slot_empty = match (in_title, key.trim_matches([' ', '\t'])) {
            (false, "id") => id.replace(string(value)?).is_none(),
            (false, "number") => number.replace(integer(value)?).is_none(),
            (false, "difficulty") => difficulty.replace(string(value)?).is_none(),
            (false, "tags") => tags.replace(strings(value)?).is_none(),
            (true, "zh") => zh.replace(string(value)?).is_none(),
            (true, "en") => en.replace(string(value)?).is_none(),
            _ => return None,
        };
        if !slot_empty {
            return None;
        }
    }
    Some(PlainHead {
        id: id?,
        number,
        difficulty,
        tags: tags.unwrap_or_default(),
        zh: zh?,
        en: en?,
    })
}

/// A decimal integer as TOML writes one (no sign, no leading zero, no `_`) that fits a `u32`.
fn integer(value: &str) -> Option<u32> {
    let value = value.trim_matches([' ', '\t']);
    let plain =
        value.bytes().all(|b| b.is_ascii_digit()) && (value == "0" || !value.starts_with('0'));
    if plain { value.parse().ok() } else { None }
}

/// An array of one-line strings on one line: `["a", "b"]`, a trailing comma allowed.
fn strings(value: &str) -> Option<Vec<String>> {
    let inner = value
        .trim_matches([' ', '\t'])
        .strip_prefix('[')?
        .strip_suffix(']')?;
    let mut items: Vec<&str> = inner.split(',').collect();
    if items
        .last()
        .is_some_and(|last| last.trim_matches([' ', '\t']).is_empty())
    {
        items.pop();
    }
    items.into_iter().map(string).collect()
}

/// A one-line TOML string: basic with the common escapes, or literal; else `None`.
fn string(value: &str) -> Option<String> {
    let value = value.trim_matches([' ', '\t']);
    // TOML allows no control character but tab in a one-line string.
    if value.chars().any(|c| c.is_control() && c != '\t') {
        return None;
    }
    if let Some(inner) = value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) {
        return (!inner.contains('\'')).then(|| inner.to_owned());
    }
    let inner = value.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::with_capacity(inner.len());
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
