//! The SAT solver: the puzzle's CNF handed to the embedded CDCL solver varisat.

use std::collections::HashMap;

use varisat::CnfFormula;

use super::Solver;
use crate::encode::{AmoEncoding, Encoding};
use crate::grid::{Grid, Puzzle, Shape, Variant};

/// Solves puzzles with varisat.
///
/// The rule clauses of each shape and variant are encoded once and kept; each puzzle gets a
/// fresh varisat solver loaded with them plus one unit clause per given.
///
/// ```
/// use satdoku::{Grid, Puzzle, SatSolver, Solver, Variant};
/// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let puzzle = Puzzle::new(grid, Variant::Standard).unwrap();
/// let solution = SatSolver::new().solve(&puzzle).unwrap();
/// assert!(solution.solves(&puzzle));
/// ```
#[derive(Debug, Default)]
pub struct SatSolver {
    /// A fixed at-most-one encoding, or `None` to choose by size.
    amo: Option<AmoEncoding>,
    /// The rule clauses per shape and variant, built on first use.
    rules: HashMap<(Shape, Variant), (Encoding, CnfFormula)>,
}

impl SatSolver {
    /// A solver choosing the at-most-one encoding by grid size.
    pub fn new() -> SatSolver {
        SatSolver::default()
    }

    /// A solver using `amo` for every at-most-one constraint.
    pub fn with_amo(amo: AmoEncoding) -> SatSolver {
        SatSolver {
            amo: Some(amo),
            ..SatSolver::default()
        }
    }

    /// The encoding and rule clauses for `shape` and `variant`, built once.
    fn rules(&mut self, shape: Shape, variant: Variant) -> &(Encoding, CnfFormula) {
        let amo = self.amo;
        self.rules.entry((shape, variant)).or_insert_with(|| {
            let mut encoding = Encoding::new(shape, variant);
            if let Some(amo) = amo {
                encoding = encoding.with_amo(amo);
            }
            (encoding, encoding.rules())
        })
    }
}

impl Solver for SatSolver {
    fn name(&self) -> &'static str {
        "sat"
    }

    fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        let (encoding, rules) = self.rules(puzzle.shape(), puzzle.variant());
        let mut solver = varisat::Solver::new();
        solver.add_formula(rules);
        encoding.encode_givens(&mut solver, puzzle.grid());
        let satisfiable = solver
            .solve()
            .expect("varisat fails only when interrupted or writing a proof; neither is set up");
        satisfiable.then(|| {
            let model = solver.model().expect("a satisfiable formula has a model");
            encoding.decode(&model)
        })
    }
}
