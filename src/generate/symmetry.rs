//! Symmetries of the givens' pattern: the cells that are given or blank together.

use crate::grid::{Cell, Shape};

/// A symmetry of the pattern of givens: every cell of an orbit is given, or none is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Unchanged by a half turn about the centre.
    Rot180,
    /// Unchanged by a quarter turn.
    Rot90,
    /// Unchanged by mirroring left to right.
    Mirror,
    /// Unchanged by reflection in the main diagonal.
    Diagonal,
}

crate::named::named_enum!(Symmetry, "symmetry", {
    None => "none",
    Rot180 => "rot180",
    Rot90 => "rot90",
    Mirror => "mirror",
    Diagonal => "diagonal",
});

impl Symmetry {
    /// The images of `cell` under the symmetry's transformations, `cell` first.
    fn images(self, shape: Shape, cell: Cell) -> Vec<Cell> {
        let last = shape.size() - 1;
        let (r, c) = (cell.row(), cell.col());
        let at = |r, c| {
            shape
                .cell(r, c)
                .expect("a symmetry maps the grid onto itself")
        };
        match self {
            Symmetry::None => vec![cell],
            Symmetry::Rot180 => vec![cell, at(last - r, last - c)],
            Symmetry::Rot90 => vec![
                cell,
                at(c, last - r),
                at(last - r, last - c),
                at(last - c, r),
            ],
            Symmetry::Mirror => vec![cell, at(r, last - c)],
            Symmetry::Diagonal => vec![cell, at(c, r)],
        }
    }

    /// The orbits of `shape`'s cells: sets of cells the symmetry maps onto each other, each
    /// in reading order, ordered by their first cell.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<Cell>> {
        let mut seen = vec![false; shape.cell_count()];
        let mut orbits = Vec::new();
        for cell in shape.cells() {
            if seen[shape.index(cell)] {
                continue;
            }
            let mut orbit = self.images(shape, cell);
            orbit.sort_by_key(|&c| shape.index(c));
            orbit.dedup();
            for &c in &orbit {
                seen[shape.index(c)] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the givens of a pattern (a predicate on cells) have this symmetry.
    pub fn holds(self, shape: Shape, given: impl Fn(Cell) -> bool) -> bool {
        self.orbits(shape)
            .iter()
            .all(|orbit| orbit.iter().all(|&c| given(c) == given(orbit[0])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for shape in Shape::all().take(4) {
            for symmetry in Symmetry::ALL {
                let orbits = symmetry.orbits(shape);
                let mut cells: Vec<usize> =
                    orbits.iter().flatten().map(|&c| shape.index(c)).collect();
                cells.sort_unstable();
                assert_eq!(cells, (0..shape.cell_count()).collect::<Vec<_>>());
                let n = shape.size();
                let expected = match symmetry {
                    Symmetry::None => n * n,
                    Symmetry::Rot180 => (n * n).div_ceil(2),
                    Symmetry::Rot90 => (n * n + 3 * (n % 2)) / 4,
                    Symmetry::Mirror => n * n.div_ceil(2),
                    Symmetry::Diagonal => n * (n + 1) / 2,
                };
                assert_eq!(orbits.len(), expected, "{symmetry} on {shape}");
            }
        }
    }
}
