//! Candidates: the digits each cell of a grid may still hold.

use crate::grid::{DigitSet, Grid, Shape};

/// The candidate digits of every cell of a grid, in reading order.
///
/// The one place that turns givens into candidates (a filled cell: its digit; a blank one:
/// every digit) and candidates back into a grid (a cell with one candidate is decided).
/// Solvers that keep candidates in buffers of their own use [`Candidates::fill`] and
/// [`Candidates::decided_grid`] on those buffers.
///
/// ```
/// use satdoku::logic::Candidates;
/// use satdoku::Grid;
/// let grid: Grid = "1...............".parse()?;
/// let candidates = Candidates::of_grid(&grid);
/// assert_eq!(candidates.sets()[0].len(), 1);
/// assert_eq!(candidates.sets()[1].len(), 4);
/// assert_eq!(candidates.decided(), grid);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    shape: Shape,
    sets: Vec<DigitSet>,
}

impl Candidates {
    /// The candidates the filled cells of `grid` leave before any deduction.
    pub fn of_grid(grid: &Grid) -> Candidates {
        let mut sets = vec![DigitSet::EMPTY; grid.shape().cell_count()];
        Candidates::fill(grid, &mut sets);
        Candidates {
            shape: grid.shape(),
            sets,
        }
    }

    /// Writes the candidates of `grid`'s filled cells into `sets` (N² sets, reading order).
    ///
    /// # Panics
    /// If `sets` is shorter than the grid.
    pub fn fill(grid: &Grid, sets: &mut [DigitSet]) {
        let shape = grid.shape();
        let all = shape.all_digits();
        for (set, cell) in sets.iter_mut().zip(shape.cells()) {
            *set = grid.get(cell).map_or(all, DigitSet::single);
        }
    }

    /// Candidates from sets already made (N² of them, reading order).
    ///
    /// # Panics
    /// If there are not N² sets.
    pub fn from_sets(shape: Shape, sets: Vec<DigitSet>) -> Candidates {
        assert_eq!(sets.len(), shape.cell_count(), "one set per cell");
        Candidates { shape, sets }
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The sets, one per cell in reading order.
    pub fn sets(&self) -> &[DigitSet] {
        &self.sets
    }

    /// The sets, to narrow.
    pub fn sets_mut(&mut self) -> &mut [DigitSet] {
        &mut self.sets
    }

    /// The sets, given up.
    pub fn into_sets(self) -> Vec<DigitSet> {
        self.sets
    }

    /// The decided cells (one candidate left) filled in, the others blank.
    pub fn decided(&self) -> Grid {
        Candidates::decided_grid(self.shape, &self.sets)
    }

    /// The decided cells of `sets` (N² sets of a grid of `shape`) filled in.
    pub fn decided_grid(shape: Shape, sets: &[DigitSet]) -> Grid {
        let mut grid = Grid::empty(shape);
        for (cell, set) in shape.cells().zip(sets) {
            if set.len() == 1 {
                grid.set(cell, set.only());
            }
        }
        grid
    }
}
