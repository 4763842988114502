//! The `satdoku` command: a thin layer over the library.

use std::process::ExitCode;

mod cli;

/// mimalloc: each puzzle gets a fresh varisat solver, whose many small allocations made
/// the system allocator a tenth of the run (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        Err(err) if cli::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("satdoku: {}", cli::escaped(&format!("{err:#}")));
            ExitCode::from(cli::EXIT_ERROR)
        }
    }
}
