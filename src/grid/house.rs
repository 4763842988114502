//! Houses: the rows, columns, boxes and diagonals that hold every digit once.

use std::fmt;

use super::{Cell, Shape};

/// A set of N cells that must hold every digit exactly once.
///
/// Indices are 0-based; the `Display` form is 1-based (`row 3`, `box 5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum House {
    /// A row, by 0-based index.
    Row(u8),
    /// A column, by 0-based index.
    Column(u8),
    /// A box, by 0-based index in reading order.
    Box(u8),
    /// The diagonal from r1c1 to rNcN.
    MainDiagonal,
    /// The diagonal from r1cN to rNc1.
    AntiDiagonal,
}

impl House {
    /// The `i`-th cell of this house on `shape` (0 ≤ i < N), in reading order.
    fn nth(self, shape: Shape, i: usize) -> Cell {
        let n = shape.box_size();
        let size = shape.size();
        let (row, col) = match self {
            House::Row(r) => (r as usize, i),
            House::Column(c) => (i, c as usize),
            House::Box(b) => {
                let b = b as usize;
                ((b / n) * n + i / n, (b % n) * n + i % n)
            }
            House::MainDiagonal => (i, i),
            House::AntiDiagonal => (i, size - 1 - i),
        };
        shape
            .cell(row, col)
            .expect("a house of a shape lies inside that shape")
    }

    /// "in" for rows, columns and boxes, "on" for diagonals, to make messages read well.
    pub fn preposition(self) -> &'static str {
        match self {
            House::MainDiagonal | House::AntiDiagonal => "on",
            _ => "in",
        }
    }

    /// The N cells of this house on `shape`, in reading order.
    pub fn cells(self, shape: Shape) -> impl Iterator<Item = Cell> {
        (0..shape.size()).map(move |i| self.nth(shape, i))
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(r) => write!(f, "row {}", r + 1),
            House::Column(c) => write!(f, "column {}", c + 1),
            House::Box(b) => write!(f, "box {}", b + 1),
            House::MainDiagonal => f.write_str("the main diagonal"),
            House::AntiDiagonal => f.write_str("the anti-diagonal"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn every_house_has_n_distinct_cells() {
        for shape in Shape::all() {
            for house in Variant::Diagonal.houses(shape) {
                let mut cells: Vec<Cell> = house.cells(shape).collect();
                cells.sort();
                cells.dedup();
                assert_eq!(cells.len(), shape.size(), "{house} on {shape}");
            }
        }
    }

    #[test]
    fn box_cells() {
        let shape = Shape::NINE;
        let cells: Vec<String> = House::Box(4).cells(shape).map(|c| c.to_string()).collect();
        assert_eq!(cells[0], "r4c4");
        assert_eq!(cells[8], "r6c6");
        assert!(House::Box(4).cells(shape).all(|c| shape.box_of(c) == 4));
    }
}
