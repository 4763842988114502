//! The `propagate` solver: propagation to a fixed point, then search on the fewest candidates.

use std::time::Instant;

use super::budget::Budget;
use super::names::SolverKind;
use super::solver::{Outcome, Solver};
use crate::grid::{Candidates, DigitSet, Grid};
use crate::logic::Propagation;
use crate::rules::Puzzle;
use crate::rules::{Layout, layout_for};

/// The approach of Norvig's essay, made fast: every cell keeps a bitset of candidate
/// digits; naked singles (a cell with one candidate), hidden singles (a digit with one place
/// left in a house) and locked candidates (a digit that a box and a row, column or diagonal
/// can only hold in their shared cells leaves the rest of the other house) are applied to a
/// fixed point; then the search branches on a cell with the fewest candidates.
///
/// One candidate array serves the whole search: each change is recorded on a trail, and a
/// branch is undone by replaying the trail backwards. Memory stays at the array and the
/// trail (at most every candidate once), where a copy of the array per search level took
/// 32 KB a level on 64×64, thousands of levels deep on an empty grid.
/// Only houses that lost a candidate are looked at again for hidden singles.
///
/// Variant constraints (cages, thermometers …) prune by forward checking: at each search
/// node, after propagation, a candidate of a constrained cell goes when its constraints,
/// checked on the cells decided so far with that digit added, do not admit it; the
/// propagation then runs again, to a common fixed point. Without it a constraint broken by
/// an early choice was only found out when its last cell was decided, often thousands of
/// guesses deeper (an empty 64×64 with one killer cage: over 30 s; BENCHMARKS.md).
///
/// Its effort is the number of guesses (branches taken).
///
/// ```
/// use satdoku::{Grid, PropagateSolver, Puzzle, Solver};
/// let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
///     .parse()?;
/// let puzzle = Puzzle::standard(grid)?;
/// let solution = PropagateSolver::default().solve(&puzzle).unwrap();
/// assert!(solution.solves(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct PropagateSolver {
    layout: Option<Layout>,
    /// The candidates, kept between puzzles (`None` before the first).
    cands: Option<Candidates>,
    work: Propagation,
    guess_limit: Option<u64>,
}

impl PropagateSolver {
    /// Makes every later run give up after `limit` guesses (`None`: never), reporting the
    /// run as [timed out](Outcome::timed_out): a budget for trying this solver before
    /// another, as [`AutoSolver`](super::AutoSolver) does. `Some(0)`: propagation only.
    pub fn set_guess_limit(&mut self, limit: Option<u64>) {
        self.guess_limit = limit;
    }
}

impl Solver for PropagateSolver {
    fn name(&self) -> &'static str {
        SolverKind::Propagate.name()
    }

    fn effort_unit(&self) -> &'static str {
        "guesses"
    }

    fn run(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome {
        let layout = layout_for(&mut self.layout, puzzle);
        let cands = self
            .cands
            .get_or_insert_with(|| Candidates::none(layout.shape));
        let work = &mut self.work;
        work.start(layout, puzzle, cands);
        let mut search = Search {
            layout,
            cands: cands.sets_mut(),
            work,
            budget: Budget::new(limit, deadline).with_effort_limit(self.guess_limit),
            values: vec![0; layout.shape.cell_count()],
        };
        search.go();
        search.budget.finish()
    }
}

struct Search<'a> {
    layout: &'a Layout,
    cands: &'a mut [DigitSet],
    work: &'a mut Propagation,
    budget: Budget,
    /// The decided cells' values (0: open), reused by every node that checks variant
    /// constraints.
    values: Vec<u8>,
}

impl Search<'_> {
    /// Searches from the current candidates, with their pending work. Leaves the
    /// candidates changed: the caller undoes them.
    fn go(&mut self) {
        if !self.work.propagate(self.layout, self.cands) {
            return;
        }
        if self.layout.has_constraints() && !self.forward_check() {
            return;
        }
        let cands = &*self.cands;
        // The cell with the fewest candidates, two being the fewest possible; among the
        // cells of variant constraints first, so that the constraints are settled near the
        // top of the search and the rest is the plain grid's.
        let mut branch = None;
        let mut fewest = usize::MAX;
        if self.layout.has_constraints() {
            for (i, set) in cands.iter().enumerate() {
                let len = set.len();
                if len > 1 && len < fewest && self.layout.constrained(i) {
                    (branch, fewest) = (Some(i), len);
                }
            }
        }
        if branch.is_none() {
            for (i, set) in cands.iter().enumerate() {
                let len = set.len();
                if len > 1 && len < fewest {
                    (branch, fewest) = (Some(i), len);
                    if len == 2 {
                        break;
                    }
                }
            }
        }
        let Some(cell) = branch else {
            let shape = self.layout.shape;
            self.budget.solution(|| {
                let mut grid = Grid::empty(shape);
                for (cell, set) in shape.cells().zip(cands) {
                    grid.set(cell, set.only());
                }
                grid
            });
            return;
        };
        let options = cands[cell];
        for digit in options.iter() {
            if !self.budget.step() {
                return;
            }
            let mark = self.work.trail_mark();
            // Cannot fail: the cell keeps `digit`.
            self.work.remove(
                self.layout,
                self.cands,
                cell,
                options & !DigitSet::single(digit),
            );
            self.go();
            self.work.undo(self.cands, mark);
        }
    }

    /// Checks the variant constraints on the cells decided so far, then takes from each
    /// open constrained cell the candidates its constraints do not admit beside them, and
    /// propagates again, until nothing changes. False when a constraint is broken or a
    /// removal or the propagation runs into a contradiction. Sound because a constraint's
    /// `admits` is false only for decided cells it cannot complete.
    fn forward_check(&mut self) -> bool {
        loop {
            for (value, set) in self.values.iter_mut().zip(&*self.cands) {
                *value = set.only().map_or(0, |d| d.get());
            }
            if !self.layout.rules.admits(&self.values) {
                return false;
            }
            let mut changed = false;
            for cell in 0..self.values.len() {
                if self.values[cell] != 0 || !self.layout.constrained(cell) {
                    continue;
                }
                let mut refused = DigitSet::EMPTY;
                for digit in self.cands[cell].iter() {
                    self.values[cell] = digit.get();
                    if !self.layout.admits_at(&self.values, cell) {
                        refused = refused | DigitSet::single(digit);
                    }
                }
                self.values[cell] = 0;
                if refused.is_empty() {
                    continue;
                }
                changed = true;
                if !self.work.remove(self.layout, self.cands, cell, refused) {
                    self.work.reset();
                    return false;
                }
            }
            if !changed {
                return true;
            }
            if !self.work.propagate(self.layout, self.cands) {
                return false;
            }
        }
    }
}
