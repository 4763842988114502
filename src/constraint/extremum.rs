//! Minimum and maximum cells: the digit is smaller (larger) than each orthogonal neighbour's outside the set of minimum (maximum) cells, as f-puzzles defines them.

use std::fmt;

use super::drawing::{Mark, Point};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, neighbours,
};
use crate::grid::{Cell, Shape};

/// Smaller or larger than the neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExtremumKind {
    /// Smaller than every orthogonal neighbour that is not a minimum cell.
    Minimum,
    /// Larger than every orthogonal neighbour that is not a maximum cell.
    Maximum,
}

/// A cell whose digit is below (or above) those of its orthogonal neighbours, except the
/// neighbours that are minimum (maximum) cells too: f-puzzles' reading, under which two
/// adjacent maximum cells are both above the cells around them and free between them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Extremum {
    cell: Cell,
    kind: ExtremumKind,
    /// The other cells of the same kind, settled from the rules (see [`Extremum::settled`]).
    kin: Vec<Cell>,
}

impl Extremum {
    /// Reads a `minimum` or `maximum` record: its `cells` (f-puzzles: one `cell`).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let kind = match record.name() {
            "minimum" => ExtremumKind::Minimum,
            "maximum" => ExtremumKind::Maximum,
            other => return Err(RecordError::why(format!("{other} is no extremum table"))),
        };
        record.each_cell(|cell| Extremum::new(cell, kind).into())
    }

    /// The record that `read` reads back as this cell: `minimum` or `maximum`, with its
    /// `cells` (f-puzzles: its `cell`). The other cells of its kind are the rules' to
    /// settle, not the record's.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let name = match self.kind {
            ExtremumKind::Minimum => "minimum",
            ExtremumKind::Maximum => "maximum",
        };
        Ok(vec![WrittenRecord::single(format, name, name, self.cell)])
    }

    /// `cell` is a local `kind` (its kin, the other cells of its kind, are settled when
    /// the rules are made).
    pub fn new(cell: Cell, kind: ExtremumKind) -> Extremum {
        Extremum {
            cell,
            kind,
            kin: Vec::new(),
        }
    }

    /// The same cell with the other cells of its kind among `all` taken in: the
    /// neighbours it is not compared with.
    pub(crate) fn settled(self, all: &[VariantConstraint]) -> Extremum {
        let kin = all
            .iter()
            .filter_map(|c| match c {
                VariantConstraint::Extremum(e) if e.kind == self.kind && e.cell != self.cell => {
                    Some(e.cell)
                }
                _ => None,
            })
            .collect();
        Extremum { kin, ..self }
    }

    /// The orthogonal neighbours it is compared with: those not of its kind.
    fn compared(&self, shape: Shape) -> Vec<Cell> {
        neighbours(shape, self.cell)
            .into_iter()
            .filter(|other| !self.kin.contains(other))
            .collect()
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
            cells.extend(self.compared(shape));
        }
        cells
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        None
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        for other in self.compared(cnf.shape()) {
            cnf.relation(self.cell, other, |a, b| self.fits(a, b));
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let Some(centre) = values.get(self.cell) else {
            return true;
        };
        self.compared(values.shape())
            .into_iter()
            .all(|other| values.get(other).is_none_or(|v| self.fits(centre, v)))
    }

    fn draw(&self, shape: Shape) -> Vec<Mark> {
        // Chevrons at the cell's edges: pointing out of a maximum (it is above its
        // neighbours), into a minimum.
        let centre = Point::centre(self.cell);
        let out = matches!(self.kind, ExtremumKind::Maximum);
        let mut marks = vec![Mark::Shade {
            cells: vec![self.cell],
            colour: "#ececec",
        }];
        for other in super::neighbours(shape, self.cell) {
            let (dx, dy) = (
                other.col() as f32 - self.cell.col() as f32,
                other.row() as f32 - self.cell.row() as f32,
            );
            let (tip, back) = if out { (0.42, 0.32) } else { (0.32, 0.42) };
            let at = |d: f32, side: f32| {
                Point::new(centre.x + dx * d - dy * side, centre.y + dy * d + dx * side)
            };
            marks.push(Mark::Line {
                points: vec![at(back, -0.12), at(tip, 0.0), at(back, 0.12)],
                colour: "#707070",
                width: 0.04,
            });
        }
        marks
    }
}
