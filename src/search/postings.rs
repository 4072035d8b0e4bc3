//! Posting lists kept compact: for each term, the cards holding it and how often in each field,
//! as bytes rather than structs.
//!
//! A 10,000-card deck has about 25 million (term, card) pairs. As 8-byte structs in one `Vec`
//! per term (with the `Vec`s' spare capacity) they took about 400 MiB; here a card's entry is
//! the gap from the previous card holding the term (a varint, mostly one byte), a byte with a
//! bit per field, and the counts only when some count is above one: two or three bytes for
//! most entries. Reading a list back is a short loop, far below the 16 ms a keystroke may take.

use super::index::SLOTS;

/// One card's count of a term in one field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Posting {
    pub card: u32,
    pub count: u16,
    pub slot: u8,
}

/// Set in the field byte when the counts follow (some count is above one).
const COUNTS_FOLLOW: u8 = 0x80;

/// Every term's postings, built card by card in deck order: all lists in one buffer (so the
/// search cache writes and reads it in one piece), term `t`'s list at `ends[t - 1]..ends[t]`.
#[derive(Default)]
pub(crate) struct Postings {
    bytes: Vec<u8>,
    ends: Vec<usize>,
    /// How many cards hold each term.
    df: Vec<u32>,
}

/// Posting lists while a deck is read: one growing byte list per term and the last card each
/// one got.
#[derive(Default)]
pub(crate) struct PostingsBuilder {
    lists: Vec<Vec<u8>>,
    last: Vec<u32>,
    df: Vec<u32>,
}

impl PostingsBuilder {
    /// Makes room for a new term, whose id is the number of terms so far.
    pub fn add_term(&mut self) {
        self.lists.push(Vec::new());
        self.last.push(0);
        self.df.push(0);
    }

    /// Adds `card`'s counts of `term`, one per field that holds it, fields ascending. Cards come
    /// in ascending order, each at most once per term.
    pub fn push(&mut self, term: u32, card: u32, counts: &[(u8, u16)]) {
        let t = term as usize;
        let list = &mut self.lists[t];
        let gap = if self.df[t] == 0 {
            card
        } else {
            card - self.last[t]
        };
        write_varint(list, gap);
        let mut fields = counts
            .iter()
            .fold(0_u8, |mask, &(slot, _)| mask | 1 << slot);
        let plain = counts.iter().all(|&(_, count)| count == 1);
        if !plain {
            fields |= COUNTS_FOLLOW;
        }
        list.push(fields);
        if !plain {
            for &(_, count) in counts {
                write_varint(list, u32::from(count));
            }
        }
        self.last[t] = card;
        self.df[t] += 1;
    }

    pub fn finish(self) -> Postings {
        let mut bytes = Vec::with_capacity(self.lists.iter().map(Vec::len).sum());
        let ends = self
            .lists
            .into_iter()
            .map(|list| {
                bytes.extend_from_slice(&list);
                bytes.len()
            })
            .collect();
        Postings {
            bytes,
            ends,
            df: self.df,
        }
    }
}

impl Postings {
    /// How many terms there are.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The parts, for the search cache: the lists' bytes, where each list ends, each df.
    pub fn parts(&self) -> (&[u8], &[usize], &[u32]) {
        (&self.bytes, &self.ends, &self.df)
    }

    /// Postings from [`Postings::parts`] read back; `None` unless the ends rise within the bytes
    /// and there is one df per list. A damaged list reads as fewer postings, never out of range.
    pub fn from_parts(bytes: Vec<u8>, ends: Vec<usize>, df: Vec<u32>) -> Option<Postings> {
        let rising = ends.is_sorted() && ends.last().is_none_or(|&end| end <= bytes.len());
        (rising && df.len() == ends.len()).then_some(Postings { bytes, ends, df })
    }

    /// How many cards hold `term`.
    pub fn df(&self, term: u32) -> u32 {
        self.df.get(term as usize).copied().unwrap_or(0)
    }

