//! The review of one answer (your answer, key points covered / revealed as hint / missed, the
//! reference answer, a 1-4 grade) and the end-of-drill summary. Both scroll (j/k, ↑/↓,
//! PgUp/PgDn, Space, g/G) and say which rows are shown, so nothing is out of reach at 80x24.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{clock_f, wrapped};
use crate::content::{Card, Lang, Section};
use crate::drill::numbers::Verdict;
use crate::drill::session::PointState;
use crate::drill::{DrillSummary, QuestionSummary, missed_points};
use crate::text::wrap::Span as WrapSpan;
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::doc::section_lines;
use crate::tui::keymap::{Context, key_for};
use crate::tui::screens::drill::DrillScreen;
use crate::tui::theme::Theme;

/// How many often-missed key points the summary names.
const MISSED_SHOWN: usize = 5;

/// Draws `lines` in `area` from the drill's scroll position, with a last row saying which rows
/// are shown and how to scroll when they do not all fit.
fn scrolled(
    drill: &DrillScreen,
    lines: Vec<Line<'static>>,
    theme: Theme,
    area: Rect,
    frame: &mut Frame<'_>,
) {
    let total = lines.len();
    let height = usize::from(area.height);
    if total <= height {
        drill.scroll_max.set(0);
        frame.render_widget(Paragraph::new(lines), area);
        return;
    }
    let [body, footer] = area.layout(&Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
    ]));
    let rows = usize::from(body.height);
    let max = total.saturating_sub(rows);
    drill.scroll_max.set(max);
    drill.page_rows.set(rows.saturating_sub(1).max(1));
    let top = drill.scroll.min(max);
    let shown: Vec<Line<'static>> = lines.into_iter().skip(top).take(rows).collect();
    frame.render_widget(Paragraph::new(shown), body);
    let more = if top < max { "↓ more · " } else { "end · " };
    let position = format!(
        "{more}rows {}-{} of {total} · {} {} PgUp/PgDn g/G scroll",
        top + 1,
        (top + rows).min(total),
        key_for(Context::Drill, Action::Move(1)),
        key_for(Context::Drill, Action::Move(-1)),
    );
    frame.render_widget(Paragraph::new(Line::styled(position, theme.dim())), footer);
}

/// A key point's look in the review: a mark and a word, so the three states differ without
/// colour.
fn point_look(state: PointState, theme: Theme) -> (&'static str, ratatui::style::Style) {
    match state {
        PointState::Covered => ("✓ covered: ", theme.accent()),
        PointState::Hinted => ("◐ hint: ", theme.key()),
        PointState::Missed => ("✗ missed: ", theme.error()),
    }
}

pub(super) fn render_reveal(
    app: &App,
    drill: &DrillScreen,
    card: &Card,
    theme: Theme,
    area: Rect,
    frame: &mut Frame<'_>,
) {
    let answer = drill.session.answer();
    let points = card.key_points.get(app.lang);
    let states = answer
        .map(|a| a.point_states(points.len()))
        .unwrap_or_default();
    let count = states.iter().filter(|s| **s == PointState::Covered).count();
    // The grade prompt stays on the first row, whatever is scrolled below it.
    let grade = answer.and_then(|a| a.grade);
    let mut first = vec![Span::styled(
        format!("key points {count}/{} covered · ", points.len()),
        theme.title(),
    )];
    first.extend(match grade {
        Some(g) => vec![
            Span::styled(format!("graded {}", g.label()), theme.accent()),
            Span::styled(
                format!("  {} next", key_for(Context::Drill, Action::Open)),
                theme.key(),
            ),
        ],
        None => vec![
            Span::styled("grade: ", theme.title()),
            Span::styled("1 again  2 hard  3 good  4 easy", theme.key()),
        ],
    });
    let [head, body] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
    ]));
    frame.render_widget(Paragraph::new(Line::from(first)), head);
    let width = body.width;
    let mut lines: Vec<Line<'static>> =
        vec![Line::styled(your_answer_title(app.lang), theme.title())];
    match answer
        .map(|a| a.text.trim().to_owned())
        .filter(|t| !t.is_empty())
    {
        Some(typed) => lines.extend(wrapped(&[WrapSpan::new(typed, theme.text())], width)),
        None => lines.push(Line::styled("(nothing typed)", theme.dim())),
    }
    lines.push(Line::default());
    for (point, state) in points.iter().zip(&states) {
        let (mark, style) = point_look(*state, theme);
        lines.extend(wrapped(
            &[WrapSpan::new(format!("{mark}{}", point.point), style)],
            width,
        ));
    }
    if let Some(error) = &drill.save_error {
        lines.extend(wrapped(
            &[WrapSpan::new(error.clone(), theme.error())],
            width,
        ));
    }
    lines.push(Line::default());
    lines.push(Line::styled(reference_title(app.lang), theme.title()));
    lines.extend(section_lines(
        card,
        app.lang,
        Section::Interview,
        width.saturating_sub(1) as usize,
        theme,
    ));
    scrolled(drill, lines, theme, body, frame);
}

