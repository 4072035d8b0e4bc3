//! The calculators screen.
//!
//! ```text
//!  Transfer time │ Collective cost │ Checkpoint …        (calculator tabs)
//!  form: label  value      │ headline: spec / expected
//!        (hint or error)   │ chart
//!  steps of the arithmetic, scrollable
//! ```

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use unicode_width::UnicodeWidthStr;

use super::{chart, field, wrap_styled};
use crate::calculators::{CALCULATORS, Outcome};
use crate::content::Lang;
use crate::text::messages as m;
use crate::text::wrap::Span as WrapSpan;
use crate::tui::app::App;
use crate::tui::screens::calc::CalcScreen;
use crate::tui::text_field::TextField;
use crate::tui::theme::Theme;

pub fn render(app: &App, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let Some(screen) = &app.calc else { return };
    let ui = app.ui();
    let fields = screen.spec().fields.len() as u16;
    let form_width = (area.width * 9 / 20).clamp(30, 48);
    // The field's help (or error) is wrapped whole under the form: the form is as tall as it
    // needs, so a long help is never cut to two lines.
    let note = form_note(screen, ui, theme, form_width);
    // As tall as the form or the result needs (charts up to their wanted size), leaving the
    // steps at least a few rows.
    let result_rows = match &screen.outcome {
        Ok(outcome) => {
            let result_width = area.width.saturating_sub(form_width) as usize;
            headline_lines(outcome, result_width, ui, theme).len() as u16
                + outcome
                    .charts
                    .iter()
                    .map(|c| chart::wanted_rows(c, ui))
                    .sum::<u16>()
        }
        Err(_) => 4,
    };
    let top_rows = (fields + 1 + note.len() as u16)
        .max(result_rows)
        .min(area.height.saturating_sub(5));
    let [tabs, top, steps] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(top_rows),
        Constraint::Fill(1),
    ]));
    frame.render_widget(
        Paragraph::new(tab_line(screen, ui, theme, tabs.width)),
        tabs,
    );
    let [form, result] = top.layout(&Layout::horizontal([
        Constraint::Length(form_width),
        Constraint::Fill(1),
    ]));
    render_form(screen, note, ui, theme, form, frame);
    match &screen.outcome {
        Ok(outcome) => {
            render_result(outcome, ui, theme, result, frame);
            render_steps(outcome, screen.steps_scroll, ui, theme, steps, frame);
        }
        Err(error) => {
            // A field's error is shown under the form, at the field; here only where to look.
            let text = if error.field.is_some() {
                m::CALC_FIX_FIELD.get(ui).to_owned()
            } else {
                error.message.get(ui).to_owned()
            };
            let message = [WrapSpan::new(text, theme.error())];
            let lines = wrapped(&message, result.width.saturating_sub(2) as usize);
            frame.render_widget(
                Paragraph::new(lines).block(titled(m::CALC_NO_RESULT.get(ui), theme)),
                result,
            );
        }
    }
}

/// The calculators by their short ids (the command-line names, the same in both languages), then
/// the current one's title in `ui`. When they do not all fit the width, a window of ids around
/// the current one is shown, with `‹` / `›` for the rest.
fn tab_line(screen: &CalcScreen, ui: Lang, theme: Theme, width: u16) -> Line<'static> {
    let title = format!(" {}", screen.spec().title_in(ui));
    let labels: Vec<String> = CALCULATORS
        .iter()
        .map(|spec| format!(" {} ", spec.id))
        .collect();
    let (first, last) = tab_window(&labels, screen.calculator, width, title.width());
    let mut spans = Vec::new();
    if first > 0 {
        spans.push(Span::styled("‹", theme.dim()));
    }
    for (index, label) in labels.iter().enumerate().take(last + 1).skip(first) {
        spans.push(Span::styled(
            label.clone(),
            theme.tab(index == screen.calculator),
        ));
    }
    if last + 1 < labels.len() {
        spans.push(Span::styled("›", theme.dim()));
    }
    spans.push(Span::styled(title, theme.title()));
    Line::from(spans)
}

