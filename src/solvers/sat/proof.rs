//! Certified uniqueness (`satdoku::proof`): the clauses that forbid a puzzle's solution, and varisat's proof that they are unsatisfiable, for an independent proof checker (made by [`SatSolver::prove_unique`](super::SatSolver::prove_unique)).

use std::io::{self, Write};

use varisat::{CnfFormula, ExtendFormula, Lit};

/// The proof formats varisat writes (DRAT for drat-trim and most checkers).
pub use varisat::ProofFormat;

use crate::encode::{Encoding, Numbering, write_cnf};
use crate::grid::Grid;
use crate::rules::Puzzle;

/// A uniqueness proof could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ProofError {
    /// The grid given is not a solution of the puzzle.
    #[error("the grid is not a solution of the puzzle")]
    NotASolution,
    /// The puzzle has a solution other than the one given: there is nothing to prove.
    #[error("the puzzle has another solution")]
    NotUnique,
    /// Writing the CNF or the proof failed.
    #[error("writing the proof: {0}")]
    Io(#[from] io::Error),
    /// varisat reported an error while writing the proof.
    #[error("the SAT solver failed: {0}")]
    Solver(String),
}

/// The clauses that, added to the rules of `encoding`, make a formula unsatisfiable
/// exactly when `solution` is the only solution of `puzzle`: each given as a unit clause,
/// and one clause saying that some non-given cell differs from `solution` (or, when the
/// regions are part of the answer, some cell lies in another region).
pub(super) fn uniqueness_clauses(
    encoding: &Encoding,
    puzzle: &Puzzle,
    solution: &Grid,
) -> Vec<Vec<Lit>> {
    let numbering = Numbering::Full(encoding.clone());
    let regions = solution.regions().unwrap_or(&[]);
    let block: Vec<Lit> = puzzle
        .shape()
        .cells()
        .filter(|&cell| puzzle.grid().get(cell).is_none())
        .filter_map(|cell| {
            solution
                .get(cell)
                .map(|d| !encoding.var(cell, d).positive())
        })
        .chain(
            puzzle
                .shape()
                .cells()
                .zip(regions)
                .filter_map(|(cell, &k)| numbering.region_var(cell, k as usize))
                .map(|var| !var.positive()),
        )
        .collect();
    encoding
        .given_lits(puzzle.grid())
        .map(|lit| vec![lit])
        .chain(std::iter::once(block))
        .collect()
}

/// Writes `rules` (of `encoding`) and the uniqueness clauses `extra` to `cnf` in DIMACS,
/// and to `proof` varisat's proof in `format` that they are unsatisfiable.
pub(super) fn prove_unique(
    encoding: &Encoding,
    rules: &CnfFormula,
    extra: &[Vec<Lit>],
    cnf: &mut impl Write,
    proof: &mut impl Write,
    format: ProofFormat,
) -> Result<(), ProofError> {
    write_cnf(
        cnf,
        encoding,
        &Numbering::Full(encoding.clone()),
        rules,
        extra,
        "givens as unit clauses and the solution found forbidden: unsatisfiable iff \
         that solution is unique",
    )?;
    let mut solver = varisat::Solver::new();
    solver.write_proof(&mut *proof, format);
    solver.add_formula(rules);
    for clause in extra {
        solver.add_clause(clause);
    }
    let satisfiable = solver
        .solve()
        .map_err(|e| ProofError::Solver(e.to_string()))?;
    solver
        .close_proof()
        .map_err(|e| ProofError::Solver(e.to_string()))?;
    if satisfiable {
        return Err(ProofError::NotUnique);
    }
    Ok(())
}
