//! The build script's reading of the message catalogue (`src/text/messages/*.toml`): a
//! malformed file must stop the build with the file, the line and the entry named, and a good
//! one becomes constants in file order with its doc comments.

#[path = "../build.rs"]
#[allow(dead_code)]
mod build_script;

use build_script::message_constants;

const FILE: &str = "src/text/messages/demo.toml";

fn error(text: &str) -> String {
    match message_constants(FILE, text) {
        Ok(code) => panic!("accepted:\n{text}\nas\n{code}"),
        Err(problem) => problem,
    }
}

#[test]
fn entries_become_constants_in_file_order_with_their_docs() {
    let text = "# a section comment\n[ZETA]\nzh = \"乙 {n}\"\nen = \"zeta {n}\"\n\n\
                [ALPHA]\ndoc = \"Why it exists.\\nSecond line.\"\nzh = '引号 \"x\"'\nen = \"quote \\\"x\\\"\"\n";
    let code = message_constants(FILE, text).expect("a good file");
    let zeta = code.find("pub const ZETA").expect("ZETA");
    let alpha = code.find("pub const ALPHA").expect("ALPHA");
    assert!(zeta < alpha, "file order, not alphabetical:\n{code}");
    assert!(
        code.contains(r#"id: "ZETA", zh: "乙 {n}", en: "zeta {n}""#),
        "{code}"
    );
    assert!(
        code.contains(r#"zh: "引号 \"x\"", en: "quote \"x\"""#),
        "{code}"
    );
    assert!(
        code.contains("#[doc = \" Why it exists.\"]\n#[doc = \" Second line.\"]\npub const ALPHA")
    );
    assert!(
        code.contains("const ENTRIES: &[super::Msg] = &[ZETA, ALPHA];"),
        "{code}"
    );
}

#[test]
fn a_missing_language_names_the_file_line_and_entry() {
    let problem = error("[FIRST]\nzh = \"一\"\nen = \"one\"\n\n[SECOND]\nzh = \"二\"\n");
    assert!(
        problem.starts_with(&format!("{FILE}:5: [SECOND]")),
        "{problem}"
    );
    assert!(problem.contains("needs both zh and en"), "{problem}");
}

#[test]
fn a_misspelt_field_is_refused() {
    let problem = error("[FIRST]\nzh = \"一\"\nen = \"one\"\nem = \"one\"\n");
    assert!(
        problem.contains("[FIRST]") && problem.contains("'em'"),
        "{problem}"
    );
}

#[test]
fn a_name_that_is_no_constant_is_refused() {
    for name in ["first", "2ND", "\"NAME-DASH\"", "\"\""] {
        let problem = error(&format!("[{name}]\nzh = \"一\"\nen = \"one\"\n"));
        assert!(problem.contains("a Rust constant's"), "{name}: {problem}");
    }
}

#[test]
fn values_that_are_not_texts_are_refused() {
    let problem = error("FIRST = \"one\"\n");
    assert!(
        problem.contains("[FIRST]") && problem.contains("as a table"),
        "{problem}"
    );
    let problem = error("[FIRST]\nzh = \"一\"\nen = 1\n");
    assert!(problem.contains("en must be a string"), "{problem}");
}

#[test]
fn broken_toml_names_the_file_and_line() {
    for text in [
        "[FIRST]\nzh = \"一\nen = \"one\"\n",
        "[A]\nzh = \"一\"\nen = \"one\"\n[A]\nzh = \"一\"\n",
    ] {
        let problem = error(text);
        assert!(
            problem.starts_with(FILE) && problem.contains("line"),
            "{problem}"
        );
    }
}
