//! Rectangular boxes: r rows by c columns tiling an N×N grid, r·c = N (3×3 on 9×9, 2×3 on 6×6, 3×4 on 12×12) or a cell per digit (3×3 on a 6×6 of 1–9).

use std::fmt;
use std::str::FromStr;

use super::{Cell, Shape};

/// Text or numbers that make no boxes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoxError {
    /// Boxes whose sides are below 2 or whose grid is not supported.
    #[error("boxes of {rows}x{cols} do not make a grid from 4×4 to 64×64 (each side at least 2)")]
    Size {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
    },
    /// Box text not of the form `RxC`.
    #[error("{text:?} is not a box size: write rows x columns, e.g. 2x3")]
    Syntax {
        /// The text given.
        text: String,
    },
}

/// The size of the boxes that tile a grid: `rows` × `cols` cells, with `rows · cols = N`
/// ([`BoxShape::new`]), or boxes of more cells on a grid taking as many digits
/// ([`BoxShape::tiling`]: 3×3 boxes on a 6×6 of the digits 1–9, four boxes).
///
/// Boxes are numbered in reading order, and so are the cells inside a box. Written `2x3`
/// (two rows, three columns) on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoxShape {
    rows: u8,
    cols: u8,
    /// The side of the grid they tile: `rows · cols` unless made by [`BoxShape::tiling`].
    side: u8,
}

impl BoxShape {
    /// Boxes of `rows` × `cols` cells, each at least 2, tiling a grid of a supported size.
    ///
    /// ```
    /// use satdoku::BoxShape;
    /// assert_eq!(BoxShape::new(2, 3).unwrap().shape().size(), 6);
    /// assert!(BoxShape::new(1, 9).is_err());
    /// ```
    pub fn new(rows: usize, cols: usize) -> Result<BoxShape, BoxError> {
        let size = rows.saturating_mul(cols);
        if rows < 2 || cols < 2 || Shape::from_size(size).is_none() {
            return Err(BoxError::Size { rows, cols });
        }
        Ok(BoxShape {
            rows: rows as u8,
            cols: cols as u8,
            side: size as u8,
        })
    }

    /// Boxes of `rows` × `cols` cells tiling a grid of `shape`'s side N: each side divides N
    /// (at least 2), and a box has N to 64 cells. `None` otherwise. Boxes of N cells are
    /// those of [`BoxShape::new`]; boxes of more cells hold a cell per digit on a grid
    /// taking that many ([`Rules::boxes`](crate::Rules::boxes) gives it those digits).
    ///
    /// ```
    /// use satdoku::{BoxShape, Shape};
    /// let six = Shape::from_size(6).unwrap();
    /// let boxes = BoxShape::tiling(3, 3, six).unwrap();
    /// assert_eq!((boxes.count(), boxes.cells()), (4, 9));
    /// assert_eq!(BoxShape::tiling(2, 3, six), BoxShape::new(2, 3).ok());
    /// assert!(BoxShape::tiling(2, 2, six).is_none()); // four cells, fewer than a row's six
    /// assert!(BoxShape::tiling(4, 2, six).is_none()); // 4 does not divide 6
    /// ```
    pub fn tiling(rows: usize, cols: usize, shape: Shape) -> Option<BoxShape> {
        let side = shape.size();
        let fits = rows >= 2
            && cols >= 2
            && side.is_multiple_of(rows)
            && side.is_multiple_of(cols)
            && (side..=Shape::MAX_SIZE).contains(&(rows * cols));
        fits.then_some(BoxShape {
            rows: rows as u8,
            cols: cols as u8,
            side: side as u8,
        })
    }

    /// The same boxes tiling `shape` instead ([`BoxShape::tiling`]).
    pub fn on(self, shape: Shape) -> Option<BoxShape> {
        BoxShape::tiling(self.rows(), self.cols(), shape)
    }

    /// The usual boxes of `shape`: square when N is a square, else the most nearly square
    /// split with fewer rows than columns (2×3 on 6×6, 2×4 on 8×8, 3×4 on 12×12). `None`
    /// when N is prime: such grids need jigsaw regions.
    pub fn default_for(shape: Shape) -> Option<BoxShape> {
        let size = shape.size();
        (2..=size.isqrt())
            .rev()
            .find(|rows| size.is_multiple_of(*rows))
            .map(|rows| BoxShape {
                rows: rows as u8,
                cols: (size / rows) as u8,
                side: size as u8,
            })
    }

    /// Rows of each box.
    pub const fn rows(self) -> usize {
        self.rows as usize
    }

    /// Columns of each box.
    pub const fn cols(self) -> usize {
        self.cols as usize
    }

