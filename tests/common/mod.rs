//! Helpers for running the `infraprep` binary in tests.
#![allow(dead_code)]

pub mod pane;
pub mod screen;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A finished run of the binary, with its output as text.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the binary with `args`, isolated from the user's config and locale.
pub fn infraprep(args: &[&str]) -> Run {
    infraprep_with(args, &[])
}

/// Runs the binary with `args` and extra environment variables.
pub fn infraprep_with(args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_infraprep"));
    command
        .args(args)
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("NO_COLOR")
        .env_remove("INFRAPREP_CONFIG")
        .env("XDG_CONFIG_HOME", "/nonexistent-infraprep-test-config")
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    for (key, value) in env {
        command.env(key, value);
    }
    let output: Output = command.output().expect("the binary runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

pub fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
}

pub fn fixture_arg(path: &str) -> String {
    format!("tests/fixtures/{path}")
}

/// The argv of a command line written as one string, split at spaces: test tables read like
/// the commands a user types. Words with spaces need an explicit list.
pub fn words(line: &'static str) -> Vec<&'static str> {
    line.split_whitespace().collect()
}
