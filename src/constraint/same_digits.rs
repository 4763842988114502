//! Same digits: every row, column and region holds the same digits, chosen from more than a house has cells ("select six different digits from 1–9").
//!
//! On a grid taking the digits 1 to M with N cells to a house (M > N), the houses' digits
//! only differ; this rule makes the grid use N of the M digits in all, so that every house
//! holds those same N (sigh's Interactive Sudoku Solver has no such rule; setters write it
//! "Select six different digits from the set 1-9 ... use these six digits only"). On a grid
//! of digits 1 to N it says nothing more.

use std::fmt;

use super::drawing::Mark;
use super::{CellValues, Constraint, ConstraintCnf, RecordFormat, Written, whole_grid_rule};
use crate::grid::{Cell, DigitSet, Shape};

/// The rule over the whole grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SameDigits;

impl SameDigits {
    /// No record: a rule over the whole grid is written with a file's rules (satdoku's
    /// `rules` list), never as a record of its own.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        whole_grid_rule(self, format)
    }
}

impl fmt::Display for SameDigits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("same digits (every row, column and region holds the same digits)")
    }
}

impl Constraint for SameDigits {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        shape.cells().collect()
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        None
    }

    /// A variable per digit, "chosen": a digit in any cell is chosen, and a chosen digit is
    /// in every row and every column. A row's N different digits are then all chosen, and
    /// N chosen digits fill every row: exactly N are chosen.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        let (n, m) = (shape.size(), shape.digit_count());
        if n == m {
            return;
        }
        let chosen: Vec<_> = (0..m).map(|_| cnf.aux()).collect();
        for cell in shape.cells() {
            for (v, &pick) in (1..=m).zip(&chosen) {
                cnf.clause([!cnf.holds(cell, v), pick]);
            }
        }
        for i in 0..n {
            let row: Vec<Cell> = (0..n).filter_map(|j| shape.cell(i, j)).collect();
            let column: Vec<Cell> = (0..n).filter_map(|j| shape.cell(j, i)).collect();
            for line in [row, column] {
                for (v, &pick) in (1..=m).zip(&chosen) {
                    let mut clause = vec![!pick];
                    clause.extend(line.iter().map(|&c| cnf.holds(c, v)));
                    cnf.clause(clause);
                }
            }
        }
    }

    /// No more different digits than a house has cells: exact on a complete grid whose
    /// houses' digits differ (each house holds N of them, so all hold the same N).
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let shape = values.shape();
        let used: DigitSet = shape
            .cells()
            .filter_map(|cell| values.get(cell))
            .filter_map(|v| shape.digit_numbered(v))
            .collect();
        used.len() <= shape.size()
    }

    /// Digits placed on N different digits leave no room for any other; a digit without a
    /// place in some row or column is not chosen, and leaves every cell.
    fn narrow(&self, scope: &[Cell], sets: &[DigitSet], _shape: Shape) -> Option<Vec<DigitSet>> {
        let n = scope.len().isqrt();
        if n * n != scope.len() {
            return None;
        }
        let placed: DigitSet = sets.iter().filter_map(|s| s.only()).collect();
        let mut keep = if placed.len() >= n {
            placed
        } else {
            sets.iter().fold(DigitSet::EMPTY, |a, &s| a | s)
        };
        let mut rows = vec![DigitSet::EMPTY; n];
        let mut columns = vec![DigitSet::EMPTY; n];
        for (cell, &set) in scope.iter().zip(sets) {
            rows[cell.row()] = rows[cell.row()] | set;
            columns[cell.col()] = columns[cell.col()] | set;
        }
        for line in rows.iter().chain(&columns) {
            keep = keep & *line;
        }
        Some(sets.iter().map(|&s| s & keep).collect())
    }

    /// Nothing drawn: the legend names the rule with the rules over the whole grid.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        Vec::new()
    }
}
