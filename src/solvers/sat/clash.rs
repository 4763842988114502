//! The SAT engine's clashes: the givens and constraints of an unsolvable puzzle that cannot hold together, shrunk by failed cores and then one deletion at a time, within a budget of conflicts.

use std::rc::Rc;
use std::time::Instant;

use varisat::{CnfFormula, Lit};

use super::meter::Meter;
use super::search::{GivensAs, SatSearch};
use crate::check::Verdict;
use crate::encode::{Encoding, Numbering};
use crate::grid::{CellDigit, Grid};
use crate::rules::Puzzle;
use crate::solvers::solver::CLASH_FACTOR;

/// Conflicts the clash search may always spend, however cheap the verdict was (about a
/// twentieth of a second on 9×9).
pub const CLASH_FLOOR: u64 = 2_000;

/// Each trial may spend at least this many conflicts, and none starts with less left: the
/// budget is then spent.
const SMALLEST_TRIAL: u64 = 50;

/// How far a clash is shrunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shrink {
    /// Within [`CLASH_FACTOR`] times the conflicts of the verdict (at least
    /// [`CLASH_FLOOR`]), and until the deadline.
    Bounded {
        /// The conflicts it took to prove the puzzle unsolvable.
        verdict: u64,
        /// When to stop in any case.
        deadline: Option<Instant>,
    },
    /// To a minimal clash, however long it takes.
    Exhaustive,
}

/// The clash of `puzzle`, which has no solution, under `encoding` (the whole encoding of
/// its rules): its givens and constraints, shrunk as `shrink` allows.
///
/// One solver holds the rules with each constraint behind a selector, and every call
/// assumes the selectors and givens still in the clash. Its failed core shrinks the clash
/// first, for free; then each member is dropped in turn and kept out when the rest is still
/// unsatisfiable (taking the solver's smaller core). A trial stopped by the budget keeps its
/// member, and the clash is then reported as not minimal.
pub(super) fn find(encoding: &Encoding, puzzle: &Puzzle, shrink: Shrink) -> Verdict {
    let (formula, selectors) = encoding.guarded_rules();
    let givens: Vec<Lit> = encoding.given_lits(puzzle.grid()).collect();
    // The members in the order they are tried: constraints first (a clash of givens alone
    // reads best), then givens in reading order.
    let members: Vec<Lit> = selectors.iter().chain(&givens).copied().collect();
    let (deadline, budget) = match shrink {
        Shrink::Bounded { verdict, deadline } => {
            (deadline, Some(CLASH_FLOOR.max(CLASH_FACTOR * verdict)))
        }
        Shrink::Exhaustive => (None, None),
    };
    let mut trials = Trials::new(encoding, formula, puzzle, deadline);
    let in_order = |subset: &[Lit]| -> Vec<Lit> {
        members
            .iter()
            .copied()
            .filter(|lit| subset.contains(lit))
            .collect()
    };
    let left = |trials: &Trials| budget.map(|b| b.saturating_sub(trials.spent()));
    let mut clash = members.clone();
    let mut minimal = true;
    match trials.satisfiable(&members, left(&trials)) {
        Some(false) => clash = in_order(&trials.search.failed_core()),
        // Stopped: the whole puzzle is the clash.
        None => return trials.verdict(&clash, &selectors, puzzle, false),
        Some(true) => {
            debug_assert!(false, "find is called on puzzles without solutions");
            return trials.verdict(&clash, &selectors, puzzle, false);
        }
    }
    // Failed cores first: each call on the last core may return a smaller one.
    while minimal && clash.len() > 1 {
        match trials.satisfiable(&clash, left(&trials)) {
            Some(false) => {
                let core = in_order(&trials.search.failed_core());
                if core.len() == clash.len() {
                    break;
                }
                clash = core;
            }
            _ => minimal = false,
        }
    }
    // Then one deletion at a time, each trial given an even share of what is left: the
    // members before `i` are each needed.
    let mut i = 0;
    while i < clash.len() {
        let left = left(&trials);
        let cap = left.map(|left| (left / (clash.len() - i) as u64).max(SMALLEST_TRIAL));
        if !trials.alive() || left.is_some_and(|left| left < SMALLEST_TRIAL) {
            minimal = false;
            break;
        }
        let trial: Vec<Lit> = clash
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &lit)| lit)
            .collect();
        match trials.satisfiable(&trial, cap) {
            Some(true) => i += 1,
            Some(false) => clash = in_order(&trials.search.failed_core()),
            None => {
                minimal = false;
                i += 1;
            }
        }
    }
    trials.verdict(&clash, &selectors, puzzle, minimal)
}

