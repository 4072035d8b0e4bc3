//! Rebuilds the binary when the bundled deck or hardware table changes: they are embedded at
//! compile time, and cargo does not watch files that `include_dir!` reads.
fn main() {
    println!("cargo:rerun-if-changed=content");
}