    /// The postings of `term`: cards ascending, fields ascending within a card.
    pub fn of(&self, term: u32) -> impl Iterator<Item = Posting> + '_ {
        let t = term as usize;
        let start = if t == 0 {
            0
        } else {
            self.ends.get(t - 1).copied().unwrap_or(0)
        };
        let end = self.ends.get(t).copied().unwrap_or(start);
        let bytes = self.bytes.get(start..end).unwrap_or_default();
        Reader {
            bytes,
            at: 0,
            card: 0,
            first: true,
            fields: 0,
            counts: false,
        }
    }

    /// Bytes held by the lists (reported by the benchmark).
    pub fn heap_bytes(&self) -> usize {
        self.bytes.len() + self.ends.len() * std::mem::size_of::<usize>() + self.df.len() * 4
    }
}

/// Decodes one list.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    card: u32,
    first: bool,
    /// The fields of the current card not yet given.
    fields: u8,
    counts: bool,
}

impl Iterator for Reader<'_> {
    type Item = Posting;

    fn next(&mut self) -> Option<Posting> {
        if self.fields == 0 {
            if self.at >= self.bytes.len() {
                return None;
            }
            let gap = read_varint(self.bytes, &mut self.at);
            // A damaged list (from a cache file) may overflow: it ends there.
            self.card = if self.first {
                gap
            } else {
                self.card.checked_add(gap)?
            };
            self.first = false;
            let byte = *self.bytes.get(self.at)?;
            self.at += 1;
            self.counts = byte & COUNTS_FOLLOW != 0;
            self.fields = byte & !COUNTS_FOLLOW;
            if self.fields == 0 {
                return None;
            }
        }
        let slot = self.fields.trailing_zeros() as u8;
        self.fields &= self.fields - 1;
        let count = if self.counts {
            u16::try_from(read_varint(self.bytes, &mut self.at)).unwrap_or(u16::MAX)
        } else {
            1
        };
        debug_assert!((slot as usize) < SLOTS);
        Some(Posting {
            card: self.card,
            count,
            slot,
        })
    }
}

fn write_varint(out: &mut Vec<u8>, mut value: u32) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Reads a varint at `*at`; a truncated one reads as what it has (lists are only ever written
/// by the builder).
fn read_varint(bytes: &[u8], at: &mut usize) -> u32 {
    let mut value = 0_u32;
    let mut shift = 0;
    while let Some(&byte) = bytes.get(*at) {
        *at += 1;
        value |= u32::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 || shift >= 28 {
            break;
        }
        shift += 7;
    }
    value
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Whatever goes in comes back out, in order: cards ascending with any gaps, any set
        /// of fields, counts of one and of many.
        #[test]
        fn lists_read_back_what_was_written(
            entries in prop::collection::vec(
                (0_u32..100_000, prop::collection::btree_map(0_u8..7, 1_u16..=u16::MAX, 1..=7)),
                0..60,
            ),
        ) {
            let mut cards: Vec<u32> = entries.iter().map(|(c, _)| *c).collect();
            cards.sort_unstable();
            cards.dedup();
            let mut builder = PostingsBuilder::default();
            builder.add_term();
            builder.add_term();
            let mut want = Vec::new();
            for (card, (_, fields)) in cards.iter().zip(&entries) {
                let counts: Vec<(u8, u16)> = fields.iter().map(|(&s, &c)| (s, c)).collect();
                builder.push(1, *card, &counts);
                want.extend(counts.iter().map(|&(slot, count)| Posting { card: *card, count, slot }));
            }
            let postings = builder.finish();
            prop_assert_eq!(postings.of(1).collect::<Vec<_>>(), want);
            prop_assert_eq!(postings.df(1) as usize, cards.len().min(entries.len()));
            prop_assert_eq!(postings.of(0).count(), 0);
            prop_assert_eq!(postings.of(7).count(), 0);
        }
    }

    #[test]
    fn a_card_holding_a_term_once_per_field_costs_two_bytes() {
        let mut builder = PostingsBuilder::default();
        builder.add_term();
        builder.push(0, 5, &[(0, 1), (6, 1)]);
        builder.push(0, 6, &[(3, 1)]);
        let postings = builder.finish();
        assert_eq!(postings.parts().0.len(), 4);
        let read: Vec<(u32, u8)> = postings.of(0).map(|p| (p.card, p.slot)).collect();
        assert_eq!(read, [(5, 0), (5, 6), (6, 3)]);
    }
}
