//! Certified uniqueness: the CNF that forbids a puzzle's solution, and a proof that it is
//! unsatisfiable, for checking with an independent proof checker.

use std::io::{self, Write};

use varisat::dimacs::write_dimacs;
use varisat::{CnfFormula, ExtendFormula};

pub use varisat::ProofFormat;

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
    /// The formula whose unsatisfiability proves `solution` to be the only solution of
    /// `puzzle`: the rules, each given as a unit clause, and one clause saying that some
    /// non-given cell differs from `solution`.
    pub fn uniqueness_formula(&mut self, puzzle: &Puzzle, solution: &Grid) -> CnfFormula {
        let (encoding, rules) = self.rules(puzzle.shape(), puzzle.variant());
        let mut formula = CnfFormula::new();
        formula.set_var_count(rules.var_count());
        for clause in rules.iter() {
            formula.add_clause(clause);
        }
        encoding.encode_givens(&mut formula, puzzle.grid());
        let block: Vec<_> = puzzle
            .shape()
            .cells()
            .filter(|&cell| puzzle.grid().get(cell).is_none())
            .filter_map(|cell| {
                solution
                    .get(cell)
                    .map(|d| !encoding.var(cell, d).positive())
            })
            .collect();
        formula.add_clause(&block);
        formula
    }

    /// Writes the [uniqueness formula](Self::uniqueness_formula) of `puzzle` to `cnf` in
    /// DIMACS, and to `proof` a proof in `format` (DRAT for drat-trim and most checkers)
    /// that it is unsatisfiable, made by varisat.
    ///
    /// ```
    /// use satdoku::{proof::ProofFormat, Grid, Puzzle, SatSolver, Solver, Variant};
    /// let puzzle = Puzzle::new("14........1.3...".parse::<Grid>()?, Variant::Standard)?;
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
        let formula = self.uniqueness_formula(puzzle, solution);
        let size = puzzle.shape().size();
        writeln!(
            cnf,
            "c satdoku: {} {} puzzle with its solution forbidden; unsatisfiable iff the \
             solution is unique",
            puzzle.shape(),
            puzzle.variant()
        )?;
        writeln!(
            cnf,
            "c variable (r*{size} + c)*{size} + d + 1 (0-based row r, column c, digit d): \
             cell r,c holds digit d+1; variables past {} are auxiliary",
            size * size * size
        )?;
        write_dimacs(cnf, &formula)?;
        let mut solver = varisat::Solver::new();
        solver.write_proof(&mut *proof, format);
        solver.add_formula(&formula);
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
