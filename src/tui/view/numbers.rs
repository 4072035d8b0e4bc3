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
use ratatui::widgets::{Block, Borders, Paragraph};

use super::drill::wrapped;
use crate::calc::format;
use crate::content::Lang;
use crate::drill::numbers::{Graded, NumberQuestion, Verdict};
use crate::text::wrap::Span as WrapSpan;
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::keymap::{Context, key_for};
use crate::tui::screens::drill::DrillScreen;
use crate::tui::theme::Theme;

/// Picks the string of the language shown (these move to the catalogue later).
pub(super) const fn tr(lang: Lang, zh: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// The question, the answer box, and why the last text was not taken.
pub fn render_answering(
    app: &App,
    drill: &DrillScreen,
    question: &NumberQuestion,
    theme: Theme,
    area: Rect,
    frame: &mut Frame<'_>,
) {
    let lang = app.lang;
    let mut lines = Vec::new();
    if drill
        .session
        .current()
        .is_some_and(|q| q.follow_up_of.is_some())
    {
        let lead = tr(
            lang,
            "面试官接着问：那算一下数字——",
            "The interviewer goes on: so, in numbers —",
        );
        lines.push(Line::styled(lead, theme.dim()));
    }
    lines.extend(wrapped(
        &[WrapSpan::new(
            question.prompt(lang).to_owned(),
            theme.text(),
        )],
        area.width,
    ));
    let error: Vec<Line<'static>> = drill.number_error.as_ref().map_or_else(Vec::new, |e| {
        let lead = tr(lang, "不是数值加单位：", "not a number with a unit: ");
        wrapped(
            &[WrapSpan::new(format!("{lead}{e}"), theme.error())],
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
    answer.set_placeholder_text(tr(
        lang,
        "例如 430 ms、3.4 Tb/s、12 GB、1.5 小时",
        "e.g. 430 ms, 3.4 Tb/s, 12 GB, 1.5 h",
    ));
    let title = if drill.typing {
        format!(
            " {} · Enter {} ",
            tr(
                lang,
                "你的答案：数值加单位",
                "your answer: a number with its unit"
            ),
            tr(lang, "提交", "submits")
        )
    } else {
        format!(
            " {} {} · {} {} ",
            key_for(Context::Drill, Action::StartTyping),
            tr(lang, "输入", "to type"),
            key_for(Context::Drill, Action::Reveal),
            tr(lang, "提交", "to submit"),
        )
    };
    let border = if drill.typing {
        theme.key()
    } else {
        theme.dim()
    };
    answer.set_block(
        Block::default()
            .borders(Borders::ALL)
            .border_style(border)
            .title(title),
    );
    if !drill.typing {
        answer.set_cursor_style(Style::new());
    }
    frame.render_widget(&answer, box_area);
    frame.render_widget(Paragraph::new(error), error_area);
}

/// The verdict, the slip, the engine's answer and its worked steps, and the `c` key.
pub fn render_reveal(
    app: &App,
    drill: &DrillScreen,
    question: &NumberQuestion,
    theme: Theme,
    area: Rect,
    frame: &mut Frame<'_>,
) {
    let lang = app.lang;
    let Some(graded) = drill.session.answer().and_then(|a| a.number.as_ref()) else {
        return;
    };
    let [head, body] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
    ]));
    let (word, style) = verdict_look(graded.verdict, lang, theme);
    let next = key_for(Context::Drill, Action::Open);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(word, style),
            Span::styled(
                format!("  {next} {}", tr(lang, "下一题", "next")),
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
    lines.extend(verdict_lines(graded, question, lang, theme, width));
    if let Some(error) = &drill.save_error {
        lines.extend(wrapped(
            &[WrapSpan::new(error.clone(), theme.error())],
            width,
        ));
    }
    lines.push(Line::default());
    let calc = key_for(Context::Drill, Action::OpenCalculator);
    lines.extend(wrapped(
        &[
            WrapSpan::new(calc, theme.key()),
            WrapSpan::new(
                tr(
                    lang,
                    " 用这道题的输入打开计算器",
                    " opens the calculator with these inputs",
                )
                .to_owned(),
                theme.text(),
            ),
        ],
        width,
    ));
    if !question.steps.is_empty() {
        let title = tr(lang, "计算器的步骤", "how the calculator works it out");
        lines.push(Line::styled(title, theme.title()));
        for step in &question.steps {
            lines.extend(wrapped(&[WrapSpan::new(step.clone(), theme.dim())], width));
        }
    }
    let command = format!("infraprep {}", question.command.join(" "));
    lines.extend(wrapped(&[WrapSpan::new(command, theme.dim())], width));
    scrolled(drill, lines, theme, body, frame);
}

/// `✗ off`, `◐ close`, `✓ exact`: a mark and a word, so the verdict reads without colour.
fn verdict_look(verdict: Verdict, lang: Lang, theme: Theme) -> (&'static str, Style) {
    match verdict {
        Verdict::Exact => (tr(lang, "✓ 准确", "✓ exact"), theme.accent()),
        Verdict::Close => (tr(lang, "◐ 接近", "◐ close"), theme.key()),
        Verdict::Off => (tr(lang, "✗ 偏差大", "✗ off"), theme.error()),
    }
}

/// What was typed, as read, against the engine's answer; then the named slip.
fn verdict_lines(
    graded: &Graded,
    question: &NumberQuestion,
    lang: Lang,
    theme: Theme,
    width: u16,
) -> Vec<Line<'static>> {
    let typed = if graded.typed.is_empty() {
        tr(lang, "（未作答）", "(no answer)").to_owned()
    } else {
        graded.typed.clone()
    };
    let ratio = graded
        .ratio
        .map(|r| format!(" (×{})", format::sig(r, 3)))
        .unwrap_or_default();
    let mut lines = wrapped(
        &[
            WrapSpan::new(tr(lang, "你的答案：", "you: ").to_owned(), theme.dim()),
            WrapSpan::new(format!("{typed}{ratio}"), theme.text()),
            WrapSpan::new(tr(lang, " · 答案：", " · answer: ").to_owned(), theme.dim()),
            WrapSpan::new(question.answer.text.clone(), theme.title()),
        ],
        width,
    );
    if let Some(diagnosis) = graded.diagnosis {
        let lead = tr(lang, "失误：", "slip: ");
        lines.extend(wrapped(
            &[
                WrapSpan::new(lead.to_owned(), theme.title()),
                WrapSpan::new(diagnosis.explain(lang).to_owned(), theme.error()),
            ],
            width,
        ));
    }
    lines
}

/// Draws `lines` from the drill's scroll position, with a position row when they overflow.
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
    let position = format!(
        "{}-{} / {total} · {} {}",
        top + 1,
        (top + rows).min(total),
        key_for(Context::Drill, Action::Move(1)),
        key_for(Context::Drill, Action::Move(-1)),
    );
    frame.render_widget(Paragraph::new(Line::styled(position, theme.dim())), footer);
}
