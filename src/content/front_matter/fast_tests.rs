//! The plain-subset reading ([`super::fast`]) agrees with `toml`'s: on every bundled card, on
//! the fixtures under `tests/`, and on front matter made of card lines and hostile variants.

use proptest::prelude::*;

use super::{fast, parse_front_read, split};

/// Both readings of `front`, as text: the checked front matter with its problems and lines, or
/// the error.
fn both(front: &str) -> (String, String) {
    (
        format!("{:?}", parse_front_read(front, 2, true)),
        format!("{:?}", parse_front_read(front, 2, false)),
    )
}

fn card_fronts(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        if path.is_dir() {
            found.extend(card_fronts(&path));
        } else if path.extension().is_some_and(|x| x == "md")
            && let Ok(text) = std::fs::read_to_string(&path)
            && let Ok(parts) = split(&text)
        {
            found.push((path.display().to_string(), parts.front.to_owned()));
        }
    }
    found
}

#[test]
fn every_bundled_card_is_read_plainly_as_toml_reads_it() {
    let fronts = card_fronts(std::path::Path::new("content/cards"));
    assert!(fronts.len() > 50);
    for (path, front) in &fronts {
        assert!(
            fast::raw_front(front).is_some(),
            "{path} is not read plainly"
        );
        let (fast, full) = both(front);
        assert_eq!(fast, full, "{path}");
    }
}

#[test]
fn fixtures_are_read_as_toml_reads_them() {
    let fronts = card_fronts(std::path::Path::new("tests/fixtures"));
    assert!(fronts.len() > 20);
    for (path, front) in &fronts {
        let (fast, full) = both(front);
        assert_eq!(fast, full, "{path}");
    }
}

#[test]
fn text_outside_the_subset_is_left_to_toml() {
    let card = "id = \"a\"\n[title]\nzh = \"甲\"\nen = \"A\"\n";
    assert!(fast::raw_front(card).is_some());
    for other in [
        "id = \"a\"\nid = \"b\"\n[title]\nzh = \"甲\"\nen = \"A\"\n",
        "id = \"a\\u0041\"\n[title]\nzh = \"甲\"\nen = \"A\"\n",
        "id = \"a\"\nnumber = 01\n[title]\nzh = \"甲\"\nen = \"A\"\n",
        "id = \"a\"\nnumber = 1_0\n[title]\nzh = \"甲\"\nen = \"A\"\n",
        "id = \"a\"\r\n[title]\nzh = \"甲\"\nen = \"A\"\n",
        "id = \"a\"\nextra = 1\n[title]\nzh = \"甲\"\nen = \"A\"\n",
        "id = \"a\"\n[title]\nzh = \"甲\"\nen = \"A\"\n[title]\n",
        "id = \"a\"\n[title]\nzh = \"\"\"甲\"\"\"\nen = \"A\"\n",
        "id = \"a\"\n[other]\n[title]\nzh = \"甲\"\nen = \"A\"\n",
        "id = 5\n[title]\nzh = \"甲\"\nen = \"A\"\n",
        "id = \"a\"\n",
        "id = \"a\"\ndifficulty.x = \"core\"\n[title]\nzh = \"甲\"\nen = \"A\"\n",
    ] {
        assert!(fast::raw_front(other).is_none(), "{other:?}");
    }
}

/// Lines a front matter is made of: the bundled cards' kinds, and variants near the edges of
/// the subset (escapes, numbers, duplicates, dotted keys, inline tables, wrong types).
const LINES: &[&str] = &[
    "id = \"a-card\"",
    "id = 'lit'",
    "id = \"Bad Id\"",
    "id = 3",
    "number = 7",
    "number = 0",
    "number = -1",
    "number = 01",
    "number = 4294967296",
    "number = 1.5",
    "difficulty = \"advanced\"",
    "difficulty = \"hard\"",
    "difficulty.x = \"core\"",
    "title.zh = \"甲\"",
    "tags = [\"nvlink\", \"Units\"]",
    "tags = [\"two words\", ]",
    "tags = []",
    "tags = [1]",
    "[title]",
    "zh = \"中文 \\\"引号\\\"\"",
    "en = \"English\\tTab\"",
    "en = \"\"",
    "en = \"bad \\x escape\"",
    "fr = \"non\"",
    "[[key-points.en]]",
    "[[key-points.zh]]",
    "[[key-points.fr]]",
    "point = \"Bits vs bytes: 25 GB/s\"",
    "terms = [\"25 GB/s\", \"divide by 8|/ 8\"]",
    "terms = [\"?opt\"]",
    "[[calc]]",
    "calculator = \"transfer\"",
    "size = \"10 GiB\"",
    "links = [\"pcie4\", \"nvlink3\"]",
    "value = 1.25 # a comment",
    "value = 1e3",
    "value = true",
    "value = -0.5",
    "[[figures]]",
    "expr = \"10 GiB / 25 GB/s\"",
    "expect = \"0.43 s\"",
    "calc = 1",
    "field = \"step_seconds\"",
    "[[numbers]]",
    "prompt.zh = \"{size} 要多久？\"",
    "prompt.en = \"How long for {size}?\"",
    "prompt = \"flat\"",
    "vary = { size = [\"1 GiB\", \"10 GiB\"], links = [\"pcie4\"] }",
    "inputs = { expr = \"8 * {speed}\" }",
    "inputs = { expr = \"x\", expr = \"y\" }",
    "inputs = { a.b = 1 }",
    "[[sources]]",
    "key = \"nvidia\"",
    "title = \"H100 datasheet\"",
    "url = \"https://example.com/a#b\"",
    "reported = true",
    "[probes]",
    "nvlink-gen = [0, 2]",
    "nvlink-gen = [-1]",
    "[title.extra]",
    "  indented = \"x\"",
    "# a comment",
    "",
    "key = \"unterminated",
    "key = [\"a\",",
    "key = 'it''s'",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Whatever the lines, the plain reading (or its fallback) gives what `toml` gives.
    #[test]
    fn both_readings_agree(picks in proptest::collection::vec(0..LINES.len(), 0..24)) {
        // Mostly a well-formed card first, so that the checks after parsing run too.
        let mut front = String::from(
            "id = \"c\"\nnumber = 1\ntags = [\"x\"]\n[title]\nzh = \"甲\"\nen = \"A\"\n",
        );
        for pick in picks {
            front.push_str(LINES[pick]);
            front.push('\n');
        }
        let (fast, full) = both(&front);
        prop_assert_eq!(fast, full, "{}", front);
    }

    /// The same from no fixed start: any order of the lines.
    #[test]
    fn both_readings_agree_in_any_order(picks in proptest::collection::vec(0..LINES.len(), 0..16)) {
        let front: String = picks.iter().flat_map(|&p| [LINES[p], "\n"]).collect();
        let (fast, full) = both(&front);
        prop_assert_eq!(fast, full, "{}", front);
    }
}
