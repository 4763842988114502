//! XV and sum markers: an X between two cells means their digits add up to 10, a V to 5, and a marker of any other number (TOML `sum`) that they add up to it.

use std::fmt;

use super::drawing::{Mark, Point};
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    Unwritable, VariantConstraint, Written, WrittenRecord, pair_apart,
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

/// An X, a V or a sum marker between two cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xv {
    cells: [Cell; 2],
    sum: usize,
}

impl Xv {
    /// Reads an XV record: its two `cells` and the `letter` (f-puzzles: `value`), X or V;
    /// in satdoku's TOML a `sum` of any number instead.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let (a, b) = record.pair("cells")?;
        if record.format() == RecordFormat::Toml
            && let Some(sum) = record.number("sum")?
        {
            if record.text("letter")?.is_some() {
                return Err(RecordError::why("takes a `letter` or a `sum`, not both"));
            }
            return Ok(vec![Xv::with_sum(a, b, sum as usize).into()]);
        }
        let key = record.key("letter", "value");
        let letter = match record.text(key)?.as_deref() {
            Some("X" | "x") => XvLetter::X,
            Some("V" | "v") => XvLetter::V,
            other => {
                return Err(RecordError::why(match record.format() {
                    RecordFormat::Toml => {
                        format!("needs `{key} = \"X\"` or `\"V\"`, or a `sum`")
                    }
                    RecordFormat::Fpuzzles => format!("{other:?} is not X or V"),
                }));
            }
        };
        Ok(vec![Xv::new(a, b, letter).into()])
    }

    /// The record that `read` reads back as this marker: its two `cells` and its `letter`
    /// (f-puzzles: `value`), `"X"` or `"V"`; in satdoku's TOML a `sum` for other numbers,
    /// which f-puzzles cannot hold.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::new("xv").cells("cells", &self.cells);
        match (self.letter(), format) {
            (Some(letter), _) => {
                let key = format.choose("letter", "value");
                Ok(vec![record.with(key, FieldValue::Text(letter.into()))])
            }
            (None, RecordFormat::Toml) => Ok(vec![record.number(format, "sum", self.sum as u32)]),
            (None, RecordFormat::Fpuzzles) => Err(Unwritable::new(
                self,
                format,
                "its XV field holds X (10) and V (5) only",
            )),
        }
    }

    /// `letter` between `a` and `b`.
    pub fn new(a: Cell, b: Cell, letter: XvLetter) -> Xv {
        Xv::with_sum(a, b, letter.sum())
    }

    /// A marker of `sum` between `a` and `b` (10 is an X, 5 a V).
    pub fn with_sum(a: Cell, b: Cell, sum: usize) -> Xv {
        Xv { cells: [a, b], sum }
    }

    /// The two cells.
    pub fn pair(&self) -> (Cell, Cell) {
        (self.cells[0], self.cells[1])
    }

    /// The sum the marker stands for.
    pub fn sum(&self) -> usize {
        self.sum
    }

    /// The letter it is drawn as: X for 10, V for 5, none for other sums.
    fn letter(&self) -> Option<&'static str> {
        match self.sum {
            10 => Some("X"),
            5 => Some("V"),
            _ => None,
        }
    }
}

impl fmt::Display for Xv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells;
        match self.letter() {
            Some(letter) => write!(f, "XV sum {a}-{b} ({letter}: {})", self.sum),
            None => write!(f, "XV sum {a}-{b} ({})", self.sum),
        }
    }
}

impl Constraint for Xv {
    fn linear_sum(&self) -> Option<super::LinearSum> {
        let terms = self.cells.iter().map(|&c| (c, 1));
        Some(super::LinearSum::new(terms, self.sum as i64))
    }

    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.to_vec()
    }

    fn oddity(&self) -> Option<String> {
        let [a, b] = self.cells;
        pair_apart(a, b)
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let n = shape.digit_count();
        if self.cells[0] == self.cells[1] {
            return Some("an X or V needs two different cells".into());
        }
        let sum = self.sum;
        (sum < 2 || sum > 2 * n).then(|| format!("no two digits from 1 to {n} add up to {sum}"))
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let sum = self.sum;
        cnf.relation(self.cells[0], self.cells[1], |a, b| a + b == sum);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        match (values.get(self.cells[0]), values.get(self.cells[1])) {
            (Some(a), Some(b)) => a + b == self.sum,
            _ => true,
        }
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let [a, b] = self.cells;
        let text = self
            .letter()
            .map_or_else(|| self.sum.to_string(), str::to_string);
        vec![Mark::label(Point::between(a, b), text, 0.3)]
    }
}
