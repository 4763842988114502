//! X-sums: the first X digits seen from a clue outside the grid add up to it, X being the first of them.
//!
//! The rule as f-puzzles' extensions state it (Rangsk's SudokuSolver, its userscript's
//! "X Sum": "the sum of the first X numbers in the row or column, where X is equal to the
//! first number placed in that direction"; its `XSumConstraint` and sigh's Interactive
//! Sudoku Solver count the first digit itself among the X): the field `xsum`, entries
//! `{"cell": "R0C3", "value": "25"}` with the clue's cell just outside the grid.

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
        let n = shape.size();
        let sum = self.sum as usize;
        let most = XSum::reach(n, n).1;
        (!(1..=n).any(|x| {
            let (lo, hi) = XSum::reach(x, n);
            (lo..=hi).contains(&sum)
        }))
        .then(|| format!("the first X digits of a {shape} line add up to 1 to {most}, not {sum}"))
    }

    /// The smallest and largest totals of the first X digits of a line of N different
    /// digits, X the first of them.
    fn reach(x: usize, n: usize) -> (usize, usize) {
        // The other X−1 digits are the smallest (largest) ones besides X.
        let others = |range: &mut dyn Iterator<Item = usize>| -> usize {
            range.filter(|&v| v != x).take(x - 1).sum()
        };
        (x + others(&mut (1..=n)), x + others(&mut (1..=n).rev()))
    }
}

impl Constraint for XSum {
    sightline_cells_and_problem!("X-sum");

    /// For each digit X of the first cell, a chain of partial sums over the next X−1 cells
    /// (the one of `Chain`) that holds when the first cell holds X: its steps out of
    /// reach of the clue are forbidden under that literal.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let cells = self.sight.cells(n);
        let sum = self.sum as i64;
        for x in 1..=n {
            let first = cnf.holds(cells[0], x);
            let rest = sum - x as i64;
            if x == 1 || rest < 0 {
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
        let n = values.shape().size();
        let cells = self.sight.cells(n);
        let Some(x) = values.get(cells[0]) else {
            return true;
        };
        let raw: Vec<u8> = cells[..x].iter().map(|&c| values.raw(c)).collect();
        sum_admits(&raw, &vec![1; x], 1, n as i64, self.sum as i64)
    }
}
