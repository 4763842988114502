//! Parity lines: digits next to each other on the line alternate between odd and even.
//!
//! The rule as setters state it ("digits along the line alternate between odd and even",
//! e.g. the parity-line puzzles on logic-masters.de). Neither f-puzzles nor Rangsk's
//! SudokuSolver nor sigh's solver has the family; its f-puzzles field here is
//! `parityline`, the name f-puzzles' extension scheme gives a "Parity Line" tool (the
//! tool's name lower-cased without spaces, as in `zipperline`), one line per entry of
//! `lines`.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, loop_problem, neighbours_admit, relate_neighbours,
    ring_cells_and_oddity,
};
use crate::grid::{Cell, Shape};

/// A parity line: neighbours along it hold one odd and one even digit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParityLine {
    cells: Vec<Cell>,
}

impl ParityLine {
    /// Reads a parity line record: its cells (f-puzzles: one line each).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| ParityLine::new(cells).into())
    }

    /// The record that `read` reads back as this line: its cells, under `parity-line` in
    /// satdoku's TOML and as the one line of an f-puzzles `parityline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "parity-line",
            "parityline",
            &self.cells,
        )])
    }

    /// A parity line along `cells`.
    pub fn new(cells: Vec<Cell>) -> ParityLine {
        ParityLine { cells }
    }
}

/// Whether `a` and `b` are one odd, one even.
fn alternate(a: usize, b: usize) -> bool {
    (a + b) % 2 == 1
}

impl fmt::Display for ParityLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "parity line {}", cell_list(&self.cells))
    }
}

impl Constraint for ParityLine {
    ring_cells_and_oddity!();

    fn problem(&self, _shape: Shape) -> Option<String> {
        loop_problem("parity line", &self.cells)
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        relate_neighbours(cnf, &self.cells, alternate);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        neighbours_admit(values, &self.cells, alternate)
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::line(&self.cells, "#f07070", 0.2)]
    }
}