/// First and last tab shown: all of them when they fit with the title, otherwise the widest
/// window around `current` that fits with one column for each `‹` / `›` marker.
fn tab_window(labels: &[String], current: usize, width: u16, title: usize) -> (usize, usize) {
    let widths: Vec<usize> = labels.iter().map(|l| l.width()).collect();
    let room = usize::from(width).saturating_sub(title);
    if widths.iter().sum::<usize>() <= room {
        return (0, labels.len().saturating_sub(1));
    }
    let room = room.saturating_sub(2);
    let current = current.min(labels.len().saturating_sub(1));
    let (mut first, mut last) = (current, current);
    let mut used = widths.get(current).copied().unwrap_or(0);
    loop {
        let grew_right = last + 1 < widths.len() && used + widths[last + 1] <= room;
        if grew_right {
            last += 1;
            used += widths[last];
        }
        let grew_left = first > 0 && used + widths[first - 1] <= room;
        if grew_left {
            first -= 1;
            used += widths[first];
        }
        if !grew_right && !grew_left {
            return (first, last);
        }
    }
}

/// `text` followed by spaces up to `width` display columns.
fn pad_to(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(text.width())))
}

fn titled(title: &str, theme: Theme) -> Block<'static> {
    Block::default()
        .borders(Borders::TOP)
        .title(Span::styled(title.to_owned(), theme.dim()))
}

