//! Properties: a point's own text in either language covers it, unit-equivalent rewrites of a
//! figure cover it, factor-2 and bits-for-bytes errors never do, and mixed answers count both.

use proptest::prelude::*;

use super::*;
use crate::content::TermRule;
use crate::content::deck::{DeckSource, load};

fn bundled() -> &'static [Card] {
    static DECK: std::sync::OnceLock<Vec<Card>> = std::sync::OnceLock::new();
    DECK.get_or_init(|| load(&[DeckSource::Bundled]).deck.cards().to_vec())
}

fn figure_point(term: &str) -> Grader {
    let point = KeyPoint {
        point: term.to_owned(),
        terms: vec![term.to_owned()],
    };
    let points = Bilingual {
        zh: vec![point.clone()],
        en: vec![point],
    };
    Grader::new(&points, Glossary::bundled())
}

/// A figure with up to four significant digits, as a person would write it.
fn figure() -> impl Strategy<Value = f64> {
    (1u32..=9999, 0i32..=2).prop_map(|(n, e)| f64::from(n) / 10f64.powi(e))
}

/// Writes `x` to six significant digits without trailing zeros (`3.6`, `450`, `0.000125`).
fn write(x: f64) -> String {
    let digits = usize::try_from(5 - x.abs().log10().floor() as i32).unwrap_or(0);
    let text = format!("{x:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

/// A key point's own text: its phrase, then the first spellings its terms need.
fn own_text(point: &KeyPoint) -> String {
    let mut parts = vec![point.point.clone()];
    for term in point.parsed_terms() {
        let needed = match term.rule {
            TermRule::Required => 1,
            TermRule::AtLeast(n) => n,
            TermRule::Optional => 0,
        };
        parts.extend(
            term.alternatives
                .iter()
                .take(needed)
                .map(|s| (*s).to_owned()),
        );
    }
    parts.join("；")
}

#[test]
fn every_bundled_point_is_covered_by_its_own_text_in_the_other_language() {
    let mut misses = Vec::new();
    for card in bundled() {
        let grader = Grader::for_card(card, Glossary::bundled());
        for lang in Lang::ALL {
            for (i, point) in card.key_points.get(lang).iter().enumerate() {
                let answer = own_text(point);
                let grading = grader.grade(&answer, lang.other());
                if !grading.points[i].covered {
                    misses.push(format!("{} point {i}: {answer}", card.id));
                }
            }
        }
    }
    assert!(
        misses.is_empty(),
        "{} not covered:\n{}",
        misses.len(),
        misses.join("\n")
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_mix_of_two_points_in_two_languages_covers_both(card in 0usize..66, a in 0usize..7, b in 0usize..7) {
        let card = &bundled()[card % bundled().len()];
        let count = card.key_points.zh.len();
        let (a, b) = (a % count, b % count);
        let answer = format!("{}\n{}", own_text(&card.key_points.zh[a]), own_text(&card.key_points.en[b]));
        let grading = grade(card, &answer, Glossary::bundled(), Lang::En);
        prop_assert!(grading.points[a].covered, "zh point {a} in {answer}");
        prop_assert!(grading.points[b].covered, "en point {b} in {answer}");
    }

    #[test]
    fn unit_equivalent_rewrites_of_a_rate_cover_it(gbs in figure()) {
        let grader = figure_point(&format!("{} GB/s", write(gbs)));
        for answer in [
            format!("{} Gb/s", write(gbs * 8.0)),
            format!("{}Gbps", write(gbs * 8.0)),
            format!("{} TB/s", write(gbs / 1000.0)),
            format!("{} MB/s", write(gbs * 1000.0)),
            format!("{} Tb/s", write(gbs * 8.0 / 1000.0)),
            format!("{}GB/s", write(gbs)),
        ] {
            prop_assert!(grader.grade(&answer, Lang::En).points[0].covered, "{answer}");
        }
    }

    #[test]
    fn unit_equivalent_rewrites_of_a_size_or_time_cover_it(n in figure()) {
        let size = figure_point(&format!("{} GiB", write(n)));
        let time = figure_point(&format!("{} ms", write(n)));
        for (grader, answer) in [
            (&size, format!("{} MiB", write(n * 1024.0))),
            (&time, format!("{} us", write(n * 1000.0))),
            (&time, format!("{} s", write(n / 1000.0))),
        ] {
            prop_assert!(grader.grade(&answer, Lang::Zh).points[0].covered, "{answer}");
        }
    }

    #[test]
    fn factor_two_and_bits_for_bytes_errors_never_cover(gbs in figure()) {
        let grader = figure_point(&format!("{} GB/s", write(gbs)));
        for answer in [
            format!("{} GB/s", write(gbs * 2.0)),
            format!("{} GB/s", write(gbs / 2.0)),
            format!("{} Gb/s", write(gbs)),
            format!("{} GB/s", write(gbs * 8.0)),
            format!("{} Tb/s", write(gbs / 1000.0)),
        ] {
            prop_assert!(!grader.grade(&answer, Lang::En).points[0].covered, "{answer}");
        }
    }
}
