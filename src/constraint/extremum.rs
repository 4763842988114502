//! Minimum and maximum cells: the digit is smaller (larger) than each orthogonal neighbour's.

use std::fmt;

use super::{
    CellValues, Constraint, ConstraintCnf, Entry, EntryError, VariantConstraint, neighbours,
};
use crate::grid::{Cell, Shape};

/// Smaller or larger than the neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExtremumKind {
    /// Smaller than every orthogonal neighbour.
    Minimum,
    /// Larger than every orthogonal neighbour.
    Maximum,
}

/// A cell whose digit is below (or above) those of all its orthogonal neighbours.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Extremum {
    cell: Cell,
    kind: ExtremumKind,
}

impl Extremum {
    /// Reads a `minimum` or `maximum` entry: its `cells` (f-puzzles: one `cell`).
    pub(crate) fn read(entry: &mut Entry<'_>) -> Result<Vec<VariantConstraint>, EntryError> {
        let kind = if entry.name() == "minimum" {
            ExtremumKind::Minimum
        } else {
            ExtremumKind::Maximum
        };
        let cells = entry.cells(entry.key("cells", "cell"))?;
        Ok(cells
            .into_iter()
            .map(|cell| Extremum::new(cell, kind).into())
            .collect())
    }

    /// `cell` is a local `kind`.
    pub fn new(cell: Cell, kind: ExtremumKind) -> Extremum {
        Extremum { cell, kind }
    }

    fn fits(&self, centre: usize, neighbour: usize) -> bool {
        match self.kind {
            ExtremumKind::Minimum => centre < neighbour,
            ExtremumKind::Maximum => centre > neighbour,
        }
    }
}

impl fmt::Display for Extremum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            ExtremumKind::Minimum => "minimum",
            ExtremumKind::Maximum => "maximum",
        };
        write!(f, "{kind} cell {}", self.cell)
    }
}

impl Constraint for Extremum {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        let mut cells = vec![self.cell];
        if shape.cell(self.cell.row(), self.cell.col()).is_some() {
            cells.extend(neighbours(shape, self.cell));
        }
        cells
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        None
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        for other in neighbours(cnf.shape(), self.cell) {
            cnf.relation(self.cell, other, |a, b| self.fits(a, b));
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let Some(centre) = values.get(self.cell) else {
            return true;
        };
        neighbours(values.shape(), self.cell)
            .into_iter()
            .all(|other| values.get(other).is_none_or(|v| self.fits(centre, v)))
    }
}