fn render_form(
    screen: &CalcScreen,
    note: Vec<Line<'static>>,
    ui: Lang,
    theme: Theme,
    area: Rect,
    frame: &mut Frame<'_>,
) {
    let spec = screen.spec();
    let label_width = spec
        .fields
        .iter()
        .map(|f| f.label_in(ui).width())
        .max()
        .unwrap_or(0);
    let bad_field = screen.outcome.as_ref().err().and_then(|e| e.field);
    let mut lines: Vec<Line<'static>> = Vec::new();
    // When the fields and the note do not all fit (the step form has 29 fields), the note keeps
    // its rows and the fields scroll so the selected one stays in view.
    let rows = usize::from(area.height)
        .saturating_sub(1 + note.len())
        .max(1);
    let first = (screen.field + 1).saturating_sub(rows);
    for (index, field) in spec.fields.iter().enumerate().skip(first).take(rows) {
        let focused = index == screen.field;
        let value = screen
            .form()
            .values
            .get(index)
            .map_or("", |(_, v)| v.as_str())
            .to_owned();
        let mut spans = vec![
            Span::styled(if focused { "› " } else { "  " }, theme.key()),
            // Padded by display width, so Chinese labels (two columns a character) line up.
            Span::styled(
                format!("{} ", pad_to(field.label_in(ui), label_width)),
                if focused { theme.title() } else { theme.dim() },
            ),
        ];
        let value_style = if bad_field == Some(field.name) {
            theme.error()
        } else {
            theme.text()
        };
        // The value keeps to its column: a long one scrolls inside it while edited.
        let room = (area.width as usize).saturating_sub(label_width + 5);
        if focused && screen.editing {
            spans.extend(field::spans(
                &screen.editor,
                room,
                true,
                value_style,
                theme.selected(),
            ));
        } else {
            let shown = TextField::new(&value);
            let mut cut = field::spans(&shown, room, false, value_style, value_style);
            if value.width() > room && room > 1 {
                cut = field::spans(&shown, room - 1, false, value_style, value_style);
                cut.push(Span::styled("…", theme.dim()));
            }
            spans.extend(cut);
        }
        if bad_field == Some(field.name) {
            spans.push(Span::styled(" ✗", theme.error()));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::default());
    lines.extend(note);
    frame.render_widget(Paragraph::new(lines), area);
}

/// What the form says under its fields, wrapped to the form's `width`: the error of the field
/// at fault, the choices while one is edited, or the selected field's help.
fn form_note(screen: &CalcScreen, ui: Lang, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let spec = screen.spec();
    let note = match &screen.outcome {
        Err(error) if error.field.is_some() => {
            WrapSpan::new(error.message.get(ui).to_owned(), theme.error())
        }
        _ if screen.editing && !screen.choices.is_empty() => {
            WrapSpan::new(format!("↑/↓: {}", screen.choices.join(" ")), theme.dim())
        }
        _ => WrapSpan::new(
            spec.fields
                .get(screen.field)
                .map_or("", |f| f.help_in(ui))
                .to_owned(),
            theme.dim(),
        ),
    };
    wrapped(&[note], width.saturating_sub(2) as usize)
}

fn render_result(outcome: &Outcome, ui: Lang, theme: Theme, area: Rect, frame: &mut Frame<'_>) {
    let lines = headline_lines(outcome, area.width as usize, ui, theme);
    let headline_rows = lines.len() as u16;
    let [head, charts] = area.layout(&Layout::vertical([
        Constraint::Length(headline_rows.min(area.height)),
        Constraint::Fill(1),
    ]));
    frame.render_widget(Paragraph::new(lines), head);
    let mut rest = charts;
    for chart in &outcome.charts {
        if rest.height < 3 {
            break;
        }
        let rows = chart::wanted_rows(chart, ui).min(rest.height);
        let [this, next] = rest.layout(&Layout::vertical([
            Constraint::Length(rows),
            Constraint::Fill(1),
        ]));
        chart::render(chart, ui, theme, this, frame);
        rest = next;
    }
}

/// The headline table: what, spec, expected. Rows without an expected figure span both columns.
/// The label column: as wide as the labels, up to 18 columns; a longer label gets a line of its
/// own above its figures, so no label is ever cut.
fn label_width(headline: &[(String, String, String)]) -> usize {
    headline
        .iter()
        .map(|(l, _, _)| l.width())
        .filter(|w| *w <= 18)
        .max()
        .unwrap_or(0)
}

/// A row too wide for `width` is stacked instead (label, then the spec and expected figures,
/// each wrapped under it), so no figure is ever cut.
fn headline_lines(outcome: &Outcome, width: usize, ui: Lang, theme: Theme) -> Vec<Line<'static>> {
    let headline: Vec<(String, String, String)> = outcome
        .headline
        .iter()
        .map(|(l, s, e)| {
            (
                l.get(ui).to_owned(),
                s.get(ui).to_owned(),
                e.get(ui).to_owned(),
            )
        })
        .collect();
    let label_width = label_width(&headline);
    let (spec_word, expected_word) = (m::CALC_SPEC.get(ui), m::CALC_EXPECTED.get(ui));
    let spec_width = headline
        .iter()
        .filter(|(_, _, expected)| !expected.is_empty())
        .map(|(_, spec, _)| spec.width())
        .max()
        .unwrap_or(4)
        .max(spec_word.width());
    let mut lines = Vec::new();
    // The column words only over spec and expected pairs: a step time or a memory total alone
    // is neither, and under "spec" it would read as a datasheet figure.
    if headline.iter().any(|(_, _, expected)| !expected.is_empty()) {
        lines.push(Line::from(vec![
            Span::styled(format!("{:<label_width$}  ", ""), theme.dim()),
            Span::styled(
                format!(
                    "{spec_word}{}  ",
                    " ".repeat(spec_width.saturating_sub(spec_word.width()))
                ),
                theme.dim(),
            ),
            Span::styled(expected_word, theme.dim()),
        ]));
    }
    for (label, spec, expected) in &headline {
        let fits = if expected.is_empty() {
            label_width + 2 + spec.width() <= width
        } else {
            label_width + 2 + spec_width + 2 + expected.width() <= width
        };
        if !fits && width > 8 {
            lines.push(Line::raw(label.clone()));
            for (text, style) in [(spec, theme.title()), (expected, theme.accent())] {
                if !text.is_empty() {
                    let wrap = [WrapSpan::new(format!("  {text}"), style)];
                    lines.extend(wrapped(&wrap, width));
                }
            }
            continue;
        }
        let spec = if expected.is_empty() {
            spec.clone()
        } else {
            format!("{spec:<spec_width$}  ")
        };
        let label = if label.width() > label_width {
            lines.push(Line::raw(label.clone()));
            String::new()
        } else {
            label.clone()
        };
        let pad = " ".repeat(label_width.saturating_sub(label.width()));
        lines.push(Line::from(vec![
            Span::raw(format!("{label}{pad}  ")),
            Span::styled(spec, theme.title()),
            Span::styled(expected.clone(), theme.accent()),
        ]));
    }
    lines
}

