//! Where an answer can be checked by hand: the command line that prints a calculator's report.
//! The number at a dotted path in that report is [`crate::calculators::lookup`].

use crate::calculators::{Calculator, FieldKind, Form};

/// The argv after `infraprep` that runs `form` with `--json`, as the calculator's subcommand
/// reads it: positionals in field order, repeated flags for link lists, bare flags for on/off.
pub fn argv(calc: &Calculator, form: &Form) -> Vec<String> {
    let mut args = vec!["calc".to_owned(), calc.id.to_owned()];
    for field in calc.fields {
        let Some(value) = form.get(field.name) else {
            continue;
        };
        let flag = format!("--{}", field.flag_name());
        match field.kind {
            FieldKind::Flag if matches!(value.trim(), "yes" | "true" | "on") => args.push(flag),
            FieldKind::Flag => {}
            FieldKind::Links => {
                for id in value.split_whitespace() {
                    args.extend([flag.clone(), id.to_owned()]);
                }
            }
            _ if field.positional => args.push(value.to_owned()),
            _ => args.extend([flag, value.to_owned()]),
        }
    }
    args.push("--json".to_owned());
    args
}

/// The argv as a line to paste into a shell: any word with more than letters, digits and
/// `-_.:` is single-quoted, so `64 * 2` or a path with spaces reaches `infraprep` whole. The
/// CLI, the drill screen and the Anki export all show commands this way.
pub fn shell_words(argv: &[String]) -> String {
    argv.iter()
        .map(|w| {
            if w.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.:".contains(c))
            {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod shell_tests {
    use super::shell_words;

    #[test]
    fn words_a_shell_would_split_or_expand_are_quoted() {
        let argv: Vec<String> = ["calc", "64 * 2 * 16", "--link", "nvlink4", "it's", "a/b"]
            .map(str::to_owned)
            .to_vec();
        assert_eq!(
            shell_words(&argv),
            r"calc '64 * 2 * 16' --link nvlink4 'it'\''s' 'a/b'"
        );
    }
}
