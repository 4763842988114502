//! Entropic lines: any three digits in a row on the line hold one low, one middle and one high digit (1–3, 4–6, 7–9 on 9×9).

use std::fmt;

use super::drawing::Mark;
use super::{
    CellValues, Constraint, ConstraintCnf, Record, RecordError, RecordFormat, VariantConstraint,
    Written, WrittenRecord, cell_list, loop_problem, ring_cells_and_oddity, triad,
};
use crate::grid::{Cell, Shape};

/// An entropic line: among any three consecutive cells, one digit from each third of the
/// digits (low, middle, high).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EntropicLine {
    cells: Vec<Cell>,
}

impl EntropicLine {
    /// Reads an entropic line record: its cells (f-puzzles: one line each).
    pub(crate) fn read(record: &mut Record<'_>) -> Result<Vec<VariantConstraint>, RecordError> {
        record.each_path(|cells| EntropicLine::new(cells).into())
    }

    /// The record that `read` reads back as this line: its cells, under `entropic-line` in
    /// satdoku's TOML and as the one line of an f-puzzles `entropicline` entry.
    pub(crate) fn write(&self, format: RecordFormat) -> Written {
        Ok(vec![WrittenRecord::path(
            format,
            "entropic-line",
            "entropicline",
            &self.cells,
        )])
    }

    /// An entropic line along `cells`.
    pub fn new(cells: Vec<Cell>) -> EntropicLine {
        EntropicLine { cells }
    }
}

impl fmt::Display for EntropicLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "entropic line {}", cell_list(&self.cells))
    }
}

impl Constraint for EntropicLine {
    ring_cells_and_oddity!();

    fn problem(&self, shape: Shape) -> Option<String> {
        triad::thirds_problem(shape.digit_count())
            .or_else(|| loop_problem("entropic line", &self.cells))
    }

    fn encode(&self, cnf: &mut ConstraintCnf) {
        let third = triad::third(cnf.shape());
        triad::encode(&self.cells, cnf, third);
    }

    fn admits(&self, values: &CellValues<'_>) -> bool {
        triad::admits(&self.cells, values, triad::third(values.shape()))
    }

    fn draw(&self, _shape: Shape) -> Vec<Mark> {
        vec![Mark::line(&self.cells, "#f5a623", 0.25)]
    }
}
