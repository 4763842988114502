//! The `satdoku` command: a thin layer over the library.

use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        Err(err) if cli::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("satdoku: {err:#}");
            ExitCode::from(cli::EXIT_ERROR)
        }
    }
}
