//! The [`Solver`] trait every approach implements, what one run finds, and the verdict any solver reaches by searching.

use std::time::Instant;

use crate::check::{Count, Verdict, verdict_of};
use crate::constraint::VariantConstraint;
use crate::grid::{CellDigit, Grid};
use crate::rules::Puzzle;

/// What one run of a solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit asked for.
    pub found: u64,
    /// The first two solutions found (the witnesses of a second solution).
    pub solutions: Vec<Grid>,
    /// The search effort spent, in the solver's [unit](Solver::effort_unit); `None` when
    /// it was not measured (the SAT solver meters only runs against a deadline; `auto`
    /// never measures it).
    pub effort: Option<u64>,
    /// Whether the search stopped before it was complete: the deadline passed (or a
    /// budget of effort the caller set ran out, as with
    /// [`PropagateSolver::set_guess_limit`](super::PropagateSolver::set_guess_limit)).
    pub timed_out: bool,
}

/// Whether `outcome` stopped on a budget of effort its caller set (a guess limit) rather
/// than on `deadline`: then another engine may take over.
pub(crate) fn ran_out_of_budget(outcome: &Outcome, deadline: Option<Instant>) -> bool {
    outcome.timed_out && deadline.is_none_or(|d| Instant::now() < d)
}

/// A way to solve puzzles of every shape and variant.
///
/// Implementors provide [`run`](Solver::run), a search for solutions up to a limit and a
/// deadline; solving, counting and the uniqueness verdict follow from it.
pub trait Solver {
    /// A short name for messages and the command line (`sat`, `propagate`).
    fn name(&self) -> &'static str;

    /// What the solver's effort counts, in the plural (`guesses`, `conflicts`).
    fn effort_unit(&self) -> &'static str;

    /// Searches `puzzle` for up to `limit` solutions, stopping early (and saying so) once
    /// `deadline` has passed.
    fn run(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome;

    /// A solution of `puzzle`, or `None` when it has none.
    fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        self.run(puzzle, 1, None).solutions.into_iter().next()
    }

    /// The number of solutions of `puzzle`, counting at most `limit`.
    fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Count {
        Count::from_search(self.run(puzzle, limit.saturating_add(1), None).found, limit)
    }

    /// Whether `puzzle` has exactly one solution, with the evidence: two solutions, or a
    /// minimal set of clashing givens found by deleting givens one at a time.
    fn check(&mut self, puzzle: &Puzzle) -> Verdict {
        self.check_until(puzzle, None)
            .expect("without a deadline the search finishes")
    }

    /// [`check`](Solver::check) that gives up once `deadline` has passed: `None` then.
    fn check_until(&mut self, puzzle: &Puzzle, deadline: Option<Instant>) -> Option<Verdict> {
        verdict_by_search(self, puzzle, deadline)
    }

    /// The verdict and, for a unique puzzle, its redundant givens (those whose removal alone
    /// keeps the solution unique).
    fn check_minimal(&mut self, puzzle: &Puzzle) -> (Verdict, Option<Vec<CellDigit>>) {
        let verdict = self.check(puzzle);
        let redundant =
            matches!(verdict, Verdict::Unique { .. }).then(|| redundant_by_search(self, puzzle));
        (verdict, redundant)
    }
}

/// The verdict any solver reaches by searching for two solutions; on none, a minimal clash
/// found by deleting givens one at a time (each trial a search for one solution). `None`
/// when `deadline` passes first.
fn verdict_by_search<S: Solver + ?Sized>(
    solver: &mut S,
    puzzle: &Puzzle,
    deadline: Option<Instant>,
) -> Option<Verdict> {
    let outcome = solver.run(puzzle, 2, deadline);
    if outcome.timed_out {
        return None;
    }
    if let Some(verdict) = verdict_of(outcome.solutions) {
        return Some(verdict);
    }
    let (puzzle, constraints) = needed_constraints(puzzle, |trial| {
        let outcome = solver.run(trial, 1, deadline);
        (!outcome.timed_out).then_some(outcome.found > 0)
    })?;
    let puzzle = &puzzle;
    let mut core: Vec<CellDigit> = givens(puzzle).collect();
    let mut i = 0;
    while i < core.len() {
        let trial = with_givens(puzzle, core.iter().enumerate().filter(|&(j, _)| j != i));
        let outcome = solver.run(&trial, 1, deadline);
        if outcome.timed_out {
            return None;
        }
        if outcome.found > 0 {
            i += 1;
        } else {
            core.remove(i);
        }
    }
    Some(Verdict::NoSolution {
        conflict: core,
        constraints,
    })
}

/// For a puzzle without solutions: the variant constraints its clash needs, and the puzzle
/// under only those (with all its givens). Each constraint is dropped in turn and kept out
/// when the rest, with every given, still has no solution; `solvable` answers for a trial
/// puzzle, `None` when out of time (then so is this).
///
/// The givens' clash is found afterwards under the constraints kept, which keeps the whole
/// minimal: a constraint kept was needed with every given, so with fewer too.
pub(crate) fn needed_constraints(
    puzzle: &Puzzle,
    mut solvable: impl FnMut(&Puzzle) -> Option<bool>,
) -> Option<(Puzzle, Vec<VariantConstraint>)> {
    let mut current = puzzle.clone();
    let mut i = 0;
    while i < current.rules().constraints().len() {
        let trial = Puzzle::new(
            current.grid().clone(),
            current.rules().without_constraint(i),
        )
        .expect("dropping a constraint keeps the givens clash-free");
        if solvable(&trial)? {
            i += 1;
        } else {
            current = trial;
        }
    }
    let constraints = current.rules().constraints().to_vec();
    Some((current, constraints))
}

/// The givens of a unique `puzzle` whose removal alone keeps it unique, found by any solver
/// counting the solutions of each puzzle with one given removed.
fn redundant_by_search<S: Solver + ?Sized>(solver: &mut S, puzzle: &Puzzle) -> Vec<CellDigit> {
    let all: Vec<CellDigit> = givens(puzzle).collect();
    all.iter()
        .enumerate()
        .filter(|&(i, _)| {
            let trial = with_givens(puzzle, all.iter().enumerate().filter(|&(j, _)| j != i));
            solver.count(&trial, 1).complete
        })
        .map(|(_, &given)| given)
        .collect()
}

/// The givens of `puzzle`, in reading order.
fn givens(puzzle: &Puzzle) -> impl Iterator<Item = CellDigit> + '_ {
    puzzle
        .grid()
        .givens()
        .map(|(cell, digit)| CellDigit { cell, digit })
}

/// `puzzle` with only the givens `keep`.
fn with_givens<'a>(puzzle: &Puzzle, keep: impl Iterator<Item = (usize, &'a CellDigit)>) -> Puzzle {
    let mut grid = Grid::empty(puzzle.shape());
    for (_, given) in keep {
        grid.set(given.cell, Some(given.digit));
    }
    puzzle
        .with_grid(grid)
        .expect("a subset of clash-free givens is clash-free")
}
