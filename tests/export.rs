//! `infraprep export anki|markdown` through the binary: the Anki file's structure (headers,
//! five columns on every line, unique GUIDs, note types, cloze markers), GUIDs that stay put
//! when a card changes while the changed field does change, and the markdown document's links.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use common::{fixture, infraprep};

const HEADERS: [&str; 6] = [
    "#separator:tab",
    "#html:true",
    "#notetype column:2",
    "#deck:infraprep",
    "#guid column:1",
    "#tags column:5",
];

/// The note lines of an Anki export, checked for structure, keyed by GUID.
fn notes(text: &str) -> BTreeMap<String, Vec<String>> {
    let lines: Vec<&str> = text.split('\n').collect();
    assert_eq!(lines[..HEADERS.len()], HEADERS, "headers first, in order");
    assert_eq!(lines.last(), Some(&""), "the file ends with a newline");
    let mut notes = BTreeMap::new();
    for line in &lines[HEADERS.len()..lines.len() - 1] {
        let fields: Vec<String> = line.split('\t').map(str::to_owned).collect();
        assert_eq!(fields.len(), 5, "five columns: {line}");
        assert!(!line.contains('\r'), "no carriage return: {line}");
        assert!(fields[0].starts_with("infraprep:"), "guid: {line}");
        for field in &fields[2..4] {
            assert!(
                !field.starts_with('"'),
                "a leading quote would be read as CSV quoting"
            );
            assert!(!field.is_empty(), "no empty front or back: {line}");
        }
        match fields[1].as_str() {
            "Basic" => assert!(!fields[2].contains("{{c1::"), "{line}"),
            "Cloze" => assert!(fields[2].contains("{{c1::"), "cloze marker: {line}"),
            other => panic!("unknown note type {other}"),
        }
        assert!(fields[4].split(' ').any(|t| t == "infraprep"), "{line}");
        let previous = notes.insert(fields[0].clone(), fields);
        assert!(previous.is_none(), "GUIDs are unique");
    }
    notes
}

fn export(deck: &Path, extra: &[&str]) -> String {
    let deck = deck.to_string_lossy().into_owned();
    let mut args = vec!["--deck", &deck, "--lang", "en", "export", "anki"];
    args.extend_from_slice(extra);
    let run = infraprep(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
}

fn copy_deck(to: &Path) {
    for name in ["alpha.md", "beta.md"] {
        std::fs::copy(fixture("good-deck").join(name), to.join(name)).expect("copy");
    }
}

#[test]
fn reexport_of_a_changed_card_keeps_guids_and_changes_the_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_deck(dir.path());
    let before = notes(&export(dir.path(), &["--both", "--tag", "fixture"]));
    let alpha = dir.path().join("alpha.md");
    let text = std::fs::read_to_string(&alpha).expect("read");
    let changed = text.replace(
        "Answer first, then the reasons.",
        "Reasons first, then a number.",
    );
    assert_ne!(
        text, changed,
        "the fixture has the sentence this test edits"
    );
    std::fs::write(&alpha, changed).expect("write");
    let after = notes(&export(dir.path(), &["--both", "--tag", "fixture"]));

    let keys = |m: &BTreeMap<String, Vec<String>>| m.keys().cloned().collect::<BTreeSet<_>>();
    assert_eq!(keys(&before), keys(&after), "the same GUIDs");
    let expected: BTreeSet<String> = ["alpha", "beta"]
        .iter()
        .flat_map(|id| ["en", "zh"].map(|l| format!("infraprep:{id}:{l}")))
        .collect();
    assert_eq!(keys(&after), expected, "one note per card and language");
    let changed: Vec<&String> = before
        .keys()
        .filter(|guid| before[*guid] != after[*guid])
        .collect();
    assert_eq!(
        changed,
        ["infraprep:alpha:en"],
        "only the edited card and language"
    );
    assert_eq!(
        before["infraprep:alpha:en"][2],
        after["infraprep:alpha:en"][2]
    );
    assert!(after["infraprep:alpha:en"][3].contains("Reasons first, then a number."));
    assert!(!after["infraprep:alpha:en"][3].contains("Answer first"));
}

