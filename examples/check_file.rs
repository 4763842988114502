//! Reads a file of puzzles in any layout satdoku reads and tells, for each, whether it has
//! exactly one solution.
//!
//! ```sh
//! cargo run --example check_file                          # puzzles/examples.txt
//! cargo run --example check_file -- puzzles/multiple.txt
//! ```

use std::error::Error;
use std::fs::File;
use std::io::BufReader;
use std::process::ExitCode;

use satdoku::format::{PuzzleReader, ReadOptions};
use satdoku::{RulesSpec, SatSolver, Solver, Verdict};

fn main() -> ExitCode {
    // Errors (a missing file) print as their messages.
    check().map_or_else(
        |error| {
            eprintln!("error: {error}");
            ExitCode::from(2)
        },
        |()| ExitCode::SUCCESS,
    )
}

fn check() -> Result<(), Box<dyn Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "puzzles/examples.txt".into());
    let reader = PuzzleReader::new(BufReader::new(File::open(&path)?), ReadOptions::default());
    // Classic rules (no diagonals); each puzzle gets the boxes of its size.
    let rules = RulesSpec::classic(false);
    // One solver for the whole file: it encodes the rules of each grid size once.
    let mut solver = SatSolver::new();
    let (mut unique, mut total) = (0, 0);
    for entry in reader {
        let entry = entry?;
        let index = entry.index;
        total += 1;
        match entry.puzzle(&rules) {
            Ok(puzzle) => {
                let verdict = solver.check(&puzzle);
                unique += usize::from(matches!(verdict, Verdict::Unique { .. }));
                println!("{index}: {verdict}");
            }
            Err(error) => println!("{index}: invalid: {error}"),
        }
    }
    println!("{path}: {unique} of {total} puzzles unique");
    Ok(())
}