/// The calls of one clash search: a metered solver over the guarded rules, made anew when
/// a call was stopped (varisat cannot go on after that), and what they have spent.
struct Trials {
    formula: CnfFormula,
    numbering: Numbering,
    base: Grid,
    deadline: Option<Instant>,
    search: SatSearch,
    /// Conflicts spent by solvers stopped and dropped.
    spent_before: u64,
    /// Whether the deadline has passed: no call is made any more.
    past_deadline: bool,
}

impl Trials {
    fn new(
        encoding: &Encoding,
        formula: CnfFormula,
        puzzle: &Puzzle,
        deadline: Option<Instant>,
    ) -> Trials {
        let numbering = Numbering::Full(encoding.clone());
        let base = Grid::empty(puzzle.shape());
        let search = Trials::fresh(&formula, &numbering, &base, deadline);
        Trials {
            formula,
            numbering,
            base,
            deadline,
            search,
            spent_before: 0,
            past_deadline: false,
        }
    }

    fn fresh(
        formula: &CnfFormula,
        numbering: &Numbering,
        base: &Grid,
        deadline: Option<Instant>,
    ) -> SatSearch {
        let mut search = SatSearch::new(
            Some(Rc::new(Meter::new())),
            numbering.clone(),
            formula,
            &[],
            base,
            GivensAs::Assumptions,
        );
        search.set_deadline(deadline);
        search
    }

    /// Conflicts spent so far.
    fn spent(&self) -> u64 {
        self.spent_before + self.search.conflicts()
    }

    /// Whether calls can still be made (the deadline has not stopped one).
    fn alive(&self) -> bool {
        !self.past_deadline
    }

    /// Whether `assumptions` can all hold; `None` when the call was stopped, by `cap`
    /// conflicts or by the deadline, or not made after the deadline.
    fn satisfiable(&mut self, assumptions: &[Lit], cap: Option<u64>) -> Option<bool> {
        if self.past_deadline {
            return None;
        }
        let conflicts = self.search.conflicts();
        self.search
            .set_conflict_limit(cap.map(|cap| conflicts + cap));
        let satisfiable = self.search.satisfiable_with(assumptions);
        if !self.search.timed_out() {
            return Some(satisfiable);
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.past_deadline = true;
        } else {
            self.spent_before += self.search.conflicts();
            self.search = Trials::fresh(&self.formula, &self.numbering, &self.base, self.deadline);
        }
        None
    }

    /// The verdict of a clash of the `clash` members (`selectors` standing for the
    /// constraints of `puzzle`, in order).
    fn verdict(&self, clash: &[Lit], selectors: &[Lit], puzzle: &Puzzle, minimal: bool) -> Verdict {
        Verdict::NoSolution {
            conflict: clash.iter().filter_map(|&lit| self.given_of(lit)).collect(),
            constraints: (selectors.iter())
                .zip(puzzle.rules().constraints())
                .filter(|(selector, _)| clash.contains(selector))
                .map(|(_, constraint)| constraint.clone())
                .collect(),
            minimal,
        }
    }

    /// The given a member stands for (`None` for a constraint's selector).
    fn given_of(&self, lit: Lit) -> Option<CellDigit> {
        self.numbering
            .cell_digit(lit.var())
            .map(|(cell, digit)| CellDigit { cell, digit })
    }
}
