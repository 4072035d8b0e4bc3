//! The review of one answer (your answer, key points covered / revealed as hint / missed, the
//! reference answer, a 1-4 grade) and the end-of-drill summary. Both scroll (j/k, ↑/↓,
//! PgUp/PgDn, Space, g/G) and say which rows are shown, so nothing is out of reach at 80x24.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{DrillView, clock_f, wrapped};
use unicode_width::UnicodeWidthStr;

use crate::content::{Card, Lang, Section};
use crate::drill::numbers::Verdict;
use crate::drill::session::PointState;
use crate::drill::{DrillSummary, Grade, QuestionSummary, missed_points};
use crate::text::messages::{self as m, Msg};
use crate::text::wrap::Span as WrapSpan;
use crate::tui::action::Action;
use crate::tui::doc::section_lines;
use crate::tui::keymap::{Context, key_for};
use crate::tui::screens::drill::DrillScreen;
use crate::tui::theme::Theme;

/// How many often-missed key points the summary names.
const MISSED_SHOWN: usize = 5;

/// Draws `lines` in `area` from the drill's scroll position, with a last row saying which rows
/// are shown and how to scroll when they do not all fit. The review, the summary and the
/// number-answer screen all scroll this way.
pub(in crate::tui::view) fn scrolled(
    ui: Lang,
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
    let more = if top < max {
        m::REVIEW_MORE
    } else {
        m::REVIEW_END
    };
    let position = m::REVIEW_ROWS.fill(
        ui,
        &[
            ("more", &more.get(ui)),
            ("first", &(top + 1)),
            ("last", &(top + rows).min(total)),
            ("total", &total),
            ("down", &key_for(Context::DrillGrade, Action::Move(1))),
            ("up", &key_for(Context::DrillGrade, Action::Move(-1))),
        ],
    );
    frame.render_widget(Paragraph::new(Line::styled(position, theme.dim())), footer);
}

/// A key point's look in the review: a mark and a word, so the three states differ without
/// colour.
fn point_look(state: PointState, theme: Theme) -> (Msg, ratatui::style::Style) {
    match state {
        PointState::Covered => (m::POINT_COVERED, theme.accent()),
        PointState::Hinted => (m::POINT_HINTED, theme.key()),
        PointState::Missed => (m::POINT_MISSED, theme.error()),
    }
}

/// A grade's word in the interface language.
pub(super) const fn grade_word(grade: Grade) -> Msg {
    match grade {
        Grade::Again => m::GRADE_AGAIN,
        Grade::Hard => m::GRADE_HARD,
        Grade::Good => m::GRADE_GOOD,
        Grade::Easy => m::GRADE_EASY,
    }
}

pub(super) fn render_reveal(view: DrillView<'_>, card: &Card, area: Rect, frame: &mut Frame<'_>) {
    let DrillView { app, drill, theme } = view;
    let ui = app.ui();
    let answer = drill.session.answer();
    let points = card.key_points.get(app.lang);
    let states = answer
        .map(|a| a.point_states(points.len()))
        .unwrap_or_default();
    let count = states.iter().filter(|s| **s == PointState::Covered).count();
    // The grade prompt stays on the first row, whatever is scrolled below it.
    let grade = answer.and_then(|a| a.grade);
    let mut first = vec![Span::styled(
        m::REVIEW_POINTS.fill(ui, &[("count", &count), ("total", &points.len())]),
        theme.title(),
    )];
    first.extend(match grade {
        Some(g) => vec![
            Span::styled(
                m::REVIEW_GRADED.fill(ui, &[("grade", &grade_word(g).get(ui))]),
                theme.accent(),
            ),
            Span::styled(
                m::REVIEW_NEXT.fill(ui, &[("key", &key_for(Context::DrillNext, Action::Open))]),
                theme.key(),
            ),
        ],
        None => vec![
            Span::styled(m::REVIEW_GRADE.get(ui), theme.title()),
            Span::styled(m::REVIEW_GRADES.get(ui), theme.key()),
        ],
    });
    let [head, body] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
    ]));
    frame.render_widget(Paragraph::new(Line::from(first)), head);
    let width = body.width;
    let mut lines: Vec<Line<'static>> =
        vec![Line::styled(m::REVIEW_YOUR_ANSWER.get(ui), theme.title())];
    match answer
        .map(|a| a.text.trim().to_owned())
        .filter(|t| !t.is_empty())
    {
        Some(typed) => lines.extend(wrapped(&[WrapSpan::new(typed, theme.text())], width)),
        None => lines.push(Line::styled(m::REVIEW_NOTHING_TYPED.get(ui), theme.dim())),
    }
    lines.push(Line::default());
    for (point, state) in points.iter().zip(&states) {
        let (mark, style) = point_look(*state, theme);
        lines.extend(wrapped(
            &[WrapSpan::new(
                format!("{}{}", mark.get(ui), point.point),
                style,
            )],
            width,
        ));
    }
    if let Some(error) = &drill.saves.error {
        lines.extend(wrapped(
            &[WrapSpan::new(error.clone(), theme.error())],
            width,
        ));
    }
    lines.push(Line::default());
    lines.push(Line::styled(m::REVIEW_REFERENCE.get(ui), theme.title()));
    lines.extend(section_lines(
        card,
        app.lang,
        Section::Interview,
        width.saturating_sub(1) as usize,
        theme,
    ));
    scrolled(ui, drill, lines, theme, body, frame);
}

