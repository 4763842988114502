//! Minimum and maximum cells: the digit is smaller (larger) than each orthogonal neighbour's.

use std::fmt;

use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, VariantConstraint, neighbours,
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
    /// Reads a `minimum` or `maximum` record: its `cells` (f-puzzles: one `cell`).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let kind = match record.name() {
            "minimum" => ExtremumKind::Minimum,
            _ => ExtremumKind::Maximum,
        };
        record.each_cell(|cell| Extremum::new(cell, kind).into())
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
