//! Houses and peers as flat arrays of cell indices, precomputed for the backtracking solvers.

use crate::grid::{Digit, Grid, Puzzle, Shape, Variant};

/// The houses of one shape and variant, and each cell's peers, by reading-order index,
/// stored flat so that the search loops walk contiguous memory.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The shape.
    pub shape: Shape,
    /// The variant.
    pub variant: Variant,
    /// The cells of house `h` are `house_cells[h·N .. (h+1)·N]`.
    house_cells: Vec<u32>,
    /// The peers of cell `i` (the other cells sharing a house with it, each once) are
    /// `peer_cells[peer_start[i] .. peer_start[i+1]]`.
    peer_cells: Vec<u32>,
    peer_start: Vec<u32>,
}

impl Layout {
    /// The layout of `shape` and `variant`.
    pub fn new(shape: Shape, variant: Variant) -> Layout {
        let house_cells: Vec<u32> = variant
            .houses(shape)
            .flat_map(|house| house.cells(shape).map(|cell| shape.index(cell) as u32))
            .collect();
        let mut peers = vec![Vec::new(); shape.cell_count()];
        for house in house_cells.chunks(shape.size()) {
            for &a in house {
                for &b in house {
                    if a != b && !peers[a as usize].contains(&b) {
                        peers[a as usize].push(b);
                    }
                }
            }
        }
        let mut peer_start = vec![0];
        let mut peer_cells = Vec::new();
        for list in peers {
            peer_cells.extend(list);
            peer_start.push(peer_cells.len() as u32);
        }
        Layout {
            shape,
            variant,
            house_cells,
            peer_cells,
            peer_start,
        }
    }

    /// The number of houses.
    pub fn house_count(&self) -> usize {
        self.house_cells.len() / self.shape.size()
    }

    /// The cells of every house, one slice of N per house.
    pub fn houses(&self) -> std::slice::ChunksExact<'_, u32> {
        self.house_cells.chunks_exact(self.shape.size())
    }

    /// The peers of the cell with index `cell`.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u32] {
        &self.peer_cells[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
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
