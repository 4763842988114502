//! The textbook backtracker: first empty cell in reading order, every digit that fits.

use std::time::Instant;

use super::budget::Budget;
use super::names::SolverKind;
use super::solver::{Outcome, Solver};
use crate::rules::Puzzle;
use crate::rules::{Layout, layout_for};

/// The classic depth-first backtracker most people write first: take the first empty cell
/// in reading order, try each digit that does not clash with a peer, recurse. No
/// propagation, no heuristics: the baseline the other approaches are measured against.
/// Variant constraints (cages, thermometers …) are checked on the cells filled so far at
/// each digit placed.
///
/// Its effort is the number of digits placed (search nodes).
///
/// ```
/// use satdoku::{Grid, NaiveSolver, Puzzle, Solver};
/// let puzzle = Puzzle::standard("14........1.3...".parse::<Grid>()?)?;
/// let solution = NaiveSolver::default().solve(&puzzle).unwrap();
/// assert!(solution.solves(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct NaiveSolver {
    layout: Option<Layout>,
}

impl Solver for NaiveSolver {
    fn name(&self) -> &'static str {
        SolverKind::Naive.name()
    }

    fn effort_unit(&self) -> &'static str {
        "nodes"
    }

    fn run(&mut self, puzzle: &Puzzle, limit: u64, deadline: Option<Instant>) -> Outcome {
        let layout = layout_for(&mut self.layout, puzzle);
        let mut values = layout.values(puzzle.grid());
        let mut search = Search {
            layout,
            budget: Budget::new(limit, deadline),
        };
        // Constraints among the givens alone are checked once, here.
        if layout.rules.admits(&values) {
            search.go(&mut values, 0);
        }
        search.budget.finish()
    }
}

struct Search<'a> {
    layout: &'a Layout,
    budget: Budget,
}

impl Search<'_> {
    fn go(&mut self, values: &mut [u8], from: usize) {
        let Some(pos) = (from..values.len()).find(|&i| values[i] == 0) else {
            self.budget.solution(|| self.layout.grid(values));
            return;
        };
        for digit in 1..=self.layout.shape.digit_count() as u8 {
            if self.budget.done() {
                return;
            }
            let peers = self.layout.peers(pos);
            if peers.iter().all(|&p| values[p as usize] != digit) {
                if !self.budget.step() {
                    return;
                }
                values[pos] = digit;
                if self.layout.admits_at(values, pos) {
                    self.go(values, pos + 1);
                }
                values[pos] = 0;
            }
        }
    }
}
