//! Sandwich sums: the digits between the 1 and the N of a row or column add up to the clue.

use std::fmt;

use super::crust;
use super::drawing::Mark;
use super::outside::Sightline;
use super::{
    CellValues, Constraint, ConstraintCnf, FieldValue, Record, RecordError, RecordFormat,
    Unwritable, VariantConstraint, Written, WrittenRecord,
};
use crate::grid::{Cell, House, Shape};

/// A sandwich clue on a row or column: the digits strictly between its 1 and its N (the
/// grid's largest digit) add up to `sum` (0 when they touch).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sandwich {
    line: House,
    sum: u32,
}

impl Sandwich {
    /// Reads a sandwich record: the `row` or `column` (1-based) and the `sum`; in f-puzzles
    /// the clue's `cell` just outside the grid and its `value` (a clue without one says
    /// nothing).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let (line, sum) = match record.format() {
            RecordFormat::Toml => {
                let Some(line) = crust::read_row_or_column(record)? else {
                    return Err(RecordError::why(
                        "needs `row` or `column` (1-based), not both",
                    ));
                };
                (line, record.required_number("sum")?)
            }
            RecordFormat::Fpuzzles => {
                let Some(sum) = record.number("value")? else {
                    return Ok(Vec::new());
                };
                let n = record.shape().map_or(0, Shape::size);
                (Sightline::at(record.position("cell")?, n)?.line(), sum)
            }
        };
        Ok(vec![Sandwich::new(line, sum).into()])
    }

    /// The record that `read` reads back as this clue: its `row` or `column` (1-based) and
    /// `sum` in satdoku's TOML; in f-puzzles the clue's `cell` left of its row or above its
    /// column, and its `value`. A house that is no row or column is unwritable.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let (key, index) = match self.line {
            House::Row(i) => ("row", usize::from(i) + 1),
            House::Column(i) => ("column", usize::from(i) + 1),
            other => {
                return Err(Unwritable::new(
                    self,
                    format,
                    format!("a sandwich sum lies on a row or a column, not {other}"),
                ));
            }
        };
        let record = match format {
            RecordFormat::Toml => {
                WrittenRecord::new("sandwich").with(key, FieldValue::Number(index as u32))
            }
            RecordFormat::Fpuzzles => {
                let (r, c) = if key == "row" { (index, 0) } else { (0, index) };
                WrittenRecord::new("sandwichsum").with("cell", FieldValue::Position(r, c))
            }
        };
        Ok(vec![record.number(
            format,
            format.choose("sum", "value"),
            self.sum,
        )])
    }

    /// The clue `sum` on `line`, a row or a column (anything else is a
    /// [problem](Constraint::problem)).
    pub fn new(line: House, sum: u32) -> Sandwich {
        Sandwich { line, sum }
    }
}

impl fmt::Display for Sandwich {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sandwich {} (sum {})", self.line, self.sum)
    }
}

impl Constraint for Sandwich {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        crust::row_or_column_cells(self.line, shape.size())
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let n = shape.size();
        crust::row_or_column_problem("sandwich", self.line, shape).or_else(|| {
            let most = (2..n).map(|v| shape.number(v)).sum::<usize>();
            let (low, high) = (shape.number(1), shape.number(n));
            (self.sum as usize > most)
                .then(|| format!("the digits between {low} and {high} add up to at most {most}"))
        })
    }

    /// The crusts are the line's 1 and N: `crust::encode` over "holds 1" and "holds N".
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let cells = crust::row_or_column_cells(self.line, n);
        let crusts = [1, n].map(|digit| cells.iter().map(|&c| cnf.holds(c, digit)).collect());
        crust::encode(cnf, &cells, crusts, self.sum, true);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        let shape = values.shape();
        let n = shape.size();
        let cells = crust::row_or_column_cells(self.line, n);
        let at = |d: usize| cells.iter().position(|&c| values.place(c) == Some(d));
        let (Some(a), Some(b)) = (at(1), at(n)) else {
            return true;
        };
        // Blank cells between hold other digits, numbers of the places 2 to N−1.
        let between = (shape.number(2), shape.number(n - 1));
        crust::admits(values, &cells, (a, b), between, self.sum)
    }

    fn draw(&self, shape: Shape) -> Vec<Mark> {
        vec![Mark::outside(self.line, false, shape, self.sum.to_string())]
    }
}
