//! XV: an X between two cells means their digits add up to 10, a V to 5.

use std::fmt;

use super::drawing::{Mark, Point};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    VariantConstraint, Written, WrittenRecord, pair_apart,
};
use crate::grid::{Cell, Shape};

/// The letter of an XV clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XvLetter {
    /// The digits add up to 10.
    X,
    /// The digits add up to 5.
    V,
}

impl XvLetter {
    /// The sum the letter stands for.
    pub fn sum(self) -> usize {
        match self {
            XvLetter::X => 10,
            XvLetter::V => 5,
        }
    }
}

/// An X or a V between two cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xv {
    cells: [Cell; 2],
    letter: XvLetter,
}

impl Xv {
    /// Reads an XV record: its two `cells` and the `letter` (f-puzzles: `value`), X or V.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let (a, b) = record.pair("cells")?;
        let key = record.key("letter", "value");
        let letter = match record.text(key)?.as_deref() {
            Some("X" | "x") => XvLetter::X,
            Some("V" | "v") => XvLetter::V,
            other => {
                return Err(RecordError::why(match record.format() {
                    RecordFormat::Toml => format!("needs `{key} = \"X\"` or `\"V\"`"),
                    RecordFormat::Fpuzzles => format!("{other:?} is not X or V"),
                }));
            }
        };
        Ok(vec![Xv::new(a, b, letter).into()])
    }

    /// The record that `read` reads back as this clue: its two `cells` and its `letter`
    /// (f-puzzles: `value`), `"X"` or `"V"`.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let letter = match self.letter {
            XvLetter::X => "X",
            XvLetter::V => "V",
        };
        let record = WrittenRecord::new("xv").cells("cells", &self.cells);
        let key = format.choose("letter", "value");
        Ok(vec![record.with(key, FieldValue::Text(letter.into()))])
    }

    /// `letter` between `a` and `b`.
    pub fn new(a: Cell, b: Cell, letter: XvLetter) -> Xv {
        Xv {
            cells: [a, b],
            letter,
        }
    }

    /// The two cells.
    pub fn pair(&self) -> (Cell, Cell) {
        (self.cells[0], self.cells[1])
    }
}

impl fmt::Display for Xv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells;
        write!(f, "{:?} {a}-{b} (sum {})", self.letter, self.letter.sum())
    }
}

impl Constraint for Xv {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.to_vec()
    }

    fn oddity(&self) -> Option<String> {
        let [a, b] = self.cells;
        pair_apart(a, b)
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let n = shape.size();
        if self.cells[0] == self.cells[1] {
            return Some("an X or V needs two different cells".into());
        }
        let sum = self.letter.sum();
        (sum < 2 || sum > 2 * n).then(|| format!("no two digits from 1 to {n} add up to {sum}"))
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let sum = self.letter.sum();
        cnf.relation(self.cells[0], self.cells[1], |a, b| a + b == sum);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        match (values.get(self.cells[0]), values.get(self.cells[1])) {
            (Some(a), Some(b)) => a + b == self.letter.sum(),
            _ => true,
        }
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let [a, b] = self.cells;
        let text = match self.letter {
            XvLetter::X => "X",
            XvLetter::V => "V",
        };
        vec![Mark::label(Point::between(a, b), text, 0.3)]
    }
}
