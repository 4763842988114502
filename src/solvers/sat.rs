//! The SAT solver: the puzzle's CNF handed to the embedded CDCL solver varisat.

use std::collections::HashMap;

use varisat::{CnfFormula, ExtendFormula, Lit};

use super::Solver;
use crate::check::Count;
use crate::encode::{AmoEncoding, Encoding};
use crate::grid::{Cell, Grid, Puzzle, Shape, Variant};

/// Solves puzzles with varisat.
///
/// The rule clauses of each shape and variant are encoded once and kept; each puzzle gets a
/// fresh varisat solver (a [`SatSearch`]) loaded with them, with the givens as assumptions.
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
    pub fn rules(&mut self, shape: Shape, variant: Variant) -> &(Encoding, CnfFormula) {
        let amo = self.amo;
        self.rules.entry((shape, variant)).or_insert_with(|| {
            let mut encoding = Encoding::new(shape, variant);
            if let Some(amo) = amo {
                encoding = encoding.with_amo(amo);
            }
            (encoding, encoding.rules())
        })
    }

    /// An incremental search over the solutions of `puzzle`, with its givens passed as
    /// `givens`.
    pub fn search(&mut self, puzzle: &Puzzle, givens: Givens) -> SatSearch {
        let (encoding, rules) = self.rules(puzzle.shape(), puzzle.variant());
        SatSearch::new(*encoding, rules, puzzle, givens)
    }
}

impl Solver for SatSolver {
    fn name(&self) -> &'static str {
        "sat"
    }

    fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        self.search(puzzle, Givens::Units).next_solution()
    }

    fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Count {
        SatSolver::count(self, puzzle, limit)
    }
}

/// How a [`SatSearch`] holds the givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Givens {
    /// As unit clauses: fastest to solve (on the bundled 25×25 puzzles about 15 times faster
    /// than assumptions), used for solving and counting.
    Units,
    /// As assumptions of every call, so that the solver can be asked about any subset of
    /// them: failed cores of unsolvable puzzles, redundant givens.
    Assumptions,
}

/// One varisat solver holding a puzzle's rules and givens.
///
/// Solutions are enumerated incrementally: each solution found is forbidden by a blocking
/// clause over the non-given cells before the next call, on the same solver, so learned
/// clauses carry over. With [`Givens::Assumptions`] the solver can also be asked about any
/// subset of the givens.
pub struct SatSearch {
    solver: varisat::Solver<'static>,
    encoding: Encoding,
    givens: Vec<Lit>,
    assume_givens: bool,
    free: Vec<Cell>,
    exhausted: bool,
}

impl SatSearch {
    /// A search over the solutions of `puzzle`, whose rules are `rules` under `encoding`.
    pub fn new(
        encoding: Encoding,
        rules: &CnfFormula,
        puzzle: &Puzzle,
        givens: Givens,
    ) -> SatSearch {
        let mut solver = varisat::Solver::new();
        solver.add_formula(rules);
        let given_lits: Vec<Lit> = encoding.given_lits(puzzle.grid()).collect();
        if givens == Givens::Units {
            for &lit in &given_lits {
                solver.add_clause(&[lit]);
            }
        }
        SatSearch {
            solver,
            encoding,
            assume_givens: givens == Givens::Assumptions,
            givens: given_lits,
            free: puzzle
                .shape()
                .cells()
                .filter(|&cell| puzzle.grid().get(cell).is_none())
                .collect(),
            exhausted: false,
        }
    }

    /// The encoding in use.
    pub fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    /// The literals of the givens.
    pub fn given_lits(&self) -> &[Lit] {
        &self.givens
    }

    fn solve_under(&mut self, assumptions: &[Lit]) -> bool {
        self.solver.assume(assumptions);
        self.solver
            .solve()
            .expect("varisat fails only when interrupted or writing a proof; neither is set up")
    }

    /// The next solution not found before, or `None` when there are no more.
    pub fn next_solution(&mut self) -> Option<Grid> {
        if self.exhausted {
            return None;
        }
        let givens = std::mem::take(&mut self.givens);
        let satisfiable = self.solve_under(if self.assume_givens { &givens } else { &[] });
        self.givens = givens;
        if !satisfiable {
            self.exhausted = true;
            return None;
        }
        let model = self
            .solver
            .model()
            .expect("a satisfiable formula has a model");
        let grid = self.encoding.decode(&model);
        let block: Vec<Lit> = self
            .free
            .iter()
            .map(|&cell| {
                let digit = grid.get(cell).expect("a model fills every cell");
                !self.encoding.var(cell, digit).positive()
            })
            .collect();
        if block.is_empty() {
            // A complete grid has one solution, itself.
            self.exhausted = true;
        } else {
            self.solver.add_clause(&block);
        }
        Some(grid)
    }

    /// Whether the rules, the blocking clauses added so far and `assumptions` (literals of
    /// this encoding, such as a subset of the givens) can all hold. With [`Givens::Units`]
    /// every given holds as well.
    pub fn satisfiable_with(&mut self, assumptions: &[Lit]) -> bool {
        self.solve_under(assumptions)
    }

    /// After an unsatisfiable call, a subset of its assumptions that is unsatisfiable
    /// already (not necessarily minimal).
    pub fn failed_core(&self) -> Vec<Lit> {
        self.solver.failed_core().unwrap_or_default().to_vec()
    }

    /// Whether the givens are assumptions (rather than unit clauses).
    pub fn assumes_givens(&self) -> bool {
        self.assume_givens
    }

    /// Whether the puzzle has no blank cell.
    pub fn is_complete(&self) -> bool {
        self.free.is_empty()
    }
}
