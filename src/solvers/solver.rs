//! The [`Solver`] trait every approach implements, what one run finds, and the verdict any solver reaches by searching.

use std::time::{Duration, Instant};

use crate::check::{Count, Redundant, Verdict, verdict_of};
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

    /// Lets the search of one puzzle use up to `threads` threads (at least one is always
    /// used). Solvers that search on one thread keep to it; the SAT engine races
    /// diversified searches (see [`SatSolver`](super::SatSolver)). The answers stay the
    /// same; only the time varies.
    fn set_threads(&mut self, threads: usize) {
        let _ = threads;
    }

    /// A solution of `puzzle`, or `None` when it has none.
    fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        self.run(puzzle, 1, None).solutions.into_iter().next()
    }

    /// The number of solutions of `puzzle`, counting at most `limit`.
    fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Count {
        Count::from_search(self.run(puzzle, limit.saturating_add(1), None).found, limit)
    }

    /// Whether `puzzle` has exactly one solution, with the evidence: two solutions, or a
    /// set of clashing givens and constraints, shrunk within a budget (see
    /// [`Verdict::NoSolution`]'s `minimal`).
    fn check(&mut self, puzzle: &Puzzle) -> Verdict {
        self.check_until(puzzle, None)
            .expect("without a deadline the search finishes")
    }

    /// [`check`](Solver::check) that gives up once `deadline` has passed: `None` then.
    fn check_until(&mut self, puzzle: &Puzzle, deadline: Option<Instant>) -> Option<Verdict> {
        verdict_by_search(self, puzzle, deadline, false)
    }

    /// The verdict and, for a unique puzzle, what it can lose and stay unique: its
    /// redundant givens and constraints (those whose removal alone keeps the solution
    /// unique).
    ///
    /// The clash of a puzzle without solutions is shrunk to a minimal one, however long
    /// that takes.
    fn check_minimal(&mut self, puzzle: &Puzzle) -> (Verdict, Option<Redundant>) {
        let verdict = verdict_by_search(self, puzzle, None, true).expect("no deadline");
        let redundant = match &verdict {
            Verdict::Unique { solution } => Some(Redundant {
                givens: redundant_by_search(self, puzzle),
                constraints: (0..puzzle.rules().constraints().len())
                    .filter(|&i| unique_without(self, puzzle, i, solution))
                    .collect(),
            }),
            _ => None,
        };
        (verdict, redundant)
    }
}

/// A clash search (of any solver) may spend this many times what it took to prove the
/// puzzle unsolvable: the SAT engine counts conflicts (with the givens as units, as
/// `count` does), the others time.
pub const CLASH_FACTOR: u64 = 4;

/// The verdict any solver reaches by searching for two solutions; on none, its clash,
/// found by dropping its constraints and then its givens one at a time (each trial a
/// search for one solution). Unless `exhaustive`, the trials stop after [`CLASH_FACTOR`]
/// times the verdict's time (at least [`CLASH_TIME_FLOOR`]): the members not tried are
/// kept, and the clash is not minimal. `None` when `deadline` passes before the verdict.
fn verdict_by_search<S: Solver + ?Sized>(
    solver: &mut S,
    puzzle: &Puzzle,
    deadline: Option<Instant>,
    exhaustive: bool,
) -> Option<Verdict> {
    let started = Instant::now();
    let outcome = solver.run(puzzle, 2, deadline);
    if outcome.timed_out {
        return None;
    }
    if let Some(verdict) = verdict_of(outcome.solutions) {
        return Some(verdict);
    }
    let budget = (!exhaustive).then(|| {
        let spent = started.elapsed();
        Instant::now() + CLASH_TIME_FLOOR.max(spent * CLASH_FACTOR as u32)
    });
    let until = match (deadline, budget) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let rules = puzzle.rules();
    let mut members: Vec<Member> = (0..rules.constraints().len())
        .map(Member::Constraint)
        .chain(givens(puzzle).map(Member::Given))
        .collect();
    let mut minimal = true;
    let mut i = 0;
    while i < members.len() {
        let trial = clash_puzzle(
            puzzle,
            members
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, m)| m),
        );
        let outcome = solver.run(&trial, 1, until);
        if outcome.timed_out {
            // Not tried to the end: kept, and the rest likewise once time is up.
            minimal = false;
            i += 1;
        } else if outcome.found > 0 {
            i += 1;
        } else {
            members.remove(i);
        }
    }
    Some(Verdict::NoSolution {
        conflict: (members.iter())
            .filter_map(|m| match m {
                Member::Given(given) => Some(*given),
                Member::Constraint(_) => None,
            })
            .collect(),
        constraints: (members.iter())
            .filter_map(|m| match m {
                Member::Constraint(i) => Some(rules.constraints()[*i].clone()),
                Member::Given(_) => None,
            })
            .collect(),
        minimal,
    })
}

/// Others' clashes, shrunk by their own searches, may always take this long (the SAT
/// engine counts conflicts instead: [`CLASH_FLOOR`](super::sat::CLASH_FLOOR)).
pub const CLASH_TIME_FLOOR: Duration = Duration::from_millis(250);

/// A member of a clash: a variant constraint (by its index in the rules) or a given.
#[derive(Clone, Copy, Debug)]
enum Member {
    Constraint(usize),
    Given(CellDigit),
}

/// `puzzle` with only the constraints and givens of `members`.
fn clash_puzzle<'a>(puzzle: &Puzzle, members: impl Iterator<Item = &'a Member>) -> Puzzle {
    let mut grid = Grid::empty(puzzle.shape());
    let mut kept = Vec::new();
    for member in members {
        match *member {
            Member::Given(given) => grid.set(given.cell, Some(given.digit)),
            Member::Constraint(i) => kept.push(i),
        }
    }
    let rules = puzzle.rules().with_constraints_kept(|i| kept.contains(&i));
    Puzzle::new(grid, rules).expect("a subset of clash-free givens is clash-free")
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

/// `puzzle` without its `i`-th constraint, removed as a setter would remove it (see
/// [`Rules::without_constraint`](crate::Rules::without_constraint)); `None` when its givens
/// then break a rule (two givens a removed dot marked, under a negative rule).
pub(crate) fn without_constraint(puzzle: &Puzzle, i: usize) -> Option<Puzzle> {
    Puzzle::new(puzzle.grid().clone(), puzzle.rules().without_constraint(i)).ok()
}

/// Whether `puzzle`, whose one solution is `solution`, keeps it as its one solution
/// without its `i`-th constraint (removed as [`without_constraint`] does).
pub(crate) fn unique_without<S: Solver + ?Sized>(
    solver: &mut S,
    puzzle: &Puzzle,
    i: usize,
    solution: &Grid,
) -> bool {
    without_constraint(puzzle, i).is_some_and(|trial| {
        matches!(solver.check(&trial), Verdict::Unique { solution: only } if only == *solution)
    })
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
