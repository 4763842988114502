//! Candidates: the digits each cell of a grid may still hold.

use super::{DigitSet, Grid, Shape};

/// The candidate digits of every cell of a grid, in reading order: the one type for a
/// whole grid's candidates.
///
/// The one place that turns givens into candidates (a filled cell: its digit; a blank one:
/// every digit) and candidates back into a grid (a cell with one candidate is decided).
/// Hot loops work on the [sets](Candidates::sets_mut) borrowed from it.
///
/// ```
/// use satdoku::{Candidates, Grid};
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
        let mut candidates = Candidates {
            shape: grid.shape(),
            sets: Vec::new(),
        };
        candidates.reset(grid);
        candidates
    }

    /// No candidate in any cell of a grid of `shape` (a contradiction, or a start to
    /// collect digits in).
    pub fn none(shape: Shape) -> Candidates {
        Candidates {
            shape,
            sets: vec![DigitSet::EMPTY; shape.cell_count()],
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

    /// Makes these the candidates of `grid` (see [`Candidates::of_grid`]), keeping the
    /// memory.
    pub fn reset(&mut self, grid: &Grid) {
        let shape = grid.shape();
        let all = shape.all_digits();
        self.shape = shape;
        self.sets.clear();
        self.sets.extend(
            shape
                .cells()
                .map(|cell| grid.get(cell).map_or(all, DigitSet::single)),
        );
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The same candidates on a grid of `shape` whose cells are as many and whose digits are
    /// as many or more (the same 9×9 read with digits from 0, say).
    ///
    /// # Panics
    /// If `shape` has another number of cells, or fewer digits.
    pub fn reshaped(self, shape: Shape) -> Candidates {
        assert_eq!(shape.cell_count(), self.shape.cell_count(), "as many cells");
        assert!(
            shape.digit_count() >= self.shape.digit_count(),
            "as many digits"
        );
        Candidates { shape, ..self }
    }

    /// The sets, one per cell in reading order.
    pub fn sets(&self) -> &[DigitSet] {
        &self.sets
    }

    /// The sets, to narrow.
    pub fn sets_mut(&mut self) -> &mut [DigitSet] {
        &mut self.sets
    }

    /// Whether every cell has exactly one candidate.
    pub fn all_decided(&self) -> bool {
        self.sets.iter().all(|set| set.len() == 1)
    }

    /// The decided cells (one candidate left) filled in, the others blank.
    pub fn decided(&self) -> Grid {
        let mut grid = Grid::empty(self.shape);
        for (cell, set) in self.shape.cells().zip(&self.sets) {
            if set.len() == 1 {
                grid.set(cell, set.only());
            }
        }
        grid
    }
}
