//! The textbook backtracker: first empty cell in reading order, every digit that fits.

use super::Backtracker;
use super::layout::{Layout, layout_for};
use crate::grid::{Grid, Puzzle};

/// The classic depth-first backtracker most people write first: take the first empty cell
/// in reading order, try each digit that does not clash with a peer, recurse. No
/// propagation, no heuristics: the baseline the other approaches are measured against.
///
/// Its effort is the number of digits placed (search nodes).
///
/// ```
/// use satdoku::{Grid, NaiveSolver, Puzzle, Solver, Variant};
/// let puzzle = Puzzle::new("14........1.3...".parse::<Grid>()?, Variant::Standard)?;
/// let solution = NaiveSolver::default().solve(&puzzle).unwrap();
/// assert!(solution.solves(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct NaiveSolver {
    layout: Option<Layout>,
    nodes: u64,
}

impl NaiveSolver {
    /// Search nodes (digits placed) since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Finds up to `limit` solutions; returns how many, and the first.
    fn search_solutions(&mut self, puzzle: &Puzzle, limit: u64) -> (u64, Option<Grid>) {
        let layout = layout_for(&mut self.layout, puzzle);
        let mut values = layout.values(puzzle.grid());
        let mut search = Search {
            layout,
            limit,
            count: 0,
            first: None,
            nodes: 0,
        };
        search.go(&mut values, 0);
        self.nodes += search.nodes;
        (search.count, search.first.map(|v| layout.grid(&v)))
    }
}

struct Search<'a> {
    layout: &'a Layout,
    limit: u64,
    count: u64,
    first: Option<Vec<u8>>,
    nodes: u64,
}

impl Search<'_> {
    fn go(&mut self, values: &mut [u8], from: usize) {
        let Some(pos) = (from..values.len()).find(|&i| values[i] == 0) else {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(values.to_vec());
            }
            return;
        };
        for digit in 1..=self.layout.shape.size() as u8 {
            if self.count >= self.limit {
                return;
            }
            if self.layout.peers[pos].iter().all(|&p| values[p] != digit) {
                self.nodes += 1;
                values[pos] = digit;
                self.go(values, pos + 1);
                values[pos] = 0;
            }
        }
    }
}

impl Backtracker for NaiveSolver {
    const NAME: &'static str = "naive";

    fn run(&mut self, puzzle: &Puzzle, limit: u64) -> (u64, Option<Grid>) {
        self.search_solutions(puzzle, limit)
    }
}
