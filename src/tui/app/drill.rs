//! The drill screen's share of `App::update`: starting drills, their keys, and the clock.

use std::path::PathBuf;

use chrono::{DateTime, NaiveDate, Utc};

use super::saving::AfterOpen;
use super::{App, Effect, Screen};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::drill::session::DEFAULT_MINUTES;
use crate::drill::{DrillMode, DrillOptions, Grade, Phase, Progress, due_queue};
use crate::text::messages as m;
use crate::tui::action::Action;
use crate::tui::keymap::{Context, key_for};
use crate::tui::screens::drill::{DrillScreen, Saving};
use crate::tui::screens::drill_choice::{DrillChoice, Pick};

/// What every drill started from the app shares: where progress lives, time per answer, the
/// exam date. Filled from the command line and the config file.
#[derive(Debug, Clone)]
pub struct DrillSetup {
    /// `None` when no data directory could be found (no home directory).
    pub data_dir: Option<PathBuf>,
    pub minutes: f64,
    pub exam: Option<NaiveDate>,
}

impl Default for DrillSetup {
    fn default() -> Self {
        DrillSetup {
            data_dir: None,
            minutes: DEFAULT_MINUTES,
            exam: None,
        }
    }
}

impl App {
    /// Pasted text into the answer box.
    pub(super) fn paste_answer(&mut self, text: &str) {
        if let Some(drill) = &mut self.drill {
            drill.answer.paste(text);
        }
        if let (Some(drill), Some(saving)) = (&self.drill, &self.saving) {
            drill.publish_draft(self.now, saving);
        }
    }

    #[must_use]
    pub fn with_drill_setup(mut self, setup: DrillSetup) -> App {
        let mix = self.drill_choice.numbers_mix;
        self.drill_choice = DrillChoice::new(setup.minutes);
        self.drill_choice.numbers_mix = mix;
        self.drill_setup = setup;
        self
    }

    /// How often a drilled card's answer is followed by a number question (the `numbers-mix`
    /// setting, 0 to 1); the drill screen's form starts from it.
    #[must_use]
    pub fn with_numbers_mix(mut self, mix: f64) -> App {
        self.drill_choice.numbers_mix = mix;
        self
    }

    /// The runner's clock. While a drill question is timed, a timed-out answer is submitted.
    pub fn tick(&mut self, now: DateTime<Utc>) {
        self.now = now;
        self.poll_deck();
        self.settle_search();
        let timed_out = self
            .drill
            .as_ref()
            .is_some_and(|d| d.phase() == Phase::Answering && d.session.timer(now).timed_out);
        if timed_out {
            self.with_drill(|drill, saving, now| {
                drill.submit(now, saving);
                drill.publish_draft(now, saving);
            });
            self.status = Some(m::DRILL_TIME_UP.get(self.ui()).to_owned());
        }
        self.after_step();
    }

    /// Tells the runner when a clock appears on or leaves the screen, so it only sends ticks
    /// while one is showing.
    pub(super) fn check_clock(&mut self) {
        let clock = self.screen == Screen::Drill
            && self.overlay.is_none()
            && self
                .drill
                .as_ref()
                .is_some_and(|d| d.phase() == Phase::Answering);
        // While the deck is read in the background, ticks bring it in when it is done.
        // So do they a query typed before the search index was built.
        let needed = clock || !self.deck_loaded() || self.search_pending();
        if needed != self.pace.ticking {
            self.pace.ticking = needed;
            self.effects.push(Effect::Ticking(needed));
        }
    }

    /// Starts a drill with `options` on the drill screen; once the progress store is open, if
    /// the runner has yet to open it.
    pub fn start_drill(&mut self, mut options: DrillOptions) {
        if !self.request_progress() {
            self.after_open = Some(AfterOpen::Drill(options));
            return;
        }
        let progress = self.stored_progress().cloned().unwrap_or_default();
        let table = self.table();
        options
            .numbers_mix
            .get_or_insert(self.drill_choice.numbers_mix);
        match DrillScreen::start(&self.deck, &progress, options, &table, self.now) {
            Ok(mut drill) => {
                if let Some(saving) = &self.saving {
                    drill.offer_draft(saving);
                }
                if let Some(at) = drill.restored_draft {
                    self.status = Some(
                        m::DRILL_DRAFT_BACK
                            .fill(self.ui(), &[("at", &at.format("%Y-%m-%d %H:%M UTC"))]),
                    );
                }
                self.drill = Some(drill);
                self.screen = Screen::Drill;
                self.check_clock();
            }
            Err(message) => self.status = Some(message),
        }
    }

    /// The options every drill starts from.
    pub fn drill_options(&self, mode: DrillMode) -> DrillOptions {
        DrillOptions {
            minutes_per_answer: self.drill_setup.minutes,
            mode,
            lang: self.lang,
            exam: self.drill_setup.exam,
            seed: self.now.timestamp().unsigned_abs(),
            ..DrillOptions::default()
        }
    }

    /// `d` on a card: that card and its follow-up chain, as an interview.
    pub(super) fn start_card_drill(&mut self, index: usize) {
        let Some(card) = self.card(index) else { return };
        // The mode and minutes chosen on the drill screen's form apply here too.
        let options = DrillOptions {
            card: Some(card.id.clone()),
            minutes_per_answer: self.drill_choice.minutes,
            numbers: self.drill_choice.numbers,
            ..self.drill_options(self.drill_choice.mode)
        };
        self.start_drill(options);
    }

