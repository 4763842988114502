//! Modular lines: any three digits in a row on the line leave three different remainders when divided by 3.

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, loop_problem, ring_cells_and_oddity, triad,
};
use crate::grid::{Cell, Shape};

/// A modular line: among any three consecutive cells, one digit of each remainder mod 3.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ModularLine {
    cells: Vec<Cell>,
}

impl ModularLine {
    /// Reads a modular line record: its cells (f-puzzles: one line each).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| ModularLine::new(cells).into())
    }

    /// The record that `read` reads back as this line: its cells, under `modular-line` in
    /// satdoku's TOML and as the one line of an f-puzzles `modularline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "modular-line",
            "modularline",
            &self.cells,
        )])
    }

    /// A modular line along `cells`.
    pub fn new(cells: Vec<Cell>) -> ModularLine {
        ModularLine { cells }
    }
}

impl fmt::Display for ModularLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "modular line {}", cell_list(&self.cells))
    }
}

impl Constraint for ModularLine {
    ring_cells_and_oddity!();

    fn problem(&self, _shape: Shape) -> Option<String> {
        loop_problem("modular line", &self.cells)
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        triad::encode(&self.cells, cnf, triad::residue);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        triad::admits(&self.cells, values, triad::residue)
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::line(&self.cells, "#3fbfb0", 0.25)]
    }
}
