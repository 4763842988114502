//! Odd and even cells: a grey circle holds an odd digit, a grey square an even one.

use std::fmt;

use super::drawing::{Mark, Point};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord,
};
use crate::grid::{Cell, Shape};

/// Odd or even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParityKind {
    /// An odd digit.
    Odd,
    /// An even digit.
    Even,
}

/// A cell that holds an odd (or an even) digit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Parity {
    cell: Cell,
    kind: ParityKind,
}

impl Parity {
    /// Reads an `odd` or `even` record: its `cells` (f-puzzles: one `cell`).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let kind = match record.name() {
            "odd" => ParityKind::Odd,
            "even" => ParityKind::Even,
            other => return Err(RecordError::why(format!("{other} is no parity table"))),
        };
        record.each_cell(|cell| Parity::new(cell, kind).into())
    }

    /// The record that `read` reads back as this cell: `odd` or `even`, with its `cells`
    /// (f-puzzles: its `cell`).
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let name = match self.kind {
            ParityKind::Odd => "odd",
            ParityKind::Even => "even",
        };
        Ok(vec![WrittenRecord::single(format, name, name, self.cell)])
    }

    /// `cell` holds a digit of parity `kind`.
    pub fn new(cell: Cell, kind: ParityKind) -> Parity {
        Parity { cell, kind }
    }

    fn fits(&self, v: usize) -> bool {
        (v % 2 == 1) == (self.kind == ParityKind::Odd)
    }
}

impl fmt::Display for Parity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            ParityKind::Odd => "odd",
            ParityKind::Even => "even",
        };
        write!(f, "{kind} cell {}", self.cell)
    }
}

impl Constraint for Parity {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        vec![self.cell]
    }

    fn problem(&self, _shape: Shape) -> Option<String> {
        None
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        for v in (1..=cnf.size()).filter(|&v| !self.fits(shape.number(v))) {
            cnf.forbid(self.cell, v);
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        values.get(self.cell).is_none_or(|v| self.fits(v))
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let centre = Point::centre(self.cell);
        vec![match self.kind {
            ParityKind::Odd => Mark::disc(self.cell, 0.36, "#d6d6d6"),
            ParityKind::Even => Mark::Square {
                centre,
                side: 0.7,
                turned: false,
                fill: Some("#d6d6d6"),
                stroke: None,
            },
        }]
    }
}
