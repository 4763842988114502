//! satdoku: Sudoku of every size and many rule sets, solved through SAT.
//!
//! A puzzle becomes CNF over N³ variables ("cell r,c holds digit d") with exactly-one
//! constraints for every cell and every digit of every house, and the embedded CDCL solver
//! [varisat](https://docs.rs/varisat) solves it.
//!
//! ```
//! use satdoku::{Grid, Puzzle};
//! let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()?;
//! let puzzle = Puzzle::standard(grid)?;
//! let solution = satdoku::solve(&puzzle).expect("this puzzle has a solution");
//! assert!(solution.solves(&puzzle));
//! assert_eq!(solution.to_string()[..9], *"534678912");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod canon;
pub mod check;
pub mod constraint;
pub mod encode;
pub mod estimate;
pub mod format;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod named;
pub mod rate;
pub mod render;
pub mod rules;
pub mod solvers;
pub mod suggest;
pub mod truth;

pub use check::{Count, Redundant, Verdict};
pub use format::{AlphabetError, InputError, ParseError};
pub use grid::{
    BoxError, BoxShape, Candidates, Cell, Conflict, Digit, DigitSet, Grid, House, Relation, Shape,
};
pub use rules::{
    DigitRange, Jigsaw, Layout, Puzzle, PuzzleError, Regions, Rules, RulesError, RulesSpec,
};
pub use solvers::sat::proof;
pub use solvers::{
    AutoSolver, BitboardSolver, DlxSolver, NaiveSolver, Outcome, PropagateSolver, SatSearch,
    SatSolver, Solver,
};

/// Solves `puzzle` with the [`AutoSolver`] (a backtracker or the SAT engine, whichever
/// suits the puzzle); `None` when it has no solution.
///
/// For many puzzles keep one solver, which prepares each shape's rules once; for the SAT
/// engine alone, a [`SatSolver`].
pub fn solve(puzzle: &Puzzle) -> Option<Grid> {
    AutoSolver::default().solve(puzzle)
}

/// Whether `puzzle` has exactly one solution, with the evidence (see [`Verdict`]), from
/// the [`AutoSolver`].
pub fn check(puzzle: &Puzzle) -> Verdict {
    AutoSolver::default().check(puzzle)
}

/// The number of solutions of `puzzle`, counting at most `limit`, from the [`AutoSolver`].
pub fn count_solutions(puzzle: &Puzzle, limit: u64) -> Count {
    AutoSolver::default().count(puzzle, limit)
}

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
