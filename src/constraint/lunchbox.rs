//! Lunchboxes: different digits, of which those strictly between the smallest and the largest (the crusts, in the order the cells are listed) add up to the clue.
//!
//! The meaning is sigh's Interactive Sudoku Solver's (at e373f98: `Lunchbox~sum~cells` in
//! `js/sudoku_constraint.js`, "the numbers sandwiched between the smallest number and the
//! largest number of the lunchbox adds up to the given sum; numbers must be distinct"; its
//! `Lunchbox` handler in `js/solver/handlers.js` makes the cells distinct and takes as
//! crusts the lunchbox's own smallest and largest digits, in either order, every other
//! digit lying strictly between them; a clue of 0 puts the crusts side by side). sigh's
//! lunchbox is any list of cells, read in the order given, and its sandwich sums are the
//! same handler on a row or column; on a house the crusts are 1 and N, as for a sandwich.
//! f-puzzles and Rangsk's SudokuSolver have no lunchbox, so satdoku reads it from its TOML
//! only: `[[lunchbox]]` with `sum` and either `cells` or a `row` or `column` (1-based). On a
//! grid of digits from 0 the sum is of numbers, as sigh's solver reads it ("0-indexed: Sums
//! and indexing"): a 0 in a lunchbox is always its smallest digit, a crust.

use std::fmt;

use super::crust;
use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Literal, Record, RecordError, RecordFormat, Unwritable,
    VariantConstraint, Written, WrittenRecord, cell_list, filled_distinct, line_gap, repeated,
};
use crate::grid::{Cell, House, Shape};

/// Where a lunchbox lies: listed cells, or a whole row or column.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Place {
    Cells(Vec<Cell>),
    Line(House),
}

/// A lunchbox: its digits differ, and those strictly between its smallest and its largest
/// digit (in cell order) add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lunchbox {
    place: Place,
    sum: u32,
}

impl Lunchbox {
    /// Reads a lunchbox record: its `sum` and either its `cells` or the `row` or `column`
    /// (1-based) it fills.
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        let place = match crust::read_row_or_column(record)? {
            Some(line) => Place::Line(line),
            None => Place::Cells(record.cells("cells")?),
        };
        let sum = record.required_number("sum")?;
        Ok(vec![Lunchbox { place, sum }.into()])
    }

    /// The record that `read` reads back as this lunchbox in satdoku's TOML: its `cells`,
    /// or the `row` or `column` (1-based) it fills, and its `sum`. f-puzzles has no
    /// lunchbox, and a house that is no row or column no record.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        let unwritable = |why: String| -> Written { Err(Unwritable::new(self, format, why)) };
        if format == RecordFormat::Fpuzzles {
            return unwritable("neither it nor its extensions draw a lunchbox".into());
        }
        let record = WrittenRecord::new("lunchbox");
        let record = match &self.place {
            Place::Cells(cells) => record.cells("cells", cells),
            Place::Line(House::Row(i)) => record.number(format, "row", u32::from(*i) + 1),
            Place::Line(House::Column(i)) => record.number(format, "column", u32::from(*i) + 1),
            Place::Line(other) => {
                return unwritable(format!("a lunchbox fills a row or a column, not {other}"));
            }
        };
        Ok(vec![record.number(format, "sum", self.sum)])
    }

    /// A lunchbox over `cells`, in order, with clue `sum`.
    pub fn new(cells: Vec<Cell>, sum: u32) -> Lunchbox {
        Lunchbox {
            place: Place::Cells(cells),
            sum,
        }
    }

    /// A lunchbox filling `line`, a row or a column (anything else is a
    /// [problem](Constraint::problem)), with clue `sum`.
    pub fn on_line(line: House, sum: u32) -> Lunchbox {
        Lunchbox {
            place: Place::Line(line),
            sum,
        }
    }

    /// Its cells in order on a grid of `size`.
    fn cells_on(&self, size: usize) -> Vec<Cell> {
        match &self.place {
            Place::Cells(cells) => cells.clone(),
            Place::Line(line) => crust::row_or_column_cells(*line, size),
        }
    }

    /// Crust literals per position: "holds the lunchbox's smallest digit" and "holds its
    /// largest". With N cells those are 1 and N; otherwise, from "the lunchbox holds v"
    /// variables, "some digit below v is there" (above v) prefixes decide it.
    fn crusts(cnf: &mut ConstraintCnf, cells: &[Cell]) -> [Vec<Literal>; 2] {
        let n = cnf.size();
        if cells.len() == n {
            return [1, n].map(|digit| cells.iter().map(|&c| cnf.holds(c, digit)).collect());
        }
        let present: Vec<Literal> = (1..=n).map(|v| cnf.any_holds(cells, v)).collect();
        // beyond[v − 1]: some digit of the lunchbox lies beyond v (below it, for the
        // smallest; above it, for the largest); none lies beyond the first digit in order.
        let mut crusts = [Vec::new(), Vec::new()];
        for (k, order) in [(1..=n).collect::<Vec<_>>(), (1..=n).rev().collect()]
            .into_iter()
            .enumerate()
        {
            let mut beyond: Vec<Option<Literal>> = vec![None; n];
            let mut so_far: Option<Literal> = None;
            for &v in &order {
                beyond[v - 1] = so_far;
                let here = present[v - 1];
                so_far = Some(match so_far {
                    None => here,
                    Some(prev) => {
                        let now = cnf.aux();
                        cnf.clause([!prev, now]);
                        cnf.clause([!here, now]);
                        cnf.clause([!now, prev, here]);
                        now
                    }
                });
            }
            for &cell in cells {
                // The cell is the crust exactly when its digit has none beyond it.
                let crust = cnf.aux();
                for v in 1..=n {
                    let x = cnf.holds(cell, v);
                    match beyond[v - 1] {
                        None => cnf.clause([!x, crust]),
                        Some(b) => {
                            cnf.clause([!x, b, crust]);
                            cnf.clause([!x, !b, !crust]);
                        }
                    }
                }
                crusts[k].push(crust);
            }
        }
        crusts
    }
}

