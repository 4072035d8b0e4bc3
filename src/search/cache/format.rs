//! The cache file's layout. A header (magic, format version, app version, deck fingerprint),
//! the payload's length, the payload (card heads, warnings, the index's words in sorted order,
//! bigrams, posting lists, field weights and compacted titles) and its checksum. Reading checks the header, the
//! length and the checksum before decoding, and the decoded parts against each other after.

use std::hash::Hasher;
use std::path::Path;

use rustc_hash::{FxHashMap, FxHasher};

use super::CardHead;
use super::codec::{Decoder, Encoder};
use crate::content::file_guard;
use crate::content::glossary::Glossary;
use crate::content::{Bilingual, Problem};
use crate::search::SearchIndex;
use crate::search::index::{Inverted, SLOTS};
use crate::search::postings::Postings;

const MAGIC: &[u8; 8] = b"IPSRCH\r\n";
/// Bumped whenever the layout or the index's meaning changes.
const FORMAT: u32 = 2;
/// Larger cache files are refused unread: a 10,000-card deck's is about 40 MB.
pub const MAX_CACHE_BYTES: u64 = 1 << 30;

/// A cache file's content.
pub(super) struct Cached {
    pub heads: Vec<CardHead>,
    pub warnings: Vec<Problem>,
    pub index: SearchIndex,
}

fn checksum(bytes: &[u8]) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(bytes);
    hasher.write_usize(bytes.len());
    hasher.finish()
}

/// The whole file for these parts.
pub(super) fn encode(
    fingerprint: u64,
    heads: &[CardHead],
    warnings: &[Problem],
    index: &SearchIndex,
) -> Vec<u8> {
    let mut body = Encoder::default();
    body.len(heads.len());
    for head in heads {
        body.str(&head.path);
        body.str(&head.id);
        body.u8(u8::from(head.number.is_some()));
        body.u32(head.number.unwrap_or(0));
        body.str(&head.title.zh);
        body.str(&head.title.en);
    }
    body.len(warnings.len());
    for warning in warnings {
        body.str(&warning.path);
        body.len(warning.line);
        body.str(&warning.message);
    }
    let inverted = &index.inverted;
    let mut words: Vec<(&str, u32)> = inverted.words.iter().map(|(w, &id)| (&**w, id)).collect();
    words.sort_unstable();
    body.len(words.len());
    for (word, id) in words {
        body.str(word);
        body.u32(id);
    }
    let mut grams: Vec<(u64, u32)> = inverted.grams.iter().map(|(&k, &id)| (k, id)).collect();
    grams.sort_unstable();
    body.len(grams.len());
    for (key, id) in grams {
        body.u64(key);
        body.u32(id);
    }
    let (bytes, ends, df) = inverted.postings.parts();
    body.bytes(bytes);
    body.len(ends.len());
    for (&end, &df) in ends.iter().zip(df) {
        body.len(end);
        body.u32(df);
    }
    body.len(inverted.norm.len());
    for norm in &inverted.norm {
        for &w in norm {
            body.f32(w);
        }
    }
    for titles in &index.titles {
        for title in titles {
            body.str(title);
        }
    }
    let mut file = Encoder::default();
    file.bytes.extend_from_slice(MAGIC);
    file.u32(FORMAT);
    file.str(env!("CARGO_PKG_VERSION"));
    file.u64(fingerprint);
    file.bytes(&body.bytes);
    file.u64(checksum(&body.bytes));
    file.bytes
}

/// The cache at `path` if it is whole, of this format and version, and for `fingerprint`.
pub(super) fn read(path: &Path, fingerprint: u64) -> Option<Cached> {
    let bytes = file_guard::read_regular(path, MAX_CACHE_BYTES).ok()?;
    decode(&bytes, fingerprint)
}

/// [`read`] of the bytes of a file.
pub(super) fn decode(bytes: &[u8], fingerprint: u64) -> Option<Cached> {
    let mut file = Decoder::new(bytes);
    let fits = file.take(MAGIC.len())? == MAGIC
        && file.u32()? == FORMAT
        && file.str()? == env!("CARGO_PKG_VERSION")
        && file.u64()? == fingerprint;
    if !fits {
        return None;
    }
    let body = file.bytes()?;
    if file.u64()? != checksum(body) || !file.is_empty() {
        return None;
    }
    decode_body(&mut Decoder::new(body))
}

fn decode_body(body: &mut Decoder<'_>) -> Option<Cached> {
    let heads = (0..body.count(4 * 8)?)
        .map(|_| {
            let (path, id) = (body.string()?, body.string()?);
            let has_number = body.u8()? == 1;
            let number = body.u32()?;
            Some(CardHead {
                path,
                id,
                number: has_number.then_some(number),
                title: Bilingual {
                    zh: body.string()?,
                    en: body.string()?,
                },
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let warnings = (0..body.count(3 * 8)?)
        .map(|_| {
            let path = body.string()?;
            let line = usize::try_from(body.u64()?).ok()?;
            Some(Problem::new(&path, line, body.string()?))
        })
        .collect::<Option<Vec<_>>>()?;
    let words = (0..body.count(8 + 4)?)
        .map(|_| Some((Box::<str>::from(body.str()?), body.u32()?)))
        .collect::<Option<FxHashMap<_, _>>>()?;
    let grams = (0..body.count(8 + 4)?)
        .map(|_| Some((body.u64()?, body.u32()?)))
        .collect::<Option<FxHashMap<_, _>>>()?;
    let bytes = body.bytes()?.to_vec();
    let (ends, df): (Vec<usize>, Vec<u32>) = (0..body.count(8 + 4)?)
        .map(|_| Some((usize::try_from(body.u64()?).ok()?, body.u32()?)))
        .collect::<Option<Vec<_>>>()?
        .into_iter()
        .unzip();
    let norm = (0..body.count(SLOTS * 4)?)
        .map(|_| {
            let mut weights = [0.0; SLOTS];
            for w in &mut weights {
                *w = body.f32()?;
            }
            Some(weights)
        })
        .collect::<Option<Vec<_>>>()?;
    let titles = (0..norm.len())
        .map(|_| Some([body.string()?, body.string()?]))
        .collect::<Option<Vec<_>>>()?;
    let postings = Postings::from_parts(bytes, ends, df)?;
    let terms = postings.len();
    let ids_fit = words
        .values()
        .chain(grams.values())
        .all(|&id| (id as usize) < terms);
    if !body.is_empty() || !ids_fit || norm.len() != heads.len() {
        return None;
    }
    let inverted = Inverted {
        words,
        grams,
        postings,
        norm,
    };
    let index = SearchIndex::from_compact(inverted, titles, Glossary::bundled().clone());
    Some(Cached {
        heads,
        warnings,
        index,
    })
}
