//! Solvers, one file (or folder) per approach, all behind the [`Solver`] trait.

mod dlx;
mod naive;
mod progress;
pub(crate) mod propagate;
pub(crate) mod sat;
mod solver;

pub use dlx::DlxSolver;
pub use naive::NaiveSolver;
pub use propagate::PropagateSolver;
pub use sat::{Givens, SatSearch, SatSolver};
pub use solver::{Outcome, Solver};

use crate::encode::EncodingKind;

/// The solvers by name, for the command line. `sat` takes an encoding after a colon
/// (`sat:minimal`, `sat:extended`, `sat:reduced`, `sat:propagated`); plain `sat` uses the
/// default one (`propagated`).
pub const SOLVER_NAMES: &[&str] = &[
    "sat",
    "sat:minimal",
    "sat:extended",
    "sat:reduced",
    "sat:propagated",
    "propagate",
    "dlx",
    "naive",
];

/// Every distinct solver: each SAT encoding and each backtracker (all names but the
/// plain `sat`, which is one of the encodings).
pub const DISTINCT_SOLVERS: &[&str] = SOLVER_NAMES.split_at(1).1;

/// A new solver called `name`, one of [`SOLVER_NAMES`].
pub fn by_name(name: &str) -> Option<Box<dyn Solver + Send>> {
    match name {
        "sat" => Some(Box::new(SatSolver::new())),
        "propagate" => Some(Box::new(PropagateSolver::default())),
        "dlx" => Some(Box::new(DlxSolver::default())),
        "naive" => Some(Box::new(NaiveSolver::default())),
        _ => {
            let kind = name.strip_prefix("sat:")?.parse::<EncodingKind>().ok()?;
            Some(Box::new(SatSolver::with_kind(kind)))
        }
    }
}
