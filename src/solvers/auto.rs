//! The `auto` solver, the command line's default: a backtracker within a budget of guesses first, the SAT engine when the budget runs out.

use std::time::Instant;

use super::bitboard::BitboardSolver;
use super::names::SolverKind;
use super::sat::SatSolver;
use super::solver::{Outcome, Solver, ran_out_of_budget};
use crate::check::{Redundant, Verdict, verdict_of};
use crate::rules::Puzzle;

/// Each puzzle to the approach that answers it fastest, chosen by measurement
/// (BENCHMARKS.md, "Choosing per puzzle"): the `bitboard` solver (its bitboards on classic
/// and diagonal 9×9, `propagate` elsewhere) tries first within a budget of guesses
/// ([`AutoSolver::guess_budget`]); when the budget runs out, the SAT engine
/// ([`SatSolver::new`]) answers. A puzzle without solutions gets its clash from SAT, and
/// puzzles with variant constraints up to 16×16 (which the backtrackers only check as they
/// go, never propagate) go to SAT at once. Counting past three solutions hands the enumeration back to the
/// backtracker, far faster than one SAT call per solution.
///
/// Every answer is exact whichever engine gives it; only the time differs. The effort of
/// a run is left unmeasured (`None`): it would mix guesses and conflicts.
///
/// ```
/// use satdoku::{AutoSolver, Grid, Puzzle, Solver};
/// let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
///     .parse()?;
/// let puzzle = Puzzle::standard(grid)?;
/// let mut solver = AutoSolver::default();
/// assert_eq!(solver.check(&puzzle).name(), "unique");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct AutoSolver {
    backtracker: BitboardSolver,
    sat: SatSolver,
}

/// Solutions SAT finds before a count hands over to the backtracker.
const SAT_COUNT: u64 = 3;

impl AutoSolver {
    /// The guesses the backtracker may take on `puzzle` before SAT takes over; `None`: the
    /// backtracker is not tried (variant constraints on grids up to 16×16).
    ///
    /// - Classic and diagonal 9×9 (bitboards, well under a microsecond a guess): 5,000
    ///   guesses, more than any puzzle of the public sets takes, and about what one SAT
    ///   call costs.
    /// - Fewer than a quarter of the cells given (empty and sparse grids, where SAT
    ///   drowns in the size of the formula and search finds solutions with little
    ///   backtracking): 16 guesses a cell.
    /// - Other grids up to 16×16: one guess a cell.
    /// - Other grids from 25×25: none, propagation only (SAT is faster on them as soon as
    ///   propagation alone does not decide).
    ///
    /// Puzzles whose regions are to be found (chaos construction) go to SAT at once, on
    /// every grid. Variant constraints up to 16×16 go to SAT at once (their clauses propagate, where
    /// the backtracker only checks them), given pencil marks aside (the bitboards start
    /// from them); from 25×25 they get the same budget as without
    /// them, the backtracker checking them as it goes, since SAT is slow on the big sparse
    /// grids where the backtracker is fast (an empty 64×64 with a few cages and
    /// thermometers: under a second against minutes; BENCHMARKS.md).
    pub fn guess_budget(&mut self, puzzle: &Puzzle) -> Option<u64> {
        let shape = puzzle.rules().shape();
        // Given pencil marks are candidates the backtrackers start from, no constraint to
        // check as they go.
        let judged = puzzle.rules().constraints_beyond_marks().next().is_some();
        // Regions to be found are SAT's alone: the backtrackers fill in digits only.
        if judged && (shape.size() <= 16 || puzzle.rules().finds_regions()) {
            return None;
        }
        let cells = shape.cell_count() as u64;
        if self.backtracker.applies(puzzle) {
            Some(5_000)
        } else if (puzzle.grid().given_count() as u64) * 4 < cells {
            Some(16 * cells)
        } else if shape.size() <= 16 {
            Some(cells)
        } else {
            Some(0)
        }
    }

    /// The backtracker's outcome when it finished within its budget; `Ok(None)` when the
    /// budget ran out (or the backtracker is not tried on `puzzle`); `Err` with the partial
    /// outcome when `deadline` passed.
    fn try_backtracker(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        deadline: Option<Instant>,
    ) -> Result<Option<Outcome>, Outcome> {
        let Some(budget) = self.guess_budget(puzzle) else {
            return Ok(None);
        };
        self.backtracker.set_guess_limit(Some(budget));
        let outcome = self.backtracker.run(puzzle, limit, deadline);
        self.backtracker.set_guess_limit(None);
        if ran_out_of_budget(&outcome, deadline) {
            Ok(None)
        } else if outcome.timed_out {
            Err(outcome)
        } else {
            Ok(Some(outcome))
        }
    }
}

impl Solver for AutoSolver {
    fn name(&self) -> &'static str {
        SolverKind::Auto.name()
    }

    fn effort_unit(&self) -> &'static str {
        "steps"
    }

    fn run(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome {
        let outcome = match self.try_backtracker(puzzle, limit, deadline) {
            Ok(Some(outcome)) | Err(outcome) => outcome,
            Ok(None) => {
                let handover = limit > SAT_COUNT && puzzle.rules().constraints().is_empty();
                let first = if handover { SAT_COUNT } else { limit };
                // (SAT meters its search only against a deadline.)
                let outcome = self.sat.run(puzzle, first, deadline);
                if handover && outcome.found == first {
                    // Three solutions or more: the backtracker enumerates the rest far
                    // faster than one SAT call per solution, each blocking the last.
                    self.backtracker.run(puzzle, limit, deadline)
                } else {
                    outcome
                }
            }
        };
        Outcome {
            effort: None,
            ..outcome
        }
    }

    fn check(&mut self, puzzle: &Puzzle) -> Verdict {
        self.check_until(puzzle, None)
            .expect("without a deadline the search finishes")
    }

    /// The SAT engine's searches race on that many threads; the backtracker keeps to one.
    fn set_threads(&mut self, threads: usize) {
        self.sat.set_threads(threads);
    }

    /// The backtracker's two solutions when it finds them within its budget; otherwise
    /// (out of budget, or no solution and so a clash to find) SAT's verdict.
    fn check_until(&mut self, puzzle: &Puzzle, deadline: Option<Instant>) -> Option<Verdict> {
        match self.try_backtracker(puzzle, 2, deadline) {
            Err(_) => None,
            Ok(Some(outcome)) if outcome.found > 0 => verdict_of(outcome.solutions),
            Ok(_) => self.sat.check_until(puzzle, deadline),
        }
    }

    /// SAT's: one solver answers every question under assumptions.
    fn check_minimal(&mut self, puzzle: &Puzzle) -> (Verdict, Option<Redundant>) {
        self.sat.check_minimal(puzzle)
    }
}
