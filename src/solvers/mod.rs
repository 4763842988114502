//! Solvers, one file (or folder) per approach, all behind the [`Solver`] trait.

mod auto;
pub(crate) mod bitboard;
mod budget;
mod dlx;
mod naive;
mod names;
pub(crate) mod propagate;
pub(crate) mod sat;
mod solver;

pub use crate::logic::bitboard::BitboardRules;
pub use auto::AutoSolver;
pub use bitboard::BitboardSolver;
pub use dlx::DlxSolver;
pub use naive::NaiveSolver;
pub use names::{DISTINCT_SOLVERS, SOLVER_NAMES, SolverKind};
pub use propagate::PropagateSolver;
pub use sat::{CLASH_FLOOR, GivensAs, SatSearch, SatSolver};
pub(crate) use solver::ran_out_of_budget;
pub use solver::{CLASH_FACTOR, CLASH_TIME_FLOOR, Outcome, Solver};

impl SolverKind {
    /// A new solver of this kind.
    pub fn solver(self) -> Box<dyn Solver + Send> {
        match self {
            SolverKind::Auto => Box::new(AutoSolver::default()),
            SolverKind::Sat(kind) => Box::new(SatSolver::with_kind(kind)),
            SolverKind::Bitboard => Box::new(BitboardSolver::default()),
            SolverKind::Propagate => Box::new(PropagateSolver::default()),
            SolverKind::Dlx => Box::new(DlxSolver::default()),
            SolverKind::Naive => Box::new(NaiveSolver::default()),
        }
    }
}

/// A new solver called `name`, one of [`SOLVER_NAMES`] (see [`SolverKind`]).
pub fn by_name(name: &str) -> Option<Box<dyn Solver + Send>> {
    name.parse().ok().map(SolverKind::solver)
}
