//! A cell position, written `r3c7` (1-based) in every message.

use std::fmt;

/// A cell of a grid, by 0-based row and column.
///
/// Cells are made by [`Shape::cell`](crate::Shape::cell) and
/// [`Shape::cells`](crate::Shape::cells), which check the bounds, so a `Cell` taken from a
/// shape always lies inside grids of that shape. It prints as `r3c7` (1-based), the
/// notation used in every message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// A cell from 0-based coordinates already checked against a shape.
    pub(crate) const fn new_unchecked(row: usize, col: usize) -> Cell {
        Cell {
            row: row as u8,
            col: col as u8,
        }
    }

    /// The cell at 0-based `row` and `col` of some grid up to 64×64, `None` beyond; whether
    /// a given grid holds it is for its rules to check.
    pub fn at(row: usize, col: usize) -> Option<Cell> {
        (row < 64 && col < 64).then(|| Cell::new_unchecked(row, col))
    }

    /// The 0-based row.
    pub const fn row(self) -> usize {
        self.row as usize
    }

    /// The 0-based column.
    pub const fn col(self) -> usize {
        self.col as usize
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}
