//! Certified uniqueness: the CNF that forbids a puzzle's solution, and a proof that it is unsatisfiable, for an independent proof checker (made by [`SatSolver::prove_unique`](crate::SatSolver::prove_unique)).

pub use crate::solvers::sat::ProofError;
pub use varisat::ProofFormat;
