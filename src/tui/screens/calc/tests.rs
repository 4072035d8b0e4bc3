//! The calculators screen's state, driven without the app.

use super::*;

#[test]
fn typing_recomputes_and_a_bad_field_keeps_the_others() {
    let table = HardwareTable::bundled();
    let mut screen = CalcScreen::new(&table);
    assert!(screen.outcome.is_ok());
    screen.start_editing(&table);
    screen.edit(
        KeyEvent::from(ratatui::crossterm::event::KeyCode::Char('s')),
        &table,
    );
    let error = screen.outcome.clone().unwrap_err();
    assert_eq!(error.field, Some("size"));
    assert_eq!(screen.form().get("links"), Some("pcie4 nvlink3 ib-hdr"));
    screen.edit(
        KeyEvent::from(ratatui::crossterm::event::KeyCode::Backspace),
        &table,
    );
    assert!(screen.outcome.is_ok());
}

#[test]
fn options_cycle_and_forms_survive_switching() {
    let table = HardwareTable::bundled();
    let mut screen = CalcScreen::new(&table);
    screen.switch_calculator(1, &table);
    assert_eq!(screen.spec().id, "collective");
    screen.cycle_option(1, &table);
    assert_eq!(screen.value(), "allgather");
    screen.switch_calculator(-1, &table);
    screen.switch_calculator(1, &table);
    assert_eq!(screen.value(), "allgather");
    screen.switch_calculator(-2, &table);
    let last = CALCULATORS.last().expect("calculators").id;
    assert_eq!(screen.spec().id, last, "switching wraps around");
}

#[test]
fn the_last_link_of_a_list_cycles() {
    let table = HardwareTable::bundled();
    let mut screen = CalcScreen::new(&table);
    screen.move_field(1);
    screen.cycle_option(1, &table);
    let value = screen.value().to_owned();
    assert!(value.starts_with("pcie4 nvlink3 "), "{value}");
    assert_ne!(value, "pcie4 nvlink3 ib-hdr");
}

#[test]
fn update_edits_leaves_and_hands_on_what_is_not_its_own() {
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};
    let table = HardwareTable::bundled();
    let mut screen = CalcScreen::new(&table);
    let digit = KeyEvent::new(KeyCode::Char('7'), KeyModifiers::NONE);
    assert_eq!(
        screen.update(Action::TextKey(digit), &table),
        CalcFlow::Stay
    );
    assert!(screen.editing, "a digit on a field edits it");
    assert_eq!(screen.value(), "7");
    // While editing, Esc stops editing; then other keys go back to the app.
    assert_eq!(screen.update(Action::Back, &table), CalcFlow::Stay);
    assert!(!screen.editing);
    assert_eq!(
        screen.update(Action::ToggleHelp, &table),
        CalcFlow::Global(Action::ToggleHelp)
    );
    let reading = Reading {
        card: 3,
        section: crate::content::Section::Interview,
        scroll: crate::tui::screens::layout::Scroll::Top(0),
        follow_up: 0,
    };
    screen.return_to = Some(reading);
    assert_eq!(
        screen.update(Action::Back, &table),
        CalcFlow::Leave(Some(reading))
    );
    assert_eq!(screen.update(Action::Back, &table), CalcFlow::Leave(None));
}
