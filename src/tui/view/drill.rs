//! The drill screen: the question with its countdown and answer box; the reveal with the
//! reference answer and which key points the typed answer covered; the end-of-drill summary.
//!
//! ```text
//!  question 2 of 4 · follow-up of #12 · interview          ⏱ 2:41
//!  What is NVSwitch …                                    (the question)
//!  ┌ your answer ───────────────────────────────────────────┐
//!  └────────────────────────────────────────────────────────┘
//! ```

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use unicode_width::UnicodeWidthStr;

use super::wrap_styled;
use crate::content::Card;
use crate::drill::numbers::NumberQuestion;
use crate::drill::{DrillMode, Phase};
use crate::text::messages as m;
use crate::text::wrap::Span as WrapSpan;
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::keymap::{Context, key_for};
use crate::tui::screens::drill::DrillScreen;
use crate::tui::screens::drill_choice::ROWS;
use crate::tui::theme::Theme;

mod review;

pub(super) use review::scrolled;

use review::{render_reveal, render_summary};

/// What every part of the running drill's screen is drawn from: the app, its drill, the theme.
#[derive(Clone, Copy)]
pub(super) struct DrillView<'a> {
    pub app: &'a App,
    pub drill: &'a DrillScreen,
    pub theme: Theme,
}

impl<'a> DrillView<'a> {
    /// The number question on screen, if the question is one.
    pub fn number_question(self) -> Option<&'a NumberQuestion> {
        self.drill.session.current()?.number.as_deref()
    }
}

pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let Some(drill) = &app.drill else {
        return render_idle(app, theme, area, frame);
    };
    let view = DrillView { app, drill, theme };
    if let Some(summary) = &drill.summary {
        return render_summary(view, summary, area, frame);
    }
    let Some(question) = drill.session.current() else {
        return;
    };
    let Some(card) = app.deck.get(&question.card_id) else {
        return;
    };
    let [status, title, body] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(3),
        Constraint::Fill(1),
    ]));
    render_status(app, drill, theme, status, frame);
    let title_lines = wrap_styled(
        &[WrapSpan::new(card.title(app.lang), theme.title())],
        title.width,
        0,
    );
    frame.render_widget(Paragraph::new(title_lines), title);
    match (drill.phase(), question.number.as_deref()) {
        (Phase::Reveal, Some(_)) => super::numbers::render_reveal(view, body, frame),
        (_, Some(_)) => super::numbers::render_answering(view, body, frame),
        (Phase::Reveal, None) => render_reveal(view, card, body, frame),
        _ => render_answering(view, card, body, frame),
    }
}

fn render_status(app: &App, drill: &DrillScreen, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let ui = app.ui();
    let session = &drill.session;
    let question = session.current();
    let mode = match (session.options().mode, session.options().numbers) {
        (_, true) => m::DRILL_NUMBERS_WORD,
        (DrillMode::Interview, _) => m::DRILL_INTERVIEW,
        (DrillMode::Practice, _) => m::DRILL_PRACTICE_MODE,
    }
    .get(ui);
    let chain = question
        .and_then(|q| q.follow_up_of.as_deref())
        .map(|parent| m::DRILL_FOLLOW_UP_OF.fill(ui, &[("parent", &parent)]))
        .unwrap_or_default();
    let heading = |chain: &str| {
        m::DRILL_QUESTION_OF.fill(
            ui,
            &[
                ("n", &(session.index() + 1)),
                ("total", &session.questions().len()),
                ("chain", &chain),
                ("mode", &mode),
            ],
        )
    };
    let mut left = heading(&chain);
    let timer = session.timer(app.now);
    let clock = match drill.phase() {
        Phase::Paused => m::DRILL_PAUSED.get(ui).to_owned(),
        Phase::Answering => format!("⏱ {}", clock(timer.remaining.as_secs())),
        _ => m::DRILL_TOOK.fill(
            ui,
            &[
                ("took", &clock(timer.elapsed.as_secs())),
                ("limit", &clock(timer.limit.as_secs())),
            ],
        ),
    };
    let clock_style = if timer.warning && drill.phase() == Phase::Answering {
        theme.error()
    } else {
        theme.accent()
    };
    let clock = format!(" {clock} ");
    let clock_width =
        (unicode_width::UnicodeWidthStr::width(clock.as_str()) as u16).min(area.width);
    // At 80 columns a long card id would push the clock off: name the follow-up without it.
    let room = usize::from(area.width).saturating_sub(clock_width.into());
    if unicode_width::UnicodeWidthStr::width(left.as_str()) > room {
        let chain = if chain.is_empty() {
            ""
        } else {
            m::DRILL_FOLLOW_UP.get(ui)
        };
        left = heading(chain);
    }
    let [left_area, clock_area] = area.layout(&Layout::horizontal([
        Constraint::Fill(1),
        Constraint::Length(clock_width),
    ]));
    frame.render_widget(Paragraph::new(Line::styled(left, theme.dim())), left_area);
    frame.render_widget(Paragraph::new(Line::styled(clock, clock_style)), clock_area);
}

/// `m:ss` for a non-negative number of seconds (negative or NaN shows as 0:00).
pub(super) fn clock_f(seconds: f64) -> String {
    clock(std::time::Duration::try_from_secs_f64(seconds).map_or(0, |d| d.as_secs()))
}

