//! Rebuilds the binary when the bundled deck or hardware table changes: they are embedded at
//! compile time, and cargo does not watch files that `include_dir!` reads.
//!
//! It also counts the bundled card files, so `--version` can say how many cards it carries
//! without parsing the deck (`content::deck::BUNDLED_CARD_FILES`; a test checks that every one
//! of them loads).
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=content");
    let cards = std::fs::read_dir("content/cards").map_or(0, |entries| {
        entries
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
            .count()
    });
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let code = format!(
        "/// How many card files the bundled deck has (counted at build time).\n\
         pub const BUNDLED_CARD_FILES: usize = {cards};\n"
    );
    std::fs::write(Path::new(&out).join("bundled_count.rs"), code).expect("OUT_DIR is writable");
}
