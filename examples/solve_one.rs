//! Solves one puzzle, given on the command line in the line layout, and prints it as a grid.
//!
//! ```sh
//! cargo run --example solve_one                      # the Wikipedia puzzle
//! cargo run --example solve_one -- 14........1.3...  # any size; `.` or `0` is a blank
//! ```

use std::error::Error;
use std::process::ExitCode;

use satdoku::format::{Alphabet, write_block};
use satdoku::{Grid, Puzzle};

/// The puzzle of Wikipedia's Sudoku article.
const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn main() -> ExitCode {
    // Errors (a bad grid, clashing givens) print as their messages.
    solve().unwrap_or_else(|error| {
        eprintln!("error: {error}");
        ExitCode::from(2)
    })
}

fn solve() -> Result<ExitCode, Box<dyn Error>> {
    let text = std::env::args().nth(1).unwrap_or_else(|| WIKIPEDIA.into());
    let grid: Grid = text.parse()?;
    // Classic rules for the grid's size: rows, columns and boxes. Clashing givens are an
    // error here, before any solving.
    let puzzle = Puzzle::standard(grid)?;
    match satdoku::solve(&puzzle) {
        Some(solution) => {
            println!("{}", write_block(&solution, &Alphabet::default()));
            Ok(ExitCode::SUCCESS)
        }
        None => {
            eprintln!("{puzzle}: no solution");
            Ok(ExitCode::FAILURE)
        }
    }
}
