//! OSC 8 hyperlinks for source URLs: `ESC ] 8 ; ; URL ESC \ text ESC ] 8 ; ; ESC \`, which
//! terminals that know it make clickable and others ignore.
//!
//! Only ours pass: the one wrapper is written here around a URL that holds no control
//! character, after the `SafeWriter` has cleaned every other byte of the output (card text
//! with an OSC 8 of its own prints it visibly, as `^[]8;;…`). Links are off when the output is
//! not a terminal, with `--color never` or `NO_COLOR`, with `INFRAPREP_HYPERLINKS=never`, or
//! with `hyperlinks = false` in the config file; `INFRAPREP_HYPERLINKS=always` turns them on for
//! a pipe too (a pager that understands them).

use std::io::IsTerminal;

use crate::cli::ColorChoice;

/// Whether source URLs are printed as OSC 8 hyperlinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hyperlinks {
    pub on: bool,
}

impl Hyperlinks {
    pub const OFF: Hyperlinks = Hyperlinks { on: false };

    /// Decides from `--color`, the environment, the config file's `hyperlinks` and the output.
    pub fn detect(choice: ColorChoice, config: Option<bool>) -> Hyperlinks {
        let var = |name: &str| std::env::var(name).ok();
        Hyperlinks {
            on: decide(choice, config, &var, std::io::stdout().is_terminal()),
        }
    }

    /// `text` linking to `url`, or `text` alone when links are off or the URL could carry an
    /// escape sequence (a control character) or is not a web address.
    pub fn link(self, url: &str, text: &str) -> String {
        let safe = (url.starts_with("https://") || url.starts_with("http://"))
            && !url.chars().any(char::is_control);
        if self.on && safe {
            format!("\x1b]8;;{url}\x1b\\{text}\x1b]8;;\x1b\\")
        } else {
            text.to_owned()
        }
    }
}

fn decide(
    choice: ColorChoice,
    config: Option<bool>,
    var: &dyn Fn(&str) -> Option<String>,
    terminal: bool,
) -> bool {
    let no_color = var("NO_COLOR").is_some_and(|v| !v.is_empty());
    if choice == ColorChoice::Never || no_color || config == Some(false) {
        return false;
    }
    match var("INFRAPREP_HYPERLINKS").as_deref().map(str::trim) {
        Some("never" | "0" | "off" | "false") => false,
        Some("always" | "1" | "on" | "true") => true,
        _ => terminal && var("TERM").is_none_or(|t| t != "dumb"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn links_only_on_a_terminal_unless_asked() {
        let auto = ColorChoice::Auto;
        assert!(decide(auto, None, &env(&[]), true));
        assert!(!decide(auto, None, &env(&[]), false), "piped");
        assert!(!decide(ColorChoice::Never, None, &env(&[]), true));
        assert!(!decide(auto, None, &env(&[("NO_COLOR", "1")]), true));
        assert!(!decide(auto, Some(false), &env(&[]), true), "config off");
        let never = env(&[("INFRAPREP_HYPERLINKS", "never")]);
        assert!(!decide(auto, None, &never, true));
        let always = env(&[("INFRAPREP_HYPERLINKS", "always")]);
        assert!(decide(auto, None, &always, false));
        assert!(!decide(ColorChoice::Never, None, &always, false));
        assert!(!decide(auto, None, &env(&[("TERM", "dumb")]), true));
    }

    #[test]
    fn only_a_clean_web_address_is_linked() {
        let on = Hyperlinks { on: true };
        assert_eq!(
            on.link("https://a.b/c", "https://a.b/c"),
            "\x1b]8;;https://a.b/c\x1b\\https://a.b/c\x1b]8;;\x1b\\"
        );
        assert_eq!(on.link("https://a\x1b]0;x\x07", "t"), "t");
        assert_eq!(on.link("javascript:alert(1)", "t"), "t");
        assert_eq!(Hyperlinks::OFF.link("https://a.b", "t"), "t");
    }
}
