//! Dutch flatmates: every middle digit (5 on 9×9) has a 1 directly above it or the largest digit (9) directly below it, or both.
//!
//! The meaning is sigh's Interactive Sudoku Solver's (`DutchFlatmates`, "all 5's in the grid
//! must have a 1 directly above it or a 9 directly below it"; its handler takes the middle
//! digit as half the digits rounded up). A middle digit needs an odd number of digits, so grids
//! of even size are refused.

use std::fmt;

use super::drawing::Mark;
use super::{CellValues, Constraint, ConstraintCnf, RecordFormat, Written, whole_grid_rule};
use crate::grid::{Cell, Shape};

/// The rule over the whole grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DutchFlatmates;

impl DutchFlatmates {
    /// No record: a rule over the whole grid is written with a file's rules (satdoku's
    /// `rules` list), never as a record of its own.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        whole_grid_rule(self, format)
    }

    /// The middle digit of 1…`n` (n odd).
    fn middle(n: usize) -> usize {
        n.div_ceil(2)
    }

    /// `cell` with the cells directly above and below it, where they exist.
    fn triple(shape: Shape, cell: Cell) -> (Cell, Option<Cell>, Option<Cell>) {
        (cell, shape.step(cell, (-1, 0)), shape.step(cell, (1, 0)))
    }

    /// Each cell with the cells directly above and below it, where they exist.
    fn columns(shape: Shape) -> impl Iterator<Item = (Cell, Option<Cell>, Option<Cell>)> {
        shape
            .cells()
            .map(move |cell| DutchFlatmates::triple(shape, cell))
    }

    /// Whether the middle digit in `cell` (if it holds it) can still have its flatmate.
    fn cell_admits(
        values: &CellValues<'_>,
        (cell, above, below): (Cell, Option<Cell>, Option<Cell>),
    ) -> bool {
        let n = values.shape().digit_count();
        if values.get(cell) != Some(DutchFlatmates::middle(n)) {
            return true;
        }
        let may = |neighbour: Option<Cell>, v: usize| {
            neighbour.is_some_and(|c| values.get(c).is_none_or(|w| w == v))
        };
        may(above, 1) || may(below, n)
    }
}

impl fmt::Display for DutchFlatmates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Dutch flatmates (every middle digit has a 1 above or the largest below)")
    }
}

impl Constraint for DutchFlatmates {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        shape.cells().collect()
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let n = shape.digit_count();
        n.is_multiple_of(2)
            .then(|| format!("the digits 1 to {n} have no middle digit (an odd size has one)"))
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let middle = DutchFlatmates::middle(n);
        for (cell, above, below) in DutchFlatmates::columns(cnf.shape()) {
            let mut clause = vec![!cnf.holds(cell, middle)];
            clause.extend(above.map(|a| cnf.holds(a, 1)));
            clause.extend(below.map(|b| cnf.holds(b, n)));
            cnf.clause(clause);
        }
    }

    fn scopes(&self, shape: Shape) -> Vec<Vec<Cell>> {
        DutchFlatmates::columns(shape)
            .map(|(cell, above, below)| above.into_iter().chain([cell]).chain(below).collect())
            .collect()
    }

    fn admits_scope(&self, values: &CellValues<'_>, scope: &[Cell]) -> bool {
        // The scope is a cell with its neighbours above and below: the middle one is the
        // cell unless it stands in the top or bottom row.
        (scope.iter()).all(|&cell| {
            DutchFlatmates::cell_admits(values, DutchFlatmates::triple(values.shape(), cell))
        })
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        DutchFlatmates::columns(values.shape())
            .all(|triple| DutchFlatmates::cell_admits(values, triple))
    }

    /// Nothing drawn: the legend names the rule with the rules over the whole grid.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        Vec::new()
    }
}
