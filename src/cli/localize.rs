//! The command line in the interface language: clap's help and usage errors in Chinese.
//!
//! clap renders help and errors in English and cannot switch at run time, so for Chinese the
//! built command tree is walked once: every about, help and after-help text is looked up (by its
//! English text) in the catalogue's help part, the headings and the usage line are replaced, and
//! default and possible values move into the help text, where they can be worded in Chinese.
//! Usage errors are worded from clap's error kind and context (`localize/usage.rs`). English is
//! clap's own output, untouched, so the generated docs never change.

mod usage;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Arg, Command};

pub use usage::error_text;

use crate::content::Lang;
use crate::settings::{self, Env};
use crate::text::messages::{self as m, HELP_MESSAGES};

/// The interface language before the command line is parsed, so help and usage errors speak
/// it: the config file's `ui-lang`, else `--lang`, else its `lang`, else the locale, else
/// English (the order `Settings::ui` follows). A config file that cannot be read counts as none
/// here; the command reports it once it runs.
pub fn ui_lang(args: &[OsString], var: &dyn Fn(&str) -> Option<String>) -> Lang {
    let flag = flag_value(args, "--lang").and_then(|v| v.parse::<Lang>().ok());
    let config = flag_value(args, "--config")
        .map(PathBuf::from)
        .or_else(|| {
            var("INFRAPREP_CONFIG")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        })
        .or_else(settings::default_config_path);
    let file = config.and_then(|path| settings::read_config(&path).ok().flatten());
    let (ui, lang) = file.map_or((None, None), |f| (f.ui_lang, f.lang));
    let locale = Env {
        var,
        default_config: None,
    }
    .locale_lang();
    ui.or(flag).or(lang).or(locale).unwrap_or(Lang::En)
}

/// The value of `--name VALUE` or `--name=VALUE` before any `--`.
fn flag_value(args: &[OsString], name: &str) -> Option<String> {
    let words: Vec<String> = args
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .take_while(|a| a != "--")
        .collect();
    let prefix = format!("{name}=");
    words.iter().enumerate().find_map(|(i, word)| {
        if word == name {
            words.get(i + 1).cloned()
        } else {
            word.strip_prefix(&prefix).map(str::to_owned)
        }
    })
}

/// `cmd` in Chinese when `lang` is: its help texts, headings and usage lines (built first, to
/// render its usage). In English it is left for clap to build as it parses: building every
/// subcommand up front cost the first frame about 0.7 ms.
pub fn localized(mut cmd: Command, lang: Lang) -> Command {
    if lang == Lang::Zh {
        cmd.build();
        translate(&mut cmd);
    }
    cmd
}

/// The help layout with a Chinese usage heading (clap's `{usage-heading}` is English).
const ZH_TEMPLATE: &str =
    "{before-help}{about-with-newline}\n用法：{usage}\n\n{all-args}{after-help}";

fn translate(cmd: &mut Command) {
    let usage = zh_usage(&cmd.render_usage().to_string());
    let mut owned = std::mem::take(cmd)
        .mut_args(translate_arg)
        .help_template(ZH_TEMPLATE)
        .override_usage(usage)
        .subcommand_help_heading(m::USAGE_COMMANDS_HEADING.zh);
    if let Some(about) = owned.get_about().map(ToString::to_string) {
        owned = owned.about(zh_help(&about));
    }
    if let Some(about) = owned.get_long_about().map(ToString::to_string) {
        owned = owned.long_about(zh_help(&about));
    }
    if let Some(after) = owned.get_after_help().map(ToString::to_string) {
        owned = owned.after_help(zh_help(&after));
    }
    if let Some(after) = owned.get_after_long_help().map(ToString::to_string) {
        owned = owned.after_long_help(zh_help(&after));
    }
    *cmd = owned;
    for sub in cmd.get_subcommands_mut() {
        translate(sub);
    }
}

/// clap's usage text without its heading, with the placeholders in Chinese.
pub(crate) fn zh_usage(usage: &str) -> String {
    let body = usage.trim_start_matches("Usage:").trim_start();
    body.replace("[OPTIONS]", m::USAGE_OPTIONS.zh)
        .replace("<COMMAND>", "<命令>")
        .replace("[COMMAND]", "[命令]")
        // Continuation lines line up under the first after the shorter heading.
        .replace("\n       ", "\n     ")
}

