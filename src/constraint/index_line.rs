//! Index lines: the digit in the Nth cell along the line, counted from its start, is the position along the line where the digit N appears.
//!
//! The rule as setters state it ("Who Knew", via Sudoku-Bench: "the digit in the Nth cell
//! along such a line (starting from the diamond) indicates the position along the line where
//! the digit N appears"). So every digit on a line of L cells is at most L, and if the Nth
//! cell holds v, the vth cell holds N: the line's digits pair its positions off (a digit N in
//! the Nth cell points at itself). satdoku reads it from its TOML (`[[index-line]]` with
//! `cells`, its start first), from f-puzzles as an `indexline` entry (the name f-puzzles'
//! extension scheme gives such a tool), and from SudokuPad as lines the rules name, started
//! at the end a mark (a diamond) stands on.

use std::fmt;

use super::drawing::{Mark, Point};
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, line_gap, line_problem,
};
use crate::grid::{Cell, Shape};

/// An index line: the digit v in its Nth cell puts the digit N in its vth cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IndexLine {
    /// Its cells, from its start.
    cells: Vec<Cell>,
}

impl IndexLine {
    /// Reads an index line record: its cells from its start (f-puzzles: one line each).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| IndexLine::new(cells).into())
    }

    /// The record that `read` reads back as this line: its cells from its start, under
    /// `index-line` in satdoku's TOML and as the one line of an f-puzzles `indexline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "index-line",
            "indexline",
            &self.cells,
        )])
    }

    /// An index line along `cells`, its start first.
    pub fn new(cells: Vec<Cell>) -> IndexLine {
        IndexLine { cells }
    }
}

impl fmt::Display for IndexLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "index line {}", cell_list(&self.cells))
    }
}

impl Constraint for IndexLine {
    fn cells(&self, _shape: Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn oddity(&self) -> Option<String> {
        line_gap(&self.cells)
    }

    fn problem(&self, shape: Shape) -> Option<String> {
        if let Some(problem) = line_problem("index line", &self.cells) {
            return Some(problem);
        }
        let n = shape.digit_count();
        (self.cells.len() > n).then(|| {
            format!(
                "an index line of {} cells has positions no digit from 1 to {n} names",
                self.cells.len()
            )
        })
    }

    /// No digit past the line's length; "the Nth cell holds v" implies "the vth cell
    /// holds N".
    fn encode(&self, cnf: &mut ConstraintCnf) {
        for (i, &cell) in self.cells.iter().enumerate() {
            for v in 1..=cnf.size() {
                let x = cnf.holds(cell, v);
                match self.cells.get(v - 1) {
                    Some(&target) => cnf.clause([!x, cnf.holds(target, i + 1)]),
                    None => cnf.clause([!x]),
                }
            }
        }
    }

    /// Exact on complete lines: each filled cell's digit names a position on the line whose
    /// cell is open or holds the filled cell's position.
    fn admits(&self, values: &CellValues<'_>) -> bool {
        self.cells.iter().enumerate().all(|(i, &cell)| {
            values
                .get(cell)
                .is_none_or(|v| match self.cells.get(v.wrapping_sub(1)) {
                    Some(&target) => values.get(target).is_none_or(|w| w == i + 1),
                    None => false,
                })
        })
    }

    /// A teal line with a diamond on its start.
    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        let mut marks = vec![Mark::line(&self.cells, "#71ded2", 0.22)];
        if let Some(&start) = self.cells.first() {
            marks.push(Mark::Square {
                centre: Point::centre(start),
                side: 0.5,
                turned: true,
                fill: Some("#ffffff"),
                stroke: Some("#2a9d8f"),
            });
        }
        marks
    }
}
