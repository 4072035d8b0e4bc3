//! Number questions inside a drill: which to ask (templates that are due first, each template
//! having its own spaced-repetition state under its `tally` key, then fresh variants by seed),
//! which one follows a card's spoken answer, and the grade of what was typed.

use chrono::{DateTime, Utc};

use super::tally::{KEY_PREFIX, due_templates, template_key};
use super::{
    Expected, Graded, NumberFilter, NumberQuestion, SplitMix, Typed, Verdict, generate, grade,
    instantiate,
};
use crate::calc::{HardwareTable, Kind};
use crate::content::Card;
use crate::content::numbers::NumberTemplate;
use crate::drill::store::Progress;

/// `count` questions for a numbers drill: the templates of `cards` (passing `filter`) that are
/// due, most overdue first, each with a variant chosen by `seed`; then fresh questions as
/// [`generate`] picks them, never a template already taken.
pub fn due_first(
    cards: &[&Card],
    filter: &NumberFilter,
    progress: &Progress,
    count: usize,
    seed: u64,
    table: &HardwareTable,
    now: DateTime<Utc>,
) -> Vec<NumberQuestion> {
    let admitted: Vec<&Card> = cards.iter().copied().filter(|c| filter.admits(c)).collect();
    let memories = progress.memories();
    let mut rng = SplitMix(seed);
    let mut questions = Vec::with_capacity(count);
    // `due_templates` lists never-asked templates after the due ones: those are fresh, below.
    for key in due_templates(&admitted, progress, now) {
        if questions.len() >= count {
            break;
        }
        if !memories.contains_key(key.as_str()) {
            continue;
        }
        let Some((card, template)) = find(&admitted, &key) else {
            continue;
        };
        let variant = rng.below(template.variant_count());
        if let Ok(question) = instantiate(card, template, variant, table) {
            questions.push(question);
        }
    }
    let taken: Vec<String> = questions.iter().map(key_of).collect();
    let wanted = count.saturating_sub(questions.len());
    let fresh = generate(
        admitted.iter().copied(),
        &NumberFilter::default(),
        wanted + taken.len(),
        seed,
        table,
    );
    questions.extend(
        fresh
            .into_iter()
            .filter(|q| !taken.contains(&key_of(q)))
            .take(wanted),
    );
    questions
}

/// The number question that follows `card`'s spoken answer, with chance `rate` (0 to 1): its
/// most overdue template if one is due, else one of its templates at random. `None` when the
/// card has no templates or the draw says no.
pub fn follow_up(
    card: &Card,
    progress: &Progress,
    rate: f64,
    seed: u64,
    table: &HardwareTable,
    now: DateTime<Utc>,
) -> Option<NumberQuestion> {
    if card.numbers.is_empty() || rate.is_nan() || rate <= 0.0 {
        return None;
    }
    let mut rng = SplitMix(seed);
    // 2^53 draws: a uniform number in [0, 1).
    let draw = (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
    if draw >= rate {
        return None;
    }
    let memories = progress.memories();
    let due = due_templates(&[card], progress, now)
        .into_iter()
        .find(|k| memories.contains_key(k.as_str()));
    let template = due
        .and_then(|key| find(&[card], &key).map(|(_, t)| t))
        .or_else(|| card.numbers.get(rng.below(card.numbers.len())))?;
    let variant = rng.below(template.variant_count());
    instantiate(card, template, variant, table).ok()
}

/// Grades `typed` against the question's answer; the typed value is written the way the answer
/// is (`22756 h` beside `23000 h`). The error is for text that is no quantity and says how to
/// write one.
pub fn grade_typed(question: &NumberQuestion, typed: &str) -> Result<Graded, String> {
    let expected = Expected {
        value: question.answer.value,
        kind: question.answer.quantity_kind(),
    };
    let mut graded = grade(expected, typed, question.tolerance)?;
    if graded.typed.kind == graded.expected_kind {
        graded.typed.text = question.answer.format_like(graded.typed.value);
    }
    Ok(graded)
}

/// The grade of an answer that gives no figure (nothing typed when submitted, or unreadable
/// text when the clock ran out): off, with no slip to name.
pub fn unanswered(question: &NumberQuestion, typed: &str) -> Graded {
    Graded {
        verdict: Verdict::Off,
        diagnosis: None,
        ratio: None,
        typed: Typed {
            text: typed.trim().to_owned(),
            value: f64::NAN,
            kind: Kind::Other,
        },
        expected_kind: question.answer.quantity_kind(),
    }
}

/// The template key of a question.
fn key_of(question: &NumberQuestion) -> String {
    template_key(&question.card, &question.template)
}

/// The card and template a key names, among `cards`.
fn find<'c>(cards: &[&'c Card], key: &str) -> Option<(&'c Card, &'c NumberTemplate)> {
    let rest = key.strip_prefix(KEY_PREFIX)?;
    let (card_id, template_id) = rest.rsplit_once('/')?;
    let card = cards.iter().copied().find(|c| c.id == card_id)?;
    let template = card.numbers.iter().find(|t| t.id == template_id)?;
    Some((card, template))
}
