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

/// A cell whose candidates are given: it holds one of the digits standing for `numbers`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PencilMarks {
    cell: Cell,
    /// Bit v set: the digit standing for number v is a mark (0 on a grid from 0).
    numbers: u128,
}

impl PencilMarks {
    /// Reads a `marks` record: its `cells` (each gets the marks) and their `digits`, the
    /// numbers the digits stand for (from 0 on a grid from 0).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let mut numbers = 0;
        for d in record.numbers("digits")? {
            if d as usize > Shape::MAX_SIZE {
                return Err(RecordError::why(format!(
                    "{d} in `digits` is not a digit from 0 to {}",
                    Shape::MAX_SIZE
                )));
            }
            numbers |= 1 << d;
        }
        let cells = record.cells("cells")?;
        Ok(cells
            .into_iter()
            .map(|cell| PencilMarks { cell, numbers }.into())
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

    /// `cell` of a grid of `shape` holds one of `digits` (by place, 1..=M: on a grid from 0,
    /// place 1 is the digit 0).
    pub fn new(cell: Cell, digits: DigitSet, shape: Shape) -> PencilMarks {
        let numbers = (digits.iter())
            .map(|d| shape.number(d.index() + 1))
            .fold(0, |bits, v| bits | 1 << v);
        PencilMarks { cell, numbers }
    }

    /// The marked cell.
    pub fn cell(&self) -> Cell {
        self.cell
    }

    /// The digits it may hold on a grid of `shape`, by place.
    pub fn digits(&self, shape: Shape) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for place in 1..=shape.digit_count() {
            if let Some(digit) = Digit::new(place as u8).filter(|_| self.allows(shape, place)) {
                set.insert(digit);
            }
        }
        set
    }

    /// The numbers the marked digits stand for, in increasing order.
    fn numbers(&self) -> Vec<u32> {
        (0..u128::BITS)
            .filter(|v| self.numbers >> v & 1 == 1)
            .collect()
    }

    /// Whether the digit in place `place` (1..=M) of a grid of `shape` is a mark.
    fn allows(&self, shape: Shape, place: usize) -> bool {
        self.numbers >> shape.number(place) & 1 == 1
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
        let (low, high) = (shape.lowest(), shape.highest());
        (self.numbers().into_iter())
            .find(|&v| !(low..=high).contains(&(v as usize)))
            .map(|v| format!("{v} is not a digit from {low} to {high}"))
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let shape = cnf.shape();
        for v in 1..=cnf.size() {
            if !self.allows(shape, v) {
                cnf.forbid(self.cell, v);
            }
        }
    }

    /// The cell's number (what `values` gives) is a mark.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        values
            .get(self.cell)
            .is_none_or(|v| self.numbers >> v & 1 == 1)
    }

    fn narrow(&self, _scope: &[Cell], sets: &[DigitSet], shape: Shape) -> Option<Vec<DigitSet>> {
        let digits = self.digits(shape);
        Some(sets.iter().map(|&set| set & digits).collect())
    }

    fn draw(&self, shape: Shape) -> Vec<Mark> {
        // Each digit at its place in a small grid inside the cell, as pencil marks sit.
        let per_row = (shape.digit_count() as f32).sqrt().ceil() as usize;
        let step = 1.0 / per_row as f32;
        self.digits(shape)
            .iter()
            .map(|d| {
                let i = d.index();
                Mark::Text {
                    at: Point::new(
                        self.cell.col() as f32 + step * ((i % per_row) as f32 + 0.5),
                        self.cell.row() as f32 + step * ((i / per_row) as f32 + 0.5),
                    ),
                    text: shape.number(i + 1).to_string(),
                    size: step * 0.6,
                    colour: MARK_COLOUR,
                    halo: false,
                }
            })
            .collect()
    }
}