#[test]
fn the_back_holds_answers_points_follow_ups_and_sources_as_html() {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_deck(dir.path());
    let all = notes(&export(dir.path(), &["--tag", "fixture"]));
    let back = &all["infraprep:alpha:en"][3];
    for part in [
        "<h3>Short answer</h3><p>Tensor parallelism talks every layer.",
        "<h3>Key points</h3><ul><li>NVLink 3 carries 300 GB/s per direction</li></ul>",
        "Where does pipeline parallelism go?",
        "<code>beta</code>",
        "https://www.nvidia.com/en-us/data-center/nvlink/",
    ] {
        assert!(back.contains(part), "missing {part} in {back}");
    }
    assert!(
        back.contains("per direction[1]"),
        "citations numbered: {back}"
    );
    assert_eq!(
        all["infraprep:alpha:en"][2],
        "Why keep tensor parallelism inside a node?"
    );
    assert!(
        all["infraprep:alpha:en"][4]
            .split(' ')
            .any(|t| t == "nvlink")
    );
}

#[test]
fn number_templates_export_as_stable_cloze_variants() {
    let run = infraprep(&["--lang", "en", "export", "anki", "--tag", "nvlink"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let first = notes(&run.stdout);
    let again = notes(&infraprep(&["--lang", "en", "export", "anki", "--tag", "nvlink"]).stdout);
    assert_eq!(first, again, "the same deck exports the same file");
    let cloze: Vec<&Vec<String>> = first.values().filter(|f| f[1] == "Cloze").collect();
    assert!(!cloze.is_empty(), "nvlink cards have number templates");
    for fields in &cloze {
        let (card_and_template, lang) = fields[0].rsplit_once(':').expect("guid ends in lang");
        assert_eq!(lang, "en");
        assert!(
            card_and_template.contains('#'),
            "variant in the guid: {}",
            fields[0]
        );
        assert!(
            fields[3].starts_with("<code>infraprep calc"),
            "{}",
            fields[3]
        );
    }
    // A few variants per template, never more than three.
    let mut per_template: BTreeMap<&str, usize> = BTreeMap::new();
    for fields in &cloze {
        let template = fields[0].split('#').next().unwrap_or_default();
        *per_template.entry(template).or_default() += 1;
    }
    assert!(
        per_template.values().all(|n| (1..=3).contains(n)),
        "{per_template:?}"
    );
    assert!(
        per_template.values().any(|n| *n > 1),
        "templates with inputs vary"
    );
}

#[test]
fn output_file_and_unknown_tag() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("deck.txt");
    let path = file.to_string_lossy().into_owned();
    let run = infraprep(&["export", "anki", "--tag", "nccl", "-o", &path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("wrote"), "{}", run.stdout);
    notes(&std::fs::read_to_string(&file).expect("written"));
    let run = infraprep(&["export", "markdown", "--tag", "no-such-tag"]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("no-such-tag"), "{}", run.stderr);
}

#[test]
fn markdown_links_follow_ups_inside_the_document() {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_deck(dir.path());
    let deck = dir.path().to_string_lossy().into_owned();
    let run = infraprep(&[
        "--deck", &deck, "export", "markdown", "--tag", "fixture", "--both",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = run.stdout;
    assert!(doc.starts_with("# infraprep deck: fixture\n"), "{doc}");
    for part in [
        "<a id=\"alpha\"></a>",
        "<a id=\"beta-zh\"></a>",
        "- [Where does pipeline parallelism go?](#beta)",
        "- [流水线并行放在哪里？](#beta-zh)",
        "1. NVIDIA NVLink page <https://www.nvidia.com/en-us/data-center/nvlink/>",
        "- [101. Why keep tensor parallelism inside a node?](#alpha)",
    ] {
        assert!(doc.contains(part), "missing {part}");
    }
    // Every in-document link has its anchor.
    for link in doc.split("](#").skip(1) {
        let target = link.split(')').next().unwrap_or_default();
        assert!(
            doc.contains(&format!("<a id=\"{target}\"></a>")),
            "no anchor {target}"
        );
    }
    let alpha = doc.find("<a id=\"alpha\">").unwrap_or_default();
    let beta = doc.find("<a id=\"beta\">").unwrap_or_default();
    assert!(alpha < beta, "cards in order");
}

/// `--lang both` (before or after the subcommand) exports what `--both` does: both languages,
/// the locale's first (English when the locale says nothing).
#[test]
fn lang_both_exports_both_languages_like_the_both_alias() {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_deck(dir.path());
    let deck = dir.path().to_string_lossy().into_owned();
    for target in ["anki", "markdown"] {
        let run = |args: &[&str]| {
            let mut all = vec!["--deck", deck.as_str()];
            all.extend_from_slice(args);
            let run = infraprep(&all);
            assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
            run.stdout
        };
        let alias = run(&["export", target, "--tag", "fixture", "--both"]);
        let global = run(&["--lang", "both", "export", target, "--tag", "fixture"]);
        let after = run(&["export", target, "--tag", "fixture", "--lang", "both"]);
        let english = run(&["--lang", "en", "export", target, "--tag", "fixture"]);
        assert_eq!(alias, global, "{target}: --lang both is --both");
        assert_eq!(alias, after, "{target}: the flag may follow the subcommand");
        assert!(
            alias.len() > english.len(),
            "{target}: both is more than one"
        );
        assert!(alias.starts_with(english.lines().next().unwrap_or_default()));
        if target == "anki" {
            let guids = notes(&global).into_keys().collect::<BTreeSet<_>>();
            for guid in ["infraprep:alpha:en", "infraprep:alpha:zh"] {
                assert!(guids.contains(guid), "{guid} in {guids:?}");
            }
        } else {
            assert!(global.contains("<a id=\"alpha\"></a>"), "{global}");
            assert!(global.contains("<a id=\"alpha-zh\"></a>"), "{global}");
        }
    }
}

/// Every command but the exports shows one language: `--lang both` there is a usage error that
/// names the command and the fix. The table must name every subcommand clap defines.
#[test]
fn lang_both_is_refused_by_every_other_command() {
    use clap::CommandFactory;
    let minimal: BTreeMap<&str, &[&str]> = BTreeMap::from([
        ("list", &[][..]),
        ("show", &["12"][..]),
        ("search", &["nvlink"][..]),
        ("build-search-cache", &[][..]),
        ("validate", &[][..]),
        ("calc", &["1 GiB / nvlink3"][..]),
        ("links", &[][..]),
        ("drill", &[][..]),
        ("stats", &[][..]),
        ("history", &["export"][..]),
        ("grade", &["12", "--answer", "TP"][..]),
        ("numbers", &[][..]),
        ("completions", &["bash"][..]),
        ("man", &[][..]),
    ]);
    let cli = infraprep::cli::Cli::command();
    for sub in cli.get_subcommands().map(clap::Command::get_name) {
        if sub == "export" || sub == "help" {
            continue;
        }
        let rest = minimal
            .get(sub)
            .unwrap_or_else(|| panic!("add `{sub}` to this test's table"));
        let mut args = vec!["--lang", "both", sub];
        args.extend_from_slice(rest);
        let run = infraprep(&args);
        assert_eq!(run.code, 2, "{args:?}: {}{}", run.stdout, run.stderr);
        for part in [
            format!("`infraprep {sub}`"),
            "--lang both works only with `export anki`".to_owned(),
            "use --lang zh or --lang en".to_owned(),
        ] {
            assert!(run.stderr.contains(&part), "{args:?}: {}", run.stderr);
        }
        assert!(run.stdout.is_empty(), "{args:?} ran: {}", run.stdout);
    }
    let app = infraprep(&["--lang", "both"]);
    assert_eq!(app.code, 2);
    assert!(app.stderr.contains("the interactive app"), "{}", app.stderr);
    let bad = infraprep(&["--lang", "fr", "export", "anki"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("'both'"), "{}", bad.stderr);
}
