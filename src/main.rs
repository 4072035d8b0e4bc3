//! Temporary harness for the calculators; the lead replaces it when merging.

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use infraprep::calc::{CalcError, HardwareTable};
use infraprep::calc_cli::{CalcArgs, LinksArgs, run_calc, run_links};

#[derive(Parser)]
#[command(
    name = "infraprep",
    version,
    about = "Study, calculate and drill for LLM-infrastructure interviews"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Unit-aware arithmetic and the bandwidth, collective and checkpoint calculators
    Calc(Box<CalcArgs>),
    /// List the link presets with their sources
    Links(LinksArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let table = HardwareTable::bundled();
    let mut out = std::io::stdout().lock();
    let result = match &cli.command {
        Command::Calc(args) => run_calc(args, &table, &mut out),
        Command::Links(args) => run_links(args, &table, &mut out),
    };
    let _ = out.flush();
    match result {
        // A closed pipe (`| head`) is not the user's mistake: stop quietly.
        Ok(()) | Err(CalcError::Output(_)) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}
