//! Certified uniqueness: the CNF that forbids a puzzle's solution, and a proof that it is
//! unsatisfiable, for checking with an independent proof checker.

use std::io::{self, Write};

use varisat::{ExtendFormula, Lit};

pub use varisat::ProofFormat;

use crate::encode::{Numbering, write_cnf};
use crate::grid::{Grid, Puzzle};
use crate::solvers::SatSolver;

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

impl SatSolver {
    /// The clauses that, added to the rules, make a formula unsatisfiable exactly when
    /// `solution` is the only solution of `puzzle`: each given as a unit clause, and one
    /// clause saying that some non-given cell differs from `solution`.
    pub fn uniqueness_clauses(&mut self, puzzle: &Puzzle, solution: &Grid) -> Vec<Vec<Lit>> {
        let encoding = self.encoding(puzzle.rules());
        let block: Vec<Lit> = puzzle
            .shape()
            .cells()
            .filter(|&cell| puzzle.grid().get(cell).is_none())
            .filter_map(|cell| {
                solution
                    .get(cell)
                    .map(|d| !encoding.var(cell, d).positive())
            })
            .collect();
        encoding
            .given_lits(puzzle.grid())
            .map(|lit| vec![lit])
            .chain(std::iter::once(block))
            .collect()
    }

    /// Writes the rules and the [uniqueness clauses](Self::uniqueness_clauses) of `puzzle`
    /// to `cnf` in DIMACS, and to `proof` a proof in `format` (DRAT for drat-trim and most checkers)
    /// that it is unsatisfiable, made by varisat.
    ///
    /// ```
    /// use satdoku::{proof::ProofFormat, Grid, Puzzle, SatSolver, Solver};
    /// let puzzle = Puzzle::standard("14........1.3...".parse::<Grid>()?)?;
    /// let mut solver = SatSolver::new();
    /// let solution = solver.solve(&puzzle).unwrap();
    /// let (mut cnf, mut proof) = (Vec::new(), Vec::new());
    /// solver.prove_unique(&puzzle, &solution, &mut cnf, &mut proof, ProofFormat::Drat)?;
    /// assert!(String::from_utf8(cnf)?.contains("p cnf 64 "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prove_unique(
        &mut self,
        puzzle: &Puzzle,
        solution: &Grid,
        cnf: &mut impl Write,
        proof: &mut impl Write,
        format: ProofFormat,
    ) -> Result<(), ProofError> {
        if !solution.solves(puzzle) {
            return Err(ProofError::NotASolution);
        }
        let extra = self.uniqueness_clauses(puzzle, solution);
        let (encoding, rules) = self.rules(puzzle.rules());
        write_cnf(
            cnf,
            encoding,
            &Numbering::Full(encoding.clone()),
            rules,
            &extra,
            "givens as unit clauses and the solution found forbidden: unsatisfiable iff \
             that solution is unique",
        )?;
        let mut solver = varisat::Solver::new();
        solver.write_proof(&mut *proof, format);
        solver.add_formula(rules);
        for clause in &extra {
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
}
