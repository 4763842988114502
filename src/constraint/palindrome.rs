//! Palindromes: the line reads the same from either end.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, line_cells_and_oddity, line_problem,
};
use crate::grid::{Cell, Shape};

/// A palindrome line: the i-th cell from one end holds the digit of the i-th from the other.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Palindrome {
    cells: Vec<Cell>,
}

impl Palindrome {
    /// Reads a palindrome record: its cells (f-puzzles: one palindrome per line).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| Palindrome::new(cells).into())
    }

    /// The record that `read` reads back as this line: its cells, under `palindrome` in
    /// satdoku's TOML and as the one line of an f-puzzles `palindrome` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "palindrome",
            "palindrome",
            &self.cells,
        )])
    }

    /// A palindrome along `cells`.
    pub fn new(cells: Vec<Cell>) -> Palindrome {
        Palindrome { cells }
    }

    /// The pairs of cells that hold the same digit.
    fn pairs(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        let len = self.cells.len();
        (0..len / 2).map(move |i| (self.cells[i], self.cells[len - 1 - i]))
    }
}

impl fmt::Display for Palindrome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "palindrome {}", cell_list(&self.cells))
    }
}

impl Constraint for Palindrome {
    line_cells_and_oddity!();

    fn problem(&self, _shape: Shape) -> Option<String> {
        line_problem("palindrome", &self.cells)
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        for (a, b) in self.pairs() {
            cnf.relation(a, b, |x, y| x == y);
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.pairs()
            .all(|(a, b)| match (values.get(a), values.get(b)) {
                (Some(x), Some(y)) => x == y,
                _ => true,
            })
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::line(&self.cells, "#b8b8b8", 0.25)]
    }
}
