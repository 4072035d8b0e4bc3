//! Remembering the content language in the config file: the one write to it, made on the
//! user's request (the TUI's language toggle), atomic and keeping everything else as written.

use std::path::Path;

use super::ConfigError;
use super::file::read_config_text;
use crate::content::Lang;
use crate::content::file_guard::{self, MAX_CONFIG_BYTES};

/// Remembers the content language in the config file at `path`, keeping everything else in it
/// as written: the top-level `lang = ...` line is replaced, or added at the top. The file is
/// replaced atomically, so a crash never leaves it half written.
pub fn remember_lang(path: &Path, lang: Lang) -> Result<(), ConfigError> {
    // Write through a symlink (a dotfile manager's link stays a link) and keep the file's mode.
    let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let read_error = |source| ConfigError::Read {
        path: target.display().to_string(),
        source,
    };
    let existing = match std::fs::metadata(&target) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(read_error(e)),
    };
    if existing.is_some() {
        // Never rename a temp file over /dev/null, a pipe or a device.
        file_guard::check_regular(&target, MAX_CONFIG_BYTES).map_err(|problem| {
            ConfigError::File {
                path: target.display().to_string(),
                problem,
            }
        })?;
    }
    let text = read_config_text(&target)?.unwrap_or_default();
    let updated = with_lang_line(&text, lang);
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(read_error)?;
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(read_error)?;
    std::io::Write::write_all(&mut file, updated.as_bytes()).map_err(read_error)?;
    if let Some(meta) = &existing {
        file.as_file()
            .set_permissions(meta.permissions())
            .map_err(read_error)?;
    }
    file.as_file().sync_all().map_err(read_error)?;
    file.persist(&target).map_err(|e| read_error(e.error))?;
    Ok(())
}

/// `text` with its top-level `lang` key set to `lang`.
pub(super) fn with_lang_line(text: &str, lang: Lang) -> String {
    let line = format!("lang = \"{lang}\"");
    let mut out = Vec::new();
    let mut replaced = false;
    let mut top_level = true;
    for existing in text.lines() {
        let trimmed = existing.trim_start();
        if trimmed.starts_with('[') {
            top_level = false;
        }
        // `lang`, `"lang"` and `'lang'` are the same TOML key.
        let is_lang = ["lang", "\"lang\"", "'lang'"].iter().any(|key| {
            trimmed
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        });
        if top_level && is_lang && !replaced {
            out.push(line.clone());
            replaced = true;
        } else {
            out.push(existing.to_owned());
        }
    }
    if !replaced {
        out.insert(0, line);
    }
    out.join("\n") + "\n"
}
