//! A transformation that keeps a grid's rules: cells moved and digits relabelled, applied alike to a puzzle and its solutions.

use crate::grid::{Digit, Grid, Shape};

/// Cells moved and digits relabelled: the new grid's cell `i` (reading order) holds the
/// relabelled digit of the old grid's cell `from[i]`.
///
/// ```
/// use satdoku::Grid;
/// use satdoku::canon::Transform;
/// let grid: Grid = "1...............".parse()?;
/// let turned = Transform::transposed(grid.shape()).apply(&grid);
/// assert_eq!(turned, grid);
/// # Ok::<(), satdoku::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    shape: Shape,
    /// The old cell (reading order) of each new cell.
    from: Vec<u16>,
    /// The new value of each digit: `digits[d - 1]` replaces d.
    digits: Vec<u8>,
}

impl Transform {
    /// The transformation that changes nothing.
    pub fn identity(shape: Shape) -> Transform {
        let cells = shape.cell_count();
        Transform {
            shape,
            from: (0..cells as u16).collect(),
            digits: (1..=shape.digit_count() as u8).collect(),
        }
    }

    /// Rows become columns: cell r,c takes cell c,r.
    pub fn transposed(shape: Shape) -> Transform {
        let n = shape.size();
        Transform {
            from: (0..n * n).map(|i| ((i % n) * n + i / n) as u16).collect(),
            ..Transform::identity(shape)
        }
    }

    /// The cells moved by `from` (the old cell of each new cell, in reading order) and the
    /// digits relabelled by `digits` (the new value of each digit 1, 2, …). `None` unless
    /// both are permutations of the right length.
    pub fn new(shape: Shape, from: Vec<u16>, digits: Vec<u8>) -> Option<Transform> {
        fn is_permutation(values: impl Iterator<Item = usize>, len: usize) -> bool {
            let mut seen = vec![false; len];
            let mut count = 0;
            let fits = values
                .inspect(|_| count += 1)
                .all(|v| v < len && !std::mem::replace(&mut seen[v], true));
            fits && count == len
        }
        let fits = from.len() == shape.cell_count()
            && digits.len() == shape.digit_count()
            && is_permutation(from.iter().map(|&c| c as usize), from.len())
            && is_permutation(
                digits.iter().map(|&d| (d as usize).wrapping_sub(1)),
                digits.len(),
            );
        fits.then_some(Transform {
            shape,
            from,
            digits,
        })
    }

    /// [`Transform::new`] for parts known to be permutations.
    pub(crate) fn from_parts(shape: Shape, from: Vec<u16>, digits: Vec<u8>) -> Transform {
        debug_assert!(Transform::new(shape, from.clone(), digits.clone()).is_some());
        Transform {
            shape,
            from,
            digits,
        }
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The old cell (index in reading order) of each new cell.
    pub fn cells(&self) -> &[u16] {
        &self.from
    }

    /// The new value of each digit, from digit 1 on.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// `grid` transformed: its cells moved and its digits relabelled. A grid of another
    /// shape is returned unchanged.
    pub fn apply(&self, grid: &Grid) -> Grid {
        if grid.shape() != self.shape {
            return grid.clone();
        }
        let old = grid.digits();
        let mut new = Grid::empty(self.shape);
        for (cell, &from) in self.shape.cells().zip(&self.from) {
            let digit = old[from as usize].and_then(|d| Digit::new(self.digits[d.index()]));
            new.set(cell, digit);
        }
        new
    }

    /// The transformation that undoes this one.
    pub fn inverse(&self) -> Transform {
        let mut from = vec![0; self.from.len()];
        for (new, &old) in self.from.iter().enumerate() {
            from[old as usize] = new as u16;
        }
        let mut digits = vec![0; self.digits.len()];
        for (old, &new) in self.digits.iter().enumerate() {
            digits[new as usize - 1] = old as u8 + 1;
        }
        Transform {
            shape: self.shape,
            from,
            digits,
        }
    }
}

/// The old cell of every new cell when new row r is old row `rows[r]` and new column c old
/// column `columns[c]`, of the transposed grid when `transposed`.
pub(crate) fn cell_map(n: usize, rows: &[u8], columns: &[u8], transposed: bool) -> Vec<u16> {
    (0..n * n)
        .map(|i| {
            let (r, c) = (rows[i / n] as usize, columns[i % n] as usize);
            let (r, c) = if transposed { (c, r) } else { (r, c) };
            (r * n + c) as u16
        })
        .collect()
}
