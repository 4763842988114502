//! Grid shapes: an N×N grid, N from 4 to 64 (boxes and regions belong to the rules).

use std::fmt;

use super::{Cell, Digit, DigitSet};

/// The shape of a grid: N×N cells holding digits 1 to M, where M is N unless the grid takes
/// more digits than a house has cells (a 6×6 filled from 1–9: each house's digits differ),
/// or 0 to M−1 on a grid whose digits start at 0 ([`Shape::from_zero`]).
///
/// A [`Digit`] is the digit's place in that list (1 to M); [`Shape::number`] is the number
/// it stands for, which is one less on a grid of digits from 0.
///
/// Every N from 4 to 64 is a shape; which regions the grid has (boxes of which size, or
/// jigsaw regions) is the business of the rules (`Rules`, a layer above).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    size: u8,
    digits: u8,
    /// Whether the digits start at 0 (digit 1 stands for 0).
    zero: bool,
}

impl Shape {
    /// The smallest grid supported (4×4).
    pub const MIN_SIZE: usize = 4;
    /// The largest grid supported (64×64; digits fit a [`DigitSet`]).
    pub const MAX_SIZE: usize = 64;

    /// The classic 9×9 grid.
    pub const NINE: Shape = Shape {
        size: 9,
        digits: 9,
        zero: false,
    };

    /// The shape of an N×N grid (`size` = N), if N is from 4 to 64.
    pub fn from_size(size: usize) -> Option<Shape> {
        (Self::MIN_SIZE..=Self::MAX_SIZE)
            .contains(&size)
            .then_some(Shape {
                size: size as u8,
                digits: size as u8,
                zero: false,
            })
    }

    /// The shape of a grid with `count` = N² cells, if supported.
    pub fn from_cell_count(count: usize) -> Option<Shape> {
        let size = count.isqrt();
        if size * size == count {
            Self::from_size(size)
        } else {
            None
        }
    }

    /// Every supported shape, smallest first.
    pub fn all() -> impl Iterator<Item = Shape> {
        (Self::MIN_SIZE..=Self::MAX_SIZE).map(|n| Shape {
            size: n as u8,
            digits: n as u8,
            zero: false,
        })
    }

    /// The shapes whose default boxes are square (4×4, 9×9, 16×16 … 64×64): the classic
    /// Sudoku sizes.
    pub fn square() -> impl Iterator<Item = Shape> {
        (2..=8).map(|n| Shape {
            size: n * n,
            digits: n * n,
            zero: false,
        })
    }

    /// N, the side of the grid (the cells of a row, a column or a region).
    pub const fn size(self) -> usize {
        self.size as usize
    }

    /// The same grid taking the digits 1 to `digits` (M, from N to 64), if that many fit.
    pub fn with_digits(self, digits: usize) -> Option<Shape> {
        (self.size()..=Self::MAX_SIZE)
            .contains(&digits)
            .then_some(Shape {
                digits: digits as u8,
                ..self
            })
    }

    /// M, the number of digits a cell may hold (1 to M): N unless the grid was given more.
    pub const fn digit_count(self) -> usize {
        self.digits as usize
    }

    /// The same grid with digits starting at 0: 0 to M−1 ("place the digits 0-8", or 0 to N
    /// on a grid taking one more digit than a row has cells).
    pub const fn from_zero(self) -> Shape {
        Shape { zero: true, ..self }
    }

    /// Whether the digits start at 0 ([`Shape::from_zero`]).
    pub const fn starts_at_zero(self) -> bool {
        self.zero
    }

    /// The smallest number a digit stands for: 0 or 1.
    pub const fn lowest(self) -> usize {
        if self.zero { 0 } else { 1 }
    }

    /// The largest number a digit stands for: M, or M−1 when the digits start at 0.
    pub const fn highest(self) -> usize {
        self.number(self.digit_count())
    }

    /// The number that digit `digit` (its place 1..=M, as [`Digit::get`] gives it) stands
    /// for: itself, or one less when the digits start at 0. Sums, differences of sums,
    /// products and parities are of these numbers.
    pub const fn number(self, digit: usize) -> usize {
        digit - self.place_excess()
    }

    /// The place (1..=M) of the digit standing for `number`: the inverse of
    /// [`Shape::number`] (the caller knows the grid has that number).
    pub const fn place(self, number: usize) -> usize {
        number + self.place_excess()
    }

    /// How much a digit's place exceeds the number it stands for: 1 on a grid of digits
    /// from 0, else 0.
    pub const fn place_excess(self) -> usize {
        1 - self.lowest()
    }

