//! The budget every backtracking search runs within: solutions up to a limit, effort, and a deadline.

use std::time::Instant;

use super::solver::Outcome;
use crate::grid::Grid;

/// The budget every backtracking search runs within, and what it has spent: solutions
/// found against the limit, effort against an optional limit, and the deadline (looked at
/// every 256 units of effort, so that the clock costs nothing measurable).
#[derive(Debug)]
pub(crate) struct Budget {
    limit: u64,
    deadline: Option<Instant>,
    /// The effort after which the search gives up as if out of time (`u64::MAX`: never).
    effort_limit: u64,
    effort: u64,
    outcome: Outcome,
}

impl Budget {
    /// A search for up to `limit` solutions until `deadline`. A deadline already past
    /// ends the search before it starts, however little work the puzzle needs, so that a
    /// timeout means the same for every solver.
    pub fn new(limit: u64, deadline: Option<Instant>) -> Budget {
        let late = deadline.is_some_and(|deadline| Instant::now() >= deadline);
        Budget {
            limit,
            deadline,
            effort_limit: u64::MAX,
            effort: 0,
            outcome: Outcome {
                found: 0,
                solutions: Vec::new(),
                effort: None,
                timed_out: late,
            },
        }
    }

    /// The same search, giving up (reported as out of time) after `limit` units of effort
    /// (`None`: never).
    pub fn with_effort_limit(self, limit: Option<u64>) -> Budget {
        Budget {
            effort_limit: limit.unwrap_or(u64::MAX),
            ..self
        }
    }

    /// Counts one unit of effort; false when the search must stop instead.
    #[inline]
    pub fn step(&mut self) -> bool {
        self.effort += 1;
        if self.effort > self.effort_limit {
            self.outcome.timed_out = true;
        }
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
