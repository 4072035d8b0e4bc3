//! One state-and-update module per screen and overlay. Each owns its state and turns actions
//! into changes of it, telling the app (through a small flow enum) what else must happen, so
//! `App::update` only routes.

pub mod calc;
pub mod cards;
pub mod drill;
pub mod drill_choice;
pub mod layout;
pub mod prompt;
pub mod search;
