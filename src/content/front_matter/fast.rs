//! A card's front matter read without the `toml` parser, for the plain subset cards are written
//! in: `key = value` lines (a key may have one dot, `prompt.en`), the headers `[title]`,
//! `[probes]`, `[[key-points.zh]]`, `[[key-points.en]]`, `[[calc]]`, `[[figures]]`,
//! `[[numbers]]` and `[[sources]]`, and one-line values: strings, integers, decimals, booleans,
//! and arrays and inline tables of these.
//!
//! `validate` on a 10,000-card deck spent about half its time in `toml`; this reads the subset
//! several times faster. Anything else (another header or key, a duplicate, a multi-line value,
//! an escape other than `\n \t \" \\`, a number in another notation, a value of the wrong type)
//! gives `None`, and the caller parses the text with `toml`, which then also words any error:
//! so the result never differs from the `toml` reading (`fast_tests` checks both agree). Values
//! get their spans in the text, and a header's table the header's span, as `toml` gives them.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::de::DeserializeOwned;
use toml::{Spanned, Table, Value};

use super::{Difficulty, RawFront};
use cursor::Cursor;

mod cursor;

/// The arrays of tables a card may have, by header.
const ARRAYS: [&str; 6] = [
    "calc",
    "figures",
    "numbers",
    "sources",
    "key-points.zh",
    "key-points.en",
];

/// A table being filled, with its keys made by dotted keys (which more dotted keys may add to).
#[derive(Default)]
struct Open {
    span: Range<usize>,
    table: Table,
    dotted: Vec<String>,
}

/// What is read so far.
#[derive(Default)]
struct Read {
    root: Open,
    /// Spans of the root's `id`, `number` and `tags` values, and of the tags.
    spans: BTreeMap<String, (Range<usize>, Vec<Range<usize>>)>,
    title: Option<Open>,
    probes: Option<Open>,
    arrays: BTreeMap<&'static str, Vec<Open>>,
    /// The span of `key-points` in the first `[[key-points.*]]` header.
    key_points_at: Option<Range<usize>>,
}

/// Where `key = value` lines go: the root, a table or the last table of an array.
#[derive(Clone, Copy)]
enum Target {
    Root,
    Title,
    Probes,
    Array(&'static str),
}

/// Reads `text` (the front matter between its fences) if it is in the plain subset.
pub(super) fn raw_front(text: &str) -> Option<RawFront> {
    if crate::text::lines::has_byte(text, b'\r') {
        return None;
    }
    let mut read = Read::default();
    let mut target = Target::Root;
    let mut offset = 0;
    for line in crate::text::lines::inclusive(text) {
        let start = offset;
        offset += line.len();
        let body = line.strip_suffix('\n').unwrap_or(line);
        let content = body.trim_matches([' ', '\t']);
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let indent = body.len() - body.trim_start_matches([' ', '\t']).len();
        if content.starts_with('[') {
            target = read.header(content, start + indent)?;
            continue;
        }
        let mut cursor = Cursor::new(body, indent, start);
        let (key, sub) = cursor.key()?;
        cursor.blank();
        cursor.eat('=')?;
        cursor.blank();
        let (value, span, items) = cursor.value()?;
        cursor.end_of_line()?;
        let open = match target {
            Target::Root => {
                // A root key has a span of its own, so a dotted one is left to `toml`.
                if sub.is_some() {
                    return None;
                }
                read.spans.insert(key.clone(), (span, items));
                &mut read.root
            }
            Target::Title => read.title.as_mut()?,
            Target::Probes => read.probes.as_mut()?,
            Target::Array(name) => read.arrays.get_mut(name)?.last_mut()?,
        };
        open.insert(key, sub, value)?;
    }
    read.finish()
}

impl Open {
    /// Puts `key` (or `key.sub`) = `value` in the table; `None` for a key already there.
    fn insert(&mut self, key: String, sub: Option<String>, value: Value) -> Option<()> {
        let Some(sub) = sub else {
            if self.table.contains_key(&key) {
                return None;
            }
            self.table.insert(key, value);
            return Some(());
        };
        if !self.table.contains_key(&key) {
            self.dotted.push(key.clone());
            self.table.insert(key.clone(), Value::Table(Table::new()));
        } else if !self.dotted.contains(&key) {
            return None;
        }
        let inner = self.table.get_mut(&key)?.as_table_mut()?;
        if inner.contains_key(&sub) {
            return None;
        }
        inner.insert(sub, value);
        Some(())
    }
}

impl Read {
    /// Opens the table of the header `content` (at `at`), if it is one the subset has.
    fn header(&mut self, content: &str, at: usize) -> Option<Target> {
        let (name, array) = match content.strip_prefix("[[") {
            Some(rest) => (rest.strip_suffix("]]")?, true),
            None => (content.strip_prefix('[')?.strip_suffix(']')?, false),
        };
        let open = Open {
            span: at..at + content.len(),
            ..Open::default()
        };
        if !array {
            let (slot, target) = match name {
                "title" => (&mut self.title, Target::Title),
                "probes" => (&mut self.probes, Target::Probes),
                _ => return None,
            };
            if slot.is_some() {
                return None;
            }
            *slot = Some(open);
            return Some(target);
        }
        let name = *ARRAYS.iter().find(|known| **known == name)?;
        if name.starts_with("key-points") && self.key_points_at.is_none() {
            self.key_points_at = Some(at + 2..at + 2 + "key-points".len());
        }
        self.arrays.entry(name).or_default().push(open);
        Some(Target::Array(name))
    }

