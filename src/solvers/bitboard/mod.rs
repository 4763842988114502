//! The `bitboard` solver: digit bitboards for classic and diagonal 9×9, with a generic fallback for every other puzzle.

mod search;

use std::sync::Arc;
use std::time::Instant;

use super::budget::Budget;
use super::names::SolverKind;
use super::propagate::PropagateSolver;
use super::solver::{Outcome, Solver};
use crate::logic::bitboard::{Bitboard, BitboardRules};
use crate::rules::{Puzzle, Rules};
use search::Search;

/// The state-of-the-art approach to classic 9×9 (the design family of JCZSolve, fsss2
/// and tdoku), written for this crate: each digit keeps a bitboard of the cells it may
/// take, three bands of 27 bits. Propagation works band by band — locked candidates
/// between rows and boxes by table look-up, a digit alone in a row placed, a column
/// holding the digit alone in its stack (and a placed cell's diagonals) cleared in the
/// other bands — then naked singles and hidden singles in columns (and diagonals) over
/// all digits at once. The search branches on a cell with two candidates when there is
/// one — the one whose two digits have the most candidates in its row, column and box,
/// so that both branches propagate far (a third fewer guesses than the first such cell)
/// — else on one with the fewest. A branch copies the board (124 bytes), so
/// backtracking undoes nothing.
///
/// It applies to 9×9 puzzles with 3×3 boxes, with or without the diagonal rule (see
/// [`BitboardRules::of`]); every other puzzle goes to a [`PropagateSolver`], so that any
/// puzzle gets a correct answer.
///
/// Its effort is the number of guesses (branches taken), as for `propagate`.
///
/// ```
/// use satdoku::{BitboardSolver, Grid, Puzzle, Solver};
/// let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
///     .parse()?;
/// let puzzle = Puzzle::standard(grid)?;
/// let mut solver = BitboardSolver::default();
/// let solution = solver.solve(&puzzle).unwrap();
/// assert!(solution.solves(&puzzle));
/// assert!(solver.count(&puzzle, 1).complete); // unique
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct BitboardSolver {
    /// The rules last seen, and whether the bitboards apply to them.
    last: Option<(Arc<Rules>, Option<BitboardRules>)>,
    /// The solver for the puzzles the bitboards do not apply to.
    fallback: PropagateSolver,
    /// Guesses allowed per run (`None`: no limit).
    guess_limit: Option<u64>,
}

impl BitboardSolver {
    /// Whether the bitboard search (rather than the fallback) solves `puzzle`.
    pub fn applies(&mut self, puzzle: &Puzzle) -> bool {
        self.rules_of(puzzle).is_some()
    }

    /// Makes every later run give up after `limit` guesses (`None`: never), reporting the
    /// run as [timed out](Outcome::timed_out); the fallback too.
    pub fn set_guess_limit(&mut self, limit: Option<u64>) {
        self.guess_limit = limit;
        self.fallback.set_guess_limit(limit);
    }

    /// The bitboard rule set of `puzzle`, remembered for its rules.
    fn rules_of(&mut self, puzzle: &Puzzle) -> Option<BitboardRules> {
        match &self.last {
            Some((rules, known)) if Arc::ptr_eq(rules, puzzle.rules()) => *known,
            _ => {
                let known = BitboardRules::of(puzzle.rules());
                self.last = Some((Arc::clone(puzzle.rules()), known));
                known
            }
        }
    }
}

impl Solver for BitboardSolver {
    fn name(&self) -> &'static str {
        SolverKind::Bitboard.name()
    }

    fn effort_unit(&self) -> &'static str {
        "guesses"
    }

    fn run(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome {
        let Some(rules) = self.rules_of(puzzle) else {
            return self.fallback.run(puzzle, limit, deadline);
        };
        let board = Bitboard::of_puzzle(puzzle);
        let mut search = Search {
            budget: Budget::new(limit, deadline).with_effort_limit(self.guess_limit),
        };
        match rules {
            BitboardRules::Classic => search.go::<false>(board),
            BitboardRules::Diagonal => search.go::<true>(board),
        }
        let mut outcome = search.budget.finish();
        // The bitboards fill a 9×9 of digits 1-9; the puzzle's may start at 0.
        let shape = puzzle.shape();
        for grid in &mut outcome.solutions {
            *grid = (grid.clone().reshaped(shape)).expect("a 9x9 solution fits the puzzle's 9x9");
        }
        debug_assert!(outcome.solutions.iter().all(|grid| grid.solves(puzzle)));
        outcome
    }
}
