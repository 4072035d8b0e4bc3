//! The question text of a number template: `{key}` and `{key:name}` placeholders.

use super::NumberTemplate;

/// A placeholder of a prompt: the key and the optional `:name` filter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placeholder<'a> {
    pub key: &'a str,
    pub filter: Option<&'a str>,
}

/// The pieces of a prompt: literal text and placeholders, or a message about a stray brace.
pub fn placeholders(prompt: &str) -> Result<Vec<Result<&str, Placeholder<'_>>>, String> {
    let mut pieces = Vec::new();
    let mut rest = prompt;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err(format!("a '}}' without its '{{' in '{prompt}'"));
        }
        let close = rest[open + 1..]
            .find(['{', '}'])
            .filter(|at| rest[open + 1 + at..].starts_with('}'))
            .map(|at| at + 1)
            .ok_or_else(|| format!("a '{{' is not closed in '{prompt}'"))?;
        pieces.push(Ok(&rest[..open]));
        let inner = rest[open + 1..open + close].trim();
        let (key, filter) = match inner.split_once(':') {
            Some((k, f)) => (k.trim(), Some(f.trim())),
            None => (inner, None),
        };
        pieces.push(Err(Placeholder { key, filter }));
        rest = &rest[open + close + 1..];
    }
    pieces.push(Ok(rest));
    Ok(pieces)
}

/// Every placeholder names an input; `:name` is the only filter; the text is not empty.
pub(super) fn check_prompts(name: &str, template: &NumberTemplate, problems: &mut Vec<String>) {
    let known = |key: &str| {
        template.inputs.iter().any(|(k, _)| k == key) || template.vary.iter().any(|(k, _)| k == key)
    };
    for lang in crate::content::Lang::ALL {
        let prompt = template.prompt.get(lang);
        if prompt.trim().is_empty() {
            problems.push(format!("{name}: prompt.{lang} is empty"));
            continue;
        }
        match placeholders(prompt) {
            Err(message) => problems.push(format!("{name}: prompt.{lang}: {message}")),
            Ok(pieces) => {
                for placeholder in pieces.iter().filter_map(|p| p.as_ref().err()) {
                    if !known(placeholder.key) {
                        problems.push(format!(
                            "{name}: prompt.{lang} names '{{{}}}', which is not an input or a \
                             varying input of the template",
                            placeholder.key
                        ));
                    }
                    if let Some(filter) = placeholder.filter.filter(|f| *f != "name") {
                        problems.push(format!(
                            "{name}: prompt.{lang}: '{{{}:{filter}}}': the only filter is \
                             ':name' (a link's name)",
                            placeholder.key
                        ));
                    }
                }
            }
        }
    }
}
