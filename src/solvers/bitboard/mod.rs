//! The `bitboard` solver: digit bitboards for classic and diagonal 9×9, with a generic fallback for every other puzzle.

mod band;
mod board;
mod search;

use std::sync::Arc;
use std::time::Instant;

use super::progress::Progress;
use super::propagate::PropagateSolver;
use super::solver::{Outcome, Solver};
use crate::grid::{BoxShape, Puzzle, Rules, Shape};
use board::Board;
use search::Search;

/// The rule sets the bitboard search implements exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitboardRules {
    /// 9×9: rows, columns and 3×3 boxes.
    Classic,
    /// 9×9: rows, columns, 3×3 boxes and both main diagonals (X-Sudoku).
    Diagonal,
}

impl BitboardRules {
    /// The rule set of `rules` when the bitboard search implements exactly those rules;
    /// `None` for anything else (other sizes, jigsaw regions, any extra region or
    /// relation, and any rule added to [`Rules`] later). The one place that decides: it
    /// compares the whole of `rules` with the rule sets it knows, so a rule it does not
    /// know never passes.
    ///
    /// ```
    /// use satdoku::solvers::BitboardRules;
    /// use satdoku::{Rules, Shape};
    /// let classic = Rules::standard(Shape::NINE)?;
    /// assert_eq!(BitboardRules::of(&classic), Some(BitboardRules::Classic));
    /// assert_eq!(BitboardRules::of(&classic.clone().with_diagonal(true)), Some(BitboardRules::Diagonal));
    /// assert_eq!(BitboardRules::of(&classic.with_anti_knight(true)), None);
    /// assert_eq!(BitboardRules::of(&Rules::standard(Shape::from_size(4).unwrap())?), None);
    /// # Ok::<(), satdoku::RulesError>(())
    /// ```
    pub fn of(rules: &Rules) -> Option<BitboardRules> {
        if rules.shape() != Shape::NINE {
            return None;
        }
        let boxes = BoxShape::new(3, 3).ok()?;
        [BitboardRules::Classic, BitboardRules::Diagonal]
            .into_iter()
            .find(|known| {
                *rules == Rules::boxes(boxes).with_diagonal(*known == BitboardRules::Diagonal)
            })
    }
}

/// The state-of-the-art approach to classic 9×9 (the design family of JCZSolve, fsss2
/// and tdoku), written for this crate: each digit keeps a bitboard of the cells it may
/// take, three bands of 27 bits. Propagation works band by band — locked candidates
/// between rows and boxes by table look-up, a digit alone in a row placed, its column
/// (and diagonal) cleared in the other bands — then naked singles and hidden singles in
/// columns (and diagonals) over all digits at once; the search branches on a cell with
/// two candidates when there is one, else on one with the fewest. A branch copies the
/// board (124 bytes), so backtracking undoes nothing.
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
}

impl BitboardSolver {
    /// Whether the bitboard search (rather than the fallback) solves `puzzle`.
    pub fn applies(&mut self, puzzle: &Puzzle) -> bool {
        self.rules_of(puzzle).is_some()
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
        "bitboard"
    }

    fn effort_unit(&self) -> &'static str {
        "guesses"
    }

    fn run(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome {
        let Some(rules) = self.rules_of(puzzle) else {
            return self.fallback.run(puzzle, limit, deadline);
        };
        let mut board = Board::empty();
        for (cell, digit) in puzzle.grid().givens() {
            let (b, bit) = (cell.row() / 3, (cell.row() % 3 * 9 + cell.col()) as u32);
            board.assign(digit.index(), b, bit);
        }
        let mut search = Search {
            progress: Progress::new(limit, deadline),
        };
        match rules {
            BitboardRules::Classic => search.go::<false>(board),
            BitboardRules::Diagonal => search.go::<true>(board),
        }
        let outcome = search.progress.finish();
        debug_assert!(outcome.solutions.iter().all(|grid| grid.solves(puzzle)));
        outcome
    }
}
