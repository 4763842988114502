//! Solvers, one file per approach, all behind the [`Solver`] trait.

mod sat;

pub use sat::{Givens, SatSearch, SatSolver};

use crate::grid::{Grid, Puzzle};

/// A way to solve puzzles of every shape and variant.
pub trait Solver {
    /// A short name for messages and the command line (`sat`).
    fn name(&self) -> &'static str;

    /// A solution of `puzzle`, or `None` when it has none.
    fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid>;
}
