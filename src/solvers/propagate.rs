//! The `propagate` solver: propagation to a fixed point, then search on the fewest candidates.

use std::time::Instant;

use super::progress::Progress;
use super::solver::{Outcome, Solver};
use crate::grid::{DigitSet, Grid, Puzzle};
use crate::grid::{Layout, layout_for};
use crate::logic::Propagation;

/// The approach of Norvig's essay, made fast: every cell keeps a bitset of candidate
/// digits; naked singles (a cell with one candidate), hidden singles (a digit with one place
/// left in a house) and locked candidates (a digit that a box and a row, column or diagonal
/// can only hold in their shared cells leaves the rest of the other house) are applied to a
/// fixed point; then the search branches on a cell with the fewest candidates.
///
/// The candidate arrays of all search levels live in one buffer kept between puzzles: a
/// branch copies its level's array into the next one, so the search loop allocates nothing.
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
    /// Candidate arrays, one per search level, back to back.
    levels: Vec<DigitSet>,
    work: Propagation,
}

impl Solver for PropagateSolver {
    fn name(&self) -> &'static str {
        "propagate"
    }

    fn effort_unit(&self) -> &'static str {
        "guesses"
    }

    fn run(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome {
        let layout = layout_for(&mut self.layout, puzzle);
        let cells = layout.shape.cell_count();
        if self.levels.len() < cells {
            self.levels.resize(cells, DigitSet::EMPTY);
        }
        let work = &mut self.work;
        work.start(layout, puzzle, &mut self.levels[..cells]);
        let mut search = Search {
            layout,
            cells,
            levels: &mut self.levels,
            work,
            progress: Progress::new(limit, deadline),
            values: vec![0; cells],
        };
        search.go(0);
        search.progress.finish()
    }
}

struct Search<'a> {
    layout: &'a Layout,
    cells: usize,
    levels: &'a mut Vec<DigitSet>,
    work: &'a mut Propagation,
    progress: Progress,
    /// The decided cells' values (0: open), reused by every node that checks variant
    /// constraints.
    values: Vec<u8>,
}

impl Search<'_> {
    /// Searches from the candidates of level `depth`, with its pending work.
    fn go(&mut self, depth: usize) {
        let (start, cells) = (depth * self.cells, self.cells);
        if !self
            .work
            .propagate(self.layout, &mut self.levels[start..start + cells])
        {
            return;
        }
        let cands = &self.levels[start..start + cells];
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
            self.progress.solution(|| {
                let mut grid = Grid::empty(shape);
                for (cell, set) in shape.cells().zip(cands) {
                    grid.set(cell, set.only());
                }
                grid
            });
            return;
        };
        let next = start + cells;
        if self.levels.len() < next + cells {
            self.levels.resize(next + cells, DigitSet::EMPTY);
        }
        let options = self.levels[start + cell];
        for digit in options.iter() {
            if !self.progress.step() {
                return;
            }
            self.levels.copy_within(start..next, next);
            let level = &mut self.levels[next..next + cells];
            // Cannot fail: the cell keeps `digit`.
            self.work
                .remove(self.layout, level, cell, options & !DigitSet::single(digit));
            self.go(depth + 1);
        }
    }
}