impl fmt::Display for Lunchbox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.place {
            Place::Cells(cells) => write!(f, "lunchbox {} (sum {})", cell_list(cells), self.sum),
            Place::Line(line) => write!(f, "lunchbox {} (sum {})", line, self.sum),
        }
    }
}

impl Constraint for Lunchbox {
    fn cells(&self, shape: Shape) -> Vec<Cell> {
        self.cells_on(shape.size())
    }

    fn oddity(&self) -> Option<String> {
        match &self.place {
            Place::Cells(cells) => line_gap(cells),
            Place::Line(_) => None,
        }
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        let n = shape.size();
        let len = match &self.place {
            Place::Line(line) => {
                if let Some(problem) = crust::row_or_column_problem("lunchbox", *line, shape) {
                    return Some(problem);
                }
                n
            }
            Place::Cells(cells) => {
                if cells.len() < 2 {
                    return Some("a lunchbox needs at least two cells".into());
                }
                if let Some(cell) = repeated(cells) {
                    return Some(format!("{cell} appears twice"));
                }
                if cells.len() > n {
                    let (lo, hi) = (shape.lowest(), shape.highest());
                    return Some(format!(
                        "{} cells cannot hold different digits from {lo} to {hi}",
                        cells.len()
                    ));
                }
                cells.len()
            }
        };
        // At most: every other cell between, holding the largest numbers below the highest.
        let most: usize = (n + 2 - len..n).map(|v| shape.number(v)).sum();
        (self.sum as usize > most).then(|| {
            format!("the digits between the crusts of {len} cells add up to at most {most}")
        })
    }

    /// Different digits, one cell holding each crust, and the crusts' sum by
    /// `crust::encode`.
    fn encode(&self, cnf: &mut ConstraintCnf) {
        let n = cnf.size();
        let cells = self.cells_on(n);
        cnf.all_different(&cells);
        let crusts = Lunchbox::crusts(cnf, &cells);
        // Implied, but said outright: one cell holds each crust (fewer conflicts, measured).
        for lits in &crusts {
            cnf.clause(lits.iter().copied());
            cnf.at_most_one(lits);
        }
        crust::encode(cnf, &cells, crusts, self.sum, cells.len() == n);
    }

    /// Filled digits different; exact once every cell is filled, or once the crusts are
    /// known (N cells: the lowest and the highest digit) and the cells between are.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        let shape = values.shape();
        let n = shape.size();
        let cells = self.cells_on(n);
        if !filled_distinct(values, &cells) {
            return false;
        }
        let filled: Vec<Option<usize>> = cells.iter().map(|&c| values.get(c)).collect();
        let position = |d: usize| filled.iter().position(|&v| v == Some(d));
        let ends = if filled.iter().all(Option::is_some) {
            let digits = filled.iter().flatten().copied();
            let (lo, hi) = (digits.clone().min(), digits.max());
            lo.and_then(position).zip(hi.and_then(position))
        } else if cells.len() == n {
            position(shape.lowest()).zip(position(shape.highest()))
        } else {
            None
        };
        match ends {
            // Blank cells between hold other digits, the numbers of the places 2 to N−1.
            Some(ends) => {
                let between = (shape.number(2), shape.number(n - 1));
                crust::admits(values, &cells, ends, between, self.sum)
            }
            None => true,
        }
    }

    fn draw(&self, shape: Shape) -> Vec<Mark> {
        match &self.place {
            Place::Cells(cells) => vec![Mark::Cage {
                cells: cells.clone(),
                label: Some(format!("[{}]", self.sum)),
            }],
            Place::Line(line) => vec![Mark::outside(*line, false, shape, self.sum.to_string())],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_the_digits_between_reach() {
        let shape = Shape::from_size(9).unwrap();
        let cells = |len: usize| (0..len).map(|c| Cell::at(0, c).unwrap()).collect();
        // Four cells: at most 7 + 8, between 6 and 9.
        assert!(Lunchbox::new(cells(4), 15).problem(shape).is_none());
        assert!(Lunchbox::new(cells(4), 16).problem(shape).is_some());
        assert!(Lunchbox::new(cells(2), 0).problem(shape).is_none());
        assert!(Lunchbox::new(cells(2), 1).problem(shape).is_some());
        assert!(Lunchbox::new(cells(1), 0).problem(shape).is_some());
        assert!(
            Lunchbox::on_line(House::Row(2), 35)
                .problem(shape)
                .is_none()
        );
        assert!(Lunchbox::on_line(House::Row(9), 0).problem(shape).is_some());
    }
}
