//! Houses and peers as plain cell indices, precomputed for the backtracking solvers.

use crate::grid::{Digit, Grid, Puzzle, Shape, Variant};

/// The houses of one shape and variant, and each cell's peers, by reading-order index.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The shape.
    pub shape: Shape,
    /// The variant.
    pub variant: Variant,
    /// Each house's N cells.
    pub houses: Vec<Vec<usize>>,
    /// Each cell's peers: the other cells sharing a house with it, each once.
    pub peers: Vec<Vec<usize>>,
}

impl Layout {
    /// The layout of `shape` and `variant`.
    pub fn new(shape: Shape, variant: Variant) -> Layout {
        let houses: Vec<Vec<usize>> = variant
            .houses(shape)
            .map(|house| house.cells(shape).map(|cell| shape.index(cell)).collect())
            .collect();
        let mut peers = vec![Vec::new(); shape.cell_count()];
        for house in &houses {
            for &a in house {
                for &b in house {
                    if a != b && !peers[a].contains(&b) {
                        peers[a].push(b);
                    }
                }
            }
        }
        Layout {
            shape,
            variant,
            houses,
            peers,
        }
    }

    /// Whether this layout is the one for `puzzle`.
    pub fn fits(&self, puzzle: &Puzzle) -> bool {
        self.shape == puzzle.shape() && self.variant == puzzle.variant()
    }

    /// The puzzle's cells as values 0 (blank) to N, in reading order.
    pub fn values(&self, grid: &Grid) -> Vec<u8> {
        self.shape
            .cells()
            .map(|cell| grid.get(cell).map_or(0, Digit::get))
            .collect()
    }

    /// The grid of reading-order values 0 to N.
    pub fn grid(&self, values: &[u8]) -> Grid {
        let mut grid = Grid::empty(self.shape);
        for (cell, &v) in self.shape.cells().zip(values) {
            grid.set(cell, Digit::new(v));
        }
        grid
    }
}

/// The layout for `puzzle`, rebuilt only when the shape or variant changes.
pub fn layout_for<'a>(cache: &'a mut Option<Layout>, puzzle: &Puzzle) -> &'a Layout {
    if !cache.as_ref().is_some_and(|layout| layout.fits(puzzle)) {
        *cache = Some(Layout::new(puzzle.shape(), puzzle.variant()));
    }
    cache.as_ref().expect("just filled")
}
