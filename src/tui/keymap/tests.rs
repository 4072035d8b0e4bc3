//! The key table's rules: no key bound twice, context keys before global ones, text fields
//! taking letters, and hints, footer and help coming from the table.

use super::*;

fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

#[test]
fn no_key_is_bound_twice_in_one_context() {
    for (i, a) in BINDINGS.iter().enumerate() {
        for b in &BINDINGS[i + 1..] {
            for context in a.contexts.iter().filter(|c| b.applies_in(**c)) {
                for key in a.keys {
                    assert!(
                        !b.keys.contains(key),
                        "{:?} bound twice in {context:?}",
                        key_label(key),
                    );
                }
            }
        }
    }
}

#[test]
fn context_bindings_win_over_global_ones() {
    assert_eq!(
        lookup(
            Context::Help,
            &press(KeyCode::Char('q'), KeyModifiers::NONE)
        ),
        Some(Action::ToggleHelp)
    );
    assert_eq!(
        lookup(
            Context::List,
            &press(KeyCode::Char('q'), KeyModifiers::NONE)
        ),
        Some(Action::Quit)
    );
    assert_eq!(
        lookup(
            Context::List,
            &press(KeyCode::Char('G'), KeyModifiers::SHIFT)
        ),
        Some(Action::Bottom)
    );
}

#[test]
fn text_fields_take_letters_and_editing_keys_but_ctrl_c_still_quits() {
    for code in [
        KeyCode::Char('q'),
        KeyCode::Char('1'),
        KeyCode::Char('张'),
        KeyCode::Left,
    ] {
        let event = press(code, KeyModifiers::NONE);
        assert_eq!(
            lookup(Context::Search, &event),
            Some(Action::TextKey(event))
        );
    }
    let undo = press(KeyCode::Char('z'), KeyModifiers::CONTROL);
    assert_eq!(
        lookup(Context::CalcEdit, &undo),
        Some(Action::TextKey(undo))
    );
    assert_eq!(
        lookup(
            Context::Search,
            &press(KeyCode::Char('c'), KeyModifiers::CONTROL)
        ),
        Some(Action::Quit)
    );
    assert_eq!(
        lookup(Context::Search, &press(KeyCode::Enter, KeyModifiers::NONE)),
        Some(Action::Open)
    );
}

#[test]
fn hints_name_the_bound_key() {
    assert_eq!(key_for(Context::Reader, Action::Back), "Esc");
    assert_eq!(key_for(Context::DrillAnswer, Action::StopTyping), "Esc");
    assert_eq!(key_for(Context::List, Action::ShowCalculators), "2");
    assert_eq!(key_for(Context::List, Action::EndDrill), "?", "unbound");
}

#[test]
fn footer_and_help_come_from_the_table_in_the_interface_language() {
    let cases = [
        (Lang::En, ["Tab section", "q quit"], "Reading a card"),
        (Lang::Zh, ["Tab 分节", "q 退出"], "阅读卡片"),
    ];
    for (lang, reader_hints, reader_title) in cases {
        let hints = footer_hints(Context::Reader, lang);
        assert!(reader_hints.iter().all(|h| hints.contains(h)), "{hints:?}");
        assert!(
            help_rows(lang)
                .iter()
                .any(|(title, _)| *title == reader_title)
        );
    }
    assert!(!footer_hints(Context::Search, Lang::En).contains(&"q quit"));
    let help = help_rows(Lang::En);
    let reader = help
        .iter()
        .find(|(title, _)| *title == "Reading a card")
        .unwrap();
    assert!(reader.1.iter().any(|(keys, _)| keys == "Esc Backspace"));
    let total: usize = help.iter().map(|(_, rows)| rows.len()).sum();
    // One row per binding and section; the drill's phases share one section.
    let in_drill = |c: &&Context| Context::DRILL_PHASES.contains(c);
    let rows: usize = BINDINGS
        .iter()
        .map(|b| {
            let phases = b.contexts.iter().filter(in_drill).count();
            b.contexts.len() - phases + usize::from(phases > 0)
        })
        .sum();
    assert_eq!(total, rows);
    // Each hint starts with the same key in both languages, so the footer styles it alike.
    for hint in BINDINGS.iter().filter_map(|b| b.hint) {
        let key = |lang| hint.get(lang).split_once(' ').map(|(k, _)| k);
        assert_eq!(key(Lang::Zh), key(Lang::En), "{}", hint.id);
        assert!(key(Lang::En).is_some(), "{} has no label", hint.id);
    }
}

#[test]
fn space_reveals_while_answering_and_pages_down_in_the_review_and_summary() {
    let space = press(KeyCode::Char(' '), KeyModifiers::NONE);
    assert_eq!(lookup(Context::DrillAsk, &space), Some(Action::Reveal));
    for context in [
        Context::DrillGrade,
        Context::DrillNext,
        Context::DrillSummary,
    ] {
        assert_eq!(
            lookup(context, &space),
            Some(Action::MovePage(1)),
            "{context:?}"
        );
    }
    // Grades only while one is awaited; on the summary `q` leaves, as Esc does.
    let one = press(KeyCode::Char('1'), KeyModifiers::NONE);
    assert_eq!(lookup(Context::DrillGrade, &one), Some(Action::Grade(1)));
    assert_eq!(lookup(Context::DrillNext, &one), Some(Action::ShowCards));
    let q = press(KeyCode::Char('q'), KeyModifiers::NONE);
    assert_eq!(lookup(Context::DrillSummary, &q), Some(Action::Back));
    assert_eq!(lookup(Context::DrillAsk, &q), Some(Action::EndDrill));
}
