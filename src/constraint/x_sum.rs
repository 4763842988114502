//! X-sums: the first X digits seen from a clue outside the grid add up to it, X being the first of them.
//!
//! The rule as f-puzzles' extensions state it (Rangsk's SudokuSolver, its userscript's
//! "X Sum": "the sum of the first X numbers in the row or column, where X is equal to the
//! first number placed in that direction"; its `XSumConstraint` and sigh's Interactive
//! Sudoku Solver count the first digit itself among the X): the field `xsum`, entries
//! `{"cell": "R0C3", "value": "25"}` with the clue's cell just outside the grid.

use std::fmt;

use super::outside::Sightline;
use super::sum::{Chain, Term, cell_term, sum_admits};
use super::{CellValues, Constraint, ConstraintCnf, Record, RecordError, VariantConstraint};
use crate::grid::{Cell, Shape};

/// An X-sum clue: the first X digits of its line seen from the clue, X the first of them,
/// add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct XSum {
    sight: Sightline,
    sum: u32,
}

impl XSum {
    /// Reads an X-sum record: where the clue stands ([`Sightline`]'s reading) and its `sum`
    /// (f-puzzles' `value`).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        Ok(Sightline::read(record, "sum")?
            .map(|(sight, sum)| XSum::new(sight, sum).into())
            .into_iter()
            .collect())
    }

    /// The clue `sum` seen along `sight`.
    pub fn new(sight: Sightline, sum: u32) -> XSum {
        XSum { sight, sum }
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

impl fmt::Display for XSum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "X-sum {} (sum {})", self.sight, self.sum)
    }
}

impl Constraint for XSum {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        self.sight.cells(shape.size())
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        if let Some(problem) = self.sight.problem(shape, "X-sum") {
            return Some(problem);
        }
        let n = shape.size();
        let sum = self.sum as usize;
        let most = XSum::reach(n, n).1;
        (!(1..=n).any(|x| {
            let (lo, hi) = XSum::reach(x, n);
            (lo..=hi).contains(&sum)
        }))
        .then(|| format!("the first X digits of a {shape} line add up to 1 to {most}, not {sum}"))
    }

    /// For each digit X of the first cell, a chain of partial sums over the next X−1 cells
    /// (the one of [`Chain`]) that holds when the first cell holds X: its steps out of
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
