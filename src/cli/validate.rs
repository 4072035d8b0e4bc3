//! `infraprep validate`: every problem in the given decks as `path:line: message`.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use super::{CommandResult, emit};
use crate::calc::HardwareTable;
use crate::calculators::preset::check_card;
use crate::cli::ValidateArgs;
use crate::content::DeckSource;
use crate::content::deck::{check, load};

pub fn run(
    args: &ValidateArgs,
    table: &HardwareTable,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> CommandResult {
    let (sources, context) = if args.dirs.is_empty() {
        (vec![DeckSource::Bundled], None)
    } else {
        let dirs = args.dirs.iter().cloned().map(DeckSource::Dir).collect();
        (dirs, Some(load(&[DeckSource::Bundled]).deck))
    };
    let (deck, mut problems) = check(&sources, context.as_ref());
    // Presets, figures and number templates are computed: the slow part, done on all cores.
    let computed = crate::content::parallel::map(deck.cards(), |card| {
        let mut found = check_card(card, table);
        found.extend(crate::drill::numbers::check_card(card, table));
        found
    });
    problems.extend(computed.into_iter().flatten());
    problems.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
    if problems.is_empty() {
        emit(out, &format!("ok: {} cards, no problems\n", deck.len()))?;
        return Ok(ExitCode::SUCCESS);
    }
    let listing = problems.iter().fold(String::new(), |mut text, p| {
        let _ = writeln!(text, "{p}");
        text
    });
    emit(out, &listing)?;
    let files = {
        let mut paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
        paths.dedup();
        paths.len()
    };
    let plural = if problems.len() == 1 { "" } else { "s" };
    emit(
        err,
        &format!("{} problem{plural} in {files} file(s)\n", problems.len()),
    )?;
    Ok(ExitCode::FAILURE)
}
