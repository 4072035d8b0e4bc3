//! Input clean-up around fend that the grouping does not cover: digit-group commas
//! (`1,000 GB`) and a trailing conversion target (`… in us`, `… to Gbps`) the answer is shown in.

/// Drops thousands separators: a comma between a digit and exactly three digits that end the
/// number (`1,000`, `12,345,678.5`). Any other comma (`max(1,2)`) is left alone.
pub(crate) fn drop_digit_groups(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, c) in chars.iter().enumerate() {
        let grouping = *c == ','
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.len() > i + 3
            && chars[i + 1..=i + 3].iter().all(char::is_ascii_digit)
            && !chars.get(i + 4).is_some_and(char::is_ascii_digit);
        let grouping = grouping || (*c == ',' && i > 0 && ends_group(&chars, i));
        if !grouping {
            out.push(*c);
        }
    }
    out
}

/// A comma followed by exactly three digits at the very end of the text.
fn ends_group(chars: &[char], i: usize) -> bool {
    chars[i - 1].is_ascii_digit()
        && chars.len() == i + 4
        && chars[i + 1..].iter().all(char::is_ascii_digit)
}

/// The unit after a top-level `to`, `in` or `as` at the end of the expression, if any.
pub(crate) fn conversion_target(text: &str) -> Option<&str> {
    let mut depth = 0i32;
    let mut found = None;
    let bytes = text.as_bytes();
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 && c.is_whitespace() => {
                let rest = &text[i..].trim_start();
                for word in ["to ", "in ", "as "] {
                    let starts = rest.len() > word.len()
                        && rest[..word.len()].eq_ignore_ascii_case(word)
                        && i > 0
                        && !bytes[i - 1].is_ascii_whitespace();
                    if starts {
                        found = Some(rest[word.len()..].trim());
                    }
                }
            }
            _ => {}
        }
    }
    found.filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::assert_maps;

    #[test]
    fn digit_groups() {
        assert_maps(
            drop_digit_groups,
            &[
                ("1,000 GB", "1000 GB"),
                ("12,345,678.5 B", "12345678.5 B"),
                ("2,000", "2000"),
                ("max(1,2)", "max(1,2)"),
                ("f(1,2345)", "f(1,2345)"),
            ],
        );
    }

    #[test]
    fn targets() {
        assert_maps(
            conversion_target,
            &[
                ("10 GiB / 25 GB/s in us", Some("us")),
                ("25 GB/s to Gbps", Some("Gbps")),
                ("(1 TB to GB) / 2", None),
                ("10 GiB / 25 GB/s", None),
            ],
        );
    }
}
