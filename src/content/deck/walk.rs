//! Finding the card files of a deck directory without looping, wandering off or giving up.
//!
//! A deck is often a git clone, and git stores symlinks: two `x -> .` links made the old recursive
//! walk visit 2^40 paths, and `root -> /` walked the whole filesystem, after which one unreadable
//! entry dropped the whole deck. So each directory is visited once (by its canonical path), a
//! symlink to a directory is followed only when it stays inside the deck, and a bad entry is
//! skipped with a warning naming it.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::content::Problem;

fn is_hidden(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

fn is_card(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "md")
}

fn warn(problems: &mut Vec<Problem>, path: &Path, message: String) {
    problems.push(Problem::new(&path.display().to_string(), 0, message));
}

/// State of one walk: the deck's canonical root and the directories already listed.
struct Walk<'p> {
    root: PathBuf,
    visited: HashSet<PathBuf>,
    pending: Vec<PathBuf>,
    cards: Vec<PathBuf>,
    problems: &'p mut Vec<Problem>,
}

impl Walk<'_> {
    /// Queues directory `path` (whose canonical form is `canonical`) unless already visited.
    /// Returns false when it was.
    fn enter(&mut self, path: PathBuf, canonical: PathBuf) -> bool {
        let new = self.visited.insert(canonical);
        if new {
            self.pending.push(path);
        }
        new
    }

    /// A symlink: follow it to a file, or to a directory inside the deck seen for the first time.
    fn symlink(&mut self, path: PathBuf) {
        let target = match fs::canonicalize(&path) {
            Ok(target) => target,
            Err(e) => {
                if is_card(&path) {
                    let message = format!("broken symlink: {e} (skipped)");
                    warn(self.problems, &path, message);
                }
                return;
            }
        };
        if !target.is_dir() {
            if is_card(&path) {
                self.cards.push(path);
            }
            return;
        }
        if !target.starts_with(&self.root) {
            let message = format!(
                "symlink to {}, a directory outside the deck, is not followed; \
                 copy those cards into the deck or add that directory as a deck of its own",
                target.display()
            );
            warn(self.problems, &path, message);
        } else if !self.enter(path.clone(), target.clone()) {
            let message = format!(
                "symlink loop: it leads back to {}, which is already read (skipped)",
                target.display()
            );
            warn(self.problems, &path, message);
        }
    }

    /// Lists directory `dir` and queues or records what is in it.
    fn list(&mut self, dir: &Path) -> Result<(), std::io::Error> {
        let mut entries = Vec::new();
        for entry in fs::read_dir(dir)? {
            match entry {
                Ok(entry) => entries.push(entry),
                Err(e) => warn(
                    self.problems,
                    dir,
                    format!("an entry of this directory cannot be read: {e} (skipped)"),
                ),
            }
        }
        entries.sort_by_key(fs::DirEntry::file_name);
        for entry in entries {
            let path = entry.path();
            if is_hidden(&path) {
                continue;
            }
            match entry.file_type() {
                Ok(t) if t.is_symlink() => self.symlink(path),
                Ok(t) if t.is_dir() => match fs::canonicalize(&path) {
                    Ok(canonical) => {
                        self.enter(path, canonical);
                    }
                    Err(e) => warn(
                        self.problems,
                        &path,
                        format!("cannot read the directory: {e} (skipped)"),
                    ),
                },
                // Special files named `*.md` are kept, so that reading them reports them.
                Ok(_) if is_card(&path) => self.cards.push(path),
                Ok(_) => {}
                Err(e) => warn(
                    self.problems,
                    &path,
                    format!("cannot read this entry: {e} (skipped)"),
                ),
            }
        }
        Ok(())
    }
}

/// The `*.md` paths under `root` (unsorted). Fails only when `root` itself cannot be listed;
/// problems with anything below it go to `problems`.
pub(super) fn card_paths(root: &Path, problems: &mut Vec<Problem>) -> Result<Vec<PathBuf>, String> {
    let canonical =
        fs::canonicalize(root).map_err(|e| format!("cannot read the directory: {e}"))?;
    let mut walk = Walk {
        root: canonical.clone(),
        visited: HashSet::from([canonical]),
        pending: Vec::new(),
        cards: Vec::new(),
        problems,
    };
    walk.list(root)
        .map_err(|e| format!("cannot read the directory: {e}"))?;
    while let Some(dir) = walk.pending.pop() {
        if let Err(e) = walk.list(&dir) {
            let message = format!("cannot read the directory: {e} (its cards are skipped)");
            warn(walk.problems, &dir, message);
        }
    }
    Ok(walk.cards)
}