    /// A drill from the drill screen's form.
    pub(super) fn start_screen_drill(&mut self, mode: Option<DrillMode>) {
        if !self.request_progress() {
            self.after_open = Some(AfterOpen::ScreenDrill(mode));
            return;
        }
        let empty = Progress::default();
        let progress = self.stored_progress().unwrap_or(&empty);
        let choice = self.drill_choice.clone();
        let ids: Vec<&str> = self.deck.cards().iter().map(|c| c.id.as_str()).collect();
        let any_due = !due_queue(&ids, progress, self.now, self.drill_setup.exam).is_empty();
        let due = match choice.pick {
            Pick::DueFirst => any_due,
            Pick::DueOnly => true,
            Pick::Any => false,
        };
        let options = DrillOptions {
            count: Some(choice.count),
            due,
            tag: choice.tag,
            minutes_per_answer: choice.minutes,
            numbers: choice.numbers,
            ..self.drill_options(mode.unwrap_or(choice.mode))
        };
        self.start_drill(options);
    }

    /// The deck's tags, sorted, for the form's tag row.
    fn tags(&self) -> Vec<String> {
        let mut tags: Vec<String> = self
            .deck
            .cards()
            .iter()
            .flat_map(|c| c.tags.iter().cloned())
            .collect();
        tags.sort();
        tags.dedup();
        tags
    }

    /// Runs `f` on the drill with the store, so grades are saved as they are given.
    fn with_drill(&mut self, f: impl FnOnce(&mut DrillScreen, &mut Saving, DateTime<Utc>)) {
        let now = self.now;
        if let (Some(drill), Some(saving)) = (&mut self.drill, &mut self.saving) {
            f(drill, saving, now);
        }
        // Every drill step may have saved: the stats shown next must include it.
        if self.stats.is_some() {
            self.refresh_stats();
        }
    }

    pub(super) fn update_drill(&mut self, action: Action) {
        self.drill_action(action);
        if let (Some(drill), Some(saving)) = (&self.drill, &self.saving) {
            drill.publish_draft(self.now, saving);
        }
    }

    fn drill_action(&mut self, action: Action) {
        let Some(drill) = &mut self.drill else {
            return match action {
                Action::StartDrill => self.start_screen_drill(None),
                Action::StartPractice => self.start_screen_drill(Some(DrillMode::Practice)),
                Action::Move(step) => self.drill_choice.move_row(step),
                Action::NextSection | Action::PreviousSection => {
                    let tags = self.tags();
                    let step = if action == Action::NextSection { 1 } else { -1 };
                    self.drill_choice.change(step, &tags);
                }
                other => self.update_global(other),
            };
        };
        let now = self.now;
        let ui = self.ui_lang.unwrap_or(self.lang);
        match action {
            // Enter submits a number answer; in a spoken answer it starts a new line.
            Action::Reveal if drill.typing && !drill.session.asking_number() => {
                drill
                    .answer
                    .edit(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
            }
            Action::OpenCalculator => self.open_number_calculator(),
            Action::TextKey(key) => {
                drill.answer.edit(key);
            }
            Action::StopTyping => drill.typing = false,
            // The review and the summary scroll; while answering there is nothing to scroll.
            Action::Move(rows) if drill.phase() != Phase::Answering => {
                drill.scroll_by(isize::try_from(rows).unwrap_or(0));
            }
            Action::MovePage(pages) if drill.phase() != Phase::Answering => {
                let page = drill.page_rows.get().cast_signed();
                drill.scroll_by(isize::try_from(pages).unwrap_or(0) * page);
            }
            Action::Top => drill.scroll = 0,
            Action::Bottom => drill.scroll = usize::MAX,
            Action::StartTyping if drill.phase() == Phase::Answering => drill.typing = true,
            Action::Reveal if drill.phase() == Phase::Answering => {
                self.with_drill(|d, s, now| d.submit(now, s));
            }
            Action::Grade(n) => {
                let grade = Grade::ALL.get(usize::from(n).saturating_sub(1)).copied();
                if let Some(grade) = grade {
                    self.with_drill(|d, s, now| d.grade(grade, now, s));
                }
            }
            Action::Open => self.with_drill(|d, s, now| d.next(now, s)),
            Action::Hint => {
                if drill.session.hint().is_none() {
                    self.status = Some(m::DRILL_NO_MORE_HINTS.get(ui).to_owned());
                }
            }
            Action::TogglePause => match drill.phase() {
                Phase::Answering => drill.session.pause(now),
                Phase::Paused => drill.session.resume(now),
                _ => {}
            },
            Action::Skip => {
                let mut skipped = false;
                self.with_drill(|d, s, now| skipped = d.skip(now, s));
                if !skipped {
                    self.status = Some(m::DRILL_ONLY_FOLLOW_UPS.get(ui).to_owned());
                }
            }
            // On the summary the drill is over: q, like Esc, leaves it (no dead key).
            Action::Back | Action::EndDrill if drill.summary.is_some() => {
                self.drill = None;
                self.screen = Screen::Cards;
            }
            Action::EndDrill => self.with_drill(|d, s, now| d.end(now, s)),
            Action::Back => {
                let then = match drill.session.options().mode {
                    DrillMode::Interview => m::DRILL_THEN_REVIEW,
                    DrillMode::Practice => m::DRILL_THEN_SUMMARY,
                };
                self.status = Some(m::DRILL_HOW_TO_END.fill(
                    ui,
                    &[
                        ("end", &key_for(Context::DrillAsk, Action::EndDrill)),
                        ("then", &then.get(ui)),
                        ("back", &key_for(Context::DrillAsk, Action::Back)),
                    ],
                ));
            }
            other => self.update_global(other),
        }
    }
}
