//! Grid shapes: an N×N grid of n×n boxes, N = n², for n = 2..=8.

use std::fmt;

use super::{Cell, Digit, DigitSet};

/// The shape of a grid: N×N cells in n×n boxes, with N = n².
///
/// Every square box size from 2 (4×4) to 8 (64×64) is supported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_size: u8,
}

impl Shape {
    /// The smallest box size supported (a 4×4 grid).
    pub const MIN_BOX_SIZE: usize = 2;
    /// The largest box size supported (a 64×64 grid; digits fit a [`DigitSet`]).
    pub const MAX_BOX_SIZE: usize = 8;

    /// The classic 9×9 grid.
    pub const NINE: Shape = Shape { box_size: 3 };

    /// The shape whose boxes are `box_size`×`box_size`, if supported.
    pub fn from_box_size(box_size: usize) -> Option<Shape> {
        (Self::MIN_BOX_SIZE..=Self::MAX_BOX_SIZE)
            .contains(&box_size)
            .then_some(Shape {
                box_size: box_size as u8,
            })
    }

    /// The shape of an N×N grid (`size` = N), if N is a supported square.
    pub fn from_size(size: usize) -> Option<Shape> {
        Self::all().find(|shape| shape.size() == size)
    }

    /// The shape of a grid with `count` = N² cells, if supported.
    pub fn from_cell_count(count: usize) -> Option<Shape> {
        Self::all().find(|shape| shape.cell_count() == count)
    }

    /// Every supported shape, smallest first.
    pub fn all() -> impl Iterator<Item = Shape> {
        (Self::MIN_BOX_SIZE..=Self::MAX_BOX_SIZE).map(|n| Shape { box_size: n as u8 })
    }

    /// n, the side of a box.
    pub const fn box_size(self) -> usize {
        self.box_size as usize
    }

    /// N, the side of the grid and the number of digits.
    pub const fn size(self) -> usize {
        self.box_size() * self.box_size()
    }

    /// N², the number of cells.
    pub const fn cell_count(self) -> usize {
        self.size() * self.size()
    }

    /// The cell at 0-based `row` and `col`, if inside the grid.
    pub fn cell(self, row: usize, col: usize) -> Option<Cell> {
        (row < self.size() && col < self.size()).then(|| Cell::new_unchecked(row, col))
    }

    /// The cell at reading-order position `index` (row-major), if inside the grid.
    pub fn cell_at(self, index: usize) -> Option<Cell> {
        (index < self.cell_count())
            .then(|| Cell::new_unchecked(index / self.size(), index % self.size()))
    }

    /// The reading-order position (row-major) of `cell`.
    pub const fn index(self, cell: Cell) -> usize {
        cell.row() * self.size() + cell.col()
    }

    /// Every cell in reading order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        let size = self.size();
        (0..self.cell_count()).map(move |i| Cell::new_unchecked(i / size, i % size))
    }

    /// The 0-based box holding `cell`, boxes numbered in reading order.
    pub const fn box_of(self, cell: Cell) -> usize {
        let n = self.box_size();
        (cell.row() / n) * n + cell.col() / n
    }

    /// The digit with value `value`, if it is 1..=N.
    pub fn digit(self, value: usize) -> Option<Digit> {
        if (1..=self.size()).contains(&value) {
            Digit::new(value as u8)
        } else {
            None
        }
    }

    /// Every digit 1..=N in increasing order.
    pub fn digits(self) -> impl Iterator<Item = Digit> {
        (0..self.size()).map(Digit::from_index)
    }

    /// The set of all digits 1..=N.
    pub const fn all_digits(self) -> DigitSet {
        DigitSet::all(self.size())
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.size())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        let sizes: Vec<usize> = Shape::all().map(Shape::size).collect();
        assert_eq!(sizes, vec![4, 9, 16, 25, 36, 49, 64]);
        assert_eq!(Shape::from_cell_count(81), Some(Shape::NINE));
        assert_eq!(Shape::from_size(10), None);
        assert_eq!(Shape::from_box_size(1), None);
        assert_eq!(Shape::from_box_size(9), None);
    }

    #[test]
    fn cells_and_boxes() {
        let shape = Shape::NINE;
        assert_eq!(shape.cells().count(), 81);
        let cell = shape.cell(4, 7).unwrap();
        assert_eq!(cell.to_string(), "r5c8");
        assert_eq!(shape.box_of(cell), 5);
        assert_eq!(shape.cell_at(shape.index(cell)), Some(cell));
        assert_eq!(shape.cell(9, 0), None);
        assert_eq!(shape.digit(9).map(Digit::get), Some(9));
        assert_eq!(shape.digit(10), None);
    }
}