/// The summary's coverage column for its `i`th question: key points covered, or for a number
/// question its verdict. Only the session knows which were number
/// questions: the summary lists the questions asked, in order.
fn coverage_column(drill: &DrillScreen, i: usize, q: &QuestionSummary, lang: Lang) -> String {
    let number = drill
        .session
        .questions()
        .iter()
        .zip(drill.session.answers())
        .filter(|(_, a)| a.started.is_some())
        .nth(i)
        .filter(|(question, _)| question.number.is_some())
        .and_then(|(_, answer)| answer.number.as_ref());
    let Some(graded) = number else {
        return format!("{}/{}  ", q.covered, q.total);
    };
    match (graded.verdict, lang) {
        (Verdict::Exact, Lang::En) => "exact  ",
        (Verdict::Close, Lang::En) => "close  ",
        (Verdict::Off, Lang::En) => "off    ",
        (Verdict::Exact, Lang::Zh) => "准确   ",
        (Verdict::Close, Lang::Zh) => "接近   ",
        (Verdict::Off, Lang::Zh) => "偏差   ",
    }
    .to_owned()
}

const fn reference_title(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "参考答案（面试这样说）",
        Lang::En => "reference answer (how to say it)",
    }
}

const fn your_answer_title(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "你的回答",
        Lang::En => "your answer",
    }
}

/// `1 question`, `2 questions`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

pub(super) fn render_summary(
    app: &App,
    summary: &DrillSummary,
    drill: &DrillScreen,
    theme: Theme,
    area: Rect,
    frame: &mut Frame<'_>,
) {
    let mut lines = vec![Line::styled("Drill summary", theme.title())];
    lines.extend(wrapped(
        &[WrapSpan::new(
            format!(
                "{} · {} graded · {} skipped · time {} of {} · key points {}/{}",
                count(summary.questions.len(), "question"),
                summary.graded,
                summary.skipped,
                clock_f(summary.total_seconds),
                clock_f(summary.total_limit_seconds),
                summary.covered,
                summary.total
            ),
            theme.text(),
        )],
        area.width,
    ));
    lines.push(Line::default());
    for (i, q) in summary.questions.iter().enumerate() {
        let coverage = coverage_column(drill, i, q, app.lang);
        let title = app
            .deck
            .get(&q.card_id)
            .map_or(q.card_id.as_str(), |c| c.title(app.lang));
        let grade = match (q.grade, q.skipped) {
            (Some(g), _) => g.label(),
            (None, true) => "skipped",
            (None, false) => "not graded",
        };
        let time = format!("{} / {}", clock_f(q.seconds), clock_f(q.limit_seconds));
        let style = if q.over_time {
            theme.error()
        } else {
            theme.text()
        };
        lines.extend(wrapped(
            &[
                WrapSpan::new(format!("{:>2}. ", i + 1), theme.dim()),
                WrapSpan::new(format!("{time:<12}"), style),
                WrapSpan::new(format!("{grade:<11}"), theme.accent()),
                WrapSpan::new(coverage, theme.dim()),
                WrapSpan::new(title.to_owned(), theme.text()),
            ],
            area.width,
        ));
    }
    if !summary.weakest_tags.is_empty() {
        lines.push(Line::default());
        lines.extend(wrapped(
            &[WrapSpan::new(
                format!("weakest tags: {}", summary.weakest_tags.join(", ")),
                theme.text(),
            )],
            area.width,
        ));
    }
    if let Some(progress) = app.stored_progress() {
        let cards: Vec<&Card> = app.deck.cards().iter().collect();
        let missed = missed_points(progress, &cards, app.lang, 2);
        if !missed.is_empty() {
            lines.push(Line::default());
            lines.push(Line::styled("points you keep missing", theme.title()));
            for point in missed.iter().take(MISSED_SHOWN) {
                lines.extend(wrapped(
                    &[WrapSpan::new(
                        format!(
                            "✗ {} (missed {} of {}, card {})",
                            point.point, point.missed, point.answers, point.card_id
                        ),
                        theme.text(),
                    )],
                    area.width,
                ));
            }
        }
    }
    lines.push(Line::default());
    let saved = match &drill.save_error {
        Some(error) => WrapSpan::new(error.clone(), theme.error()),
        None => WrapSpan::new(
            format!(
                "{} saved to your progress · {} to leave",
                count(drill.saved, "graded answer"),
                key_for(Context::Drill, Action::Back)
            ),
            theme.dim(),
        ),
    };
    lines.extend(wrapped(&[saved], area.width));
    scrolled(drill, lines, theme, area, frame);
}
