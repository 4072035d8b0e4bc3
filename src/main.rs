//! The `infraprep` binary: parse the command line and hand over to the library.

use std::process::ExitCode;

/// Loading a deck makes and frees many small values on several threads, which the system
/// allocator serves slowly (a 10,000-card `validate` spent a sixth of its time in it).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    infraprep::cli::run(infraprep::cli::parse::parse_from(&args))
}
