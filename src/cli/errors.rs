//! The core's errors in the interface language. The config file's, the progress file's and the
//! file guard's error types carry the path and the bad value in their variants; this picks the
//! catalogue message for each variant and fills it, so the core keeps one English `Display` (for
//! logs and tests) and never chooses a language.

use crate::content::Lang;
use crate::content::file_guard::ReadError;
use crate::drill::store::{FORMAT_VERSION, StoreError};
use crate::settings::ConfigError;
use crate::text::messages::{self as m, Msg};
use crate::text::sanitize::{sanitize, sanitize_line};

/// A config file error in `lang`.
pub fn config(error: &ConfigError, lang: Lang) -> String {
    if lang == Lang::En {
        return error.to_string();
    }
    match error {
        ConfigError::Parse {
            path,
            line,
            message,
        } => m::CONFIG_PARSE.fill(
            lang,
            &[
                ("path", &sanitize_line(path)),
                ("line", line),
                ("message", &toml_message(message, lang)),
            ],
        ),
        ConfigError::Links { path, message } => m::CONFIG_LINKS.fill(
            lang,
            &[("path", &sanitize_line(path)), ("message", message)],
        ),
        ConfigError::DataDirEmpty { path } => {
            m::CONFIG_DATA_DIR_EMPTY.fill(lang, &[("path", &sanitize_line(path))])
        }
        ConfigError::ExamDate { path, value } => m::CONFIG_EXAM_DATE.fill(
            lang,
            &[("path", &sanitize_line(path)), ("value", &sanitize(value))],
        ),
        ConfigError::NumbersMix { path, value } => {
            m::CONFIG_NUMBERS_MIX.fill(lang, &[("path", &sanitize_line(path)), ("value", value)])
        }
        ConfigError::File { path, problem } => refused(m::CONFIG_FILE, path, problem, lang),
        ConfigError::Read { path, source } => failed(m::CONFIG_READ, path, source, lang),
        ConfigError::Missing { path } => {
            m::CONFIG_MISSING.fill(lang, &[("path", &sanitize_line(path))])
        }
    }
}

/// The TOML parser's message, in `lang` where its kind is known: an unknown key (with the keys
/// there are) or an unknown language; others keep the parser's words.
fn toml_message(message: &str, lang: Lang) -> String {
    if let Some(rest) = message.strip_prefix("unknown field ")
        && let Some((key, keys)) = rest.split_once(", expected one of ")
    {
        return m::CONFIG_UNKNOWN_KEY.fill(lang, &[("key", &key), ("keys", &keys)]);
    }
    if let Some(rest) = message.strip_prefix("unknown variant ")
        && let Some((value, choices)) = rest.split_once(", expected ")
    {
        let choices = choices.replace(" or ", " 或 ");
        return m::CONFIG_BAD_VARIANT.fill(lang, &[("value", &value), ("choices", &choices)]);
    }
    if let Some(detail) = message.strip_prefix("invalid type: ") {
        return m::CONFIG_BAD_TYPE.fill(lang, &[("detail", &detail)]);
    }
    m::CONFIG_SYNTAX.fill(lang, &[("detail", &message)])
}

/// A progress file error in `lang`.
pub fn store(error: &StoreError, lang: Lang) -> String {
    if lang == Lang::En {
        return error.to_string();
    }
    let shown = |path: &std::path::Path| sanitize_line(&path.display().to_string()).into_owned();
    match error {
        StoreError::Corrupt { path, line, .. } => {
            let place = line.map_or_else(|| shown(path), |l| format!("{}:{l}", shown(path)));
            m::STORE_CORRUPT.fill(
                lang,
                &[
                    ("path", &place),
                    ("message", &m::STORE_UNPARSABLE.get(lang)),
                ],
            )
        }
        StoreError::TooNew { path, found } => m::STORE_TOO_NEW.fill(
            lang,
            &[
                ("path", &shown(path)),
                ("found", found),
                ("supported", &FORMAT_VERSION),
            ],
        ),
        StoreError::File { path, problem } => refused(m::STORE_FILE, &shown(path), problem, lang),
        StoreError::Read { path, source } => failed(m::STORE_READ, &shown(path), source, lang),
        StoreError::Write { path, source } => failed(m::STORE_WRITE, &shown(path), source, lang),
        StoreError::NoDataDir => m::STORE_NO_DIR.get(lang).to_owned(),
    }
}

