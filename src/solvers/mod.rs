//! Solvers, one file per approach, all behind the [`Solver`] trait.

mod dlx;
mod layout;
mod naive;
mod propagate;
mod sat;

pub use dlx::DlxSolver;
pub use naive::NaiveSolver;
pub use propagate::PropagateSolver;
pub use sat::{Givens, SatSearch, SatSolver};

use crate::check::Count;
use crate::grid::{Grid, Puzzle};

/// A way to solve puzzles of every shape and variant.
pub trait Solver {
    /// A short name for messages and the command line (`sat`).
    fn name(&self) -> &'static str;

    /// A solution of `puzzle`, or `None` when it has none.
    fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid>;

    /// The number of solutions of `puzzle`, counting at most `limit`.
    fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Count;
}

/// A solver that finds solutions by search, up to a limit: solving and counting follow.
pub trait Backtracker {
    /// The solver's name.
    const NAME: &'static str;

    /// Finds up to `limit` solutions of `puzzle`; returns how many, and the first.
    fn run(&mut self, puzzle: &Puzzle, limit: u64) -> (u64, Option<Grid>);
}

impl<T: Backtracker> Solver for T {
    fn name(&self) -> &'static str {
        T::NAME
    }

    fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        self.run(puzzle, 1).1
    }

    fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Count {
        Count::from_search(self.run(puzzle, limit.saturating_add(1)).0, limit)
    }
}

/// The solvers by name, for the command line: `sat`, `propagate`, `dlx`, `naive`.
pub const SOLVER_NAMES: &[&str] = &["sat", "propagate", "dlx", "naive"];

/// A new solver of the approach called `name` (one of [`SOLVER_NAMES`]).
pub fn by_name(name: &str) -> Option<Box<dyn Solver>> {
    match name {
        "sat" => Some(Box::new(SatSolver::new())),
        "propagate" => Some(Box::new(PropagateSolver::default())),
        "dlx" => Some(Box::new(DlxSolver::default())),
        "naive" => Some(Box::new(NaiveSolver::default())),
        _ => None,
    }
}
