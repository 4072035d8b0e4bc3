//! The plain reading of a card's head (`plain_head`) against TOML's: whatever it reads, TOML
//! reads the same; what it cannot read, it leaves to TOML.
use super::plain_head::plain_head;
use super::{Head, head_front, head_of};
use crate::content::DeckSource;
use crate::content::card::Difficulty;
use crate::content::deck::files;

/// The outline fields of a head, to compare the two readings.
fn fields(head: &Head) -> (String, Option<u32>, Difficulty, Vec<String>, String, String) {
    let title = &head.title;
    let (id, tags) = (head.id.clone(), head.tags.clone());
    (
        id,
        head.number,
        head.difficulty,
        tags,
        title.zh.clone(),
        title.en.clone(),
    )
}

/// Whatever the plain reading reads, TOML reads the same; returns whether it read `front`.
fn agrees(front: &str) -> bool {
    let Some(plain) = plain_head(front).and_then(head_of) else {
        return false;
    };
    let toml: Head = toml::from_str(front)
        .unwrap_or_else(|e| panic!("TOML rejects what the plain reading read: {front}\n{e}"));
    assert_eq!(fields(&plain), fields(&toml), "{front}");
    true
}

#[test]
fn the_plain_reading_of_a_head_is_tomls_or_none() {
    let base = head_front(super::tests::CARD).expect("head");
    assert!(agrees(base));
    let read = [
        ("number = 3", "number = 0"),
        ("number = 3", "number=12"),
        ("\"a-b\"", "'a-b'"),
        ("\"中\"", "\"中\\\"文\\\\ \\t\\n\""),
        ("\"NCCL\"", "\"NCCL\", \"ib\","),
        ("tags = [\"NCCL\"]", "tags = []"),
        ("tags = [\"NCCL\"]", "difficulty = \"advanced\""),
        ("[title]", "[ title ]"),
        ("[title]", "# a comment\n[title]"),
        ("\"En\"", "\"tab\there = and [x]\""),
        // A CRLF line end.
        ("en = \"En\"", "en = \"En\"\r"),
    ];
    for (from, to) in read {
        let front = base.replacen(from, to, 1);
        assert!(agrees(&front), "read plainly: {front}");
    }
    // Left to TOML: what it reads otherwise, or rejects.
    let left = [
        ("number = 3", "number = 03"),
        ("number = 3", "number = +3"),
        ("number = 3", "number = 1_000"),
        ("number = 3", "number = 4294967296"),
        ("number = 3", "number = 3 # three"),
        ("\"a-b\"", "\"a\\u0041\""),
        ("\"a-b\"", "\"a-b\" # comment"),
        ("\"a-b\"", "\"a\u{1}b\""),
        ("\"a-b\"", "\"a\"b\""),
        ("\"a-b\"", "\"\"\"a-b\"\"\""),
        ("number = 3", "number = 3\nnumber = 4"),
        ("number = 3", "number = 3\nextra = 1"),
        ("number = 3", "\"number\" = 3"),
        ("tags = [\"NCCL\"]", "tags = [\"a,b\"]"),
        ("tags = [\"NCCL\"]", "tags = [,]"),
        ("tags = [\"NCCL\"]", "tags = [\n\"a\"]"),
        ("tags = [\"NCCL\"]", "difficulty = \"hard\""),
        ("[title]", "[title] # t"),
        ("[title]", "[other]\n[title]"),
        ("en = \"En\"", "en = \"En\"\n[title]"),
        ("en = \"En\"", "en = \"En\"\nen = \"Again\""),
        ("[title]\nzh = \"中\"", "title.zh = \"中\"\n[title]"),
        ("en = \"En\"", "en = \"En\"\r\r"),
    ];
    for (from, to) in left {
        let front = base.replacen(from, to, 1);
        assert_ne!(front, base, "{from}");
        assert!(!agrees(&front), "not read plainly: {front}");
    }
}

#[test]
fn every_bundled_head_is_read_plainly_as_toml_reads_it() {
    let files = files::list(&[DeckSource::Bundled], &mut Vec::new());
    assert!(!files.is_empty());
    for file in &files {
        let Some(bytes) = file.text.embedded_bytes() else {
            panic!("{} is embedded", file.path);
        };
        let text = files::embedded_text(bytes).expect("UTF-8");
        let front = head_front(text).expect("the head ends in the first 4 KiB");
        assert!(agrees(front), "{}", file.path);
    }
}