/// `m:ss`.
fn clock(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

fn render_answering(view: DrillView<'_>, card: &Card, area: Rect, frame: &mut Frame<'_>) {
    let DrillView { app, drill, theme } = view;
    let hints = drill
        .session
        .answer()
        .map(|a| a.hints.clone())
        .unwrap_or_default();
    let points = card.key_points.get(app.lang);
    let hint_lines: Vec<Line<'static>> = hints
        .iter()
        .filter_map(|&i| points.get(i))
        .flat_map(|p| {
            wrapped(
                &[WrapSpan::new(
                    m::DRILL_HINT.fill(app.ui(), &[("point", &p.point)]),
                    theme.accent(),
                )],
                area.width,
            )
        })
        .collect();
    let [hint_area, answer_area] = area.layout(&Layout::vertical([
        Constraint::Length(hint_lines.len() as u16),
        Constraint::Fill(1),
    ]));
    frame.render_widget(Paragraph::new(hint_lines), hint_area);
    let mut answer = drill.answer.widget().clone();
    // Set at each draw, so it follows `L` and names the keys of the drill's mode.
    answer.set_placeholder_text(placeholder(drill.interview(), app.ui()));
    let title = if drill.typing {
        m::DRILL_BOX_TYPING.fill(
            app.ui(),
            &[("key", &key_for(Context::DrillAnswer, Action::StopTyping))],
        )
    } else if drill.interview() {
        m::DRILL_BOX_IDLE_INTERVIEW.fill(
            app.ui(),
            &[
                (
                    "type",
                    &key_for(Context::DrillInterview, Action::StartTyping),
                ),
                ("next", &key_for(Context::DrillInterview, Action::Reveal)),
            ],
        )
    } else {
        m::DRILL_BOX_IDLE.fill(
            app.ui(),
            &[
                ("type", &key_for(Context::DrillAsk, Action::StartTyping)),
                ("reveal", &key_for(Context::DrillAsk, Action::Reveal)),
            ],
        )
    };
    draw_answer_box(answer, drill.typing, title, theme, answer_area, frame);
}

/// The empty answer box's text: how to type and how to go on, in the drill's mode.
fn placeholder(interview: bool, ui: crate::content::Lang) -> String {
    let leave = key_for(Context::DrillAnswer, Action::StopTyping);
    if interview {
        let next = key_for(Context::DrillInterview, Action::Reveal);
        m::DRILL_PLACEHOLDER_INTERVIEW.fill(ui, &[("leave", &leave), ("next", &next)])
    } else {
        let reveal = key_for(Context::DrillAsk, Action::Reveal);
        m::DRILL_PLACEHOLDER.fill(ui, &[("leave", &leave), ("reveal", &reveal)])
    }
}

/// The answer box in its frame: bright with a cursor while typing, dim and cursorless
/// otherwise. The spoken and the number answer boxes share it.
pub(super) fn draw_answer_box(
    mut answer: ratatui_textarea::TextArea<'static>,
    typing: bool,
    title: String,
    theme: Theme,
    area: Rect,
    frame: &mut Frame<'_>,
) {
    let border = if typing { theme.key() } else { theme.dim() };
    answer.set_block(
        Block::default()
            .borders(Borders::ALL)
            .border_style(border)
            .title(title),
    );
    if !typing {
        answer.set_cursor_style(ratatui::style::Style::new());
    }
    frame.render_widget(&answer, area);
}

fn render_idle(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let ui = app.ui();
    let mut lines = vec![Line::styled(m::DRILL_TITLE.get(ui), theme.title())];
    lines.extend(wrapped(
        &[WrapSpan::new(m::DRILL_INTRO.get(ui), theme.text())],
        area.width,
    ));
    lines.push(Line::default());
    let choice = &app.drill_choice;
    let label_width = ROWS.iter().map(|r| r.get(ui).width()).max().unwrap_or(0) + 2;
    for (index, (row, value)) in ROWS.iter().zip(choice.values(ui)).enumerate() {
        let focused = index == choice.row;
        let row = row.get(ui);
        let pad = " ".repeat(label_width.saturating_sub(row.width()));
        lines.push(Line::from(vec![
            Span::styled(if focused { "› " } else { "  " }, theme.key()),
            Span::styled(
                format!("{row}{pad}"),
                if focused { theme.title() } else { theme.dim() },
            ),
            Span::styled(
                if focused {
                    format!("‹ {value} ›")
                } else {
                    value
                },
                theme.text(),
            ),
        ]));
    }
    lines.push(Line::default());
    lines.extend(wrapped(
        &[
            WrapSpan::new(key_for(Context::DrillIdle, Action::StartDrill), theme.key()),
            WrapSpan::new(m::DRILL_START.get(ui), theme.text()),
            WrapSpan::new(
                key_for(Context::DrillIdle, Action::StartPractice),
                theme.key(),
            ),
            WrapSpan::new(m::DRILL_PRACTICE.get(ui), theme.text()),
            WrapSpan::new(key_for(Context::List, Action::StartDrill), theme.key()),
            WrapSpan::new(m::DRILL_ON_A_CARD.get(ui), theme.text()),
        ],
        area.width,
    ));
    if let Some(status) = app.saving_status() {
        lines.push(Line::default());
        lines.extend(wrapped(&[WrapSpan::new(status, theme.dim())], area.width));
    }
    frame.render_widget(Paragraph::new(lines), area);
}

/// The drill screens' wrapping: continuation lines hang two columns in.
pub(super) fn wrapped(spans: &[WrapSpan<ratatui::style::Style>], width: u16) -> Vec<Line<'static>> {
    wrap_styled(spans, width, 2)
}