/// The summary's coverage column for its `i`th question: key points covered, or for a number
/// question its verdict. Only the session knows which were number
/// questions: the summary lists the questions asked, in order.
fn coverage_column(drill: &DrillScreen, i: usize, q: &QuestionSummary, ui: Lang) -> String {
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
        return format!("{}/{}  ", q.coverage.covered, q.coverage.total);
    };
    let word = match graded.verdict {
        Verdict::Exact => m::NUM_EXACT,
        Verdict::Close => m::NUM_CLOSE,
        Verdict::Off => m::NUM_OFF_SHORT,
    }
    .get(ui);
    // Padded by display width (a Chinese character takes two columns), so the column lines up.
    let pad = VERDICT_COLUMN.saturating_sub(UnicodeWidthStr::width(word));
    format!("{word}{}", " ".repeat(pad))
}

/// The columns of the coverage column when it holds a number verdict.
const VERDICT_COLUMN: usize = 7;

/// The summary's title and its one line of totals.
fn summary_head(summary: &DrillSummary, ui: Lang, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled(m::SUMMARY_TITLE.get(ui), theme.title())];
    let questions = m::count(
        ui,
        summary.questions.len(),
        m::SUMMARY_QUESTIONS_ONE,
        m::SUMMARY_QUESTIONS,
    );
    lines.extend(wrapped(
        &[WrapSpan::new(
            m::SUMMARY_LINE.fill(
                ui,
                &[
                    ("questions", &questions),
                    ("graded", &summary.graded),
                    ("skipped", &summary.skipped),
                    ("took", &clock_f(summary.total_seconds)),
                    ("limit", &clock_f(summary.total_limit_seconds)),
                    ("covered", &summary.coverage.covered),
                    ("total", &summary.coverage.total),
                ],
            ),
            theme.text(),
        )],
        width,
    ));
    lines
}

pub(super) fn render_summary(
    view: DrillView<'_>,
    summary: &DrillSummary,
    area: Rect,
    frame: &mut Frame<'_>,
) {
    let DrillView { app, drill, theme } = view;
    let ui = app.ui();
    let mut lines = summary_head(summary, ui, theme, area.width);
    lines.push(Line::default());
    for (i, q) in summary.questions.iter().enumerate() {
        let coverage = coverage_column(drill, i, q, ui);
        let title = app
            .deck
            .get(&q.card_id)
            .map_or(q.card_id.as_str(), |c| c.title(app.lang));
        let grade = match (q.grade, q.skipped) {
            (Some(g), _) => grade_word(g),
            (None, true) => m::SUMMARY_SKIPPED,
            (None, false) => m::SUMMARY_NOT_GRADED,
        }
        .get(ui);
        let grade_pad = " ".repeat(11usize.saturating_sub(grade.width()));
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
                WrapSpan::new(format!("{grade}{grade_pad}"), theme.accent()),
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
                m::SUMMARY_WEAKEST.fill(ui, &[("tags", &summary.weakest_tags.join(", "))]),
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
            lines.push(Line::styled(m::SUMMARY_MISSING.get(ui), theme.title()));
            for point in missed.iter().take(MISSED_SHOWN) {
                lines.extend(wrapped(
                    &[WrapSpan::new(
                        m::SUMMARY_MISSED_POINT.fill(
                            ui,
                            &[
                                ("point", &point.point),
                                ("missed", &point.missed),
                                ("answers", &point.answers),
                                ("card", &point.card_id),
                            ],
                        ),
                        theme.text(),
                    )],
                    area.width,
                ));
            }
        }
    }
    lines.push(Line::default());
    let saved = match &drill.saves.error {
        Some(error) => WrapSpan::new(error.clone(), theme.error()),
        None => WrapSpan::new(
            if drill.saves.reviews == 1 {
                m::SUMMARY_SAVED_ONE
            } else {
                m::SUMMARY_SAVED
            }
            .fill(
                ui,
                &[
                    ("n", &drill.saves.reviews),
                    ("key", &key_for(Context::DrillSummary, Action::Back)),
                ],
            ),
            theme.dim(),
        ),
    };
    lines.extend(wrapped(&[saved], area.width));
    scrolled(ui, drill, lines, theme, area, frame);
}
