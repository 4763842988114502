//! The solvers by name, for the command line: the one list of them, [`SolverKind`] (each solver names itself from it; the registry in `solvers` makes one of each).

use std::fmt;
use std::str::FromStr;

use crate::encode::EncodingKind;
use crate::named::UnknownName;

/// Every solver, by its name on the command line: the one list of them, from which
/// [`SOLVER_NAMES`], [`DISTINCT_SOLVERS`], [`by_name`](super::by_name) and each solver's
/// [`name`](super::Solver::name) come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolverKind {
    /// `auto`, the default: [`AutoSolver`](super::AutoSolver), which chooses per puzzle between a
    /// backtracker and SAT.
    Auto,
    /// `sat:` and an encoding's name (`sat:minimal`): the [`SatSolver`](super::SatSolver) with that
    /// encoding; plain `sat` is the default one (`sat:propagated`).
    Sat(EncodingKind),
    /// `bitboard`: the [`BitboardSolver`](super::BitboardSolver).
    Bitboard,
    /// `propagate`: the [`PropagateSolver`](super::PropagateSolver).
    Propagate,
    /// `dlx`: the [`DlxSolver`](super::DlxSolver).
    Dlx,
    /// `naive`: the [`NaiveSolver`](super::NaiveSolver).
    Naive,
}

/// The name of the SAT solver with its default encoding.
const SAT: &str = "sat";

impl SolverKind {
    /// Every distinct solver, in the order of [`DISTINCT_SOLVERS`]: each SAT encoding and
    /// each backtracker (not `auto`, which chooses among them).
    pub const DISTINCT: [SolverKind; 8] = [
        SolverKind::Sat(EncodingKind::Minimal),
        SolverKind::Sat(EncodingKind::Extended),
        SolverKind::Sat(EncodingKind::Reduced),
        SolverKind::Sat(EncodingKind::Propagated),
        SolverKind::Bitboard,
        SolverKind::Propagate,
        SolverKind::Dlx,
        SolverKind::Naive,
    ];

    /// The solver's name, as on the command line and in output (`sat:minimal`).
    pub const fn name(self) -> &'static str {
        match self {
            SolverKind::Auto => "auto",
            SolverKind::Sat(kind) => match kind {
                EncodingKind::Minimal => "sat:minimal",
                EncodingKind::Extended => "sat:extended",
                EncodingKind::Reduced => "sat:reduced",
                EncodingKind::Propagated => "sat:propagated",
            },
            SolverKind::Bitboard => "bitboard",
            SolverKind::Propagate => "propagate",
            SolverKind::Dlx => "dlx",
            SolverKind::Naive => "naive",
        }
    }

    /// Whether measuring the solver's effort slows its runs: the SAT engine meters a run
    /// (against a deadline) through a proof stream, 10–40 % slower than the run without a
    /// deadline, which is the one to time.
    pub fn metering_costs_time(self) -> bool {
        matches!(self, SolverKind::Sat(_))
    }
}

impl fmt::Display for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SolverKind {
    type Err = UnknownName;

    /// The solver named `name`, one of [`SOLVER_NAMES`].
    fn from_str(name: &str) -> Result<SolverKind, UnknownName> {
        if name == SAT {
            return Ok(SolverKind::Sat(EncodingKind::default()));
        }
        [SolverKind::Auto]
            .into_iter()
            .chain(SolverKind::DISTINCT)
            .find(|kind| kind.name() == name)
            .ok_or_else(|| UnknownName {
                what: "solver",
                name: name.to_string(),
                expected: SOLVER_NAMES,
            })
    }
}

/// The names of [`SOLVER_NAMES`]: `auto`, `sat`, then every distinct solver.
const NAMES: [&str; SolverKind::DISTINCT.len() + 2] = {
    let mut names = [SolverKind::Auto.name(); SolverKind::DISTINCT.len() + 2];
    names[1] = SAT;
    let mut i = 0;
    while i < SolverKind::DISTINCT.len() {
        names[i + 2] = SolverKind::DISTINCT[i].name();
        i += 1;
    }
    names
};

/// The solvers by name, for the command line. `auto` (the default) chooses per puzzle
/// between a backtracker and SAT ([`AutoSolver`](super::AutoSolver)). `sat` takes an encoding after a colon
/// (`sat:minimal`, `sat:extended`, `sat:reduced`, `sat:propagated`); plain `sat` uses the
/// default one (`propagated`).
pub const SOLVER_NAMES: &[&str] = &NAMES;

/// Every distinct solver: each SAT encoding and each backtracker (all names but `auto`,
/// which chooses among them, and the plain `sat`, which is one of the encodings); the
/// names of [`SolverKind::DISTINCT`].
pub const DISTINCT_SOLVERS: &[&str] = SOLVER_NAMES.split_at(2).1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_encoding_names_its_sat_solver() {
        for kind in EncodingKind::ALL {
            assert_eq!(SolverKind::Sat(kind).name(), format!("sat:{kind}"));
            assert!(SolverKind::DISTINCT.contains(&SolverKind::Sat(kind)));
        }
    }

    #[test]
    fn every_name_reads_back_as_its_solver() {
        for &name in SOLVER_NAMES {
            let kind: SolverKind = name.parse().unwrap();
            let solver = kind.solver();
            if name == SAT {
                assert_eq!(solver.name(), "sat:propagated");
            } else {
                assert_eq!((kind.name(), solver.name()), (name, name));
            }
        }
        assert!("sat:fast".parse::<SolverKind>().is_err());
    }
}
