//! Constraint propagation and search: naked and hidden singles, fewest candidates first.

use super::Backtracker;
use super::layout::{Layout, layout_for};
use crate::grid::{Digit, DigitSet, Grid, Puzzle};

/// The approach of Norvig's essay: every cell keeps a bitset of candidate digits; naked
/// singles (a cell with one candidate) and hidden singles (a digit with one place left in a
/// house) are applied to a fixed point; then the search branches on a cell with the fewest
/// candidates, on a copy of the candidate array.
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
    guesses: u64,
}

impl PropagateSolver {
    /// Guesses (branches) since the solver was made.
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Finds up to `limit` solutions; returns how many, and the first.
    fn search_solutions(&mut self, puzzle: &Puzzle, limit: u64) -> (u64, Option<Grid>) {
        let layout = layout_for(&mut self.layout, puzzle);
        let all = layout.shape.all_digits();
        let mut candidates = vec![all; layout.shape.cell_count()];
        for (cell, digit) in puzzle.grid().givens() {
            candidates[layout.shape.index(cell)] = DigitSet::single(digit);
        }
        let mut search = Search {
            layout,
            limit,
            count: 0,
            first: None,
            guesses: 0,
        };
        search.go(candidates);
        self.guesses += search.guesses;
        let first = search.first.map(|cands| {
            let mut grid = Grid::empty(layout.shape);
            for (cell, set) in layout.shape.cells().zip(cands) {
                grid.set(cell, set.only());
            }
            grid
        });
        (search.count, first)
    }
}

struct Search<'a> {
    layout: &'a Layout,
    limit: u64,
    count: u64,
    first: Option<Vec<DigitSet>>,
    guesses: u64,
}

impl Search<'_> {
    /// Applies naked and hidden singles until nothing changes; false on a contradiction.
    fn propagate(&self, cands: &mut [DigitSet]) -> bool {
        let layout = self.layout;
        let mut placed = vec![false; cands.len()];
        loop {
            let mut changed = false;
            for cell in 0..cands.len() {
                if placed[cell] {
                    continue;
                }
                let Some(digit) = cands[cell].only() else {
                    if cands[cell].is_empty() {
                        return false;
                    }
                    continue;
                };
                placed[cell] = true;
                for &peer in &layout.peers[cell] {
                    if cands[peer].remove(digit) {
                        if cands[peer].is_empty() {
                            return false;
                        }
                        changed = true;
                    }
                }
            }
            let all = layout.shape.all_digits();
            for house in &layout.houses {
                // Digits seen in at least one cell, and in at least two, by bit operations.
                let (mut once, mut twice) = (DigitSet::EMPTY, DigitSet::EMPTY);
                for &cell in house {
                    twice = twice | (once & cands[cell]);
                    once = once | cands[cell];
                }
                if once != all {
                    return false;
                }
                for digit in (once & !twice).iter() {
                    // None: an earlier hidden single of this house took the digit's only
                    // cell, so two digits need one cell.
                    let Some(&only) = house.iter().find(|&&c| cands[c].contains(digit)) else {
                        return false;
                    };
                    if cands[only].len() > 1 {
                        cands[only] = DigitSet::single(digit);
                        changed = true;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn go(&mut self, mut cands: Vec<DigitSet>) {
        if self.count >= self.limit || !self.propagate(&mut cands) {
            return;
        }
        let branch = (0..cands.len())
            .filter(|&c| cands[c].len() > 1)
            .min_by_key(|&c| cands[c].len());
        let Some(cell) = branch else {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(cands);
            }
            return;
        };
        let options: Vec<Digit> = cands[cell].iter().collect();
        for digit in options {
            if self.count >= self.limit {
                return;
            }
            self.guesses += 1;
            let mut next = cands.clone();
            next[cell] = DigitSet::single(digit);
            self.go(next);
        }
    }
}

impl Backtracker for PropagateSolver {
    const NAME: &'static str = "propagate";

    fn run(&mut self, puzzle: &Puzzle, limit: u64) -> (u64, Option<Grid>) {
        self.search_solutions(puzzle, limit)
    }
}
