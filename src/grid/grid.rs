//! A grid of cells, each blank or holding a digit.

use std::ops::Index;
use std::sync::Arc;

use super::{Cell, Digit, Shape};

/// An N×N grid: each cell is blank (`None`) or holds a digit 1..=N; a solution of a
/// puzzle whose regions are part of the answer (chaos construction) holds its regions too.
///
/// Indexed only by [`Cell`]. A grid may break the rules: checking it against rules is the
/// business of the `rules` module, and reading and writing it that of `format`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<Option<Digit>>,
    /// Each cell's region, when the regions are part of the answer.
    regions: Option<Arc<[u8]>>,
}

impl Grid {
    /// The grid of `shape` with every cell blank.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![None; shape.cell_count()],
            regions: None,
        }
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The same cells in a grid of `shape`, if it has the same size and takes every digit
    /// the grid holds (a 6×6 read as 1 to 6, on a grid taking 1 to 9).
    pub fn reshaped(self, shape: Shape) -> Option<Grid> {
        let fits = shape.size() == self.shape.size()
            && self
                .cells
                .iter()
                .flatten()
                .all(|d| d.index() < shape.digit_count());
        fits.then_some(Grid { shape, ..self })
    }

    /// The digit in `cell`, or `None` when blank.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.cells[self.shape.index(cell)]
    }

    /// Puts `digit` (or a blank) into `cell`.
    ///
    /// # Panics
    /// If the digit is larger than N or the cell lies outside the grid.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        if let Some(d) = digit {
            assert!(
                d.index() < self.shape.digit_count(),
                "digit {d} on a {}",
                self.shape
            );
        }
        let index = self.shape.index(cell);
        self.cells[index] = digit;
    }

    /// The region of each cell in reading order, numbered from 0 in the order of the
    /// regions' first cells, when the grid is a solution whose regions are part of the
    /// answer (chaos construction); `None` otherwise.
    pub fn regions(&self) -> Option<&[u8]> {
        self.regions.as_deref()
    }

    /// The same digits with `regions` as each cell's region (reading order, 0-based),
    /// renumbered in the order of the regions' first cells, so that grids with the same
    /// regions compare equal however they were numbered.
    ///
    /// # Panics
    /// If `regions` does not have one entry per cell.
    pub fn with_regions(self, regions: &[u8]) -> Grid {
        assert_eq!(regions.len(), self.cells.len(), "one region per cell");
        let mut renumber = [u8::MAX; 256];
        let mut next = 0u8;
        let canonical: Vec<u8> = regions
            .iter()
            .map(|&r| {
                if renumber[r as usize] == u8::MAX {
                    renumber[r as usize] = next;
                    next = next.wrapping_add(1);
                }
                renumber[r as usize]
            })
            .collect();
        Grid {
            regions: Some(canonical.into()),
            ..self
        }
    }

    /// The same digits without regions.
    pub fn without_regions(self) -> Grid {
        Grid {
            regions: None,
            ..self
        }
    }

    /// Every cell's digit (`None` when blank), in reading order.
    pub fn digits(&self) -> &[Option<Digit>] {
        &self.cells
    }

    /// Every cell as a value, in reading order: 0 for a blank, else its digit.
    pub fn values(&self) -> Vec<u8> {
        self.cells.iter().map(|d| d.map_or(0, Digit::get)).collect()
    }

    /// The grid of `shape` whose cells, in reading order, hold `values` (0 or a value past
    /// the digits: blank).
    pub fn from_values(shape: Shape, values: &[u8]) -> Grid {
        let mut grid = Grid::empty(shape);
        for (cell, &v) in shape.cells().zip(values) {
            grid.set(cell, Digit::new(v));
        }
        grid
    }

    /// Every cell's digit, in reading order, to write in place: the caller keeps each digit
    /// within the grid's size (as [`set`](Grid::set) checks).
    pub(crate) fn digits_mut(&mut self) -> &mut [Option<Digit>] {
        &mut self.cells
    }

    /// The filled cells with their digits, in reading order.
    pub fn givens(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        // Blank cells skipped before a cell is made of them (most are blank).
        let n = self.shape.size();
        let filled = self.cells.iter().enumerate();
        filled
            .filter_map(|(i, digit)| Some((i, (*digit)?)))
            .map(move |(i, digit)| (Cell::new_unchecked(i / n, i % n), digit))
    }

    /// The number of filled cells.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|d| d.is_some()).count()
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }
}

impl Index<Cell> for Grid {
    type Output = Option<Digit>;
    fn index(&self, cell: Cell) -> &Option<Digit> {
        &self.cells[self.shape.index(cell)]
    }
}
