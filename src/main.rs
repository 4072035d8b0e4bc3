//! The `infraprep` binary: parse the command line and hand over to the library.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    infraprep::cli::run(infraprep::cli::Cli::parse())
}