    /// The front matter read, if its keys are the ones a card has, with the right types.
    fn finish(mut self) -> Option<RawFront> {
        let mut root = std::mem::take(&mut self.root.table);
        if root
            .keys()
            .any(|key| !["id", "number", "difficulty", "tags"].contains(&key.as_str()))
        {
            return None;
        }
        let mut value_of = |key: &str| {
            let value = root.remove(key)?;
            let (span, items) = self.spans.remove(key)?;
            Some((value, span, items))
        };
        let (id, span, _) = value_of("id")?;
        let id = spanned(span, id)?;
        let number = match value_of("number") {
            Some((number, span, _)) => Some(spanned(span, number)?),
            None => None,
        };
        let difficulty: Difficulty = match value_of("difficulty") {
            Some((value, _, _)) => value.try_into().ok()?,
            None => Difficulty::default(),
        };
        let tags = match value_of("tags") {
            Some((Value::Array(tags), _, items)) if items.len() == tags.len() => tags
                .into_iter()
                .zip(items)
                .map(|(tag, span)| spanned(span, tag))
                .collect::<Option<Vec<_>>>()?,
            Some(_) => return None,
            None => Vec::new(),
        };
        let title = self.title.take()?;
        let title = spanned(title.span, Value::Table(title.table))?;
        let key_points = match self.key_points_at.take() {
            Some(span) => {
                let mut points = Table::new();
                for lang in ["zh", "en"] {
                    if let Some(tables) = self.arrays.remove(format!("key-points.{lang}").as_str())
                    {
                        let tables = tables.into_iter().map(|t| Value::Table(t.table));
                        points.insert(lang.to_owned(), Value::Array(tables.collect()));
                    }
                }
                Some(spanned(span, Value::Table(points))?)
            }
            None => None,
        };
        let mut array = |name: &str| self.arrays.remove(name).unwrap_or_default();
        let tables = |opens: Vec<Open>| {
            opens
                .into_iter()
                .map(|t| Spanned::new(t.span, t.table))
                .collect()
        };
        let calc = tables(array("calc"));
        let numbers = tables(array("numbers"));
        let figures = each(array("figures"))?;
        let sources = each(array("sources"))?;
        let probes = match self.probes {
            Some(probes) => Some(spanned(probes.span, Value::Table(probes.table))?),
            None => None,
        };
        Some(RawFront {
            id,
            number,
            difficulty,
            tags,
            title,
            key_points,
            calc,
            figures,
            numbers,
            sources,
            probes,
        })
    }
}

/// Each table of an array of tables as a `T`, with its header's span.
fn each<T: DeserializeOwned>(opens: Vec<Open>) -> Option<Vec<Spanned<T>>> {
    opens
        .into_iter()
        .map(|t| spanned(t.span, Value::Table(t.table)))
        .collect()
}

/// `value` as a `T`, with `span`.
fn spanned<T: DeserializeOwned>(span: Range<usize>, value: Value) -> Option<Spanned<T>> {
    Some(Spanned::new(span, value.try_into().ok()?))
}
