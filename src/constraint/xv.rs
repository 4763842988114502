//! XV and sum markers: an X between two cells means their digits add up to 10, a V to 5, a marker of any other number (TOML `sum`) that they add up to it, and a marker of several (TOML `sums`: "the green dots are either X or V") that they add up to one of them.

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

/// An X, a V or a sum marker between two cells (a marker of several sums: either of them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xv {
    cells: [Cell; 2],
    /// The sums it stands for, one or more, smallest first.
    sums: Vec<usize>,
}

impl Xv {
    /// Reads an XV record: its two `cells` and the `letter` (f-puzzles: `value`), X or V; a
    /// `sum` of any number, or `sums` it stands for either of, instead (in f-puzzles data
    /// a satdoku extension, which the readers of drawings write).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let (a, b) = record.pair("cells")?;
        let sums = match (record.number("sum")?, record.optional_numbers("sums")?) {
            (Some(sum), None) => Some(vec![sum as usize]),
            (None, Some(sums)) if !sums.is_empty() => {
                Some(sums.into_iter().map(|s| s as usize).collect())
            }
            (None, Some(_)) => return Err(RecordError::why("`sums` is empty")),
            (Some(_), Some(_)) => {
                return Err(RecordError::why("takes a `sum` or `sums`, not both"));
            }
            (None, None) => None,
        };
        let key = record.key("letter", "value");
        if let Some(sums) = sums {
            if record.format() == RecordFormat::Toml && record.text(key)?.is_some() {
                return Err(RecordError::why("takes a `letter` or a sum, not both"));
            }
            return Ok(vec![Xv::with_sums(a, b, sums).into()]);
        }
        let letter = match record.text(key)?.as_deref() {
            Some("X" | "x") => XvLetter::X,
            Some("V" | "v") => XvLetter::V,
            other => {
                return Err(RecordError::why(match record.format() {
                    RecordFormat::Toml => {
                        format!("needs `{key} = \"X\"` or `\"V\"`, or a `sum` or `sums`")
                    }
                    RecordFormat::Fpuzzles => format!("{other:?} is not X or V"),
                }));
            }
        };
        Ok(vec![Xv::new(a, b, letter).into()])
    }

    /// The record that `read` reads back as this marker: its two `cells` and its `letter`
    /// (f-puzzles: `value`), `"X"` or `"V"`; in satdoku's TOML a `sum` for other numbers,
    /// or `sums` for a marker of several, which f-puzzles cannot hold.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let record = WrittenRecord::new("xv").cells("cells", &self.cells);
        match (self.letter(), format, &self.sums[..]) {
            (Some(letter), _, _) => {
                let key = format.choose("letter", "value");
                Ok(vec![record.with(key, FieldValue::Text(letter.into()))])
            }
            (None, RecordFormat::Toml, &[sum]) => {
                Ok(vec![record.number(format, "sum", sum as u32)])
            }
            (None, RecordFormat::Toml, sums) => Ok(vec![record.with(
                "sums",
                FieldValue::Numbers(sums.iter().map(|&s| s as u32).collect()),
            )]),
            (None, RecordFormat::Fpuzzles, _) => Err(Unwritable::new(
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
        Xv::with_sums(a, b, vec![sum])
    }

    /// A marker between `a` and `b` whose digits add up to one of `sums` ("either X or V":
    /// 10 and 5).
    ///
    /// # Panics
    /// If `sums` is empty.
    pub fn with_sums(a: Cell, b: Cell, mut sums: Vec<usize>) -> Xv {
        assert!(!sums.is_empty(), "a marker stands for at least one sum");
        sums.sort_unstable();
        sums.dedup();
        Xv {
            cells: [a, b],
            sums,
        }
    }

    /// The two cells.
    pub fn pair(&self) -> (Cell, Cell) {
        (self.cells[0], self.cells[1])
    }

    /// The sums the marker stands for (one, or several it is either of), smallest first.
    pub fn sums(&self) -> &[usize] {
        &self.sums
    }

    /// The letter it is drawn as: X for 10, V for 5, none for other sums.
    fn letter(&self) -> Option<&'static str> {
        match self.sums[..] {
            [10] => Some("X"),
            [5] => Some("V"),
            _ => None,
        }
    }

    /// Its sums as it is drawn and named: letters where they stand for them (`V/X`), else
    /// numbers (`7`, `5/7`).
    fn label(&self) -> String {
        let named = |&sum: &usize| match sum {
            10 => "X".to_string(),
            5 => "V".to_string(),
            other => other.to_string(),
        };
        if self.sums.iter().all(|&s| s == 5 || s == 10) {
            self.sums.iter().map(named).collect::<Vec<_>>().join("/")
        } else {
            let sums: Vec<String> = self.sums.iter().map(ToString::to_string).collect();
            sums.join("/")
        }
    }
}

impl fmt::Display for Xv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells;
        let sums: Vec<String> = self.sums.iter().map(ToString::to_string).collect();
        match self.letter() {
            Some(letter) => write!(f, "XV sum {a}-{b} ({letter}: {})", sums[0]),
            None if sums.len() > 1 => {
                write!(
                    f,
                    "XV sum {a}-{b} ({}: {})",
                    self.label(),
                    sums.join(" or ")
                )
            }
            None => write!(f, "XV sum {a}-{b} ({})", sums[0]),
        }
    }
}

impl Constraint for Xv {
    fn linear_sums(&self) -> Vec<super::LinearSum> {
        let [sum] = self.sums[..] else {
            return Vec::new();
        };
        let terms = self.cells.iter().map(|&c| (c, 1));
        vec![super::LinearSum::new(terms, sum as i64)]
    }

    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.to_vec()
    }

    fn oddity(&self) -> Option<String> {
        let [a, b] = self.cells;
        pair_apart(a, b)
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let (low, high) = (shape.lowest(), shape.highest());
        if self.cells[0] == self.cells[1] {
            return Some("an X or V needs two different cells".into());
        }
        let reached = |&sum: &usize| (2 * low..=2 * high).contains(&sum);
        (!self.sums.iter().any(reached)).then(|| match &self.sums[..] {
            [sum] => format!("no two digits from {low} to {high} add up to {sum}"),
            _ => format!(
                "no two digits from {low} to {high} add up to any of {}",
                self.label()
            ),
        })
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let sums = &self.sums;
        cnf.relation(self.cells[0], self.cells[1], |a, b| sums.contains(&(a + b)));
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        match (values.get(self.cells[0]), values.get(self.cells[1])) {
            (Some(a), Some(b)) => self.sums.contains(&(a + b)),
            _ => true,
        }
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let [a, b] = self.cells;
        vec![Mark::label(Point::between(a, b), self.label(), 0.3)]
    }
}
