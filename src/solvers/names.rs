//! The solvers' names on the command line: the one list of them.

use crate::encode::EncodingKind;

/// The solvers by name, for the command line. `auto` (the default) chooses per puzzle
/// between a backtracker and SAT ([`AutoSolver`](super::AutoSolver)). `sat` takes an
/// encoding after a colon (`sat:minimal`, `sat:extended`, `sat:reduced`,
/// `sat:propagated`); plain `sat` uses the default one (`propagated`).
pub const SOLVER_NAMES: &[&str] = &[
    "auto",
    "sat",
    "sat:minimal",
    "sat:extended",
    "sat:reduced",
    "sat:propagated",
    "bitboard",
    "propagate",
    "dlx",
    "naive",
];

/// Every distinct solver: each SAT encoding and each backtracker (all names but `auto`,
/// which chooses among them, and the plain `sat`, which is one of the encodings).
pub const DISTINCT_SOLVERS: &[&str] = SOLVER_NAMES.split_at(2).1;

/// The SAT solver's name under each encoding, in the order of
/// [`EncodingKind::ALL`](crate::encode::EncodingKind::ALL).
pub(crate) const SAT_NAMES: &[&str] = DISTINCT_SOLVERS.split_at(EncodingKind::ALL.len()).0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_encoding_names_its_sat_solver() {
        assert_eq!(SAT_NAMES.len(), EncodingKind::ALL.len());
        for (i, kind) in EncodingKind::ALL.into_iter().enumerate() {
            assert_eq!(kind as usize, i);
            assert_eq!(SAT_NAMES[i], format!("sat:{kind}"));
        }
    }
}
