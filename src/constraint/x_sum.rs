//! X-sums: the first X digits seen from a clue outside the grid add up to it, X being the first of them.
//!
//! The rule as f-puzzles' extensions state it (Rangsk's SudokuSolver, its userscript's
//! "X Sum": "the sum of the first X numbers in the row or column, where X is equal to the
//! first number placed in that direction"; its `XSumConstraint` and sigh's Interactive
//! Sudoku Solver count the first digit itself among the X): the field `xsum`, entries
//! `{"cell": "R0C3", "value": "25"}` with the clue's cell just outside the grid. On a grid of
//! digits from 0, X and the sum are numbers, as sigh's solver reads them ("0-indexed: Sums
//! and indexing"); a first 0 sums no cells, which only a clue of 0 allows (sigh's solver
//! allows no first 0 at all, so a clue of 0 has no solution there).

use super::outside::{outside_clue, sightline_cells_and_problem};
use super::sum::{Chain, Term, cell_term, sum_admits};
use super::{CellValues, Constraint, ConstraintCnf};
use crate::grid::{Cell, Shape};

outside_clue! {
    /// An X-sum clue: the first X digits of its line seen from the clue, X the first of them,
    /// add up to `sum`.
    XSum { sum }, "X-sum", shown "sum {}",
    records "x-sum", "xsum"
}

impl XSum {
    /// Why the clue's number cannot stand on a grid of `shape` (its line being one).
    fn clue_problem(&self, shape: Shape) -> Option<String> {
        let sum = self.sum as usize;
        let (first, last) = (shape.lowest(), shape.highest().min(shape.size()));
        (!(first..=last).any(|x| {
            let (lo, hi) = XSum::reach(x, shape);
            (lo..=hi).contains(&sum)
        }))
        .then(|| {
            let (least, most) = (XSum::reach(first, shape).0, XSum::reach(last, shape).1);
            format!("the first X digits of a {shape} line add up to {least} to {most}, not {sum}")
        })
    }

    /// The smallest and largest totals of the first X digits of a line of different
    /// digits of `shape`, X (a number) the first of them: 0 for X = 0.
    fn reach(x: usize, shape: Shape) -> (usize, usize) {
        if x == 0 {
            return (0, 0);
        }
        // The other X−1 numbers are the smallest (largest) ones besides X.
        let numbers = shape.lowest()..=shape.highest();
        let others = |range: &mut dyn Iterator<Item = usize>| -> usize {
            range.filter(|&v| v != x).take(x - 1).sum()
        };
        (
            x + others(&mut numbers.clone()),
            x + others(&mut numbers.rev()),
        )
    }
}

impl Constraint for XSum {
    sightline_cells_and_problem!("X-sum");

    /// For each digit of the first cell, standing for X, a chain of partial sums over the
    /// next X−1 cells (the one of `Chain`) that holds when the first cell holds it: its steps
    /// out of reach of the clue are forbidden under that literal. The sums are of numbers;
    /// on digits from 0 a first 0 sums no cells (a clue of 0).
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        let cells = self.sight.cells(shape.size());
        let sum = self.sum as i64;
        for digit in 1..=cnf.size() {
            let x = shape.number(digit);
            let first = cnf.holds(cells[0], digit);
            let rest = sum - x as i64;
            if x > cells.len() {
                cnf.clause([!first]);
                continue;
            }
            if x <= 1 || rest < 0 {
                // X = 0 sums nothing, X = 1 the first digit alone.
                if rest != 0 {
                    cnf.clause([!first]);
                }
                continue;
            }
            let terms: Vec<Term> = cells[1..x].iter().map(|&c| cell_term(cnf, c, 1)).collect();
            Chain::equal_if(cnf, Some(first), &terms, rest);
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let shape = values.shape();
        let cells = self.sight.cells(shape.size());
        let Some(x) = values.get(cells[0]) else {
            return true;
        };
        let Some(counted) = cells.get(..x) else {
            return false;
        };
        // The first X digits by place: their numbers' sum plus X·(place − number).
        let raw: Vec<u8> = counted.iter().map(|&c| values.raw(c)).collect();
        let places = shape.total_in_places(self.sum as i64, x as i64);
        sum_admits(&raw, &vec![1; x], 1, shape.digit_count() as i64, places)
    }
}
