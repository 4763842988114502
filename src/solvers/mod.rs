//! Solvers, one file per approach, all behind the [`Solver`] trait.

mod dlx;
mod naive;
pub(crate) mod propagate;
mod sat;

use std::time::Instant;

pub use dlx::DlxSolver;
pub use naive::NaiveSolver;
pub use propagate::PropagateSolver;
pub use sat::{Givens, SatSearch, SatSolver};

use crate::check::{self, Count, Given, Verdict};
use crate::encode::EncodingKind;
use crate::grid::{Grid, Puzzle};

/// What one run of a solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit asked for.
    pub found: u64,
    /// The first two solutions found (the witnesses of a second solution).
    pub solutions: Vec<Grid>,
    /// The search effort spent, in the solver's [unit](Solver::effort_unit); `None` when
    /// it was not measured (the SAT solver meters searches for up to two solutions, or
    /// against a deadline).
    pub effort: Option<u64>,
    /// Whether the deadline stopped the search before it was complete.
    pub timed_out: bool,
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
        check::verdict_by_search(self, puzzle, deadline)
    }

    /// The verdict and, for a unique puzzle, its redundant givens (those whose removal alone
    /// keeps the solution unique).
    fn check_minimal(&mut self, puzzle: &Puzzle) -> (Verdict, Option<Vec<Given>>) {
        let verdict = self.check(puzzle);
        let redundant = matches!(verdict, Verdict::Unique { .. })
            .then(|| check::redundant_by_search(self, puzzle));
        (verdict, redundant)
    }
}

/// The bookkeeping every backtracking search shares: solutions found against the limit,
/// effort, and the deadline (looked at every 256 units of effort, so that the clock costs
/// nothing measurable).
#[derive(Debug)]
pub(crate) struct Progress {
    limit: u64,
    deadline: Option<Instant>,
    effort: u64,
    outcome: Outcome,
}

impl Progress {
    /// A search for up to `limit` solutions until `deadline`.
    pub fn new(limit: u64, deadline: Option<Instant>) -> Progress {
        Progress {
            limit,
            deadline,
            effort: 0,
            outcome: Outcome {
                found: 0,
                solutions: Vec::new(),
                effort: None,
                timed_out: false,
            },
        }
    }

    /// Counts one unit of effort; false when the search must stop instead.
    #[inline]
    pub fn step(&mut self) -> bool {
        self.effort += 1;
        if self.effort.is_multiple_of(256)
            && self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.outcome.timed_out = true;
        }
        !self.done()
    }

    /// Whether the search must stop: the limit is reached or the time is up.
    #[inline]
    pub fn done(&self) -> bool {
        self.outcome.found >= self.limit || self.outcome.timed_out
    }

    /// Records a solution; `grid` makes it, called only for the first two.
    pub fn solution(&mut self, grid: impl FnOnce() -> Grid) {
        self.outcome.found += 1;
        if self.outcome.solutions.len() < 2 {
            self.outcome.solutions.push(grid());
        }
    }

    /// What the search found.
    pub fn finish(self) -> Outcome {
        Outcome {
            effort: Some(self.effort),
            ..self.outcome
        }
    }
}

/// The solvers by name, for the command line. `sat` takes an encoding after a colon
/// (`sat:minimal`, `sat:extended`, `sat:reduced`, `sat:propagated`); plain `sat` uses the
/// default one (`propagated`).
pub const SOLVER_NAMES: &[&str] = &[
    "sat",
    "sat:minimal",
    "sat:extended",
    "sat:reduced",
    "sat:propagated",
    "propagate",
    "dlx",
    "naive",
];

/// Every distinct solver: each SAT encoding and each backtracker (all names but the
/// plain `sat`, which is one of the encodings).
pub const DISTINCT_SOLVERS: &[&str] = SOLVER_NAMES.split_at(1).1;

/// A new solver called `name`, one of [`SOLVER_NAMES`].
pub fn by_name(name: &str) -> Option<Box<dyn Solver + Send>> {
    match name {
        "sat" => Some(Box::new(SatSolver::new())),
        "propagate" => Some(Box::new(PropagateSolver::default())),
        "dlx" => Some(Box::new(DlxSolver::default())),
        "naive" => Some(Box::new(NaiveSolver::default())),
        _ => {
            let kind = name.strip_prefix("sat:")?.parse::<EncodingKind>().ok()?;
            Some(Box::new(SatSolver::with_kind(kind)))
        }
    }
}
