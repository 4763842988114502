//! The `bitboard` solver: digit bitboards for classic and diagonal 9×9, with a generic fallback for every other puzzle.

mod band;
mod board;
mod search;

use std::sync::Arc;
use std::time::Instant;

use super::progress::Progress;
use super::propagate::PropagateSolver;
use super::solver::{Outcome, Solver};
use crate::grid::{BoxShape, Candidates, Digit, DigitSet, Puzzle, Rules, Shape};
use board::Bitboard;
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

/// The board of `puzzle`'s givens, not propagated yet.
fn board_of(puzzle: &Puzzle) -> Bitboard {
    let mut board = Bitboard::empty();
    for (cell, digit) in puzzle.grid().givens() {
        let (b, bit) = (cell.row() / 3, (cell.row() % 3 * 9 + cell.col()) as u32);
        board.assign(digit.index(), b, bit);
    }
    board
}

/// The candidates of a classic or diagonal 9×9 `puzzle` after the bitboard propagation
/// and failed-literal probing of cells with two candidates (see [`BitboardRules::of`]);
/// every set empty on a contradiction; `None` for other puzzles.
pub(crate) fn probed_candidates(puzzle: &Puzzle) -> Option<Candidates> {
    let rules = BitboardRules::of(puzzle.rules())?;
    let mut board = board_of(puzzle);
    let consistent = match rules {
        BitboardRules::Classic => board.propagate::<false>() && board.probe::<false>(),
        BitboardRules::Diagonal => board.propagate::<true>() && board.probe::<true>(),
    };
    if !consistent {
        return Some(Candidates::none(Shape::NINE));
    }
    let sets = (0..81)
        .map(|i| {
            let digits = board.digits_at(i / 27, (i % 27) as u32);
            (0..9)
                .filter(|d| digits & 1 << d != 0)
                .map(Digit::from_index)
                .fold(DigitSet::EMPTY, |mut set, digit| {
                    set.insert(digit);
                    set
                })
        })
        .collect();
    Some(Candidates::from_sets(Shape::NINE, sets))
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
        let board = board_of(puzzle);
        let mut search = Search {
            progress: Progress::new(limit, deadline).with_budget(self.guess_limit),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// The bundled classic puzzles with their solutions.
    fn examples() -> Vec<(Puzzle, Grid)> {
        let puzzles = include_str!("../../../puzzles/examples.txt")
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty());
        let solutions = include_str!("../../../puzzles/examples.solutions.txt").lines();
        puzzles
            .zip(solutions)
            .map(|(puzzle, solution)| {
                let grid: Grid = puzzle[..81].parse().unwrap();
                (Puzzle::standard(grid).unwrap(), solution.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn probing_keeps_every_digit_of_the_solution() {
        for (puzzle, solution) in examples() {
            let cands = probed_candidates(&puzzle).expect("classic 9×9");
            for (i, cell) in Shape::NINE.cells().enumerate() {
                let digit = solution.get(cell).unwrap();
                assert!(cands.sets()[i].contains(digit), "{puzzle}: {cell:?}");
            }
        }
    }

    #[test]
    fn probing_finds_a_contradiction_and_leaves_other_rules_alone() {
        // r1c1–r1c8 hold 1–8 and r2c9 a 9: r1c9 has no digit left.
        let grid: Grid = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))
            .parse()
            .unwrap();
        let puzzle = Puzzle::standard(grid).unwrap();
        let cands = probed_candidates(&puzzle).unwrap();
        assert!(cands.sets().iter().all(|set| set.is_empty()));
        let four = Puzzle::standard("1...............".parse::<Grid>().unwrap()).unwrap();
        assert_eq!(probed_candidates(&four), None);
    }
}