/// `msg` about the file at `path` that the guard refused.
fn refused(msg: Msg, path: &str, problem: &ReadError, lang: Lang) -> String {
    let problem = read_problem(problem, lang);
    msg.fill(
        lang,
        &[("path", &sanitize_line(path)), ("problem", &problem)],
    )
}

/// `msg` about the file at `path` an I/O call failed on.
fn failed(msg: Msg, path: &str, error: &std::io::Error, lang: Lang) -> String {
    msg.fill(
        lang,
        &[("path", &sanitize_line(path)), ("error", &io(error, lang))],
    )
}

/// Why a file was not read, as a predicate after its name.
pub fn read_problem(problem: &ReadError, lang: Lang) -> String {
    match problem {
        ReadError::NotRegular(kind) => {
            let kind = match *kind {
                "a directory" => m::KIND_DIRECTORY.get(lang),
                "a socket" => m::KIND_SOCKET.get(lang),
                "a device" => m::KIND_DEVICE.get(lang),
                fifo if fifo.starts_with("a FIFO") => m::KIND_FIFO.get(lang),
                other => other,
            };
            m::FILE_NOT_REGULAR.fill(lang, &[("kind", &kind)])
        }
        ReadError::TooLarge {
            size: Some(size),
            limit,
        } => m::FILE_TOO_LARGE.fill(lang, &[("size", &mib(*size)), ("limit", &mib(*limit))]),
        ReadError::TooLarge { size: None, limit } => {
            m::FILE_GREW.fill(lang, &[("limit", &mib(*limit))])
        }
        ReadError::NotUtf8(at) => m::FILE_NOT_UTF8.fill(lang, &[("at", at)]),
        ReadError::Io(e) => m::FILE_IO.fill(lang, &[("error", &io(e, lang))]),
    }
}

/// An I/O error by its kind; the operating system's own words only for the rare kinds.
pub fn io(error: &std::io::Error, lang: Lang) -> String {
    match error.kind() {
        std::io::ErrorKind::NotFound => m::IO_NOT_FOUND.get(lang).to_owned(),
        std::io::ErrorKind::PermissionDenied => m::IO_DENIED.get(lang).to_owned(),
        _ => m::IO_OTHER.fill(lang, &[("error", error)]),
    }
}

/// A size in MiB with at most one decimal, as the file guard writes it.
fn mib(bytes: u64) -> String {
    let tenths = (bytes * 10).div_ceil(1 << 20);
    if tenths.is_multiple_of(10) || tenths >= 100 {
        format!("{} MiB", tenths.div_ceil(10))
    } else {
        format!("{}.{} MiB", tenths / 10, tenths % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_config_error_has_chinese_words_and_keeps_the_value() {
        let errors = [
            ConfigError::Parse {
                path: "c.toml".into(),
                line: 2,
                message: "unknown field `colour`, expected one of `lang`, `ui-lang`".into(),
            },
            ConfigError::ExamDate {
                path: "c.toml".into(),
                value: "soon".into(),
            },
            ConfigError::NumbersMix {
                path: "c.toml".into(),
                value: 30.0,
            },
            ConfigError::DataDirEmpty {
                path: "c.toml".into(),
            },
            ConfigError::Missing {
                path: "/x.toml".into(),
            },
            ConfigError::File {
                path: "/dev/zero".into(),
                problem: ReadError::NotRegular("a device"),
            },
        ];
        for (error, keeps) in errors
            .iter()
            .zip(["colour", "soon", "30", "c.toml", "/x.toml", "设备"])
        {
            let zh = config(error, Lang::Zh);
            assert!(zh.contains(keeps), "{zh}");
            assert!(zh.contains('：'), "{zh}");
            assert_eq!(config(error, Lang::En), error.to_string());
        }
    }

    #[test]
    fn sizes_read_as_the_guard_writes_them() {
        assert_eq!(mib(5 << 20), "5 MiB");
        assert_eq!(mib(4 << 20), "4 MiB");
        assert_eq!(mib((3 << 20) / 2), "1.5 MiB");
    }
}