    /// A sum of numbers, `total`, over terms whose weights add up to `weights`, as the
    /// same sum over the digits' places (each place its number plus
    /// [`Shape::place_excess`]).
    pub const fn total_in_places(self, total: i64, weights: i64) -> i64 {
        total + self.place_excess() as i64 * weights
    }

    /// The digit standing for `number` (what a file or a person writes), if the grid has it.
    pub fn digit_numbered(self, number: usize) -> Option<Digit> {
        number
            .checked_sub(self.lowest())
            .and_then(|i| (i < self.digit_count()).then(|| Digit::from_index(i)))
    }

    /// Whether every house holds every digit (M = N): the classic case, where a house's
    /// digits are a permutation and a digit missing from all but one cell of a house goes
    /// there. When M > N a house's digits only differ.
    pub const fn is_exact(self) -> bool {
        self.digits == self.size
    }

    /// N², the number of cells.
    pub const fn cell_count(self) -> usize {
        self.size() * self.size()
    }

    /// The cell at 0-based `row` and `col`, if inside the grid.
    pub fn cell(self, row: usize, col: usize) -> Option<Cell> {
        (row < self.size() && col < self.size()).then(|| Cell::new_unchecked(row, col))
    }

    /// The cell `dr` rows and `dc` columns from `cell`, if inside the grid.
    pub fn step(self, cell: Cell, (dr, dc): (isize, isize)) -> Option<Cell> {
        let row = cell.row().checked_add_signed(dr)?;
        let col = cell.col().checked_add_signed(dc)?;
        self.cell(row, col)
    }

    /// Every pair of cells one of `steps` apart, once each, the first before the second in
    /// reading order.
    pub fn pairs_at(self, steps: &[(isize, isize)]) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        self.cells().flat_map(move |a| {
            steps
                .iter()
                .filter_map(move |&step| self.step(a, step))
                .filter(move |&b| b > a)
                .map(move |b| (a, b))
        })
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

    /// The digit at place `value` (1..=M), if the grid has it; a number a file writes is
    /// [`Shape::digit_numbered`].
    pub fn digit(self, value: usize) -> Option<Digit> {
        if (1..=self.digit_count()).contains(&value) {
            Digit::new(value as u8)
        } else {
            None
        }
    }

    /// Every digit 1..=M in increasing order.
    pub fn digits(self) -> impl Iterator<Item = Digit> {
        (0..self.digit_count()).map(Digit::from_index)
    }

    /// The set of all digits 1..=M.
    pub const fn all_digits(self) -> DigitSet {
        DigitSet::all(self.digit_count())
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.size())?;
        if !self.is_exact() || self.zero {
            let lowest = self.lowest();
            write!(f, " with digits {lowest}-{}", self.highest())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        let sizes: Vec<usize> = Shape::square().map(Shape::size).collect();
        assert_eq!(sizes, vec![4, 9, 16, 25, 36, 49, 64]);
        assert_eq!(Shape::all().count(), 61);
        assert_eq!(Shape::from_cell_count(81), Some(Shape::NINE));
        assert_eq!(Shape::from_cell_count(36).map(Shape::size), Some(6));
        assert_eq!(Shape::from_cell_count(80), None);
        assert_eq!(Shape::from_size(10).map(Shape::size), Some(10));
        assert_eq!(Shape::from_size(3), None);
        assert_eq!(Shape::from_size(65), None);
    }

    #[test]
    fn cells_and_boxes() {
        let shape = Shape::NINE;
        assert_eq!(shape.cells().count(), 81);
        let cell = shape.cell(4, 7).unwrap();
        assert_eq!(cell.to_string(), "r5c8");
        assert_eq!(shape.cell_at(shape.index(cell)), Some(cell));
        assert_eq!(shape.cell(9, 0), None);
        assert_eq!(shape.digit(9).map(Digit::get), Some(9));
        assert_eq!(shape.digit(10), None);
        let wide = Shape::from_size(6).unwrap().with_digits(9).unwrap();
        assert_eq!(wide.digit(9).map(Digit::get), Some(9));
        assert_eq!(
            (wide.size(), wide.digit_count(), wide.is_exact()),
            (6, 9, false)
        );
        assert_eq!(wide.to_string(), "6×6 with digits 1-9");
        let zero = Shape::NINE.with_digits(10).unwrap().from_zero();
        assert_eq!(zero.to_string(), "9×9 with digits 0-9");
        assert_eq!(zero.number(1), 0);
        assert_eq!(zero.digit_numbered(0).map(Digit::get), Some(1));
        assert_eq!(zero.digit_numbered(10), None);
        assert_eq!(Shape::NINE.digit_numbered(0), None);
        assert_eq!(Shape::NINE.number(9), 9);
        assert_eq!(Shape::NINE.with_digits(8), None);
        assert_eq!(Shape::NINE.with_digits(65), None);
    }
}
