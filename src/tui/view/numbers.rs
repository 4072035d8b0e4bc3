//! Number questions on the drill screen, and the number section of the stats screen.
//!
//! ```text
//!  How long does 10 GiB take over PCIe 4 x16?        (the question)
//!  ┌ your answer: a number with its unit · Enter submits ┐
//!  └──────────────────────────────────────────────────────┘
//!
//!  ✗ off · you: 3.44 s (×8) · answer: 430 ms · n next  (after submitting)
//!  off by 8×: bits taken for bytes (Gb/s against GB/s)?
//!  how the calculator works it out: …steps…
//!  c opens the calculator with these inputs
//! ```

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::drill::{DrillView, draw_answer_box, scrolled, wrapped};
use crate::calc::format;
use crate::content::Lang;
use crate::drill::numbers::{Graded, NumberQuestion, Verdict};
use crate::text::messages as m;
use crate::text::wrap::Span as WrapSpan;
use crate::tui::action::Action;
use crate::tui::keymap::{Context, key_for};
use crate::tui::theme::Theme;

/// The question, the answer box, and why the last text was not taken.
pub(super) fn render_answering(view: DrillView<'_>, area: Rect, frame: &mut Frame<'_>) {
    let DrillView { app, drill, theme } = view;
    let Some(question) = view.number_question() else {
        return;
    };
    let (lang, ui) = (app.lang, app.ui());
    let mut lines = Vec::new();
    if drill
        .session
        .current()
        .is_some_and(|q| q.follow_up_of.is_some())
    {
        lines.push(Line::styled(m::NUM_FOLLOW_UP.get(ui), theme.dim()));
    }
    lines.extend(wrapped(
        &[WrapSpan::new(
            question.prompt(lang).to_owned(),
            theme.text(),
        )],
        area.width,
    ));
    let error: Vec<Line<'static>> = drill.number_error.as_ref().map_or_else(Vec::new, |e| {
        wrapped(
            &[WrapSpan::new(
                m::NUM_NOT_A_QUANTITY.fill(ui, &[("error", e)]),
                theme.error(),
            )],
            area.width,
        )
    });
    let [prompt_area, _, box_area, error_area] = area.layout(&Layout::vertical([
        Constraint::Length(lines.len() as u16),
        Constraint::Length(1),
        Constraint::Length(3),
        Constraint::Fill(1),
    ]));
    frame.render_widget(Paragraph::new(lines), prompt_area);
    let mut answer = drill.answer.widget().clone();
    answer.set_placeholder_text(m::NUM_PLACEHOLDER.get(ui));
    let title = if drill.typing {
        format!(" {} ", m::NUM_BOX_TYPING.get(ui))
    } else {
        // The keys of the drill's own mode: an interview binds its question keys apart.
        let keys = if drill.interview() {
            Context::DrillInterview
        } else {
            Context::DrillAsk
        };
        let idle = m::NUM_BOX_IDLE.fill(
            ui,
            &[
                ("type", &key_for(keys, Action::StartTyping)),
                ("submit", &key_for(keys, Action::Reveal)),
            ],
        );
        format!(" {idle} ")
    };
    draw_answer_box(answer, drill.typing, title, theme, box_area, frame);
    frame.render_widget(Paragraph::new(error), error_area);
}

/// The verdict, the slip, the engine's answer and its worked steps, and the `c` key.
pub(super) fn render_reveal(view: DrillView<'_>, area: Rect, frame: &mut Frame<'_>) {
    let DrillView { app, drill, theme } = view;
    let Some(question) = view.number_question() else {
        return;
    };
    let (lang, ui) = (app.lang, app.ui());
    let Some(graded) = drill.session.answer().and_then(|a| a.number.as_ref()) else {
        return;
    };
    let [head, body] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
    ]));
    let (word, style) = verdict_look(graded.verdict, ui, theme);
    let next = key_for(Context::DrillNext, Action::Open);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(word, style),
            Span::styled(
                format!("  {}", m::NUM_NEXT.fill(ui, &[("key", &next)])),
                theme.key(),
            ),
        ])),
        head,
    );
    let width = body.width;
    // The question stays in view above what was made of the answer.
    let mut lines = wrapped(
        &[WrapSpan::new(question.prompt(lang).to_owned(), theme.dim())],
        width,
    );
    lines.extend(verdict_lines(graded, question, ui, theme, width));
    if let Some(error) = &drill.saves.error {
        lines.extend(wrapped(
            &[WrapSpan::new(error.clone(), theme.error())],
            width,
        ));
    }
    lines.push(Line::default());
    let calc = key_for(Context::DrillNext, Action::OpenCalculator);
    lines.extend(wrapped(
        &[
            WrapSpan::new(calc, theme.key()),
            WrapSpan::new(format!(" {}", m::NUM_OPENS_CALC.get(ui)), theme.text()),
        ],
        width,
    ));
    if !question.working.steps.is_empty() {
        let title = m::NUM_STEPS_TITLE.get(ui);
        lines.push(Line::styled(title, theme.title()));
        for step in &question.working.steps {
            lines.extend(wrapped(
                &[WrapSpan::new(step.get(ui).to_owned(), theme.dim())],
                width,
            ));
        }
    }
    let command = format!(
        "infraprep {}",
        crate::drill::numbers::shell_words(&question.working.command)
    );
    lines.extend(wrapped(&[WrapSpan::new(command, theme.dim())], width));
    scrolled(ui, drill, lines, theme, body, frame);
}

/// `✗ off`, `◐ close`, `✓ exact`: a mark and a word, so the verdict reads without colour.
fn verdict_look(verdict: Verdict, ui: Lang, theme: Theme) -> (String, Style) {
    let (mark, word, style) = match verdict {
        Verdict::Exact => ("✓", m::NUM_EXACT, theme.accent()),
        Verdict::Close => ("◐", m::NUM_CLOSE, theme.key()),
        Verdict::Off => ("✗", m::NUM_OFF, theme.error()),
    };
    (format!("{mark} {}", word.get(ui)), style)
}

/// What was typed, as read, against the engine's answer; then the named slip.
fn verdict_lines(
    graded: &Graded,
    question: &NumberQuestion,
    ui: Lang,
    theme: Theme,
    width: u16,
) -> Vec<Line<'static>> {
    let typed = if graded.typed.text.is_empty() {
        m::NUM_NO_ANSWER.get(ui).to_owned()
    } else {
        graded.typed.text.clone()
    };
    let ratio = graded
        .ratio
        .map(|r| format!(" (×{})", format::sig(r, 3)))
        .unwrap_or_default();
    let mut lines = wrapped(
        &[
            WrapSpan::new(m::NUM_YOU.get(ui).to_owned(), theme.dim()),
            WrapSpan::new(format!("{typed}{ratio}"), theme.text()),
            WrapSpan::new(format!(" · {}", m::NUM_ANSWER_LABEL.get(ui)), theme.dim()),
            WrapSpan::new(question.answer.text.clone(), theme.title()),
        ],
        width,
    );
    if let Some(diagnosis) = graded.diagnosis {
        lines.extend(wrapped(
            &[
                WrapSpan::new(m::NUM_SLIP.get(ui).to_owned(), theme.title()),
                WrapSpan::new(diagnosis.explain(ui).to_owned(), theme.error()),
            ],
            width,
        ));
    }
    lines
}
