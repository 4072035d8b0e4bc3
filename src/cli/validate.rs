//! `infraprep validate`: every problem in the given decks as `path:line: message`.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use super::{CommandResult, emit};
use crate::calc::HardwareTable;
use crate::calculators::preset::check_card;
use crate::cli::ValidateArgs;
use crate::cli::problems;
use crate::content::deck::{check, load};
use crate::content::parallel::{self, Memo};
use crate::content::{CalcPreset, DeckSource, Figure, Problem};
use crate::drill::numbers::{TemplateChecks, check_card_with};
use crate::settings::Settings;
use crate::text::messages as m;

/// What a card's preset and figure checks read, but its path: cards equal in this get the same
/// problems (a big deck repeats its preset lists).
type PresetsKey = (Vec<CalcPreset>, Vec<Figure>, Vec<usize>, Vec<usize>, usize);

/// Checks the decks named on the command line, or with none named, the decks in use: the bundled
/// deck and those of `--deck` and the config file, as `list` and the app read them.
pub fn run(
    args: &ValidateArgs,
    settings: &Settings,
    table: &HardwareTable,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> CommandResult {
    let ui = settings.ui();
    let (sources, context) = if args.dirs.is_empty() {
        (settings.decks.clone(), None)
    } else {
        let dirs = args.dirs.iter().cloned().map(DeckSource::Dir).collect();
        (dirs, Some(load(&[DeckSource::Bundled]).deck))
    };
    let (deck, mut problems) = check(&sources, context.as_ref());
    // Presets, figures and number templates are computed: the slow part, done on all cores,
    // and once per distinct preset list or template (a big deck repeats them).
    let templates = TemplateChecks::default();
    let presets: Memo<PresetsKey, Vec<Problem>> = Memo::default();
    let computed = parallel::map(deck.cards(), |card| {
        // Everything the preset and figure checks read but the path, which is set below.
        let origin = &card.origin;
        let key = (
            card.calc.clone(),
            card.figures.clone(),
            origin.calc_lines.clone(),
            origin.figure_lines.clone(),
            origin.id_line,
        );
        let mut found: Vec<Problem> = presets
            .get_or(key, || check_card(card, table))
            .into_iter()
            .map(|p| Problem {
                path: origin.path.clone(),
                ..p
            })
            .collect();
        found.extend(check_card_with(card, table, &templates));
        found
    });
    problems.extend(computed.into_iter().flatten());
    let cards = deck.len();
    // Freeing 10,000 parsed cards takes about a tenth of a second: done on another thread while
    // the problems are sorted and printed (if none starts, the deck is dropped here).
    let _ = std::thread::Builder::new().spawn(move || drop(deck));
    problems.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
    if problems.is_empty() {
        emit(
            out,
            &format!("{}\n", m::VALIDATE_OK.fill(ui, &[("n", &cards)])),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let listing = problems.iter().fold(String::new(), |mut text, p| {
        let _ = writeln!(text, "{}", problems::shown(p, ui));
        text
    });
    emit(out, &listing)?;
    let files = {
        let mut paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
        paths.dedup();
        paths.len()
    };
    let summary = if problems.len() == 1 {
        m::VALIDATE_PROBLEMS_ONE
    } else {
        m::VALIDATE_PROBLEMS
    };
    let summary = summary.fill(ui, &[("n", &problems.len()), ("files", &files)]);
    emit(err, &format!("{summary}\n"))?;
    Ok(ExitCode::FAILURE)
}
