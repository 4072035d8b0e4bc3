//! Line splitting with a SIMD byte search (`memchr`). The deck parser splits every card into
//! lines several times (front matter, body, line numbers for problems); on a 10,000-card deck
//! the standard library's `split_inclusive('\n')` and `match_indices('\n')`, which search a
//! byte at a time through `CharSearcher`, were a tenth of `validate`'s CPU.

/// The lines of `text`, each with its `\n` (the last without, if the text does not end in one):
/// what `str::split_inclusive('\n')` yields.
pub fn inclusive(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    let mut ends = memchr::memchr_iter(b'\n', text.as_bytes());
    std::iter::from_fn(move || {
        let line_start = start;
        if let Some(newline) = ends.next() {
            start = newline + 1;
            return text.get(line_start..start);
        }
        if line_start < text.len() {
            start = text.len();
            return text.get(line_start..);
        }
        None
    })
}

/// Byte offsets at which the lines of `text` start: 0, then one past each `\n`.
pub fn starts(text: &str) -> impl Iterator<Item = usize> {
    std::iter::once(0).chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
}

/// Whether `text` holds the ASCII byte `byte` (for `\r`, `\t` and the like).
pub fn has_byte(text: &str, byte: u8) -> bool {
    memchr::memchr(byte, text.as_bytes()).is_some()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn edges_split_as_the_standard_library_does() {
        for text in [
            "", "\n", "\n\n", "a", "a\n", "a\nb", "a\r\nb\n", "中\n文", "\na",
        ] {
            let ours: Vec<&str> = inclusive(text).collect();
            let std: Vec<&str> = text.split_inclusive('\n').collect();
            assert_eq!(ours, std, "{text:?}");
        }
        assert_eq!(starts("ab\ncd\n").collect::<Vec<_>>(), [0, 3, 6]);
        assert!(has_byte("a\r\n", b'\r') && !has_byte("a\n", b'\r'));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn any_text_splits_as_the_standard_library_does(text in "(\\PC|\n|\r){0,60}") {
            let ours: Vec<&str> = inclusive(&text).collect();
            let std: Vec<&str> = text.split_inclusive('\n').collect();
            prop_assert_eq!(ours, std);
            let std_starts: Vec<usize> = std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect();
            prop_assert_eq!(starts(&text).collect::<Vec<_>>(), std_starts);
            prop_assert_eq!(has_byte(&text, b'\r'), text.contains('\r'));
        }
    }
}
