//! Given pencil marks: a cell whose candidates the puzzle gives holds one of them (a Sukaku puzzle is a grid of these).

use std::fmt;

use super::drawing::{Mark, Point};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    Unwritable, VariantConstraint, Written, WrittenRecord,
};
use crate::grid::{Cell, Digit, DigitSet, Shape};

/// The colour of given pencil marks in a picture (the solver's own marks are grey).
const MARK_COLOUR: &str = "#1f4fbf";

/// A cell whose candidates are given: it holds one of `digits`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PencilMarks {
    cell: Cell,
    digits: DigitSet,
}

impl PencilMarks {
    /// Reads a `marks` record: its `cells` (each gets the marks) and their `digits`.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let mut digits = DigitSet::EMPTY;
        for d in record.numbers("digits")? {
            let digit = u8::try_from(d).ok().and_then(Digit::new).ok_or_else(|| {
                RecordError::why(format!("{d} in `digits` is not a digit from 1 to 64"))
            })?;
            digits.insert(digit);
        }
        let cells = record.cells("cells")?;
        Ok(cells
            .into_iter()
            .map(|cell| PencilMarks::new(cell, digits).into())
            .collect())
    }

    /// The record that `read` reads back as these marks: `marks` with its `cells` and
    /// `digits`. f-puzzles keeps given pencil marks in its grid's cells
    /// (`givenPencilMarks`), which its writer fills with the grid: no record there.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        match format {
            RecordFormat::Toml => Ok(vec![
                WrittenRecord::new("marks")
                    .cells("cells", &[self.cell])
                    .with("digits", FieldValue::Numbers(self.numbers())),
            ]),
            RecordFormat::Fpuzzles => Err(Unwritable::new(
                self,
                format,
                "f-puzzles keeps given pencil marks in its grid's cells: written with the grid",
            )),
        }
    }

    /// `cell` holds one of `digits`.
    pub fn new(cell: Cell, digits: DigitSet) -> PencilMarks {
        PencilMarks { cell, digits }
    }

    /// The marked cell.
    pub fn cell(&self) -> Cell {
        self.cell
    }

    /// The digits it may hold.
    pub fn digits(&self) -> DigitSet {
        self.digits
    }

    /// The digits as numbers, in increasing order.
    fn numbers(&self) -> Vec<u32> {
        self.digits.iter().map(|d| u32::from(d.get())).collect()
    }
}

impl fmt::Display for PencilMarks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: Vec<String> = self.numbers().iter().map(u32::to_string).collect();
        write!(
            f,
            "pencil-marked cell {} ({})",
            self.cell,
            digits.join(", ")
        )
    }
}

impl Constraint for PencilMarks {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        vec![self.cell]
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let n = shape.digit_count();
        self.digits
            .iter()
            .find(|d| usize::from(d.get()) > n)
            .map(|d| format!("{d} is not a digit from 1 to {n}"))
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        for v in 1..=cnf.size() {
            if !self.allows(v) {
                cnf.forbid(self.cell, v);
            }
        }
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        values.get(self.cell).is_none_or(|v| self.allows(v))
    }

    fn narrow(&self, _scope: &[Cell], sets: &[DigitSet], _shape: Shape) -> Option<Vec<DigitSet>> {
        Some(sets.iter().map(|&set| set & self.digits).collect())
    }

    fn draw(&self, shape: Shape) -> Vec<Mark> {
        // Each digit at its place in a small grid inside the cell, as pencil marks sit.
        let per_row = (shape.digit_count() as f32).sqrt().ceil() as usize;
        let step = 1.0 / per_row as f32;
        self.digits
            .iter()
            .map(|d| {
                let i = d.index();
                Mark::Text {
                    at: Point::new(
                        self.cell.col() as f32 + step * ((i % per_row) as f32 + 0.5),
                        self.cell.row() as f32 + step * ((i / per_row) as f32 + 0.5),
                    ),
                    text: d.get().to_string(),
                    size: step * 0.6,
                    colour: MARK_COLOUR,
                    halo: false,
                }
            })
            .collect()
    }
}

impl PencilMarks {
    /// Whether the value `v` is one of the marks.
    fn allows(&self, v: usize) -> bool {
        u8::try_from(v)
            .ok()
            .and_then(Digit::new)
            .is_some_and(|d| self.digits.contains(d))
    }
}