fn render_steps(
    outcome: &Outcome,
    scroll: usize,
    ui: Lang,
    theme: Theme,
    area: Rect,
    frame: &mut Frame<'_>,
) {
    let width = area.width.saturating_sub(1) as usize;
    // Each wrapped line with the number of the step it belongs to: the title counts steps, as
    // the lines are numbered, not wrapped lines.
    let (numbers, lines): (Vec<usize>, Vec<Line<'static>>) = outcome
        .steps
        .iter()
        .enumerate()
        .flat_map(|(i, step)| {
            wrapped(
                &[WrapSpan::new(
                    format!("{}. {}", i + 1, step.get(ui)),
                    theme.text(),
                )],
                width,
            )
            .into_iter()
            .map(move |line| (i + 1, line))
        })
        .unzip();
    let inner = area.height.saturating_sub(1) as usize;
    let first = scroll.min(lines.len().saturating_sub(inner));
    let position = match (numbers.get(first), numbers.get(first + inner)) {
        // Everything fits: no position.
        (_, None) if first == 0 => String::new(),
        (Some(top), last) => {
            let bottom = last.map_or(outcome.steps.len(), |_| numbers[first + inner - 1]);
            format!("{top}–{bottom}/{}", outcome.steps.len())
        }
        (None, _) => String::new(),
    };
    let title = m::CALC_STEPS.fill(ui, &[("position", &position)]);
    let shown: Vec<Line> = lines.into_iter().skip(first).take(inner).collect();
    frame.render_widget(Paragraph::new(shown).block(titled(&title, theme)), area);
}

/// `spans` wrapped to `width`, continuation lines indented past a step's number.
fn wrapped(spans: &[WrapSpan<ratatui::style::Style>], width: usize) -> Vec<Line<'static>> {
    wrap_styled(spans, width, 3)
}

#[cfg(test)]
mod tests {
    use super::tab_window;

    /// The title of the steps box drawn `rows` high and 30 wide, scrolled by `scroll` lines, for
    /// steps that wrap to two lines each.
    fn steps_title(steps: usize, rows: u16, scroll: usize) -> String {
        use ratatui::backend::TestBackend;
        let outcome = crate::calculators::Outcome {
            steps: (0..steps)
                .map(|i| crate::text::Bi::same(format!("step {i} has words enough to wrap")))
                .collect(),
            ..crate::calculators::Outcome::default()
        };
        let mut terminal = ratatui::Terminal::new(TestBackend::new(30, rows)).expect("terminal");
        let theme = crate::tui::theme::Theme { color: false };
        terminal
            .draw(|frame| {
                let area = frame.area();
                super::render_steps(
                    &outcome,
                    scroll,
                    crate::content::Lang::En,
                    theme,
                    area,
                    frame,
                );
            })
            .expect("draws");
        let buffer = terminal.backend().buffer();
        (0..30).map(|x| buffer[(x, 0)].symbol()).collect()
    }

    #[test]
    fn the_steps_title_counts_steps_not_wrapped_lines() {
        // 10 steps of 2 lines, 6 lines shown: steps 1-3, then from line 8 (step 5) steps 5-7.
        assert!(
            steps_title(10, 7, 0).contains("steps 1–3/10"),
            "{}",
            steps_title(10, 7, 0)
        );
        assert!(
            steps_title(10, 7, 8).contains("steps 5–7/10"),
            "{}",
            steps_title(10, 7, 8)
        );
        // Scrolled to the end: the last step is the bottom.
        assert!(
            steps_title(10, 7, 99).contains("–10/10"),
            "{}",
            steps_title(10, 7, 99)
        );
        // Everything fits: no position.
        assert!(
            !steps_title(2, 9, 0).contains('/'),
            "{}",
            steps_title(2, 9, 0)
        );
    }

    #[test]
    fn tabs_window_around_the_current_one_when_they_do_not_fit() {
        let labels: Vec<String> = ["aaaa", "bbbb", "cccc", "dddd"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        assert_eq!(tab_window(&labels, 2, 40, 10), (0, 3), "all fit");
        // 12 columns left, 10 after the markers: two tabs around the current one.
        assert_eq!(tab_window(&labels, 3, 22, 10), (2, 3));
        assert_eq!(tab_window(&labels, 0, 22, 10), (0, 1));
        assert_eq!(
            tab_window(&labels, 1, 4, 10),
            (1, 1),
            "the current one always shows"
        );
    }
}