    /// Whether the boxes are square (n×n).
    pub const fn is_square(self) -> bool {
        self.rows == self.cols
    }

    /// The grid the boxes tile.
    pub fn shape(self) -> Shape {
        Shape::from_size(self.side as usize).expect("checked when made")
    }

    /// The cells of each box: N, or more for boxes of a cell per digit.
    pub const fn cells(self) -> usize {
        self.rows() * self.cols()
    }

    /// How many boxes tile the grid: N, or fewer for boxes of more than N cells.
    pub const fn count(self) -> usize {
        (self.side as usize / self.rows()) * self.boxes_per_band()
    }

    /// Whether each box has N cells, as many as a row.
    pub const fn is_exact(self) -> bool {
        self.cells() == self.side as usize
    }

    /// The 0-based box holding `cell`, boxes numbered in reading order.
    pub const fn box_of(self, cell: Cell) -> usize {
        (cell.row() / self.rows()) * self.boxes_per_band() + cell.col() / self.cols()
    }

    /// How many boxes stand side by side in one band of `rows` rows: N / cols (`rows`
    /// for boxes of N cells).
    pub const fn boxes_per_band(self) -> usize {
        self.side as usize / self.cols()
    }

    /// The `i`-th cell (reading order) of box `b`.
    pub fn cell(self, b: usize, i: usize) -> Cell {
        let per_band = self.boxes_per_band();
        let row = (b / per_band) * self.rows() + i / self.cols();
        let col = (b % per_band) * self.cols() + i % self.cols();
        Cell::new_unchecked(row, col)
    }
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// Parses `RxC` (`2x3`, also `2×3`): R rows by C columns.
impl FromStr for BoxShape {
    type Err = BoxError;
    fn from_str(text: &str) -> Result<BoxShape, BoxError> {
        let bad = || BoxError::Syntax {
            text: text.to_string(),
        };
        let (rows, cols) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let rows: usize = rows.trim().parse().map_err(|_| bad())?;
        let cols: usize = cols.trim().parse().map_err(|_| bad())?;
        BoxShape::new(rows, cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_boxes() {
        let of = |n| BoxShape::default_for(Shape::from_size(n).unwrap()).map(|b| b.to_string());
        assert_eq!(of(9).as_deref(), Some("3x3"));
        assert_eq!(of(6).as_deref(), Some("2x3"));
        assert_eq!(of(8).as_deref(), Some("2x4"));
        assert_eq!(of(12).as_deref(), Some("3x4"));
        assert_eq!(of(64).as_deref(), Some("8x8"));
        assert_eq!(of(7), None);
    }

    #[test]
    fn every_box_holds_its_cells_once() {
        for text in [
            "2x2", "2x3", "3x2", "3x3", "2x4", "4x2", "3x4", "2x5", "5x5",
        ] {
            let boxes: BoxShape = text.parse().unwrap();
            let shape = boxes.shape();
            let mut seen = vec![0; shape.cell_count()];
            for b in 0..shape.size() {
                for i in 0..shape.size() {
                    let cell = boxes.cell(b, i);
                    assert!(cell.row() < shape.size() && cell.col() < shape.size());
                    assert_eq!(boxes.box_of(cell), b, "{text} box {b} cell {i}");
                    seen[shape.index(cell)] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{text}");
        }
    }

    #[test]
    fn boxes_of_more_cells_tile_their_grid() {
        for (rows, cols, side) in [
            (3, 3, 6),
            (2, 4, 4),
            (4, 2, 4),
            (3, 6, 6),
            (2, 6, 6),
            (4, 4, 8),
        ] {
            let shape = Shape::from_size(side).unwrap();
            let boxes = BoxShape::tiling(rows, cols, shape).unwrap();
            assert_eq!(boxes.shape(), shape);
            assert_eq!(boxes.count() * boxes.cells(), shape.cell_count());
            let mut seen = vec![0; shape.cell_count()];
            for b in 0..boxes.count() {
                for i in 0..boxes.cells() {
                    let cell = boxes.cell(b, i);
                    assert!(
                        cell.row() < side && cell.col() < side,
                        "{rows}x{cols} on {side}"
                    );
                    assert_eq!(
                        boxes.box_of(cell),
                        b,
                        "{rows}x{cols} on {side}: box {b} cell {i}"
                    );
                    seen[shape.index(cell)] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{rows}x{cols} on {side}");
        }
    }

    #[test]
    fn bad_boxes_are_refused() {
        assert!("1x9".parse::<BoxShape>().is_err());
        assert!("9x9".parse::<BoxShape>().is_err());
        assert!("3by3".parse::<BoxShape>().is_err());
        assert_eq!("3×3".parse::<BoxShape>().unwrap().to_string(), "3x3");
    }
}
