//! The regions that tile a grid with its rows and columns: boxes, jigsaw regions, or none.

use super::RulesError;
use crate::grid::{BoxShape, Cell, Shape};

/// The regions that, with rows and columns, tile the grid: each holds every digit once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Regions {
    /// Rectangular boxes.
    Boxes(BoxShape),
    /// Irregular (jigsaw) regions.
    Jigsaw(Jigsaw),
    /// No regions: rows and columns only (a Latin square).
    None,
}

/// Irregular regions: every cell in exactly one of N regions of N cells each, or of fewer
/// regions of more cells, as many as the digits the grid takes (four pieces of nine cells on
/// a 6×6 of 1–9; [`Rules::jigsaw`](super::Rules::jigsaw) gives it those digits).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Jigsaw {
    shape: Shape,
    /// The 0-based region of each cell, in reading order.
    region_of: Vec<u8>,
    /// The symbol naming each region in the file it came from (`A`, `B` …).
    labels: Vec<char>,
}

impl Jigsaw {
    /// Regions from the region of each cell (0-based, reading order), named by `labels`:
    /// N regions of N cells, or fewer regions of equally many cells (at most 64).
    pub fn new(shape: Shape, region_of: Vec<u8>, labels: Vec<char>) -> Result<Jigsaw, RulesError> {
        // Regions tile the cells: the digits the grid takes are the rules' business.
        let shape = Shape::from_size(shape.size()).expect("a shape's size is a shape");
        let size = shape.size();
        let cell_count = shape.cell_count();
        let count = labels.len();
        let fits = count > 0
            && cell_count.is_multiple_of(count)
            && (size..=Shape::MAX_SIZE).contains(&(cell_count / count));
        if region_of.len() != cell_count || !fits {
            return Err(RulesError::RegionCount {
                found: labels.len(),
                size,
            });
        }
        let cells = cell_count / count;
        let mut counts = vec![0usize; count];
        for &region in &region_of {
            match counts.get_mut(region as usize) {
                Some(n) => *n += 1,
                None => {
                    return Err(RulesError::RegionCount {
                        found: region as usize + 1,
                        size,
                    });
                }
            }
        }
        if let Some(region) = counts.iter().position(|&n| n != cells) {
            return Err(RulesError::RegionSize {
                label: labels[region],
                cells: counts[region],
                size: cells,
            });
        }
        Ok(Jigsaw {
            shape,
            region_of,
            labels,
        })
    }

    /// How many regions there are: N, or fewer when each holds more than N cells.
    pub fn count(&self) -> usize {
        self.labels.len()
    }

    /// The cells of each region: N, or as many as the digits of a grid taking more.
    pub fn cells(&self) -> usize {
        self.shape.cell_count() / self.count()
    }

    /// The grid the regions tile.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The 0-based region of `cell`.
    pub fn region_of(&self, cell: Cell) -> usize {
        self.region_of[self.shape.index(cell)] as usize
    }

    /// The symbol naming region `r` in its file.
    pub fn label(&self, r: usize) -> char {
        self.labels[r]
    }

    /// Whether every region is connected (orthogonally).
    pub fn connected(&self) -> bool {
        self.disconnected().is_empty()
    }

    /// The symbols of the regions that are not connected (orthogonally): allowed, and
    /// worth telling a setter about.
    pub fn disconnected(&self) -> Vec<char> {
        (0..self.count())
            .filter(|&r| !self.region_connected(r))
            .map(|r| self.labels[r])
            .collect()
    }

    /// Whether region `r` is connected.
    fn region_connected(&self, r: usize) -> bool {
        let size = self.shape.size();
        let cells: Vec<usize> = (0..self.shape.cell_count())
            .filter(|&i| self.region_of[i] as usize == r)
            .collect();
        let mut seen = vec![cells[0]];
        let mut todo = vec![cells[0]];
        while let Some(i) = todo.pop() {
            let (row, col) = (i / size, i % size);
            let mut next = Vec::new();
            if row > 0 {
                next.push(i - size);
            }
            if row + 1 < size {
                next.push(i + size);
            }
            if col > 0 {
                next.push(i - 1);
            }
            if col + 1 < size {
                next.push(i + 1);
            }
            for j in next {
                if self.region_of[j] as usize == r && !seen.contains(&j) {
                    seen.push(j);
                    todo.push(j);
                }
            }
        }
        seen.len() == cells.len()
    }
}
