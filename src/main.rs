//! The `infraprep` binary: parse the command line and hand over to the library.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    infraprep::cli::run(infraprep::cli::parse::parse_from(&args))
}
