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
/// Variant constraints (cages, thermometers …) take no part in propagation: each search
/// node checks them on the cells decided so far.
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
        let cands = &*self.cands;
        if self.layout.has_constraints() {
            // Variant constraints, on the cells decided so far.
            for (value, set) in self.values.iter_mut().zip(cands) {
                *value = set.only().map_or(0, |d| d.get());
            }
            if !self.layout.rules.admits(&self.values) {
                return;
            }
        }
        // The cell with the fewest candidates, two being the fewest possible.
        let mut branch = None;
        let mut fewest = usize::MAX;
        for (i, set) in cands.iter().enumerate() {
            let len = set.len();
            if len > 1 && len < fewest {
                (branch, fewest) = (Some(i), len);
                if len == 2 {
                    break;
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
}