fn translate_arg(arg: Arg) -> Arg {
    if arg.is_hide_set() {
        return arg;
    }
    let mut notes = String::new();
    let takes_value = arg.get_action().takes_values();
    let mut arg = arg;
    let values: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_owned())
        .collect();
    if takes_value && !values.is_empty() && !arg.is_hide_possible_values_set() {
        notes.push_str(&m::USAGE_CHOICES.fill(Lang::Zh, &[("values", &values.join("、"))]));
        arg = arg.hide_possible_values(true);
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if takes_value && !defaults.is_empty() && !arg.is_hide_default_value_set() {
        notes.push_str(&m::USAGE_DEFAULT.fill(Lang::Zh, &[("value", &defaults.join("、"))]));
        arg = arg.hide_default_value(true);
    }
    if let Some(name) = arg.get_env().map(|e| e.to_string_lossy().into_owned())
        && !arg.is_hide_env_set()
    {
        notes.push_str(&m::USAGE_ENV.fill(Lang::Zh, &[("name", &name)]));
        arg = arg.hide_env(true);
    }
    let help = arg.get_help().map(|h| zh_help(&h.to_string()));
    let long = arg.get_long_help().map(|h| zh_help(&h.to_string()));
    let heading = if arg.is_positional() {
        m::USAGE_ARGUMENTS_HEADING.zh
    } else if arg.get_help_heading() == Some(super::args::GLOBAL) {
        m::USAGE_GLOBAL_HEADING.zh
    } else {
        m::USAGE_OPTIONS_HEADING.zh
    };
    let arg = arg.help_heading(heading);
    let arg = match help {
        Some(help) => arg.help(format!("{help}{notes}")),
        None if !notes.is_empty() => arg.help(notes.clone()),
        None => arg,
    };
    match long {
        Some(long) => arg.long_help(format!("{long}{notes}")),
        None => arg,
    }
}

/// The Chinese for one of clap's help texts: the whole text, or paragraph by paragraph (an
/// example block line by line, its command lines kept); what the catalogue lacks stays English.
pub fn zh_help(en: &str) -> String {
    if let Some(zh) = find(en) {
        return zh.to_owned();
    }
    en.split("\n\n")
        .map(|paragraph| {
            if let Some(zh) = find(paragraph) {
                return zh.to_owned();
            }
            if paragraph.starts_with("Example") {
                return paragraph
                    .lines()
                    .map(|line| find(line).unwrap_or(line))
                    .collect::<Vec<_>>()
                    .join("\n");
            }
            paragraph.to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The parts of `en` the catalogue cannot translate (command lines need none).
pub fn untranslated(en: &str) -> Vec<String> {
    if find(en).is_some() {
        return Vec::new();
    }
    en.split("\n\n")
        .filter(|p| find(p).is_none())
        .flat_map(|paragraph| {
            if paragraph.starts_with("Example") {
                paragraph
                    .lines()
                    .filter(|l| find(l).is_none() && !is_command_line(l))
                    .map(str::to_owned)
                    .collect()
            } else {
                vec![paragraph.to_owned()]
            }
        })
        .collect()
}

/// An example's command line, with no comment beside it: nothing to translate.
fn is_command_line(line: &str) -> bool {
    line.starts_with("  ") && !line.trim().contains("   ")
}

fn find(en: &str) -> Option<&'static str> {
    HELP_MESSAGES
        .iter()
        .find(|msg| msg.en == en)
        .map(|msg| msg.zh)
        .or_else(|| registry_help(en))
}

/// A calculator's about or a field's help: the registry holds their Chinese beside them.
fn registry_help(en: &str) -> Option<&'static str> {
    let given = |zh: &'static str| (!zh.is_empty()).then_some(zh);
    crate::calculators::CALCULATORS.iter().find_map(|calc| {
        if calc.about == en {
            return given(calc.about_zh);
        }
        calc.fields
            .iter()
            .find(|field| field.help == en)
            .and_then(|field| given(field.help_zh))
    })
}

/// Every help text of `cmd` and its subcommands, with the command it belongs to.
pub fn help_texts(cmd: &Command) -> Vec<(String, String)> {
    let name = cmd.get_name().to_owned();
    let mut out: Vec<(String, String)> = Vec::new();
    let mut push = |text: Option<&clap::builder::StyledStr>| {
        if let Some(text) = text {
            out.push((name.clone(), text.to_string()));
        }
    };
    push(cmd.get_about());
    push(cmd.get_long_about());
    push(cmd.get_after_help());
    for arg in cmd.get_arguments() {
        push(arg.get_help());
        push(arg.get_long_help());
        for value in arg.get_possible_values() {
            push(value.get_help());
        }
    }
    for sub in cmd.get_subcommands() {
        out.extend(help_texts(sub));
    }
    out
}

#[cfg(test)]
mod tests;
