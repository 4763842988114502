//! Constraint propagation and search: naked and hidden singles, fewest candidates first.

use std::time::Instant;

use super::layout::{Layout, layout_for};
use super::{Outcome, Progress, Solver};
use crate::grid::{DigitSet, Grid, Puzzle};

/// The approach of Norvig's essay, made fast: every cell keeps a bitset of candidate
/// digits; naked singles (a cell with one candidate) and hidden singles (a digit with one
/// place left in a house) are applied to a fixed point; then the search branches on a cell
/// with the fewest candidates.
///
/// The candidate arrays of all search levels live in one buffer kept between puzzles: a
/// branch copies its level's array into the next one, so the search loop allocates nothing.
///
/// Its effort is the number of guesses (branches taken).
///
/// ```
/// use satdoku::{Grid, PropagateSolver, Puzzle, Solver, Variant};
/// let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
///     .parse()?;
/// let puzzle = Puzzle::new(grid, Variant::Standard)?;
/// let solution = PropagateSolver::default().solve(&puzzle).unwrap();
/// assert!(solution.solves(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct PropagateSolver {
    layout: Option<Layout>,
    /// Candidate arrays, one per search level, back to back.
    levels: Vec<DigitSet>,
    /// Cells that became single and whose digit is still to be removed from their peers.
    queue: Vec<u32>,
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
        self.queue.clear();
        let all = layout.shape.all_digits();
        for (i, cell) in layout.shape.cells().enumerate() {
            self.levels[i] = match puzzle.grid().get(cell) {
                Some(digit) => {
                    self.queue.push(i as u32);
                    DigitSet::single(digit)
                }
                None => all,
            };
        }
        let mut search = Search {
            layout,
            cells,
            levels: &mut self.levels,
            queue: &mut self.queue,
            progress: Progress::new(limit, deadline),
        };
        search.go(0);
        search.progress.finish()
    }
}

struct Search<'a> {
    layout: &'a Layout,
    cells: usize,
    levels: &'a mut Vec<DigitSet>,
    queue: &'a mut Vec<u32>,
    progress: Progress,
}

/// Removes the digits of every queued single from its peers, and places hidden singles,
/// until nothing changes. False on a contradiction: a cell without candidates, a digit
/// without a place in a house, or two digits that need the same cell.
fn propagate(layout: &Layout, cands: &mut [DigitSet], queue: &mut Vec<u32>) -> bool {
    let all = layout.shape.all_digits();
    loop {
        while let Some(cell) = queue.pop() {
            let digit = cands[cell as usize];
            for &peer in layout.peers(cell as usize) {
                let peer = peer as usize;
                if !(cands[peer] & digit).is_empty() {
                    let left = cands[peer] & !digit;
                    cands[peer] = left;
                    match left.len() {
                        0 => return false,
                        1 => queue.push(peer as u32),
                        _ => {}
                    }
                }
            }
        }
        for house in layout.houses() {
            // Digits seen in at least one cell, and in at least two, by bit operations.
            let (mut once, mut twice) = (DigitSet::EMPTY, DigitSet::EMPTY);
            for &cell in house {
                let set = cands[cell as usize];
                twice = twice | (once & set);
                once = once | set;
            }
            if once != all {
                return false;
            }
            let hidden = once & !twice;
            if hidden.is_empty() {
                continue;
            }
            for &cell in house {
                let set = cands[cell as usize];
                let mine = set & hidden;
                if !mine.is_empty() && set.len() > 1 {
                    if mine.len() > 1 {
                        return false;
                    }
                    cands[cell as usize] = mine;
                    queue.push(cell);
                }
            }
        }
        if queue.is_empty() {
            return true;
        }
    }
}

impl Search<'_> {
    /// Searches from the candidates of level `depth`, with its queue of new singles.
    fn go(&mut self, depth: usize) {
        let (start, cells) = (depth * self.cells, self.cells);
        if !propagate(
            self.layout,
            &mut self.levels[start..start + cells],
            self.queue,
        ) {
            return;
        }
        // The cell with the fewest candidates, two being the fewest possible.
        let cands = &self.levels[start..start + cells];
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
        for digit in self.levels[start + cell].iter() {
            if !self.progress.step() {
                return;
            }
            self.levels.copy_within(start..next, next);
            self.levels[next + cell] = DigitSet::single(digit);
            self.queue.clear();
            self.queue.push(cell as u32);
            self.go(depth + 1);
        }
    }
}
